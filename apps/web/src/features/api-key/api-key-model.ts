/** What the API key page shows, from the meta info (`expiryDate` is in seconds since 1970, not milliseconds). */
import type { components } from "../../api/generated/api-keys";

export type ApiKeyMetaInfo = components["schemas"]["ApiKeyMetaInfo"];

export const VALIDITY_OPTIONS: readonly { days: number; label: string }[] = [
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 180, label: "180 days" },
  { days: 365, label: "1 year" },
  { days: 0, label: "No expiry" },
];

export type KeyState =
  | { kind: "none" }
  | { kind: "active"; expiresAt: Date | undefined; daysLeft: number | undefined; roles: string[] }
  | { kind: "expired"; expiredAt: Date | undefined; roles: string[] };

const DAY = 24 * 60 * 60 * 1000;

export function keyState(meta: ApiKeyMetaInfo | undefined, now: number = Date.now()): KeyState {
  if (!meta) return { kind: "none" };
  const hasKey = meta.active === true || meta.keycloakRoles !== undefined || meta.expiryDate !== undefined;
  if (!hasKey) return { kind: "none" };
  const expiresAt = meta.expiryDate !== undefined ? new Date(meta.expiryDate * 1000) : undefined;
  const roles = meta.keycloakRoles ?? [];
  if (meta.active === false || (expiresAt && expiresAt.getTime() <= now))
    return { kind: "expired", expiredAt: expiresAt, roles };
  return {
    kind: "active",
    expiresAt,
    daysLeft: expiresAt ? Math.max(0, Math.ceil((expiresAt.getTime() - now) / DAY)) : undefined,
    roles,
  };
}
