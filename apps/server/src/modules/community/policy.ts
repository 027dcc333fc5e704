import { type Actor, isAdmin, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";
import type { CompanyRole } from "./model";

/**
 * Who may do what in the community module. Each rule takes the actor and the facts it needs (the
 * actor's own role at the company in question) and reads like a sentence. The service
 * loads the facts and calls the rule; a rule never touches the database. docs/permissions.md lists
 * the same rules per operation.
 */

/** Company roles that manage the company's members. */
const MANAGING_ROLES: readonly CompanyRole[] = ["CompanyOwner", "MemberAdmin"];
const manages = (role: CompanyRole | undefined): boolean =>
  role !== undefined && MANAGING_ROLES.includes(role);

/** Every community operation needs a signed-in user. */
export const requireUser = (actor: Actor): SignedInActor => requireSignedIn(actor);

function allowOrForbid(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}

// ---------------------------------------------------------------------------------------------------
// Company roles

/**
 * Admins assign any role. A company's owners and member admins assign Member, DataUploader and
 * MemberAdmin there, but never to an owner (one role per user and company: that would demote them).
 * Only admins make owners.
 */
export function canAssignCompanyRole(
  actor: SignedInActor,
  role: CompanyRole,
  facts: { actorRole: CompanyRole | undefined; targetRole: CompanyRole | undefined },
): boolean {
  if (isAdmin(actor)) return true;
  if (role === "CompanyOwner" || facts.targetRole === "CompanyOwner") return false;
  return manages(facts.actorRole);
}

/**
 * Admins remove any role; anyone gives up their own role; a company's owners and member admins
 * remove Member, DataUploader and MemberAdmin there.
 */
export function canRemoveCompanyRole(
  actor: SignedInActor,
  role: CompanyRole,
  facts: { actorRole: CompanyRole | undefined; targetUserId: string },
): boolean {
  if (isAdmin(actor) || actor.userId === facts.targetUserId) return true;
  return role !== "CompanyOwner" && manages(facts.actorRole);
}

/** Admins, the user in question and anyone holding a role at the company may ask whether a user holds a role there. */
export function canCheckCompanyRole(
  actor: SignedInActor,
  facts: { actorRole: CompanyRole | undefined; targetUserId: string },
): boolean {
  return isAdmin(actor) || actor.userId === facts.targetUserId || facts.actorRole !== undefined;
}

/** Admins see every assignment; others see their own and those of the companies where they hold a role. */
export const seesAllRoleAssignments = (actor: SignedInActor): boolean => isAdmin(actor);

/** Admins and the company's owners and member admins may see whom to invite. */
export function canSeeRecommendedUsers(
  actor: SignedInActor,
  facts: { actorRole: CompanyRole | undefined },
): boolean {
  return isAdmin(actor) || manages(facts.actorRole);
}

/** Admins and whoever manages some company may look a user up by e-mail address (to add them there). */
export function canLookUpUserByEmail(actor: SignedInActor, facts: { managesSomeCompany: boolean }): boolean {
  return isAdmin(actor) || facts.managesSomeCompany;
}

/** Throws 403 with the message unless the rule allowed it. */
export const ensure = allowOrForbid;
