/**
 * A request's history as /data-sourcing tells it: the request's own changes and, while it is being
 * processed, the moves of its sourcing object, each with the state its requester saw at that moment.
 */
import type { SignedInActor } from "../../platform/auth/actor";
import { type DataSourcingState, displayedState, type RequestState, toSourcingState } from "./model";
import { type DataRequestRecord, getDataRequestHistory } from "./records";
import { requireRequest } from "./sourcing-requests";
import { selectByDimension, selectHistory, sourcingDb } from "./sourcing-store";
import type { WireExtendedRequestHistoryEntry, WireRequestHistoryEntry } from "./sourcing-views";
import type { AnyExecutor } from "./store";

/**
 * The request's life as one timeline: its own changes (its history table) and, while it is being
 * processed, the changes of its sourcing object's state, each with the displayed state at that moment.
 */
async function requestTimeline(
  db: AnyExecutor,
  record: DataRequestRecord,
): Promise<WireExtendedRequestHistoryEntry[]> {
  const own = await getDataRequestHistory(db, record.dataRequestId);
  const sourcing = await selectByDimension(sourcingDb(db), record);
  const sourcingHistory = sourcing ? await selectHistory(sourcingDb(db), sourcing.id) : [];
  type Step =
    | {
        at: number;
        kind: "request";
        state: RequestState;
        by: string | null;
        why: string | null;
        admin: string | null;
      }
    | { at: number; kind: "sourcing"; state: DataSourcingState; by: string | null; why: string | null };
  const steps: Step[] = [
    ...own.map(
      (entry): Step => ({
        at: entry.createdAt.getTime(),
        kind: "request",
        state: entry.state,
        by: entry.changedByUserId,
        why: entry.reason,
        admin: entry.adminComment,
      }),
    ),
    ...sourcingHistory
      .filter((entry) => entry.fromState !== entry.toState)
      .map(
        (entry): Step => ({
          at: entry.changedAt,
          kind: "sourcing",
          state: entry.toState,
          by: entry.changedByUserId,
          why: entry.comment,
        }),
      ),
  ];
  // Changes made together carry the same time: the sourcing object's change comes first, since it
  // is what moves the requests.
  steps.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === "sourcing" ? -1 : 1));
  const created = own[0]?.createdAt.getTime() ?? record.createdAt.getTime();
  let requestState: RequestState | undefined;
  let sourcingState: DataSourcingState | undefined;
  let adminComment: string | null = null;
  const timeline: WireExtendedRequestHistoryEntry[] = [];
  for (const step of steps) {
    const previous = requestState;
    if (step.kind === "request") {
      requestState = step.state;
      adminComment = step.admin;
    } else sourcingState = step.state;
    // Sourcing steps before the request existed only set the scene; after it ended they do not concern it.
    if (step.kind === "sourcing" && (step.at < created || requestState === undefined)) continue;
    if (requestState === undefined) continue;
    if (step.kind === "sourcing" && requestState !== "Processing") continue;
    timeline.push({
      modificationDate: step.at,
      displayedState: displayedState(requestState, sourcingState),
      requestState: toSourcingState(requestState),
      ...(previous !== undefined && step.kind === "request"
        ? { previousRequestState: toSourcingState(previous) }
        : {}),
      ...(sourcingState ? { dataSourcingState: sourcingState } : {}),
      ...(adminComment ? { adminComment } : {}),
      ...(step.by ? { changedByUserId: step.by } : {}),
      ...(step.why ? { comment: step.why } : {}),
    });
  }
  return timeline;
}

/** Who, when, from, to and why for each change of the request; one entry per change of what its requester sees. */
export async function requestHistory(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<WireRequestHistoryEntry[]> {
  const { record } = await requireRequest(db, actor, dataRequestId);
  const timeline = await requestTimeline(db, record);
  const result: WireRequestHistoryEntry[] = [];
  for (const entry of timeline) {
    const last = result.at(-1);
    if (last && last.displayedState === entry.displayedState) continue;
    result.push({
      modificationDate: entry.modificationDate,
      displayedState: entry.displayedState,
      requestState: entry.requestState,
      ...(entry.previousRequestState ? { previousRequestState: entry.previousRequestState } : {}),
      ...(entry.changedByUserId ? { changedByUserId: entry.changedByUserId } : {}),
      ...(entry.comment ? { comment: entry.comment } : {}),
    });
  }
  return result;
}

export async function extendedRequestHistory(
  db: AnyExecutor,
  actor: SignedInActor,
  dataRequestId: string,
): Promise<WireExtendedRequestHistoryEntry[]> {
  const { record } = await requireRequest(db, actor, dataRequestId);
  return requestTimeline(db, record);
}
