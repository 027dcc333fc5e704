import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";
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
 * Who may do what with data requests and their sourcing. Every operation needs a signed-in user. Each
 * rule takes the actor and the facts it needs (whose request it is, the actor's role at the company,
 * whether the actor belongs to the company that collects the documents or extracts the data); the
 * services load the facts and ask `can`, and a rule never touches the database. Which state changes
 * each party may make is in the transition tables of model.ts. docs/permissions.md lists the rules per
 * operation.
 *
 * Document collectors and data extractors are companies (their ids are on the sourcing object). A user
 * acts for one when they hold any company role there (CompanyOwner, DataUploader, MemberAdmin, Member).
 */

/** What the actor is for one request or sourcing object. */
export interface Standing {
  isRequester?: boolean;
  belongsToDocumentCollector?: boolean;
  belongsToDataExtractor?: boolean;
}

/** The actor's own role at the request's company. */
interface AtCompany {
  actorRole: CompanyRole | undefined;
}

const isAdmin = (actor: Actor): boolean => rolesAllow(actor, "administer");

/** The parts the actor may play in a state change, for the transition tables of model.ts. */
export function moversFor(actor: SignedInActor, standing: Standing): Mover[] {
  const movers: Mover[] = [];
  if (isAdmin(actor)) movers.push("admin");
  if (standing.isRequester) movers.push("requester");
  if (standing.belongsToDocumentCollector) movers.push("documentCollector");
  if (standing.belongsToDataExtractor) movers.push("dataExtractor");
  return movers;
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

/** Admins and the people of the collecting or extracting company read a sourcing object and its history. */
const readsSourcing = (actor: Actor, standing: Standing): boolean =>
  isAdmin(actor) || standing.belongsToDocumentCollector === true || standing.belongsToDataExtractor === true;

export const can = definePolicy({
  // ---- requests ----------------------------------------------------------------------------------

  /** Only admins ask for data in the name of another user. */
  requestForOthers: (actor) => isAdmin(actor),
  /** Admins see every request; everyone else their own (and on /community those for companies they own). */
  seeAllRequests: (actor) => isAdmin(actor),
  /** On /data-sourcing admins and the requester read a request and its history. */
  readSourcingRequest: (actor, standing: Standing) => isAdmin(actor) || standing.isRequester === true,
  /** Admins move a request along its life cycle; the requester may only withdraw it (the table says which). */
  changeRequestState: (actor, standing: Standing) => isAdmin(actor) || standing.isRequester === true,
  /** Admins set any state, not only the ones the requester's transitions allow. */
  setAnyRequestStatus: (actor) => isAdmin(actor),
  /** Only admins write the admin comment or set priorities. */
  writeAdminComment: (actor) => isAdmin(actor),
  setRequestPriority: (actor) => isAdmin(actor),
  /** Only admins use the admin operations of /data-sourcing (searching every request and sourcing object). */
  administerSourcing: (actor) => isAdmin(actor),

  // ---- requests through /community: the company's owners take part -------------------------------

  /** On /community admins, the requester and the company's owners may read a request. */
  readRequest: (actor, request: AtCompany & { userId: string }) =>
    isAdmin(actor) || isUser(actor, request.userId) || request.actorRole === "CompanyOwner",
  /** Admins, the user in question and the company's owners may ask whether the user may read private data. */
  checkDatasetAccess: (actor, question: AtCompany & { targetUserId: string }) =>
    isAdmin(actor) || isUser(actor, question.targetUserId) || question.actorRole === "CompanyOwner",
  /**
   * Admins change anything. The requester withdraws, closes or resolves the request and edits its
   * contacts, message and notification choice. The company's owners grant, decline or revoke access to
   * private data. A change is allowed only when every part of it is.
   */
  patchRequest: (actor, change: AtCompany & { request: { userId: string }; patch: RequestPatchScope }) => {
    if (isAdmin(actor)) return true;
    const { patch } = change;
    if (patch.requestPriority !== undefined || patch.adminComment !== undefined) return false;
    const isRequester = isUser(actor, change.request.userId);
    const isOwner = change.actorRole === "CompanyOwner";
    if (!isRequester && !isOwner) return false;
    const statusAllowed =
      patch.requestStatus === undefined || (isRequester && REQUESTER_STATUSES.has(patch.requestStatus));
    const accessAllowed =
      patch.accessStatus === undefined || (isOwner && OWNER_ACCESS_STATUSES.has(patch.accessStatus));
    const ownPartsAllowed =
      (!patch.contactsOrMessage && patch.notifyMeImmediately === undefined) || isRequester;
    return statusAllowed && accessAllowed && ownPartsAllowed;
  },

  // ---- sourcing objects --------------------------------------------------------------------------

  /** Admins see every sourcing object; others those where they act for the collector or extractor. */
  seeAllSourcing: (actor) => isAdmin(actor),
  /** Admins and the people of the collecting or extracting company read a sourcing object and its history. */
  readSourcing: readsSourcing,
  /** Admins and providers see a sourcing object's priority; for others it is left out. */
  seeSourcingPriority: readsSourcing,
  /** Only admins change a sourcing object freely (providers, comment, priority, dates, documents). */
  patchSourcing: (actor) => isAdmin(actor),
  /**
   * Admins and the two providers may change a sourcing object's state; which change each may make is
   * in model.ts (DATA_SOURCING_TRANSITIONS).
   */
  changeSourcingState: (actor, standing: Standing) =>
    isAdmin(actor) ||
    standing.belongsToDocumentCollector === true ||
    standing.belongsToDataExtractor === true,
  /** Admins and the document collector attach documents and plan the next attempt to find them. */
  manageDocuments: (actor, standing: Standing) =>
    isAdmin(actor) || standing.belongsToDocumentCollector === true,
  /** Admins and the people of a provider company list the sourcing objects assigned to it. */
  listForProvider: (actor, provider: { belongsToProvider: boolean }) =>
    isAdmin(actor) || provider.belongsToProvider,
});
