/** The dataset review queue: finding datasets to review, reading a dataset's review, judging it. */
import { randomUUID } from "node:crypto";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { conflict, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { recordAudit } from "../audit";
import {
  companyNames,
  datasetFacts,
  dimensionKey,
  recordDatasetVerdict,
  waitingRequestPriorities,
} from "./neighbours";
import { can } from "./policy";
import {
  checkExpectedState,
  DATASET_ACCEPTED,
  DATASET_REJECTED,
  type DatasetAcceptedPayload,
  type DatasetRejectedPayload,
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
import {
  type AnyExecutor,
  type DatasetFilter,
  type DatasetReviewEntry,
  type NewDataPointEntry,
  type QaDatasetRow,
  type QaStatus,
  qaDb,
} from "./store";

// ---- wire shape ---------------------------------------------------------------------------------

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

const datasetNotFound = (dataId: string) =>
  notFound(`There is no dataset with the id ${dataId}.`, "Dataset not found");

const fold = (text: string): string => text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");

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
  return runInTransaction(db, (trx) =>
    judgeDatasetInTransaction(trx, actor, dataId, verdict, expectedVersion),
  );
}

/**
 * The same verdict inside the caller's transaction, over the state of version `expectedVersion` (or
 * awaiting review without it): dataset judgements finish with one, together with their own writes.
 */
export async function judgeDatasetInTransaction(
  trx: AnyExecutor,
  actor: Actor,
  dataId: string,
  verdict: Omit<DatasetVerdict, "ifMatch">,
  expectedVersion?: number,
): Promise<number> {
  const comment = normalizedComment(verdict.comment);
  const overwrite = verdict.overwriteDataPointQaStatus ?? false;
  const q = qaDb(trx);
  const facts = await datasetFacts(trx, dataId, actor);
  if (!facts) throw datasetNotFound(dataId);
  const reviewer: SignedInActor = authorize(actor, can(actor, "judgeUpload", facts), OWN_UPLOAD_REFUSED);
  await trackDataset(trx, dataId);
  const current = await store.lockDataset(q, dataId);
  if (!current) throw datasetNotFound(dataId);
  checkExpectedState("dataset", current, expectedVersion, verdict.qaStatus);
  // Before the review row changes: its upload state is what the data points' upload entries are made of.
  await materializeDataPoints(trx, dataId);

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
  await recordAudit(trx as never, reviewer, {
    action: "dataset.review-decided",
    objectType: "dataset",
    objectId: dataId,
    before: { qaStatus: current.qaStatus },
    after: { qaStatus: verdict.qaStatus, comment },
  });
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
}
