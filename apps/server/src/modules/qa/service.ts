/**
 * The rules of quality assurance: the review queue of datasets and data points, verdicts with their
 * full history, and what a verdict causes (the dataset's status with the datasets module, the active
 * dataset, the `dataset.accepted` / `dataset.rejected` events), all in one transaction per verdict.
 *
 * Concurrency: a verdict locks the dataset's review row and is written only over the state it was
 * decided on. Without If-Match that state is "awaiting review" (Pending); with If-Match it is the
 * version named there (the ETag of GET /datasets/{dataId}). Two reviewers judging one dataset at
 * once: the first one wins, the second one gets 409 naming the verdict that won.
 */
import { randomUUID } from "node:crypto";
import { dataTypes } from "@openverde/frameworks";
import type { Kysely } from "kysely";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { ApiError, conflict, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import {
  companyNames,
  type DataPointFacts,
  type Dimension,
  dataPointFacts,
  datasetFacts,
  datasetSelects,
  dimensionKey,
  recordDataPointVerdict,
  recordDatasetVerdict,
  waitingRequestPriorities,
} from "./neighbours";
import { can } from "./policy";
import * as store from "./store";
import {
  type AnyExecutor,
  type DataPointEntry,
  type DatasetFilter,
  type DatasetReviewEntry,
  type NewDataPointEntry,
  type QaDatasetRow,
  type QaStatus,
  qaDb,
} from "./store";

const QUEUES_REFUSED = "The review queues are for reviewers and admins.";
const REVIEW_REFUSED = "Only the uploader, reviewers and admins may read the review of this data.";
const JUDGING_REFUSED = "Only reviewers (ROLE_REVIEWER) may judge datasets and data points.";
const OWN_UPLOAD_REFUSED = "You uploaded this data; another reviewer has to judge it.";

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

// ---- wire shapes -------------------------------------------------------------------------------

export interface QaReviewResponse {
  dataId: string;
  companyId: string;
  companyName: string;
  framework: string;
  reportingPeriod: string;
  timestamp: number;
  qaStatus: QaStatus;
  numberQaReports: number;
  comment?: string;
  triggeringUserId?: string;
  priorityOfAssociatedDataSourcing?: number;
}

export interface DataPointQaReviewInformation {
  dataPointId: string;
  companyId: string;
  companyName: string;
  dataPointType: string;
  reportingPeriod: string;
  timestamp: number;
  qaStatus: QaStatus;
  comment?: string;
  reviewerId?: string;
}

function datasetResponse(
  row: Pick<QaDatasetRow, "dataId" | "companyId" | "dataType" | "reportingPeriod">,
  state: { qaStatus: QaStatus; time: number; userId: string | null; comment: string | null },
  names: Map<string, string>,
  priority: number | undefined,
): QaReviewResponse {
  return {
    dataId: row.dataId,
    companyId: row.companyId,
    companyName: names.get(row.companyId) ?? "",
    framework: row.dataType,
    reportingPeriod: row.reportingPeriod,
    timestamp: state.time,
    qaStatus: state.qaStatus,
    numberQaReports: 0,
    ...(state.comment !== null ? { comment: state.comment } : {}),
    ...(state.userId !== null ? { triggeringUserId: state.userId } : {}),
    ...(priority !== undefined ? { priorityOfAssociatedDataSourcing: priority } : {}),
  };
}

function dataPointResponse(entry: DataPointEntry, names: Map<string, string>): DataPointQaReviewInformation {
  return {
    dataPointId: entry.dataPointId,
    companyId: entry.companyId,
    companyName: names.get(entry.companyId) ?? "",
    dataPointType: entry.dataPointType,
    reportingPeriod: entry.reportingPeriod,
    timestamp: entry.reviewedAt,
    qaStatus: entry.qaStatus,
    ...(entry.comment !== null ? { comment: entry.comment } : {}),
    ...(!entry.isUpload && entry.userId !== null ? { reviewerId: entry.userId } : {}),
  };
}

async function dataPointResponses(
  db: AnyExecutor,
  entries: DataPointEntry[],
): Promise<DataPointQaReviewInformation[]> {
  const names = await companyNames(
    db,
    entries.map((entry) => entry.companyId),
  );
  return entries.map((entry) => dataPointResponse(entry, names));
}

// ---- errors and small helpers ------------------------------------------------------------------

const datasetNotFound = (dataId: string) =>
  notFound(`There is no dataset with the id ${dataId}.`, "Dataset not found");
const dataPointNotFound = (dataPointId: string) =>
  notFound(`There is no data point with the id ${dataPointId}.`, "Data point not found");

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

const normalizedComment = (comment: string | undefined): string | null => {
  const trimmed = comment?.trim();
  return trimmed ? trimmed : null;
};

const fold = (text: string): string => text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");

const when = (time: number): string => new Date(time).toISOString();

function runInTransaction<T>(db: AnyExecutor, work: (trx: AnyExecutor) => Promise<T>): Promise<T> {
  return (db as Kysely<Record<string, never>>).transaction().execute((trx) => work(trx));
}

// ---- tracking uploads --------------------------------------------------------------------------

/**
 * Starts the review record of an uploaded dataset inside the caller's transaction: its review row,
 * the upload as the first history entry, and an upload entry for each of its data points, copied from
 * the datasets module in one statement. Does nothing for a dataset tracked already or one the
 * datasets module does not know.
 */
export async function startDatasetReview(trx: AnyExecutor, dataId: string): Promise<void> {
  if (!isUuid(dataId)) return;
  const { dataset, dataPoints } = datasetSelects(dataId);
  await store.insertUploadedDataset(qaDb(trx), dataset, dataPoints);
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
async function trackedDataset(db: AnyExecutor, dataId: string): Promise<QaDatasetRow | undefined> {
  if (!isUuid(dataId)) return undefined;
  return (
    (await store.findDataset(qaDb(db), dataId)) ?? runInTransaction(db, (trx) => trackDataset(trx, dataId))
  );
}

// ---- the dataset queue -------------------------------------------------------------------------

export interface DatasetQueueQuery {
  dataTypes?: string[];
  reportingPeriods?: string[];
  companyName?: string;
  qaStatus?: QaStatus;
}

/** The store filter of a queue query; undefined when the company name matches no company in it. */
async function datasetFilter(db: AnyExecutor, query: DatasetQueueQuery): Promise<DatasetFilter | undefined> {
  const filter: DatasetFilter = {
    ...(query.dataTypes?.length ? { dataTypes: query.dataTypes } : {}),
    ...(query.reportingPeriods?.length ? { reportingPeriods: query.reportingPeriods } : {}),
    qaStatus: query.qaStatus ?? "Pending",
  };
  const wanted = query.companyName?.trim();
  if (!wanted) return filter;
  const candidates = await store.companyIdsOf(qaDb(db), filter);
  const names = await companyNames(db, candidates);
  const needle = fold(wanted);
  const companyIds = candidates.filter((id) => fold(names.get(id) ?? "").includes(needle));
  return companyIds.length > 0 ? { ...filter, companyIds } : undefined;
}

/** The review queue: datasets by framework, period, company name and status, oldest upload first. */
export async function listDatasetReviews(
  db: AnyExecutor,
  actor: Actor,
  query: DatasetQueueQuery & { chunkSize: number; chunkIndex: number },
): Promise<QaReviewResponse[]> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  const filter = await datasetFilter(db, query);
  if (!filter) return [];
  const rows = await store.searchDatasets(qaDb(db), filter, {
    limit: query.chunkSize,
    offset: query.chunkSize * query.chunkIndex,
  });
  const names = await companyNames(
    db,
    rows.map((row) => row.companyId),
  );
  const priorities = await waitingRequestPriorities(db, rows);
  return rows.map((row) =>
    datasetResponse(
      row,
      { qaStatus: row.qaStatus, time: row.statusTime, userId: row.statusUserId, comment: row.comment },
      names,
      priorities.get(dimensionKey(row)),
    ),
  );
}

/** How many datasets await review, with the queue's filters. */
export async function countUnreviewedDatasets(
  db: AnyExecutor,
  actor: Actor,
  query: Omit<DatasetQueueQuery, "qaStatus">,
): Promise<number> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  const filter = await datasetFilter(db, { ...query, qaStatus: "Pending" });
  return filter ? store.countDatasets(qaDb(db), filter) : 0;
}

// ---- one dataset -------------------------------------------------------------------------------

/** Reads a dataset's review row for someone allowed to see it; the uploader is the current one. */
async function readableDataset(db: AnyExecutor, actor: Actor, dataId: string): Promise<QaDatasetRow> {
  const facts = await datasetFacts(db, dataId, actor);
  if (!facts) throw datasetNotFound(dataId);
  authorize(actor, can(actor, "readReviewOf", facts), REVIEW_REFUSED);
  const row = await trackedDataset(db, dataId);
  if (!row) throw datasetNotFound(dataId);
  return row;
}

/** The current review state of a dataset, and its version for If-Match. */
export async function getDatasetReview(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
): Promise<{ review: QaReviewResponse; version: number }> {
  const row = await readableDataset(db, actor, dataId);
  const names = await companyNames(db, [row.companyId]);
  const priority = can(actor, "seeRequestPriority")
    ? (await waitingRequestPriorities(db, [row])).get(dimensionKey(row))
    : undefined;
  return {
    review: datasetResponse(
      row,
      { qaStatus: row.qaStatus, time: row.statusTime, userId: row.statusUserId, comment: row.comment },
      names,
      priority,
    ),
    version: row.version,
  };
}

/** Every state the review of a dataset has had, the upload first. */
export async function getDatasetReviewHistory(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
): Promise<QaReviewResponse[]> {
  const row = await readableDataset(db, actor, dataId);
  const names = await companyNames(db, [row.companyId]);
  const history: DatasetReviewEntry[] = await store.datasetHistory(qaDb(db), dataId);
  return history.map((entry) =>
    datasetResponse(
      row,
      { qaStatus: entry.qaStatus, time: entry.reviewedAt, userId: entry.userId, comment: entry.comment },
      names,
      undefined,
    ),
  );
}

// ---- verdicts on datasets ----------------------------------------------------------------------

export interface DatasetVerdict {
  qaStatus: QaStatus;
  comment?: string;
  overwriteDataPointQaStatus?: boolean;
  /** The If-Match header: the version the reviewer judges; required to change a given verdict. */
  ifMatch?: string;
}

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
function checkExpectedState(
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

/**
 * Judges a dataset: writes the verdict and its history entry, records it with the datasets module
 * (which recomputes the active dataset), carries it to every data point with
 * `overwriteDataPointQaStatus`, and publishes `dataset.accepted` or `dataset.rejected` when the status
 * changes to one of them. Returns the new version (the ETag of the new state).
 */
export async function judgeDataset(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
  verdict: DatasetVerdict,
): Promise<number> {
  authorize(actor, can(actor, "judge"), JUDGING_REFUSED);
  const expectedVersion = parseIfMatch(verdict.ifMatch);
  if (!isUuid(dataId)) throw datasetNotFound(dataId);
  const comment = normalizedComment(verdict.comment);
  const overwrite = verdict.overwriteDataPointQaStatus ?? false;
  return runInTransaction(db, async (trx) => {
    const q = qaDb(trx);
    const facts = await datasetFacts(trx, dataId, actor);
    if (!facts) throw datasetNotFound(dataId);
    const reviewer: SignedInActor = authorize(actor, can(actor, "judgeUpload", facts), OWN_UPLOAD_REFUSED);
    await trackDataset(trx, dataId);
    const current = await store.lockDataset(q, dataId);
    if (!current) throw datasetNotFound(dataId);
    checkExpectedState("dataset", current, expectedVersion, verdict.qaStatus);

    const now = Date.now();
    const written = await store.updateDatasetState(q, dataId, current.version, {
      qaStatus: verdict.qaStatus,
      statusTime: now,
      statusUserId: reviewer.userId,
      comment,
    });
    if (!written)
      throw conflict(
        "The dataset's review changed at the same moment. Read it again.",
        "Review changed meanwhile",
      );
    const reviewId = randomUUID();
    await store.insertDatasetReview(q, {
      reviewId,
      dataId,
      qaStatus: verdict.qaStatus,
      previousQaStatus: current.qaStatus,
      userId: reviewer.userId,
      isUpload: false,
      comment,
      overwriteDataPoints: overwrite,
      reviewedAt: now,
    });
    const recorded = await recordDatasetVerdict(trx, dataId, verdict.qaStatus, {
      overwriteDataPointQaStatus: overwrite,
      reviewerUserId: reviewer.userId,
    });
    if (!recorded) throw datasetNotFound(dataId);
    if (overwrite) {
      const retired = await store.retireDataPointEntriesOf(q, dataId);
      await store.insertDataPointEntries(
        q,
        retired.map(
          (entry): NewDataPointEntry => ({
            ...entry,
            qaStatus: verdict.qaStatus,
            userId: reviewer.userId,
            isUpload: false,
            comment,
            datasetReviewId: reviewId,
            reviewedAt: now,
          }),
        ),
      );
    }
    if (verdict.qaStatus !== current.qaStatus) {
      const dimension = {
        companyId: facts.companyId,
        dataType: facts.dataType,
        reportingPeriod: facts.reportingPeriod,
      };
      if (verdict.qaStatus === "Accepted") {
        const payload: DatasetAcceptedPayload = {
          dataId,
          ...dimension,
          reviewerUserId: reviewer.userId,
          comment,
        };
        await publishEvent(trx as never, DATASET_ACCEPTED, payload);
      } else if (verdict.qaStatus === "Rejected") {
        const payload: DatasetRejectedPayload = {
          dataId,
          ...dimension,
          uploaderUserId: facts.uploaderUserId,
          reviewerUserId: reviewer.userId,
          comment,
        };
        await publishEvent(trx as never, DATASET_REJECTED, payload);
      }
    }
    return current.version + 1;
  });
}

// ---- data points -------------------------------------------------------------------------------

/** The current review entry of a data point, started on first use. */
async function trackedDataPoint(db: AnyExecutor, facts: DataPointFacts): Promise<DataPointEntry | undefined> {
  const { dataPointId } = facts;
  let current = await store.currentDataPointEntry(qaDb(db), dataPointId);
  if (!current) {
    await trackedDataset(db, facts.dataId);
    current = await store.currentDataPointEntry(qaDb(db), dataPointId);
  }
  return current;
}

/** Every state the review of a data point has had, newest first, and its current version. */
export async function getDataPointReviewHistory(
  db: AnyExecutor,
  actor: Actor,
  dataPointId: string,
): Promise<{ history: DataPointQaReviewInformation[]; version: number }> {
  const facts = await dataPointFacts(db, dataPointId, actor);
  if (!facts) throw dataPointNotFound(dataPointId);
  authorize(actor, can(actor, "readReviewOf", facts), REVIEW_REFUSED);
  const current = await trackedDataPoint(db, facts);
  if (!current) throw dataPointNotFound(dataPointId);
  const history = await store.dataPointHistory(qaDb(db), facts);
  return { history: await dataPointResponses(db, history), version: current.seq };
}

export interface DataPointQuery {
  companyId?: string;
  dataType?: string;
  reportingPeriod?: string;
  qaStatus?: QaStatus;
  showOnlyActive: boolean;
  chunkSize: number;
  chunkIndex: number;
}

/** A framework name matches the data points of its datasets; any other name a data point type. */
const FRAMEWORKS: ReadonlySet<string> = new Set(dataTypes);

/** Data point reviews by filter, newest first: the current state of each, or every entry. */
export async function listDataPointReviews(
  db: AnyExecutor,
  actor: Actor,
  query: DataPointQuery,
): Promise<DataPointQaReviewInformation[]> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  if (query.companyId !== undefined && !isUuid(query.companyId)) return [];
  const entries = await store.searchDataPointEntries(
    qaDb(db),
    {
      ...(query.companyId !== undefined ? { companyId: query.companyId } : {}),
      ...(query.dataType !== undefined
        ? FRAMEWORKS.has(query.dataType)
          ? { dataType: query.dataType }
          : { dataPointType: query.dataType }
        : {}),
      ...(query.reportingPeriod !== undefined ? { reportingPeriod: query.reportingPeriod } : {}),
      ...(query.qaStatus !== undefined ? { qaStatus: query.qaStatus } : {}),
      onlyCurrent: query.showOnlyActive,
    },
    { limit: query.chunkSize, offset: query.chunkSize * query.chunkIndex },
  );
  return dataPointResponses(db, entries);
}

/** Data points awaiting review, newest upload first. */
export async function dataPointReviewQueue(
  db: AnyExecutor,
  actor: Actor,
  paging: { chunkSize: number; chunkIndex: number },
): Promise<DataPointQaReviewInformation[]> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  const entries = await store.dataPointQueue(qaDb(db), {
    limit: paging.chunkSize,
    offset: paging.chunkSize * paging.chunkIndex,
  });
  return dataPointResponses(db, entries);
}

export interface DataPointVerdict {
  qaStatus: QaStatus;
  comment?: string;
  ifMatch?: string;
}

/**
 * Judges one data point: a new history entry and its status with the datasets module, which makes
 * the newest accepted data point of its type the active one. Returns the new version.
 */
export async function judgeDataPoint(
  db: AnyExecutor,
  actor: Actor,
  dataPointId: string,
  verdict: DataPointVerdict,
): Promise<number> {
  authorize(actor, can(actor, "judge"), JUDGING_REFUSED);
  const expectedVersion = parseIfMatch(verdict.ifMatch);
  if (!isUuid(dataPointId)) throw dataPointNotFound(dataPointId);
  const comment = normalizedComment(verdict.comment);
  return runInTransaction(db, async (trx) => {
    const q = qaDb(trx);
    const facts = await dataPointFacts(trx, dataPointId, actor);
    if (!facts) throw dataPointNotFound(dataPointId);
    const reviewer = authorize(actor, can(actor, "judgeUpload", facts), OWN_UPLOAD_REFUSED);
    await trackDataset(trx, facts.dataId);
    const current = await store.currentDataPointEntry(q, dataPointId, true);
    if (!current) throw dataPointNotFound(dataPointId);
    checkExpectedState(
      "data point",
      {
        qaStatus: current.qaStatus,
        statusUserId: current.userId,
        statusTime: current.reviewedAt,
        version: current.seq,
      },
      expectedVersion,
      verdict.qaStatus,
    );
    if (!(await store.retireDataPointEntry(q, current)))
      throw conflict(
        "The data point's review changed at the same moment. Read it again.",
        "Review changed meanwhile",
      );
    await store.insertDataPointEntries(q, [
      {
        ...current,
        qaStatus: verdict.qaStatus,
        userId: reviewer.userId,
        isUpload: false,
        comment,
        datasetReviewId: null,
        reviewedAt: Date.now(),
      },
    ]);
    await recordDataPointVerdict(trx, dataPointId, verdict.qaStatus);
    const after = await store.currentDataPointEntry(q, dataPointId);
    return after?.seq ?? current.seq + 1;
  });
}
