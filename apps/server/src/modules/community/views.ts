/** The /community wire shape of a user (the reference's KeycloakUserInfo). */
import type { User } from "./lookups";

export interface WireUserInfo {
  id: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

const optional = <K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> =>
  value === null || value === undefined || value === "" ? {} : ({ [key]: value } as Record<K, V>);

/** First word of the name as first name, the rest as last name. */
export function splitName(name: string): { firstName?: string; lastName?: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  const [first, ...rest] = parts;
  return { firstName: first, ...(rest.length > 0 ? { lastName: rest.join(" ") } : {}) };
}

export function toUserInfo(user: User): WireUserInfo {
  return { id: user.userId, ...optional("email", user.email), ...splitName(user.name) };
}
