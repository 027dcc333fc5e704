import { type Actor, isAdmin, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";
import type { AccessStatus, CommunityStatus, CompanyRole } from "./model";

/**
 * Who may do what in the community module. Each rule takes the actor and the facts it needs (the
 * actor's own role at the company in question, the request) and reads like a sentence. The service
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

// ---------------------------------------------------------------------------------------------------
// Data requests

/** Only admins request data in the name of another user. */
export const canRequestForOthers = (actor: SignedInActor): boolean => isAdmin(actor);

/** Admins see every request; others see their own and those for companies they own. */
export const seesAllRequests = (actor: SignedInActor): boolean => isAdmin(actor);

/** Admins, the requester and the company's owners may read a request. */
export function canReadRequest(
  actor: SignedInActor,
  request: { userId: string },
  facts: { actorRole: CompanyRole | undefined },
): boolean {
  return isAdmin(actor) || actor.userId === request.userId || facts.actorRole === "CompanyOwner";
}

/** Anyone signed in may see how many open requests there are per company, framework and period. */
export const canSeeAggregatedRequests = (_actor: SignedInActor): boolean => true;

/** Admins, the user in question and the company's owners may ask whether the user may read private data. */
export function canCheckDatasetAccess(
  actor: SignedInActor,
  facts: { actorRole: CompanyRole | undefined; targetUserId: string },
): boolean {
  return isAdmin(actor) || actor.userId === facts.targetUserId || facts.actorRole === "CompanyOwner";
}

/** The parts of a request a change touches. */
export interface RequestPatchScope {
  requestStatus?: CommunityStatus;
  accessStatus?: AccessStatus;
  requestPriority?: unknown;
  adminComment?: unknown;
  contactsOrMessage: boolean;
  notifyMeImmediately?: unknown;
}

/** What the requester may set on their own request. */
const REQUESTER_STATUSES: readonly CommunityStatus[] = ["Withdrawn", "Closed", "Resolved"];
/** What a company owner may set on a request for their company's private data. */
const OWNER_ACCESS_STATUSES: readonly AccessStatus[] = ["Granted", "Declined", "Revoked"];

/**
 * Admins change anything. The requester withdraws, closes or resolves the request and edits its
 * contacts, message and notification choice. The company's owners grant, decline or revoke access to
 * private data. A change is allowed only when every part of it is.
 */
export function canPatchRequest(
  actor: SignedInActor,
  request: { userId: string },
  patch: RequestPatchScope,
  facts: { actorRole: CompanyRole | undefined },
): boolean {
  if (isAdmin(actor)) return true;
  if (patch.requestPriority !== undefined || patch.adminComment !== undefined) return false;
  const isRequester = actor.userId === request.userId;
  const isOwner = facts.actorRole === "CompanyOwner";
  if (!isRequester && !isOwner) return false;
  const statusAllowed =
    patch.requestStatus === undefined || (isRequester && REQUESTER_STATUSES.includes(patch.requestStatus));
  const accessAllowed =
    patch.accessStatus === undefined || (isOwner && OWNER_ACCESS_STATUSES.includes(patch.accessStatus));
  const ownPartsAllowed =
    (!patch.contactsOrMessage && patch.notifyMeImmediately === undefined) || isRequester;
  return statusAllowed && accessAllowed && ownPartsAllowed;
}

/** Throws 403 with the message unless the rule allowed it. */
export const ensure = allowOrForbid;
