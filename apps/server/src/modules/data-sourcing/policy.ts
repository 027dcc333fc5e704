import { type Actor, isAdmin, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";
import type { Mover } from "./model";

/**
 * Who may do what in data sourcing. Each rule takes the actor and the facts it needs and reads like a
 * sentence; the service loads the facts (whose request it is, whether the actor belongs to the company
 * that collects the documents or extracts the data) and calls the rule. docs/permissions.md lists the
 * same rules per operation.
 *
 * Document collectors and data extractors are companies (their ids are on the sourcing object). A user
 * acts for one when they hold any company role there (CompanyOwner, DataUploader, MemberAdmin, Member).
 */

/** Every data sourcing operation needs a signed-in user. */
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

/** Admins see every request; everyone else their own. */
export const seesAllRequests = (actor: SignedInActor): boolean => isAdmin(actor);

/** Admins and the requester read a request and its history. */
export const canReadRequest = (actor: SignedInActor, standing: Standing): boolean =>
  isAdmin(actor) || standing.isRequester === true;

/** Admins move a request along its life cycle; the requester may only withdraw it (the table says which). */
export const canChangeRequestState = (actor: SignedInActor, standing: Standing): boolean =>
  isAdmin(actor) || standing.isRequester === true;

/** Only admins write the admin comment or set priorities. */
export const canWriteAdminComment = (actor: SignedInActor): boolean => isAdmin(actor);
export const canSetRequestPriority = (actor: SignedInActor): boolean => isAdmin(actor);

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
