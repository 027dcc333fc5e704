/** The data point review queue: finding data points to review, reading a data point's review, judging it. */
import { dataTypes } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { conflict, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import {
  allDataPointKeys,
  companyNames,
  type DataPointFacts,
  dataPointFacts,
  recordDataPointVerdict,
} from "./neighbours";
import { can } from "./policy";
import {
  checkExpectedState,
  JUDGING_REFUSED,
  materializeDataPoints,
  normalizedComment,
  OWN_UPLOAD_REFUSED,
  parseIfMatch,
  QUEUES_REFUSED,
  REVIEW_REFUSED,
  runInTransaction,
  trackDataset,
  trackedDataset,
} from "./service";
import * as store from "./store";
import { type AnyExecutor, type DataPointEntry, type QaStatus, qaDb } from "./store";

// ---- wire shape ---------------------------------------------------------------------------------

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

const dataPointNotFound = (dataPointId: string) =>
  notFound(`There is no data point with the id ${dataPointId}.`, "Data point not found");

// ---- data points -------------------------------------------------------------------------------

/** The current review entry of a data point, started on first use. */
async function trackedDataPoint(db: AnyExecutor, facts: DataPointFacts): Promise<DataPointEntry | undefined> {
  const { dataPointId } = facts;
  let current = await store.currentDataPointEntry(qaDb(db), dataPointId, allDataPointKeys());
  if (!current) {
    await trackedDataset(db, facts.dataId);
    current = await store.currentDataPointEntry(qaDb(db), dataPointId, allDataPointKeys());
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
  const history = await store.dataPointHistory(qaDb(db), facts, allDataPointKeys());
  return { history: await dataPointResponses(db, history), version: current.version };
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
    allDataPointKeys(),
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
  const entries = await store.dataPointQueue(
    qaDb(db),
    { limit: paging.chunkSize, offset: paging.chunkSize * paging.chunkIndex },
    allDataPointKeys(),
  );
  return dataPointResponses(db, entries);
}

export interface DataPointVerdict {
  qaStatus: QaStatus;
  comment?: string;
  ifMatch?: string;
}

/**
 * Judges one data point: a new history entry and its status with the datasets module, which makes
 * the newest accepted data point of its type the active one. Returns the new version. The upload
 * entries of the dataset's data points get their rows first (the first change), so that the version
 * read before (0 for an upload entry) still names the current entry.
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
    await materializeDataPoints(trx, facts.dataId);
    const current = await store.lockCurrentDataPointEntry(q, dataPointId);
    if (!current) throw dataPointNotFound(dataPointId);
    checkExpectedState(
      "data point",
      {
        qaStatus: current.qaStatus,
        statusUserId: current.userId,
        statusTime: current.reviewedAt,
        version: current.version,
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
    const after = await store.lockCurrentDataPointEntry(q, dataPointId);
    if (!after) throw dataPointNotFound(dataPointId);
    return after.version;
  });
}
