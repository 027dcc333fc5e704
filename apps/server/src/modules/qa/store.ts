/**
 * SQL for the qa module's own tables (migrations/001_create_qa_tables.sql,
 * 002_narrower_data_point_reviews.sql and 007_data_point_entries_on_first_change.sql), nothing else.
 */

import type { QaStatus } from "@openverde/frameworks/qa-status";
import {
  type Generated,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
  type Transaction,
} from "kysely";
import { PREPARED } from "../../platform/db/prepared-statements";

export type { QaStatus };

// A type alias (not an interface), so it fits Kysely's table-record constraint.
export type QaTables = {
  qa_dataset: {
    data_id: string;
    company_id: string;
    data_type: string;
    reporting_period: string;
    uploader_user_id: string | null;
    upload_time: number;
    qa_status: QaStatus;
    version: Generated<number>;
    status_time: number;
    status_user_id: string | null;
    comment: string | null;
    data_points_materialized: Generated<boolean>;
  };
  qa_dataset_review: {
    review_id: string;
    data_id: string;
    seq: Generated<number>;
    qa_status: QaStatus;
    previous_qa_status: QaStatus | null;
    user_id: string | null;
    is_upload: Generated<boolean>;
    comment: string | null;
    overwrite_data_points: Generated<boolean>;
    reviewed_at: number;
  };
  qa_data_point_review: {
    data_point_id: string;
    seq: Generated<number>;
    data_id: string;
    company_id: string;
    data_type: string;
    data_point_type: string;
    reporting_period: string;
    upload_time: number;
    qa_status: QaStatus;
    user_id: string | null;
    is_upload: Generated<boolean>;
    comment: string | null;
    dataset_review_id: string | null;
    reviewed_at: number;
    latest: Generated<boolean>;
  };
};

export type QaDb = Kysely<QaTables> | Transaction<QaTables>;
/** Any executor: the platform's Kysely, another module's view of it, or a transaction. */
// biome-ignore lint/suspicious/noExplicitAny: any module's Kysely or transaction is accepted here.
export type AnyExecutor = Kysely<any> | Transaction<any>;

export const qaDb = (db: AnyExecutor): QaDb =>
  (db as Kysely<Record<string, never>>).withTables<QaTables>() as unknown as QaDb;

// ---- datasets ----------------------------------------------------------------------------------

export interface QaDatasetRow {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  uploaderUserId: string | null;
  uploadTime: number;
  qaStatus: QaStatus;
  version: number;
  statusTime: number;
  statusUserId: string | null;
  comment: string | null;
}

const datasetColumns = [
  "data_id as dataId",
  "company_id as companyId",
  "data_type as dataType",
  "reporting_period as reportingPeriod",
  "uploader_user_id as uploaderUserId",
  "upload_time as uploadTime",
  "qa_status as qaStatus",
  "version",
  "status_time as statusTime",
  "status_user_id as statusUserId",
  "comment",
] as const;

function toDatasetRow(row: Record<string, unknown>): QaDatasetRow {
  return {
    dataId: String(row.dataId),
    companyId: String(row.companyId),
    dataType: String(row.dataType),
    reportingPeriod: String(row.reportingPeriod),
    uploaderUserId: (row.uploaderUserId as string | null) ?? null,
    uploadTime: Number(row.uploadTime),
    qaStatus: row.qaStatus as QaStatus,
    version: Number(row.version),
    statusTime: Number(row.statusTime),
    statusUserId: (row.statusUserId as string | null) ?? null,
    comment: (row.comment as string | null) ?? null,
  };
}

/**
 * Starts tracking an uploaded dataset in one statement, copying its facts from the select the datasets
 * module gives (`dataset`: its meta information): the review row and the upload as the first history
 * entry. Its data points get no rows of their own until something changes their review
 * (materializeDataPointEntries); until then each one's review is this upload. Does nothing when the
 * dataset is tracked already or `dataset` selects no row.
 */
export async function insertUploadedDataset(trx: QaDb, dataset: RawBuilder<unknown>): Promise<void> {
  await sql`${sql.raw(PREPARED)}
    with tracked as (
      insert into qa_dataset (data_id, company_id, data_type, reporting_period, uploader_user_id, upload_time,
        qa_status, status_time, status_user_id, comment, data_points_materialized)
      select d.data_id, d.company_id, d.data_type, d.reporting_period, d.uploader_user_id, d.upload_time,
        d.qa_status, d.upload_time, d.uploader_user_id, null, false
      from (${dataset}) as d
      on conflict (data_id) do nothing
      returning data_id, uploader_user_id, upload_time, qa_status
    )
    insert into qa_dataset_review (review_id, data_id, qa_status, previous_qa_status, user_id, is_upload, comment,
      overwrite_data_points, reviewed_at)
    select gen_random_uuid(), t.data_id, t.qa_status, null, t.uploader_user_id, true, null, false, t.upload_time
    from tracked as t`.execute(trx);
}

/**
 * Writes the upload entry of each data point of a dataset whose data points have none yet (the rows
 * an upload used to write), from its review row and the select of its data points' keys the datasets
 * module gives; for a change of their review inside the caller's transaction, before it. Until the
 * first change the dataset's review row still holds the upload's state, so the entries are the ones
 * the readers showed. The flag is set in the same statement, and only the transaction that changes it
 * writes the entries: a second one waits for the first one's row lock, then finds the flag set.
 */
export async function materializeDataPointEntries(
  trx: QaDb,
  dataId: string,
  dataPoints: RawBuilder<unknown>,
): Promise<void> {
  await sql`${sql.raw(PREPARED)}
    with claimed as (
      update qa_dataset set data_points_materialized = true
      where data_id = ${dataId}::uuid and not data_points_materialized
      returning data_id, company_id, data_type, reporting_period, uploader_user_id, upload_time, qa_status
    )
    insert into qa_data_point_review (data_point_id, data_id, company_id, data_type, data_point_type,
      reporting_period, upload_time, qa_status, user_id, is_upload, comment, dataset_review_id, reviewed_at, latest)
    select p.data_point_id, c.data_id, c.company_id, c.data_type, p.data_point_type,
      c.reporting_period, c.upload_time, c.qa_status, c.uploader_user_id, true, null, null, c.upload_time, true
    from claimed as c join (${dataPoints}) as p on p.data_id = c.data_id`.execute(trx);
}

export async function findDataset(db: QaDb, dataId: string): Promise<QaDatasetRow | undefined> {
  const row = await db
    .selectFrom("qa_dataset")
    .select(datasetColumns)
    .where("data_id", "=", dataId)
    .executeTakeFirst();
  return row ? toDatasetRow(row) : undefined;
}

/**
 * Reads the dataset's review state and locks its row until the transaction ends: a second verdict
 * on the same dataset waits here and then sees what the first one wrote.
 */
export async function lockDataset(trx: QaDb, dataId: string): Promise<QaDatasetRow | undefined> {
  const row = await trx
    .selectFrom("qa_dataset")
    .select(datasetColumns)
    .where("data_id", "=", dataId)
    .forUpdate()
    .executeTakeFirst();
  return row ? toDatasetRow(row) : undefined;
}

/** Writes a new review state, only over the version it was decided on; false when that has changed. */
export async function updateDatasetState(
  trx: QaDb,
  dataId: string,
  expectedVersion: number,
  state: { qaStatus: QaStatus; statusTime: number; statusUserId: string; comment: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable("qa_dataset")
    .set((eb) => ({
      qa_status: state.qaStatus,
      status_time: state.statusTime,
      status_user_id: state.statusUserId,
      comment: state.comment,
      version: eb("version", "+", 1),
    }))
    .where("data_id", "=", dataId)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface DatasetReviewEntry {
  reviewId: string;
  dataId: string;
  qaStatus: QaStatus;
  previousQaStatus: QaStatus | null;
  userId: string | null;
  isUpload: boolean;
  comment: string | null;
  overwriteDataPoints: boolean;
  reviewedAt: number;
}

export async function insertDatasetReview(trx: QaDb, entry: DatasetReviewEntry): Promise<void> {
  await trx
    .insertInto("qa_dataset_review")
    .values({
      review_id: entry.reviewId,
      data_id: entry.dataId,
      qa_status: entry.qaStatus,
      previous_qa_status: entry.previousQaStatus,
      user_id: entry.userId,
      is_upload: entry.isUpload,
      comment: entry.comment,
      overwrite_data_points: entry.overwriteDataPoints,
      reviewed_at: entry.reviewedAt,
    })
    .execute();
}

/** The review history of a dataset, oldest first. */
export async function datasetHistory(db: QaDb, dataId: string): Promise<DatasetReviewEntry[]> {
  const rows = await db
    .selectFrom("qa_dataset_review")
    .select([
      "review_id as reviewId",
      "data_id as dataId",
      "qa_status as qaStatus",
      "previous_qa_status as previousQaStatus",
      "user_id as userId",
      "is_upload as isUpload",
      "comment",
      "overwrite_data_points as overwriteDataPoints",
      "reviewed_at as reviewedAt",
    ])
    .where("data_id", "=", dataId)
    .orderBy("seq")
    .execute();
  return rows.map((row) => ({ ...row, isUpload: Boolean(row.isUpload), reviewedAt: Number(row.reviewedAt) }));
}

export interface DatasetFilter {
  dataTypes?: readonly string[];
  reportingPeriods?: readonly string[];
  qaStatus?: QaStatus;
  /** Only datasets of these companies (after a company name filter). */
  companyIds?: readonly string[];
}

type DatasetQuery<O> = SelectQueryBuilder<QaTables, "qa_dataset", O>;

function applyDatasetFilter<O>(query: DatasetQuery<O>, filter: DatasetFilter): DatasetQuery<O> {
  let q = query;
  if (filter.dataTypes && filter.dataTypes.length > 0) q = q.where("data_type", "in", [...filter.dataTypes]);
  if (filter.reportingPeriods && filter.reportingPeriods.length > 0)
    q = q.where("reporting_period", "in", [...filter.reportingPeriods]);
  if (filter.qaStatus) q = q.where("qa_status", "=", filter.qaStatus);
  if (filter.companyIds) q = q.where(sql<boolean>`company_id = any(${[...filter.companyIds]}::uuid[])`);
  return q;
}

/** Datasets by filter, oldest upload first. */
export async function searchDatasets(
  db: QaDb,
  filter: DatasetFilter,
  paging: { limit: number; offset: number },
): Promise<QaDatasetRow[]> {
  const rows = await applyDatasetFilter(db.selectFrom("qa_dataset").select(datasetColumns), filter)
    .orderBy("upload_time")
    .orderBy("data_id")
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return rows.map(toDatasetRow);
}

export async function countDatasets(db: QaDb, filter: DatasetFilter): Promise<number> {
  const row = await applyDatasetFilter(
    db.selectFrom("qa_dataset").select((eb) => eb.fn.countAll<number>().as("n")),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The companies that have datasets matching the filter. */
export async function companyIdsOf(db: QaDb, filter: DatasetFilter): Promise<string[]> {
  const rows = await applyDatasetFilter(
    db.selectFrom("qa_dataset").select("company_id").distinct(),
    filter,
  ).execute();
  return rows.map((row) => row.company_id);
}

// ---- data points -------------------------------------------------------------------------------

/**
 * One entry of a data point's review history. `version` names the entry for If-Match: 0 for the
 * upload entry (whether its row has been written yet or not), the entry's `seq` for a verdict.
 */
export interface DataPointEntry {
  dataPointId: string;
  version: number;
  dataId: string;
  companyId: string;
  dataType: string;
  dataPointType: string;
  reportingPeriod: string;
  uploadTime: number;
  qaStatus: QaStatus;
  userId: string | null;
  isUpload: boolean;
  comment: string | null;
  datasetReviewId: string | null;
  reviewedAt: number;
}

/** An entry with its row in qa_data_point_review, named by its data point and `seq`. */
export interface StoredDataPointEntry extends DataPointEntry {
  seq: number;
}

export type NewDataPointEntry = Omit<DataPointEntry, "version">;

/** The version of an entry (DataPointEntry) computed from its row. */
const VERSION = sql`case when is_upload then 0::bigint else seq end`;

/** The columns of an entry of qa_data_point_review, as both kinds of entries below select them. */
const STORED_COLUMNS = sql`data_point_id as "dataPointId", data_id as "dataId", company_id as "companyId",
  data_type as "dataType", data_point_type as "dataPointType", reporting_period as "reportingPeriod",
  upload_time as "uploadTime", qa_status as "qaStatus", user_id as "userId", is_upload as "isUpload", comment,
  dataset_review_id as "datasetReviewId", reviewed_at as "reviewedAt", ${VERSION} as version`;

/** The entries with their rows (of datasets whose data points have them), matching the conditions. */
function storedEntries(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`select ${STORED_COLUMNS} from qa_data_point_review
    where ${conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`}`;
}

/**
 * The upload entries without rows: one for each data point (from `dataPoints`, the datasets module's
 * select of all data points' keys) of a dataset whose data points have no rows yet, matching the
 * conditions on its review row `d` and data point `p`. Such a dataset's review row still holds the
 * upload's state.
 */
function uploadEntries(
  dataPoints: RawBuilder<unknown>,
  conditions: readonly RawBuilder<unknown>[],
): RawBuilder<unknown> {
  return sql`select p.data_point_id as "dataPointId", d.data_id as "dataId", d.company_id as "companyId",
      d.data_type as "dataType", p.data_point_type as "dataPointType", d.reporting_period as "reportingPeriod",
      d.upload_time as "uploadTime", d.qa_status as "qaStatus", d.uploader_user_id as "userId",
      true as "isUpload", null::text as comment, null::uuid as "datasetReviewId", d.upload_time as "reviewedAt",
      0::bigint as version
    from qa_dataset as d join (${dataPoints}) as p on p.data_id = d.data_id
    where not d.data_points_materialized${sql.join(
      conditions.map((condition) => sql` and ${condition}`),
      sql``,
    )}`;
}

function toDataPointEntry(row: Record<string, unknown>): DataPointEntry {
  return {
    dataPointId: String(row.dataPointId),
    version: Number(row.version),
    dataId: String(row.dataId),
    companyId: String(row.companyId),
    dataType: String(row.dataType),
    dataPointType: String(row.dataPointType),
    reportingPeriod: String(row.reportingPeriod),
    uploadTime: Number(row.uploadTime),
    qaStatus: row.qaStatus as QaStatus,
    userId: (row.userId as string | null) ?? null,
    isUpload: Boolean(row.isUpload),
    comment: (row.comment as string | null) ?? null,
    datasetReviewId: (row.datasetReviewId as string | null) ?? null,
    reviewedAt: Number(row.reviewedAt),
  };
}

const toStoredDataPointEntry = (row: Record<string, unknown>): StoredDataPointEntry => ({
  ...toDataPointEntry(row),
  seq: Number(row.seq),
});

/**
 * Both kinds of entries matching the conditions, in the order and page given. With a page, each kind
 * is ordered and cut to the page's end by itself first: that lets each be read in order through its
 * own index (the entries' queue index; the datasets by upload time, then their data points), stopping
 * at the page's end, instead of joining every dataset's data points to sort them all.
 */
async function entries(
  db: QaDb,
  parts: { stored: readonly RawBuilder<unknown>[]; upload: readonly RawBuilder<unknown>[] },
  dataPoints: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  paging?: { limit: number; offset: number },
): Promise<DataPointEntry[]> {
  const stored = storedEntries(parts.stored);
  const upload = uploadEntries(dataPoints, parts.upload);
  const { rows } = await (paging
    ? sql<Record<string, unknown>>`
      select * from (
        (${stored} order by ${order} limit ${paging.offset + paging.limit})
        union all
        (${upload} order by ${order} limit ${paging.offset + paging.limit})
      ) as e
      order by ${order} limit ${paging.limit} offset ${paging.offset}`
    : sql<Record<string, unknown>>`
      select * from (${stored} union all ${upload}) as e order by ${order}`
  ).execute(db);
  return rows.map(toDataPointEntry);
}

/** Adds new current entries for data points; their previous entries must have been retired first. */
export async function insertDataPointEntries(
  trx: QaDb,
  entries: readonly NewDataPointEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await sql`insert into qa_data_point_review (data_point_id, data_id, company_id, data_type, data_point_type,
      reporting_period, upload_time, qa_status, user_id, is_upload, comment, dataset_review_id, reviewed_at, latest)
    select e.data_point_id, e.data_id, e.company_id, e.data_type, e.data_point_type, e.reporting_period,
      e.upload_time, e.qa_status, e.user_id, e.is_upload, e.comment, e.dataset_review_id, e.reviewed_at, true
    from unnest(
      ${entries.map((e) => e.dataPointId)}::uuid[],
      ${entries.map((e) => e.dataId)}::uuid[], ${entries.map((e) => e.companyId)}::uuid[],
      ${entries.map((e) => e.dataType)}::text[], ${entries.map((e) => e.dataPointType)}::text[],
      ${entries.map((e) => e.reportingPeriod)}::text[], ${entries.map((e) => e.uploadTime)}::bigint[],
      ${entries.map((e) => e.qaStatus)}::text[], ${entries.map((e) => e.userId)}::text[],
      ${entries.map((e) => e.isUpload)}::boolean[], ${entries.map((e) => e.comment)}::text[],
      ${entries.map((e) => e.datasetReviewId)}::uuid[], ${entries.map((e) => e.reviewedAt)}::bigint[]
    ) as e(data_point_id, data_id, company_id, data_type, data_point_type, reporting_period, upload_time,
      qa_status, user_id, is_upload, comment, dataset_review_id, reviewed_at)`.execute(trx);
}

/**
 * Retires the current entries of all data points of a dataset (whose entries have been materialized);
 * returns them.
 */
export async function retireDataPointEntriesOf(trx: QaDb, dataId: string): Promise<StoredDataPointEntry[]> {
  const { rows } = await sql<Record<string, unknown>>`update qa_data_point_review set latest = false
    where data_id = ${dataId}::uuid and latest
    returning ${STORED_COLUMNS}, seq`.execute(trx);
  return rows.map(toStoredDataPointEntry);
}

/**
 * The current entry of a data point, with or without its row. `dataPoints`: the datasets module's
 * select of all data points' keys.
 */
export async function currentDataPointEntry(
  db: QaDb,
  dataPointId: string,
  dataPoints: RawBuilder<unknown>,
): Promise<DataPointEntry | undefined> {
  const [entry] = await entries(
    db,
    {
      stored: [sql`data_point_id = ${dataPointId}::uuid`, sql`latest`],
      upload: [sql`p.data_point_id = ${dataPointId}::uuid`],
    },
    dataPoints,
    sql`version desc`,
  );
  return entry;
}

/**
 * The current entry of a data point of a dataset whose entries have been materialized; its row stays
 * locked until the transaction ends.
 */
export async function lockCurrentDataPointEntry(
  trx: QaDb,
  dataPointId: string,
): Promise<StoredDataPointEntry | undefined> {
  const { rows } = await sql<Record<string, unknown>>`select ${STORED_COLUMNS}, seq from qa_data_point_review
    where data_point_id = ${dataPointId}::uuid and latest for update`.execute(trx);
  return rows[0] && toStoredDataPointEntry(rows[0]);
}

/** Retires the current entry only if it is still the one the verdict was decided on. */
export async function retireDataPointEntry(
  trx: QaDb,
  entry: Pick<StoredDataPointEntry, "dataPointId" | "seq">,
): Promise<boolean> {
  const result = await trx
    .updateTable("qa_data_point_review")
    .set({ latest: false })
    .where("data_point_id", "=", entry.dataPointId)
    .where("latest", "=", true)
    .where("seq", "=", entry.seq)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Every entry of a data point, newest first (the upload last). The rows are found among the entries of
 * its dataset (the primary key), which spares the entries the insertions into an index of their own.
 */
export async function dataPointHistory(
  db: QaDb,
  point: { dataId: string; dataPointId: string },
  dataPoints: RawBuilder<unknown>,
): Promise<DataPointEntry[]> {
  return entries(
    db,
    {
      stored: [sql`data_id = ${point.dataId}::uuid`, sql`data_point_id = ${point.dataPointId}::uuid`],
      upload: [sql`d.data_id = ${point.dataId}::uuid`, sql`p.data_point_id = ${point.dataPointId}::uuid`],
    },
    dataPoints,
    sql`version desc`,
  );
}

export interface DataPointFilter {
  companyId?: string;
  /** A framework: data points of its datasets. */
  dataType?: string;
  /** A data point type. */
  dataPointType?: string;
  reportingPeriod?: string;
  qaStatus?: QaStatus;
  /** Only the current entry of each data point (otherwise every entry). */
  onlyCurrent: boolean;
}

/**
 * Data point review entries by filter, newest first; among entries of the same moment verdicts
 * newest first, then upload entries by dataset and data point type. `dataPoints`: the datasets
 * module's select of all data points' keys.
 */
export async function searchDataPointEntries(
  db: QaDb,
  filter: DataPointFilter,
  paging: { limit: number; offset: number },
  dataPoints: RawBuilder<unknown>,
): Promise<DataPointEntry[]> {
  const stored: RawBuilder<unknown>[] = [];
  const upload: RawBuilder<unknown>[] = [];
  if (filter.onlyCurrent) stored.push(sql`latest`);
  if (filter.companyId !== undefined) {
    // Through the company's datasets (qa_dataset_company, then the primary key): the entries have no
    // index by company, which every change would have to touch.
    stored.push(
      sql`data_id in (select data_id from qa_dataset where company_id = ${filter.companyId}::uuid)`,
    );
    upload.push(sql`d.company_id = ${filter.companyId}::uuid`);
  }
  if (filter.dataType !== undefined) {
    stored.push(sql`data_type = ${filter.dataType}`);
    upload.push(sql`d.data_type = ${filter.dataType}`);
  }
  if (filter.dataPointType !== undefined) {
    stored.push(sql`data_point_type = ${filter.dataPointType}`);
    upload.push(sql`p.data_point_type = ${filter.dataPointType}`);
  }
  if (filter.reportingPeriod !== undefined) {
    stored.push(sql`reporting_period = ${filter.reportingPeriod}`);
    upload.push(sql`d.reporting_period = ${filter.reportingPeriod}`);
  }
  if (filter.qaStatus !== undefined) {
    stored.push(sql`qa_status = ${filter.qaStatus}`);
    upload.push(sql`d.qa_status = ${filter.qaStatus}`);
  }
  return entries(
    db,
    { stored, upload },
    dataPoints,
    sql`"reviewedAt" desc, version desc, "dataId", "dataPointType"`,
    paging,
  );
}

/**
 * Data points awaiting review, newest upload first. `dataPoints`: the datasets module's select of all
 * data points' keys.
 */
export async function dataPointQueue(
  db: QaDb,
  paging: { limit: number; offset: number },
  dataPoints: RawBuilder<unknown>,
): Promise<DataPointEntry[]> {
  return entries(
    db,
    { stored: [sql`latest`, sql`qa_status = 'Pending'`], upload: [sql`d.qa_status = 'Pending'`] },
    dataPoints,
    sql`"uploadTime" desc, "dataId", "dataPointType"`,
    paging,
  );
}
