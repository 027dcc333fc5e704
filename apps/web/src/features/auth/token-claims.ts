/** Reads the payload of a JWT without verifying it: the server verifies, the app only needs the claims. */
export function decodeTokenPayload(token: string): Record<string, unknown> {
  const payload = token.split(".")[1];
  if (!payload) throw new Error("Unable to decode token, payload not found");
  let json: string;
  try {
    json = decodeBase64Url(payload);
  } catch {
    throw new Error("Unable to decode token, payload is not a valid Base64URL value");
  }
  try {
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== "object" || claims === null) throw new Error("payload is not an object");
    return claims as Record<string, unknown>;
  } catch {
    throw new Error("Unable to decode token, payload is not a valid JSON value");
  }
}

function decodeBase64Url(value: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new Error("unexpected character");
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** The provider puts realm roles where Keycloak does: `realm_access.roles` of the access token. */
export function realmRolesOf(accessToken: string): string[] {
  const realmAccess = decodeTokenPayload(accessToken).realm_access;
  if (typeof realmAccess !== "object" || realmAccess === null) return [];
  const roles = (realmAccess as { roles?: unknown }).roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === "string") : [];
}

/** Expiry of a token in epoch milliseconds, when the token is a JWT that states one. */
export function jwtExpiryOf(token: string): number | undefined {
  try {
    const exp = decodeTokenPayload(token).exp;
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
