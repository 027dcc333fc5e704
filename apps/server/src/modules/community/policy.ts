import { companyRolesAllow, ROLES_MANAGERS_ASSIGN } from "@openverde/frameworks/access";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";
import type { CompanyRole } from "./model";

/**
 * Who may do what in the community module. Every operation needs a signed-in user. Each rule takes the
 * actor and the facts it needs (the actor's own role at the company in question), which the service
 * loads. docs/permissions.md lists the same rules per operation.
 */

/** What the rules about a company role need to know: the actor's own role at that company. */
interface AtCompany {
  actorRole: CompanyRole | undefined;
}

export const can = definePolicy({
  /**
   * Admins assign any role. A company's owners and member admins assign Member, DataUploader and
   * MemberAdmin there, but never to an owner (one role per user and company: that would demote them).
   * Only admins make owners.
   */
  assignRole: (actor, change: AtCompany & { role: CompanyRole; targetRole: CompanyRole | undefined }) =>
    rolesAllow(actor, "administer") ||
    (ROLES_MANAGERS_ASSIGN.includes(change.role) &&
      change.targetRole !== "CompanyOwner" &&
      companyRolesAllow(change.actorRole, "manageMembers")),
  /**
   * Admins remove any role; anyone gives up their own role; a company's owners and member admins
   * remove Member, DataUploader and MemberAdmin there.
   */
  removeRole: (actor, change: AtCompany & { role: CompanyRole; targetUserId: string }) =>
    rolesAllow(actor, "administer") ||
    isUser(actor, change.targetUserId) ||
    (ROLES_MANAGERS_ASSIGN.includes(change.role) && companyRolesAllow(change.actorRole, "manageMembers")),
  /** Admins, the user in question and anyone holding a role at the company may ask whether a user holds a role there. */
  checkRole: (actor, question: AtCompany & { targetUserId: string }) =>
    rolesAllow(actor, "administer") ||
    isUser(actor, question.targetUserId) ||
    question.actorRole !== undefined,
  /** Admins see every assignment; others see their own and those of the companies where they hold a role. */
  seeAllRoleAssignments: (actor) => rolesAllow(actor, "administer"),
  /** Admins and the company's owners and member admins may see whom to invite. */
  seeRecommendedUsers: (actor, company: AtCompany) =>
    rolesAllow(actor, "administer") || companyRolesAllow(company.actorRole, "manageMembers"),
  /** Admins and whoever manages some company may look a user up by e-mail address (to add them there). */
  lookUpUserByEmail: (actor, facts: { managesSomeCompany: boolean }) =>
    rolesAllow(actor, "administer") || facts.managesSomeCompany,
  /** Only admins read ownership claims and approve or decline them. */
  decideOwnershipClaims: (actor) => rolesAllow(actor, "administer"),
  /** Only admins give, take away and read the rights of a company (Member, Provider). */
  manageCompanyRights: (actor) => rolesAllow(actor, "administer"),
  /** Users read the roles they inherit; admins anyone's. */
  readInheritedRoles: (actor, target: { userId: string }) =>
    rolesAllow(actor, "administer") || isUser(actor, target.userId),
});
