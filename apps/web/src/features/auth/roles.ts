/**
 * What the user's realm roles let them do, by the role rules the server's policies are built on
 * (`@openverde/frameworks/access`), so a page shows an action exactly to those the server lets take it.
 */
import { type RealmRoleRule, realmRolesAllow } from "@openverde/frameworks/access";

interface HasRoles {
  roles: readonly string[];
}

/** Whether the user's realm roles allow it; a visitor holds no roles. */
export const rolesAllow = (user: HasRoles | null | undefined, rule: RealmRoleRule): boolean =>
  user ? realmRolesAllow(user.roles, rule) : false;
