import { type Actor, isAdmin, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";
import {
  ACCESS_TRANSITIONS,
  type AccessStatus,
  type CommunityStatus,
  type Mover,
  REQUEST_TRANSITIONS,
  type Transition,
  toCommunityStatus,
} from "./model";
import type { CompanyRole } from "./neighbours";

/**
 * Who may do what with data requests and their sourcing. Each rule takes the actor and the facts it
 * needs (whose request it is, the actor's role at the company, whether the actor belongs to the
 * company that collects the documents or extracts the data) and reads like a sentence; the services
 * load the facts and call the rule, which never touches the database. Which state changes each party
 * may make is in the transition tables of model.ts. docs/permissions.md lists the rules per operation.
 *
 * Document collectors and data extractors are companies (their ids are on the sourcing object). A user
 * acts for one when they hold any company role there (CompanyOwner, DataUploader, MemberAdmin, Member).
 */

/** Every request operation needs a signed-in user. */
export const requireUser = (actor: Actor): SignedInActor => requireSignedIn(actor);

/** Throws 403 with the message unless the rule allowed it. */
export function ensure(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}

/** What the actor is for one request or sourcing object. */
export interface Standing {
  isRequester?: boolean;
  belongsToDocumentCollector?: boolean;
  belongsToDataExtractor?: boolean;
}

/** The parts the actor may play in a state change, for the transition tables of model.ts. */
export function moversFor(actor: SignedInActor, standing: Standing): Mover[] {
  const movers: Mover[] = [];
  if (isAdmin(actor)) movers.push("admin");
  if (standing.isRequester) movers.push("requester");
  if (standing.belongsToDocumentCollector) movers.push("documentCollector");
  if (standing.belongsToDataExtractor) movers.push("dataExtractor");
  return movers;
}

// ---------------------------------------------------------------------------------------------------
// Requests

/** Only admins ask for data in the name of another user. */
export const canRequestForOthers = (actor: SignedInActor): boolean => isAdmin(actor);

/** Admins see every request; everyone else their own (and on /community those for companies they own). */
export const seesAllRequests = (actor: SignedInActor): boolean => isAdmin(actor);

/** On /data-sourcing admins and the requester read a request and its history. */
export const canReadSourcingRequest = (actor: SignedInActor, standing: Standing): boolean =>
  isAdmin(actor) || standing.isRequester === true;

/** Admins move a request along its life cycle; the requester may only withdraw it (the table says which). */
export const canChangeRequestState = (actor: SignedInActor, standing: Standing): boolean =>
  isAdmin(actor) || standing.isRequester === true;

/** Only admins write the admin comment or set priorities. */
export const canWriteAdminComment = (actor: SignedInActor): boolean => isAdmin(actor);
export const canSetRequestPriority = (actor: SignedInActor): boolean => isAdmin(actor);

// ---------------------------------------------------------------------------------------------------
// Requests through /community: the company's owners take part

/** On /community admins, the requester and the company's owners may read a request. */
export function canReadRequest(
  actor: SignedInActor,
  request: { userId: string },
  facts: { actorRole: CompanyRole | undefined },
): boolean {
  return isAdmin(actor) || actor.userId === request.userId || facts.actorRole === "CompanyOwner";
}

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

const targetsOf = <S extends string>(table: readonly Transition<S>[], mover: Mover): ReadonlySet<S> =>
  new Set(table.filter((t) => t.by.includes(mover)).map((t) => t.to));
/** What the requester may set on their own request (from which state, model.ts says). */
const REQUESTER_STATUSES: ReadonlySet<CommunityStatus> = new Set(
  [...targetsOf(REQUEST_TRANSITIONS, "requester")].map(toCommunityStatus),
);
/** What a company owner may set on a request for their company's private data. */
const OWNER_ACCESS_STATUSES: ReadonlySet<AccessStatus> = targetsOf(ACCESS_TRANSITIONS, "companyOwner");

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
    patch.requestStatus === undefined || (isRequester && REQUESTER_STATUSES.has(patch.requestStatus));
  const accessAllowed =
    patch.accessStatus === undefined || (isOwner && OWNER_ACCESS_STATUSES.has(patch.accessStatus));
  const ownPartsAllowed =
    (!patch.contactsOrMessage && patch.notifyMeImmediately === undefined) || isRequester;
  return statusAllowed && accessAllowed && ownPartsAllowed;
}

// ---------------------------------------------------------------------------------------------------
// Sourcing objects

/** Admins see every sourcing object; others those where they act for the collector or extractor. */
export const seesAllSourcing = (actor: SignedInActor): boolean => isAdmin(actor);

/** Admins and the people of the collecting or extracting company read a sourcing object and its history. */
export const canReadSourcing = (actor: SignedInActor, standing: Standing): boolean =>
  isAdmin(actor) || standing.belongsToDocumentCollector === true || standing.belongsToDataExtractor === true;

/** Only admins change a sourcing object freely (providers, comment, priority, dates, documents). */
export const canPatchSourcing = (actor: SignedInActor): boolean => isAdmin(actor);

/**
 * Admins and the two providers may change a sourcing object's state; which change each may make is
 * in model.ts (DATA_SOURCING_TRANSITIONS).
 */
export const canChangeSourcingState = (actor: SignedInActor, standing: Standing): boolean =>
  moversFor(actor, { ...standing, isRequester: false }).length > 0;

/** Admins and the document collector attach documents and plan the next attempt to find them. */
export const canManageDocuments = (actor: SignedInActor, standing: Standing): boolean =>
  isAdmin(actor) || standing.belongsToDocumentCollector === true;

/** Admins and the people of a provider company list the sourcing objects assigned to it. */
export const canListForProvider = (actor: SignedInActor, facts: { belongsToProvider: boolean }): boolean =>
  isAdmin(actor) || facts.belongsToProvider;

/** Admins and providers see a sourcing object's priority; for others it is left out. */
export const seesSourcingPriority = (actor: SignedInActor, standing: Standing): boolean =>
  canReadSourcing(actor, standing);
