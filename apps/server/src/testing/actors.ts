import type { RealmRole, SignedInActor } from "../platform/auth/actor";

/** A signed-in user as policies see them, for tests of rules that need no platform and no token. */
export const signedInActor = (userId: string, roles: RealmRole[] = ["ROLE_USER"]): SignedInActor => ({
  kind: "user",
  userId,
  username: userId,
  email: undefined,
  name: undefined,
  roles: new Set(roles),
  via: "token",
});
