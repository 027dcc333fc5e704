import type { QaStatus } from "@openverde/frameworks/qa-status";
import { type Generated, type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { AnyDb } from "../../platform/db/database";
import { PREPARED, prepared } from "../../platform/db/prepared-statements";
import { timeOrderedUuid } from "../../platform/time-ordered-uuid";

export type { QaStatus };

/** The tables of the datasets module (migrations/001_create_datasets.sql). */
export type DatasetTables = {
  dataset: {
    data_id: string;
    company_id: string;
    data_type: string;
    reporting_period: string;
    uploader_user_id: string | null;
    upload_time: number;
    upload_seq: Generated<number>;
    qa_status: QaStatus;
    currently_active: Generated<boolean>;
    /** The framework JSON as text (migration 010). */
    data: string;
  };
  dataset_data_point: {
    data_point_id: string;
    data_id: string;
    data_type: string;
    data_point_type: string;
    company_id: string;
    reporting_period: string;
    value: unknown;
    qa_status: QaStatus;
    currently_active: Generated<boolean>;
  };
  dataset_non_sourceable: {
    non_sourceability_id: string;
    company_id: string;
    data_type: string;
    reporting_period: string;
    reason: string | null;
    uploader_user_id: string;
    upload_time: number;
    upload_seq: Generated<number>;
    qa_status: QaStatus;
    bypass_qa: boolean;
    currently_active: Generated<boolean>;
  };
  dataset_export_job: {
    export_job_id: string;
    user_id: string;
    data_type: string;
    request: unknown;
    file_format: string;
    state: Generated<"Pending" | "Success" | "Failure">;
    file_name: string | null;
    media_type: string | null;
    size_bytes: number | null;
    error: string | null;
    created_at: Generated<Date>;
    finished_at: Date | null;
  };
  dataset_export_chunk: {
    export_job_id: string;
    seq: number;
    data: Uint8Array;
  };
  dataset_document: {
    data_id: string;
    document_id: string;
    private: boolean;
  };
};

export type DatasetsDb = Kysely<DatasetTables> | Transaction<DatasetTables>;
/** Any executor another module may hand us (a Kysely of its own tables or a transaction). */
// biome-ignore lint/suspicious/noExplicitAny: any module's Kysely or transaction is accepted here.
export type AnyExecutor = Kysely<any> | Transaction<any> | AnyDb;

export const datasetsDb = (db: AnyExecutor): DatasetsDb =>
  (db as Kysely<Record<string, never>>).withTables<DatasetTables>() as unknown as DatasetsDb;

/**
 * The data type of the versions that carry a single data point (POST /data-points): stored like a
 * dataset, so it is read and reviewed like one, but no framework's dataset: it is never the active
 * dataset of a dimension (its data point becomes the active one of its type when accepted), and lists
 * of datasets leave it out unless asked for it by its type.
 */
export const SINGLE_DATA_POINT_TYPE = "data-point";

/** The meta information of one stored dataset, without its data. */
export interface DatasetMetaRow {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  uploaderUserId: string | null;
  uploadTime: number;
  qaStatus: QaStatus;
  currentlyActive: boolean;
}

export const metaColumns = [
  "data_id as dataId",
  "company_id as companyId",
  "data_type as dataType",
  "reporting_period as reportingPeriod",
  "uploader_user_id as uploaderUserId",
  "upload_time as uploadTime",
  "qa_status as qaStatus",
  "currently_active as currentlyActive",
] as const;

export function toMetaRow(row: Record<string, unknown>): DatasetMetaRow {
  return {
    dataId: String(row.dataId),
    companyId: String(row.companyId),
    dataType: String(row.dataType),
    reportingPeriod: String(row.reportingPeriod),
    uploaderUserId: (row.uploaderUserId as string | null) ?? null,
    uploadTime: Number(row.uploadTime),
    qaStatus: row.qaStatus as QaStatus,
    currentlyActive: Boolean(row.currentlyActive),
  };
}

export interface NewDataset {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  uploaderUserId: string | null;
  uploadTime: number;
  qaStatus: QaStatus;
  /** The framework JSON as text, stored as it is. */
  dataJson: string;
}

/**
 * Inserts a version with its data points, citations and the event announcing it in one statement
 * (one round trip, atomic without a transaction), the children selecting the parent's id so the
 * foreign keys hold. The framework JSON is sent once: it is stored as it came (text), and the data
 * points' values are taken out of it by their paths (jsonb), which also refuses any text that is no
 * JSON (datasets migration 010).
 *
 * The data points are inserted in the order of the index by dataset and type key, and their ids,
 * which increase in the order they are made, are given out in that order too: so both that index and
 * the primary key take an upload's entries at the end of their range, instead of splitting pages in
 * the middle of it (about ten splits per full Taxonomy dataset for financials in the catalogue's
 * order, most writing half a page of write-ahead log; docs/datasets.md, session 14).
 */
export async function insertVersion(
  db: DatasetsDb,
  dataset: NewDataset,
  points: NewDataPoint[],
  documentIds: string[],
  isPrivate: boolean,
  event: RawBuilder<unknown>,
): Promise<void> {
  const dataPointIds = points.map(() => timeOrderedUuid(dataset.uploadTime));
  await sql`${sql.raw(PREPARED)}
    with document as (
      select text as original, text::jsonb as parsed from (select ${dataset.dataJson}::text as text) as sent
    ), point_ids as materialized (
      -- Materialized, so the list is read once, not once per data point.
      select string_to_array(${dataPointIds.join(",")}, ',')::uuid[] as ids
    ), version as (
      insert into dataset (data_id, company_id, data_type, reporting_period, uploader_user_id, upload_time, qa_status, data)
      select ${dataset.dataId}, ${dataset.companyId}, ${dataset.dataType}, ${dataset.reportingPeriod},
        ${dataset.uploaderUserId}, ${dataset.uploadTime}, ${dataset.qaStatus}, document.original
      from document
      returning data_id
    ), points as (
      insert into dataset_data_point (data_point_id, data_id, data_type, data_point_type, company_id, reporting_period, value, qa_status)
      select point_ids.ids[p.position], version.data_id, ${dataset.dataType}, p.type, ${dataset.companyId},
        ${dataset.reportingPeriod}, document.parsed #> string_to_array(p.path, '.'), ${dataset.qaStatus}
      from version, document, point_ids,
        (select type, path, row_number() over (order by data_point_type_key(type), type) as position
          from unnest(string_to_array(${joinedPointField(points, "dataPointType")}, ','),
            string_to_array(${joinedPointField(points, "path")}, ',')) as sent(type, path)) as p
      order by p.position
    ), event as (${event})
    insert into dataset_document (data_id, document_id, private)
    select version.data_id, d, ${isPrivate} from version, unnest(${documentIds}::text[]) as d`.execute(db);
}

/**
 * One field of every data point, joined by commas: the driver would send each field as an array
 * literal, quoting and escaping every element, which PostgreSQL then reads element by element (for a
 * full Taxonomy dataset for financials, three arrays of 236 elements took about 0.4 ms of the server's
 * and 0.7 ms of the database's CPU per upload). The ids go the same way. Data point types and paths
 * hold no comma (framework-data.test.ts checks every framework's), nor do ids.
 */
function joinedPointField(points: NewDataPoint[], field: keyof NewDataPoint): string {
  return points.map((point) => point[field]).join(",");
}

/**
 * The condition that the data point `alias` is of one of `types`, written so that the index by
 * dataset and type key (datasets migration 009) finds a dataset's entries: the key reaches them and
 * the type itself drops another type that shares its key.
 */
export function dataPointTypeIn(alias: string, types: readonly string[]): RawBuilder<boolean> {
  const type = sql.ref(`${alias}.data_point_type`);
  const list = [...types];
  return sql<boolean>`(data_point_type_key(${type}) = any(data_point_type_keys(${list}::text[]))
    and ${type} = any(${list}::text[]))`;
}

export interface NewDataPoint {
  dataPointType: string;
  /** Where the value sits in the framework JSON: its keys joined by dots. */
  path: string;
}

export async function findMeta(db: DatasetsDb, dataId: string): Promise<DatasetMetaRow | undefined> {
  const row = await db
    .selectFrom("dataset")
    .select(metaColumns)
    .where("data_id", "=", dataId)
    .executeTakeFirst();
  return row ? toMetaRow(row) : undefined;
}

export interface DatasetWithData extends DatasetMetaRow {
  /** The framework JSON as stored, as text. */
  dataText: string;
}

const dataColumns = [...metaColumns, sql<string>`data::text`.as("dataText")] as const;

function toDataRow(row: Record<string, unknown>): DatasetWithData {
  return { ...toMetaRow(row), dataText: String(row.dataText) };
}

export async function findDataset(db: DatasetsDb, dataId: string): Promise<DatasetWithData | undefined> {
  const row = await db
    .selectFrom("dataset")
    .select(dataColumns)
    .where("data_id", "=", dataId)
    .executeTakeFirst();
  return row ? toDataRow(row) : undefined;
}

export interface MetaSearch {
  companyId?: string;
  dataType?: string;
  reportingPeriod?: string;
  onlyActive?: boolean;
  uploaderUserIds?: string[];
  qaStatus?: QaStatus;
}

/** Newest first; with `withData` the framework JSON comes along as text. */
export async function searchDatasets(
  db: DatasetsDb,
  search: MetaSearch,
  withData: boolean,
  limit = 10_000,
): Promise<DatasetWithData[]> {
  let query = db.selectFrom("dataset").select(withData ? dataColumns : metaColumns);
  if (search.companyId !== undefined) query = query.where("company_id", "=", search.companyId);
  query =
    search.dataType !== undefined
      ? query.where("data_type", "=", search.dataType)
      : query.where("data_type", "<>", SINGLE_DATA_POINT_TYPE);
  if (search.reportingPeriod !== undefined)
    query = query.where("reporting_period", "=", search.reportingPeriod);
  if (search.onlyActive) query = query.where("currently_active", "=", true);
  if (search.uploaderUserIds && search.uploaderUserIds.length > 0)
    query = query.where("uploader_user_id", "in", search.uploaderUserIds);
  if (search.qaStatus !== undefined) query = query.where("qa_status", "=", search.qaStatus);
  const ordered = query
    .orderBy("reporting_period", "desc")
    .orderBy("upload_time", "desc")
    .orderBy("upload_seq", "desc")
    .limit(limit);
  // Kept prepared unless a list of uploaders makes its text vary with the list's length.
  const rows = search.uploaderUserIds?.length
    ? await ordered.execute()
    : (await db.executeQuery(prepared(ordered))).rows;
  return rows.map((row) => (withData ? toDataRow(row) : { ...toMetaRow(row), dataText: "" }));
}

export interface Dimension {
  companyId: string;
  dataType: string;
  reportingPeriod: string;
}

export async function activeDatasetsFor(db: DatasetsDb, dimensions: Dimension[]): Promise<DatasetMetaRow[]> {
  if (dimensions.length === 0) return [];
  const rows = await sql<Record<string, unknown>>`
    select d.data_id as "dataId", d.company_id as "companyId", d.data_type as "dataType",
      d.reporting_period as "reportingPeriod", d.uploader_user_id as "uploaderUserId", d.upload_time as "uploadTime",
      d.qa_status as "qaStatus", d.currently_active as "currentlyActive"
    from unnest(${dimensions.map((d) => d.companyId)}::uuid[], ${dimensions.map((d) => d.dataType)}::text[],
      ${dimensions.map((d) => d.reportingPeriod)}::text[]) as w(company_id, data_type, reporting_period)
    join dataset d on d.company_id = w.company_id and d.data_type = w.data_type
      and d.reporting_period = w.reporting_period and d.currently_active`.execute(db);
  return rows.rows.map(toMetaRow);
}

/** Serialises work on one (company, framework, period) so activation decisions never race. */
export async function lockDimension(trx: DatasetsDb, dimension: Dimension): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`datasets:${dimension.companyId}:${dimension.dataType}:${dimension.reportingPeriod}`}))`.execute(
    trx,
  );
}

/** Serialises the per-company bookkeeping (active framework counts) of concurrent activations. */
export async function lockCompany(trx: DatasetsDb, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`datasets-company:${companyId}`}))`.execute(trx);
}

/** The accepted versions and the active one of a dimension, newest first. */
export async function activationCandidates(
  trx: DatasetsDb,
  dimension: Dimension,
): Promise<{ dataId: string; qaStatus: QaStatus; currentlyActive: boolean }[]> {
  const rows = await trx
    .selectFrom("dataset")
    .select(["data_id as dataId", "qa_status as qaStatus", "currently_active as currentlyActive"])
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod)
    .where((eb) => eb.or([eb("qa_status", "=", "Accepted"), eb("currently_active", "=", true)]))
    .orderBy("upload_time", "desc")
    .orderBy("upload_seq", "desc")
    .execute();
  return rows.map((row) => ({
    dataId: row.dataId,
    qaStatus: row.qaStatus,
    currentlyActive: Boolean(row.currentlyActive),
  }));
}

/**
 * Sets a dataset's active flag and moves its numbers into or out of dataset_active_number (migration
 * 007), which holds the active datasets' numbers only, so that uploads never write there.
 */
export async function setActive(trx: DatasetsDb, dataId: string, active: boolean): Promise<void> {
  await trx.updateTable("dataset").set({ currently_active: active }).where("data_id", "=", dataId).execute();
  if (!active) {
    await sql`delete from dataset_active_number where data_id = ${dataId}`.execute(trx);
    return;
  }
  await sql`
    insert into dataset_active_number (data_id, data_type, data_point_type, reporting_period, number)
    select data_id, data_type, data_point_type, reporting_period, data_point_number(value)
    from dataset_data_point
    where data_id = ${dataId} and data_point_number(value) is not null`.execute(trx);
}

export async function setQaStatus(trx: DatasetsDb, dataId: string, qaStatus: QaStatus): Promise<void> {
  await trx.updateTable("dataset").set({ qa_status: qaStatus }).where("data_id", "=", dataId).execute();
}

/** Number of active datasets per framework of a company. */
export async function activeCountsOf(trx: DatasetsDb, companyId: string): Promise<Record<string, number>> {
  const rows = await trx
    .selectFrom("dataset")
    .select(["data_type as dataType", (eb) => eb.fn.countAll<number>().as("count")])
    .where("company_id", "=", companyId)
    .where("currently_active", "=", true)
    .groupBy("data_type")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.dataType, Number(row.count)]));
}

/**
 * Makes the newest accepted data point of each (company, type, period) among `types` the active one;
 * data points are compared by the upload order of their datasets. Both parts say that they look only
 * at accepted or active data points, so that they may use dataset_data_point_dimension, which holds
 * no others.
 */
export async function recomputeActiveDataPoints(
  trx: DatasetsDb,
  companyId: string,
  reportingPeriod: string,
  types: string[],
): Promise<void> {
  if (types.length === 0) return;
  await sql`
    with newest as (
      select distinct on (p.data_point_type) p.data_point_id
      from dataset_data_point p join dataset d on d.data_id = p.data_id
      where p.company_id = ${companyId} and p.reporting_period = ${reportingPeriod}
        and p.data_point_type = any(${types}::text[]) and p.qa_status = 'Accepted'
      order by p.data_point_type, d.upload_time desc, d.upload_seq desc
    )
    update dataset_data_point p set currently_active = (p.data_point_id in (select data_point_id from newest))
    where p.company_id = ${companyId} and p.reporting_period = ${reportingPeriod}
      and p.data_point_type = any(${types}::text[])
      and (p.currently_active or (p.qa_status = 'Accepted'
        and p.data_point_id in (select data_point_id from newest)))`.execute(trx);
}

export async function dataPointTypesOf(trx: DatasetsDb, dataIds: string[]): Promise<string[]> {
  if (dataIds.length === 0) return [];
  const rows = await trx
    .selectFrom("dataset_data_point")
    .select("data_point_type")
    .distinct()
    .where("data_id", "in", dataIds)
    .execute();
  return rows.map((row) => row.data_point_type);
}

export interface DataPointRow {
  dataPointId: string;
  dataId: string;
  dataType: string;
  dataPointType: string;
  companyId: string;
  reportingPeriod: string;
  valueText: string;
  qaStatus: QaStatus;
  currentlyActive: boolean;
  uploaderUserId: string | null;
  uploadTime: number;
}

function dataPointKeyQuery(db: DatasetsDb) {
  return db
    .selectFrom("dataset_data_point as p")
    .innerJoin("dataset as d", "d.data_id", "p.data_id")
    .select([
      "p.data_point_id as dataPointId",
      "p.data_id as dataId",
      "p.data_type as dataType",
      "p.data_point_type as dataPointType",
      "p.company_id as companyId",
      "p.reporting_period as reportingPeriod",
      "p.qa_status as qaStatus",
      "p.currently_active as currentlyActive",
      "d.uploader_user_id as uploaderUserId",
      "d.upload_time as uploadTime",
    ]);
}

function dataPointQuery(db: DatasetsDb) {
  return dataPointKeyQuery(db).select(sql<string>`p.value::text`.as("valueText"));
}

function toDataPointKeys(row: Record<string, unknown>): Omit<DataPointRow, "valueText"> {
  return {
    dataPointId: String(row.dataPointId),
    dataId: String(row.dataId),
    dataType: String(row.dataType),
    dataPointType: String(row.dataPointType),
    companyId: String(row.companyId),
    reportingPeriod: String(row.reportingPeriod),
    qaStatus: row.qaStatus as QaStatus,
    currentlyActive: Boolean(row.currentlyActive),
    uploaderUserId: (row.uploaderUserId as string | null) ?? null,
    uploadTime: Number(row.uploadTime),
  };
}

function toDataPointRow(row: Record<string, unknown>): DataPointRow {
  return { ...toDataPointKeys(row), valueText: String(row.valueText) };
}

export async function findDataPoint(db: DatasetsDb, dataPointId: string): Promise<DataPointRow | undefined> {
  const row = await dataPointQuery(db).where("p.data_point_id", "=", dataPointId).executeTakeFirst();
  return row ? toDataPointRow(row) : undefined;
}

export interface DataPointSearch {
  dataId?: string;
  companyId?: string;
  dataType?: string;
  reportingPeriod?: string;
  dataPointType?: string;
  qaStatus?: QaStatus;
  onlyActive?: boolean;
  limit?: number;
  offset?: number;
}

export async function searchDataPoints(db: DatasetsDb, search: DataPointSearch): Promise<DataPointRow[]> {
  let query = dataPointQuery(db);
  if (search.dataId !== undefined) query = query.where("p.data_id", "=", search.dataId);
  // A data point shares its company, framework and period with its dataset; asked of the dataset, they
  // find the datasets by dataset_dimension, and their data points by dataset_data_point_dataset_type_key.
  if (search.companyId !== undefined) query = query.where("d.company_id", "=", search.companyId);
  if (search.dataType !== undefined) query = query.where("d.data_type", "=", search.dataType);
  if (search.reportingPeriod !== undefined)
    query = query.where("d.reporting_period", "=", search.reportingPeriod);
  if (search.dataPointType !== undefined) query = query.where(dataPointTypeIn("p", [search.dataPointType]));
  if (search.qaStatus !== undefined) query = query.where("p.qa_status", "=", search.qaStatus);
  if (search.onlyActive) query = query.where("p.currently_active", "=", true);
  const rows = await query
    .orderBy("d.upload_time", "desc")
    .orderBy("p.data_point_type")
    .limit(search.limit ?? 10_000)
    .offset(search.offset ?? 0)
    .execute();
  return rows.map(toDataPointRow);
}

/** The meta information of one dataset as a select another module may use inside its own statement. */
export function metaSelect(dataId: string): RawBuilder<unknown> {
  return sql`
    select data_id, company_id, data_type, reporting_period, uploader_user_id, upload_time, qa_status
    from dataset where data_id = ${dataId}`;
}

/**
 * The keys of every data point as a select another module may join inside its own statement (by
 * data_id or data_point_id): the planner reads the rows it needs through the indexes by dataset and
 * type, and by id.
 */
export function allDataPointKeysSelect(): RawBuilder<unknown> {
  return sql`select data_point_id, data_id, data_point_type from dataset_data_point`;
}

/** The keys of one dataset's data points as a select another module may use inside its own statement. */
export function dataPointKeysSelect(dataId: string): RawBuilder<unknown> {
  return sql`
    select data_point_id, data_id, company_id, data_type, data_point_type, reporting_period, qa_status
    from dataset_data_point where data_id = ${dataId}`;
}

export async function setDataPointStatus(
  trx: DatasetsDb,
  dataPointId: string,
  qaStatus: QaStatus,
): Promise<void> {
  await trx
    .updateTable("dataset_data_point")
    .set({ qa_status: qaStatus })
    .where("data_point_id", "=", dataPointId)
    .execute();
}

export async function setDataPointStatusesOf(
  trx: DatasetsDb,
  dataId: string,
  qaStatus: QaStatus,
): Promise<void> {
  await trx
    .updateTable("dataset_data_point")
    .set({ qa_status: qaStatus })
    .where("data_id", "=", dataId)
    .execute();
}

export async function setUploader(db: DatasetsDb, dataId: string, uploaderUserId: string): Promise<void> {
  await db
    .updateTable("dataset")
    .set({ uploader_user_id: uploaderUserId })
    .where("data_id", "=", dataId)
    .execute();
}

/** Whether a document is cited by any dataset, and the private datasets citing it. */
export async function citationsOf(
  db: DatasetsDb,
  documentId: string,
): Promise<{ cited: boolean; public: boolean; privateDatasets: DatasetMetaRow[] }> {
  const rows = await db
    .selectFrom("dataset_document as c")
    .innerJoin("dataset as d", "d.data_id", "c.data_id")
    .select([
      "c.private as isPrivate",
      "d.data_id as dataId",
      "d.company_id as companyId",
      "d.data_type as dataType",
      "d.reporting_period as reportingPeriod",
      "d.uploader_user_id as uploaderUserId",
      "d.upload_time as uploadTime",
      "d.qa_status as qaStatus",
      "d.currently_active as currentlyActive",
    ])
    .where("c.document_id", "=", documentId)
    .limit(1000)
    .execute();
  return {
    cited: rows.length > 0,
    public: rows.some((row) => !row.isPrivate),
    privateDatasets: rows.filter((row) => row.isPrivate).map(toMetaRow),
  };
}

export interface AvailableDimensionRow extends Dimension {
  /** The framework of the dataset the dimension comes from (for a data point type, its dataset's). */
  sourceDataType: string;
  uploaderUserId: string | null;
}

export async function availableDimensions(
  db: DatasetsDb,
  filter: {
    companyIds?: string[];
    frameworks?: string[];
    dataPointTypes?: string[];
    reportingPeriods?: string[];
  },
): Promise<AvailableDimensionRow[]> {
  const result: AvailableDimensionRow[] = [];
  if (!filter.frameworks || filter.frameworks.length > 0) {
    let query = db
      .selectFrom("dataset")
      .select([
        "company_id as companyId",
        "data_type as dataType",
        "reporting_period as reportingPeriod",
        "uploader_user_id as uploaderUserId",
      ])
      .where("currently_active", "=", true);
    if (filter.companyIds) query = query.where("company_id", "in", filter.companyIds);
    if (filter.frameworks) query = query.where("data_type", "in", filter.frameworks);
    if (filter.reportingPeriods && filter.reportingPeriods.length > 0)
      query = query.where("reporting_period", "in", filter.reportingPeriods);
    const rows = await query
      .orderBy("company_id")
      .orderBy("data_type")
      .orderBy("reporting_period")
      .limit(100_000)
      .execute();
    for (const row of rows) result.push({ ...row, sourceDataType: row.dataType });
  }
  if (filter.dataPointTypes && filter.dataPointTypes.length > 0) {
    let query = db
      .selectFrom("dataset_data_point as p")
      .innerJoin("dataset as d", "d.data_id", "p.data_id")
      .select([
        "p.company_id as companyId",
        "p.data_point_type as dataType",
        "p.reporting_period as reportingPeriod",
        "p.data_type as sourceDataType",
        "d.uploader_user_id as uploaderUserId",
      ])
      .where("p.currently_active", "=", true)
      .where("p.data_point_type", "in", filter.dataPointTypes);
    if (filter.companyIds) query = query.where("p.company_id", "in", filter.companyIds);
    if (filter.reportingPeriods && filter.reportingPeriods.length > 0)
      query = query.where("p.reporting_period", "in", filter.reportingPeriods);
    const rows = await query.orderBy("p.company_id").orderBy("p.data_point_type").limit(100_000).execute();
    result.push(...rows);
  }
  return result;
}

export async function findActiveDataId(db: DatasetsDb, dimension: Dimension): Promise<string | undefined> {
  const row = await db
    .selectFrom("dataset")
    .select("data_id")
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod)
    .where("currently_active", "=", true)
    .executeTakeFirst();
  return row?.data_id;
}
