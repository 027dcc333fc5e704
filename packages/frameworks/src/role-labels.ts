/**
 * Realm roles in words, for pages people read (the account page, the API key page, the admin console).
 * The tokens carry Keycloak's names (ROLE_UPLOADER); nobody should have to decode them.
 */
const KNOWN_LABELS: Readonly<Record<string, string>> = {
  ROLE_USER: "User",
  ROLE_UPLOADER: "Uploader",
  ROLE_REVIEWER: "Reviewer",
  ROLE_ADMIN: "Administrator",
  ROLE_PREMIUM_USER: "Premium user",
};

/** ROLE_REVIEWER → "Reviewer"; a role without a label of its own is spelt out from its name. */
export function realmRoleLabel(role: string): string {
  const known = KNOWN_LABELS[role];
  if (known) return known;
  const words = role
    .replace(/^ROLE_/, "")
    .toLowerCase()
    .replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The roles in words, in the order given, as one line. */
export const realmRoleLabels = (roles: readonly string[]): string => roles.map(realmRoleLabel).join(", ");
