/**
 * The vocabulary of the community module and the one request model behind both request APIs.
 * docs/requests.md explains the mapping in prose; this file is where it is enforced.
 */

export const COMPANY_ROLES = ["CompanyOwner", "DataUploader", "MemberAdmin", "Member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The frameworks a request may name (the reference's list, including the 2026 variants). */
export const REQUEST_DATA_TYPES = [
  "sfdr",
  "eutaxonomy-financials",
  "eutaxonomy-financials-2026-73",
  "eutaxonomy-non-financials",
  "eutaxonomy-non-financials-2026-73",
  "nuclear-and-gas",
  "lksg",
  "pcaf",
  "vsme",
] as const;
export type RequestDataType = (typeof REQUEST_DATA_TYPES)[number];

/** Frameworks whose data only the company and the users it grants access to may read. */
export const PRIVATE_DATA_TYPES: ReadonlySet<string> = new Set(["vsme"]);
export const isPrivateDataType = (dataType: string): boolean => PRIVATE_DATA_TYPES.has(dataType);

/** The canonical state of a request, as stored. Both API vocabularies are views of it. */
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

/** `RequestStatus` of /community. */
export const COMMUNITY_STATUSES = [
  "Open",
  "Answered",
  "Resolved",
  "Withdrawn",
  "Closed",
  "NonSourceable",
] as const;
export type CommunityStatus = (typeof COMMUNITY_STATUSES)[number];

/** `RequestState` of /data-sourcing. */
export const SOURCING_STATES = ["Open", "Withdrawn", "Processing", "Processed"] as const;
export type SourcingState = (typeof SOURCING_STATES)[number];

export const ACCESS_STATUSES = ["Declined", "Granted", "Pending", "Public", "Revoked"] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

export const REQUEST_PRIORITIES = ["Low", "Baseline", "High", "Urgent"] as const;
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];

export const AGGREGATED_PRIORITIES = ["Low", "Normal", "Baseline", "High", "VeryHigh", "Urgent"] as const;
export type AggregatedPriority = (typeof AGGREGATED_PRIORITIES)[number];

/** The canonical state seen through /community: a request being worked on is still open to its requester. */
export function toCommunityStatus(state: RequestState): CommunityStatus {
  return state === "Processing" ? "Open" : state;
}

/** The canonical states a /community status filter matches. */
export function statesOfCommunityStatus(status: CommunityStatus): RequestState[] {
  return status === "Open" ? ["Open", "Processing"] : [status];
}

/** The canonical state seen through /data-sourcing: every end that is not a withdrawal is Processed. */
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

/** The canonical states a /data-sourcing state filter matches. */
export function statesOfSourcingState(state: SourcingState): RequestState[] {
  return state === "Processed" ? ["Answered", "Resolved", "Closed", "NonSourceable"] : [state];
}

/**
 * The canonical state a /community status write stores. Writing Open to a request that is being
 * processed leaves it in Processing.
 */
export function fromCommunityStatus(status: CommunityStatus, current: RequestState): RequestState {
  return status === "Open" && current === "Processing" ? "Processing" : status;
}

/**
 * The canonical state a /data-sourcing state write stores. Processed keeps a finished state as it is
 * and otherwise means answered.
 */
export function fromSourcingState(state: SourcingState, current: RequestState): RequestState {
  if (state !== "Processed") return state;
  return toSourcingState(current) === "Processed" ? current : "Answered";
}

/** Ends of a request; no automatic answer touches them. */
export const isFinished = (state: RequestState): boolean => !ACTIVE_STATES.includes(state);
