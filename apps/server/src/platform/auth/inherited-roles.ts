import type { Actor, Authenticator, RealmRole } from "./actor";

/**
 * The realm roles a user inherits beyond those their token or API key carries (the roles of a member
 * company: docs/permissions.md, "Members"). The community module answers it; modules/registry.ts hands
 * it in, as the platform imports no module.
 */
export type InheritedRealmRoles = (userId: string) => Promise<readonly RealmRole[]>;

/**
 * The authenticator, with every signed-in actor given the realm roles they inherit. They are asked
 * once per request and kept with that request's actor only (the verified-token cache keeps the
 * token's own roles), so a right given or taken away counts from the very next request.
 */
export function withInheritedRoles(
  authenticator: Authenticator,
  inherited: InheritedRealmRoles,
): Authenticator {
  return {
    authenticate: async (authorization): Promise<Actor> => {
      const actor = await authenticator.authenticate(authorization);
      if (actor.kind !== "user") return actor;
      const extra = (await inherited(actor.userId)).filter((role) => !actor.roles.has(role));
      if (extra.length === 0) return actor;
      return Object.freeze({ ...actor, roles: new Set([...actor.roles, ...extra]) });
    },
  };
}
