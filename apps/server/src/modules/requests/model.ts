/**
 * The one state model of data requests, written down once: what a request is asked for, the state it
 * is in (stored once, shown through two vocabularies), its priority and access status, and the life
 * cycle of the sourcing object that does the work on its company, framework and period. Every change
 * a person may make is a row of a transition table here; the services enforce exactly these tables,
 * docs/requests.md prints them and model.test.ts walks them.
 */

import { type DataType, dataTypes } from "@openverde/frameworks";

/** The frameworks a request may name: every data type of the wire, 2026/73 versions included. */
export const REQUEST_DATA_TYPES = dataTypes;
export type RequestDataType = DataType;

/** Frameworks whose data only the company and the users it grants access to may read. */
export const PRIVATE_DATA_TYPES: ReadonlySet<string> = new Set(["vsme"]);
export const isPrivateDataType = (dataType: string): boolean => PRIVATE_DATA_TYPES.has(dataType);

export const REQUEST_PRIORITIES = ["Low", "Baseline", "High", "Urgent"] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];

export const AGGREGATED_PRIORITIES = ["Low", "Normal", "Baseline", "High", "VeryHigh", "Urgent"] as const;
export type AggregatedPriority = (typeof AGGREGATED_PRIORITIES)[number];

/** Who may make a change. The platform itself (events, a new request) acts beside the tables. */
export type Mover = "admin" | "requester" | "companyOwner" | "documentCollector" | "dataExtractor";

/** One allowed change of state and who may make it. */
export interface Transition<S extends string> {
  from: S;
  to: S;
  by: readonly Mover[];
}

// ===================================================================================================
// The request's state: stored once, shown as /community's RequestStatus and /data-sourcing's RequestState

/** The state of a request, as stored. */
export const REQUEST_STATES = [
  "Open",
  "Processing",
  "Answered",
  "Resolved",
  "Closed",
  "Withdrawn",
  "NonSourceable",
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** States in which a request is still waiting for data; one such request per user and dimension. */
export const ACTIVE_STATES: readonly RequestState[] = ["Open", "Processing"];

/**
 * The changes people make to a request's state. Admins move a request into and out of processing;
 * the requester withdraws a request that is still waiting, and resolves or closes one that was
 * answered. On /community admins may in addition set any status (a correction), which is no row here.
 * The platform moves requests by itself: an open request is processed when its sourcing gets under
 * way, answered when a dataset of its dimension becomes active, and NonSourceable when the data is
 * found not to be sourceable.
 */
export const REQUEST_TRANSITIONS: readonly Transition<RequestState>[] = [
  { from: "Open", to: "Processing", by: ["admin"] },
  { from: "Processing", to: "Answered", by: ["admin"] },
  { from: "Open", to: "Withdrawn", by: ["admin", "requester"] },
  { from: "Processing", to: "Withdrawn", by: ["admin", "requester"] },
  { from: "Answered", to: "Closed", by: ["admin", "requester"] },
  { from: "Answered", to: "Resolved", by: ["admin", "requester"] },
];

/** `RequestStatus` of /community: a request being worked on is still open to its requester. */
export const COMMUNITY_STATUSES = [
  "Open",
  "Answered",
  "Resolved",
  "Withdrawn",
  "Closed",
  "NonSourceable",
] as const;
export type CommunityStatus = (typeof COMMUNITY_STATUSES)[number];

/** `RequestState` of /data-sourcing: every end that is not a withdrawal is Processed. */
export const SOURCING_STATES = ["Open", "Withdrawn", "Processing", "Processed"] as const;
export type SourcingState = (typeof SOURCING_STATES)[number];

export function toCommunityStatus(state: RequestState): CommunityStatus {
  return state === "Processing" ? "Open" : state;
}

/** The stored states a /community status filter matches. */
export function statesOfCommunityStatus(status: CommunityStatus): RequestState[] {
  return status === "Open" ? ["Open", "Processing"] : [status];
}

export function toSourcingState(state: RequestState): SourcingState {
  switch (state) {
    case "Open":
    case "Processing":
    case "Withdrawn":
      return state;
    default:
      return "Processed";
  }
}

/** The stored states a /data-sourcing state filter matches. */
export function statesOfSourcingState(state: SourcingState): RequestState[] {
  return state === "Processed" ? ["Answered", "Resolved", "Closed", "NonSourceable"] : [state];
}

/** The state a /community status write stores: Open written to a request in processing leaves it there. */
export function fromCommunityStatus(status: CommunityStatus, current: RequestState): RequestState {
  return status === "Open" && current === "Processing" ? "Processing" : status;
}

/** The state a /data-sourcing write stores: Processed keeps a finished state and otherwise means answered. */
export function fromSourcingState(state: SourcingState, current: RequestState): RequestState {
  if (state !== "Processed") return state;
  return toSourcingState(current) === "Processed" ? current : "Answered";
}

/** The request table as /data-sourcing shows it: each row in its vocabulary, changes it cannot see left out. */
export const SOURCING_REQUEST_TRANSITIONS: readonly Transition<SourcingState>[] = REQUEST_TRANSITIONS.map(
  (t) => ({ from: toSourcingState(t.from), to: toSourcingState(t.to), by: t.by }),
).filter((t) => t.from !== t.to);

/** The status changes the requester may make on /community, in its vocabulary. */
export const requesterStatusTargets = (from: RequestState): CommunityStatus[] =>
  allowedTargets(REQUEST_TRANSITIONS, from, ["requester"]).map(toCommunityStatus);

// ===================================================================================================
// Access to private data

export const ACCESS_STATUSES = ["Declined", "Granted", "Pending", "Public", "Revoked"] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

/**
 * A request for private data starts Pending; public data needs no access (Public, for good). The
 * company's owners grant, decline and revoke; admins may set any status but Public.
 */
export const ACCESS_TRANSITIONS: readonly Transition<AccessStatus>[] = [
  { from: "Pending", to: "Granted", by: ["admin", "companyOwner"] },
  { from: "Declined", to: "Granted", by: ["admin", "companyOwner"] },
  { from: "Revoked", to: "Granted", by: ["admin", "companyOwner"] },
  { from: "Pending", to: "Declined", by: ["admin", "companyOwner"] },
  { from: "Granted", to: "Revoked", by: ["admin", "companyOwner"] },
];

// ===================================================================================================
// The sourcing object: the work on one company, framework and reporting period

export const DATA_SOURCING_STATES = [
  "Initialized",
  "DocumentSourcing",
  "DocumentSourcingDone",
  "DataExtraction",
  "DataVerification",
  "NonSourceableVerification",
  "NonSourceable",
  "Done",
] as const;
export type DataSourcingState = (typeof DATA_SOURCING_STATES)[number];

/**
 * Initialized → DocumentSourcing → DocumentSourcingDone → DataExtraction → DataVerification → Done,
 * with a step back where a check fails, and NonSourceableVerification → NonSourceable as the other
 * end. The document collector reports its documents found, the data extractor its data extracted;
 * everything else is the admins' decision.
 */
export const DATA_SOURCING_TRANSITIONS: readonly Transition<DataSourcingState>[] = [
  { from: "Initialized", to: "DocumentSourcing", by: ["admin"] },
  { from: "Initialized", to: "NonSourceableVerification", by: ["admin"] },
  { from: "DocumentSourcing", to: "DocumentSourcingDone", by: ["admin", "documentCollector"] },
  { from: "DocumentSourcing", to: "NonSourceableVerification", by: ["admin"] },
  { from: "DocumentSourcingDone", to: "DataExtraction", by: ["admin"] },
  { from: "DocumentSourcingDone", to: "DocumentSourcing", by: ["admin"] },
  { from: "DocumentSourcingDone", to: "NonSourceableVerification", by: ["admin"] },
  { from: "DataExtraction", to: "DataVerification", by: ["admin", "dataExtractor"] },
  { from: "DataExtraction", to: "NonSourceableVerification", by: ["admin"] },
  { from: "DataVerification", to: "Done", by: ["admin"] },
  { from: "DataVerification", to: "DataExtraction", by: ["admin"] },
  { from: "NonSourceableVerification", to: "NonSourceable", by: ["admin"] },
  { from: "NonSourceableVerification", to: "DocumentSourcing", by: ["admin"] },
];

/** Ends of sourcing; only the platform leaves them (a new request reopens, a dataset finishes). */
export const FINISHED_SOURCING_STATES: readonly DataSourcingState[] = ["NonSourceable", "Done"];
export const isSourcingFinished = (state: DataSourcingState): boolean =>
  FINISHED_SOURCING_STATES.includes(state);

/**
 * What the platform does by itself, beside the table:
 * - a dataset of the dimension becomes active (`dataset.activated`): any state → Done;
 * - the dimension is recorded as non-sourceable (`dataset.nonSourceable`): any unfinished state →
 *   NonSourceable;
 * - a new open request arrives for a finished object: Done or NonSourceable → Initialized.
 */
export const systemTargetOnActivation = (from: DataSourcingState): DataSourcingState | undefined =>
  from === "Done" ? undefined : "Done";
export const systemTargetOnNonSourceable = (from: DataSourcingState): DataSourcingState | undefined =>
  isSourcingFinished(from) ? undefined : "NonSourceable";
export const systemTargetOnNewRequest = (from: DataSourcingState): DataSourcingState | undefined =>
  isSourcingFinished(from) ? "Initialized" : undefined;

/**
 * How the two parts move together: once sourcing has started (and until it ends) the object's open
 * requests are Processing; Done answers its waiting requests, NonSourceable ends them as NonSourceable.
 */
export const sourcingIsUnderway = (state: DataSourcingState): boolean =>
  state !== "Initialized" && !isSourcingFinished(state);

// ===================================================================================================
// Checking a change against a table

/** The states a change from `from` may lead to for someone acting as one of `as`. */
export function allowedTargets<S extends string>(
  table: readonly Transition<S>[],
  from: S,
  as: readonly Mover[],
): S[] {
  return table.filter((t) => t.from === from && t.by.some((mover) => as.includes(mover))).map((t) => t.to);
}

export type TransitionVerdict<S extends string> =
  | { ok: true }
  /** The table has no such transition at all: a 400 naming the allowed targets. */
  | { ok: false; reason: "invalid"; allowed: S[] }
  /** The table has it, but not for this actor: a 403. */
  | { ok: false; reason: "notYours"; allowed: S[] };

export function judgeTransition<S extends string>(
  table: readonly Transition<S>[],
  from: S,
  to: S,
  as: readonly Mover[],
): TransitionVerdict<S> {
  const allowed = allowedTargets(table, from, as);
  if (allowed.includes(to)) return { ok: true };
  const exists = table.some((t) => t.from === from && t.to === to);
  if (exists) return { ok: false, reason: "notYours", allowed };
  return { ok: false, reason: "invalid", allowed: table.filter((t) => t.from === from).map((t) => t.to) };
}

// ===================================================================================================
// What a requester sees: the displayed state of the reference's request history

export const DISPLAYED_STATES = [
  "Open",
  "Withdrawn",
  "Validated",
  "DocumentSourcing",
  "DocumentVerification",
  "DataExtraction",
  "DataVerification",
  "NonSourceable",
  "NonSourceableVerification",
  "Done",
] as const;
export type DisplayedState = (typeof DISPLAYED_STATES)[number];

/** One word for where a request stands, from its state and its sourcing object's state. */
export function displayedState(
  request: RequestState,
  sourcing: DataSourcingState | undefined,
): DisplayedState {
  switch (request) {
    case "Open":
    case "Withdrawn":
    case "NonSourceable":
      return request;
    case "Answered":
    case "Resolved":
    case "Closed":
      return "Done";
    case "Processing":
      switch (sourcing) {
        case undefined:
        case "Initialized":
          return "Validated";
        case "DocumentSourcingDone":
          return "DocumentVerification";
        default:
          return sourcing;
      }
  }
}
