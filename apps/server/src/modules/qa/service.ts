/**
 * What both review queues of quality assurance share: the refusals, verdicts written only over the
 * state they were decided on, the review record of an upload, and the events a verdict publishes. The two
 * queues live in dataset-reviews.ts and data-point-reviews.ts; each verdict is one transaction.
 *
 * Concurrency: a verdict locks the dataset's review row and is written only over the state it was
 * decided on. Without If-Match that state is "awaiting review" (Pending); with If-Match it is the
 * version named there (the ETag of GET /datasets/{dataId}). Two reviewers judging one dataset at
 * once: the first one wins, the second one gets 409 naming the verdict that won.
 */
import type { Kysely } from "kysely";
import { ApiError, conflict } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { type Dimension, datasetSelects } from "./neighbours";
import * as store from "./store";
import { type AnyExecutor, type QaDatasetRow, type QaStatus, qaDb } from "./store";

export const QUEUES_REFUSED = "The review queues are for reviewers and admins.";
export const REVIEW_REFUSED = "Only the uploader, reviewers and admins may read the review of this data.";
export const JUDGING_REFUSED = "Only reviewers (ROLE_REVIEWER) may judge datasets and data points.";
export const OWN_UPLOAD_REFUSED = "You uploaded this data; another reviewer has to judge it.";

export type { QaStatus } from "./store";

export const DATASET_ACCEPTED = "dataset.accepted";
export const DATASET_REJECTED = "dataset.rejected";

export interface DatasetAcceptedPayload extends Dimension {
  dataId: string;
  reviewerUserId: string;
  comment: string | null;
}

export interface DatasetRejectedPayload extends DatasetAcceptedPayload {
  uploaderUserId: string | null;
}

// ---- errors and small helpers ------------------------------------------------------------------

/** The version an If-Match header names ("3", "\"3\"" or "W/\"3\""); undefined without the header. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === "") return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match?.[1])
    throw new ApiError(
      400,
      "invalid-input",
      "Invalid If-Match",
      'If-Match must be the ETag of the review state you judge, as GET returned it (for example "3").',
    );
  return Number(match[1]);
}

export const etagOf = (version: number): string => `"${version}"`;

export const normalizedComment = (comment: string | undefined): string | null => {
  const trimmed = comment?.trim();
  return trimmed ? trimmed : null;
};

export function runInTransaction<T>(db: AnyExecutor, work: (trx: AnyExecutor) => Promise<T>): Promise<T> {
  return (db as Kysely<Record<string, never>>).transaction().execute((trx) => work(trx));
}

// ---- tracking uploads --------------------------------------------------------------------------

/**
 * Starts the review record of an uploaded dataset inside the caller's transaction: its review row and
 * the upload as the first history entry, copied from the datasets module in one statement. Its data
 * points' reviews are that upload until something changes one of them (materializeDataPoints). Does
 * nothing for a dataset tracked already or one the datasets module does not know.
 */
export async function startDatasetReview(trx: AnyExecutor, dataId: string): Promise<void> {
  if (!isUuid(dataId)) return;
  await store.insertUploadedDataset(qaDb(trx), datasetSelects(dataId).dataset);
}

/**
 * Before a verdict changes a (tracked) dataset or one of its data points, inside its transaction: the
 * upload entry of each of its data points gets its row, as an upload used to write it, unless an
 * earlier change wrote them. Until then the dataset's review row holds the upload's state, from which
 * the entries are taken, so this must come before the verdict changes it.
 */
export async function materializeDataPoints(trx: AnyExecutor, dataId: string): Promise<void> {
  await store.materializeDataPointEntries(qaDb(trx), dataId, datasetSelects(dataId).dataPoints);
}

/**
 * The review row of a dataset, started inside the caller's transaction when it is not tracked yet.
 * Returns undefined for a dataset the datasets module does not know.
 */
export async function trackDataset(trx: AnyExecutor, dataId: string): Promise<QaDatasetRow | undefined> {
  if (!isUuid(dataId)) return undefined;
  const db = qaDb(trx);
  const known = await store.findDataset(db, dataId);
  if (known) return known;
  await startDatasetReview(trx, dataId);
  return store.findDataset(db, dataId);
}

/** The review row of a dataset, started on first use if the upload event has not been handled yet. */
export async function trackedDataset(db: AnyExecutor, dataId: string): Promise<QaDatasetRow | undefined> {
  if (!isUuid(dataId)) return undefined;
  return (
    (await store.findDataset(qaDb(db), dataId)) ?? runInTransaction(db, (trx) => trackDataset(trx, dataId))
  );
}

// ---- verdicts ----------------------------------------------------------------------------------

const when = (time: number): string => new Date(time).toISOString();

function describeState(state: {
  qaStatus: QaStatus;
  statusUserId: string | null;
  statusTime: number;
}): string {
  if (state.qaStatus === "Pending") return "awaiting review";
  return `${state.qaStatus} by user ${state.statusUserId ?? "unknown"} at ${when(state.statusTime)}`;
}

/**
 * Checks that a verdict may be written over the current state: with If-Match the state must still be
 * that version; without it the data must be awaiting review and the verdict must be one.
 */
export function checkExpectedState(
  what: "dataset" | "data point",
  current: { qaStatus: QaStatus; statusUserId: string | null; statusTime: number; version: number },
  expectedVersion: number | undefined,
  qaStatus: QaStatus,
): void {
  if (expectedVersion !== undefined) {
    if (current.version !== expectedVersion)
      throw conflict(
        `The ${what}'s review changed since you read it (it is now ${describeState(current)}, version ` +
          `${current.version}). Read it again and decide on the current state.`,
        "Review changed meanwhile",
      );
    return;
  }
  if (current.qaStatus !== "Pending")
    throw conflict(
      `The ${what} has been judged already: ${describeState(current)}. To change that verdict, send it again ` +
        `with If-Match set to the ETag of the current review state (version ${current.version}).`,
      "Already judged",
    );
  if (qaStatus === "Pending")
    throw conflict(`The ${what} is awaiting review already.`, "Already awaiting review");
}
