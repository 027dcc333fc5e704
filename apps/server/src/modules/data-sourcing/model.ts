/**
 * The two state machines of data sourcing, written down once: the life cycle of a request as the
 * sourcing surface shows it, and the life cycle of a sourcing object (the work on one company,
 * framework and reporting period). The service enforces exactly these tables; docs/requests.md
 * describes them in prose and model.test.ts walks every pair of states.
 */
import {
  type RequestState as CanonicalState,
  SOURCING_STATES,
  type SourcingState,
  toSourcingState,
} from "../community/model";

export { SOURCING_STATES as REQUEST_STATES, type SourcingState as RequestState };

/** Who may make a change: an admin, or the company assigned as document collector or data extractor. */
export type Mover = "admin" | "requester" | "documentCollector" | "dataExtractor";

/** One allowed change of state and who may make it. */
export interface Transition<S extends string> {
  from: S;
  to: S;
  by: readonly Mover[];
}

// ---------------------------------------------------------------------------------------------------
// Requests (the /data-sourcing vocabulary: Open, Processing, Processed, Withdrawn)

/**
 * Open → Processing → Processed; the requester (and admins) withdraw an open or processing request.
 * Processed and Withdrawn are ends. A dataset becoming active or the data being found non-sourceable
 * also processes requests, whatever the table says (that is the platform, not a person).
 */
export const REQUEST_TRANSITIONS: readonly Transition<SourcingState>[] = [
  { from: "Open", to: "Processing", by: ["admin"] },
  { from: "Processing", to: "Processed", by: ["admin"] },
  { from: "Open", to: "Withdrawn", by: ["admin", "requester"] },
  { from: "Processing", to: "Withdrawn", by: ["admin", "requester"] },
];

// ---------------------------------------------------------------------------------------------------
// Sourcing objects

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

/** Once sourcing has started (and until it ends), the object's open requests are being processed. */
export const sourcingIsUnderway = (state: DataSourcingState): boolean =>
  state !== "Initialized" && !isSourcingFinished(state);

// ---------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------
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

/** One word for where a request stands, from its canonical state and its sourcing object's state. */
export function displayedState(
  request: CanonicalState,
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

export { toSourcingState };
