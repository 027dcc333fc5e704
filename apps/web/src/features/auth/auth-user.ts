import type { User } from "oidc-client-ts";
import { realmRolesOf } from "./token-claims";

/** The signed-in person as the rest of the app sees them. */
export interface AuthUser {
  /** Subject id (a UUID), the user id every API speaks of. */
  sub: string;
  username: string;
  email: string | undefined;
  name: string | undefined;
  /** Realm roles from the access token's `realm_access.roles`. */
  roles: string[];
  accessToken: string;
}

export function toAuthUser(user: User): AuthUser {
  const { profile } = user;
  return {
    sub: profile.sub,
    username: profile.preferred_username ?? profile.email ?? profile.sub,
    email: profile.email,
    name: profile.name,
    roles: rolesOrNone(user.access_token),
    accessToken: user.access_token,
  };
}

function rolesOrNone(accessToken: string): string[] {
  try {
    return realmRolesOf(accessToken);
  } catch (error) {
    console.error(error);
    return [];
  }
}
