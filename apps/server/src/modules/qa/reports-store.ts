/**
 * SQL for the QA report tables (migrations/003_qa_reports.sql), nothing else.
 */
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import { PREPARED } from "../../platform/db/prepared-statements";
import type { QaReportVerdict } from "./report-schemas";
import type { AnyExecutor } from "./store";

// A type alias (not an interface), so it fits Kysely's table-record constraint.
type ReportTables = {
  qa_report: {
    qa_report_id: string;
    data_id: string;
    data_type: string;
    on_data_point: boolean;
    reporter_user_id: string;
    upload_time: number;
    active: boolean;
  };
  qa_report_entry: {
    qa_report_id: string;
    field_path: string | null;
    qa_entry_id: string;
    data_point_id: string | null;
    data_point_type: string;
    verdict: QaReportVerdict | null;
    comment: string | null;
    corrected_data: string | null;
    active: boolean;
  };
  // The review row of a dataset (001_create_qa_tables.sql): who may read a report depends on it.
  qa_dataset: {
    data_id: string;
    company_id: string;
    data_type: string;
    qa_status: string;
    uploader_user_id: string | null;
  };
};

type ReportDb = Kysely<ReportTables> | Transaction<ReportTables>;
const reportDb = (db: AnyExecutor): ReportDb =>
  (db as Kysely<Record<string, never>>).withTables<ReportTables>() as unknown as ReportDb;

export interface ReportRow {
  qaReportId: string;
  dataId: string;
  dataType: string;
  onDataPoint: boolean;
  reporterUserId: string;
  uploadTime: number;
  active: boolean;
}

export interface EntryRow {
  qaReportId: string;
  fieldPath: string | null;
  qaEntryId: string;
  dataPointId: string | null;
  dataPointType: string;
  verdict: QaReportVerdict | null;
  comment: string | null;
  correctedData: string | null;
  active: boolean;
}

const reportColumns = [
  "r.qa_report_id as qaReportId",
  "r.data_id as dataId",
  "r.data_type as dataType",
  "r.on_data_point as onDataPoint",
  "r.reporter_user_id as reporterUserId",
  "r.upload_time as uploadTime",
  "r.active as active",
] as const;

const entryColumns = [
  "e.qa_report_id as qaReportId",
  "e.field_path as fieldPath",
  "e.qa_entry_id as qaEntryId",
  "e.data_point_id as dataPointId",
  "e.data_point_type as dataPointType",
  "e.verdict as verdict",
  "e.comment as comment",
  "e.corrected_data as correctedData",
  "e.active as active",
] as const;

const asReport = (row: ReportRow): ReportRow => ({ ...row, uploadTime: Number(row.uploadTime) });

/**
 * Stores a report with its entries (in the caller's transaction), in one statement that stays prepared:
 * the entries travel as one JSON parameter rather than nine parameters each, which a full dataset
 * report (over a hundred findings) made a statement of a thousand parameters, parsed and planned anew
 * every time. An entry without a data point id takes the dataset's data point of its type, from
 * `dataPoints`: the datasets module's select of the keys of the dataset's data points.
 */
export async function insertReport(
  db: AnyExecutor,
  report: ReportRow,
  entries: readonly Omit<EntryRow, "qaReportId" | "active">[],
  dataPoints: RawBuilder<unknown>,
): Promise<void> {
  const rows = JSON.stringify(
    entries.map((entry) => ({
      field_path: entry.fieldPath,
      qa_entry_id: entry.qaEntryId,
      data_point_id: entry.dataPointId,
      data_point_type: entry.dataPointType,
      verdict: entry.verdict,
      comment: entry.comment,
      corrected_data: entry.correctedData,
    })),
  );
  await sql`${sql.raw(PREPARED)}
    with report as (
      insert into qa_report (qa_report_id, data_id, data_type, on_data_point, reporter_user_id, upload_time, active)
      values (${report.qaReportId}::uuid, ${report.dataId}::uuid, ${report.dataType}, ${report.onDataPoint},
        ${report.reporterUserId}, ${report.uploadTime}::bigint, ${report.active})
    )
    insert into qa_report_entry (qa_report_id, field_path, qa_entry_id, data_point_id, data_point_type, verdict,
      comment, corrected_data, active)
    select ${report.qaReportId}::uuid, e.field_path, e.qa_entry_id, coalesce(e.data_point_id, d.data_point_id),
      e.data_point_type, e.verdict, e.comment, e.corrected_data, true
    from json_to_recordset(${rows}::json) as e(field_path text, qa_entry_id uuid, data_point_id uuid,
      data_point_type text, verdict text, comment text, corrected_data text)
    left join (${dataPoints}) as d on d.data_point_type = e.data_point_type`.execute(db);
}

/**
 * The reports on a dataset as a whole with their entries, oldest report first, in one statement (the
 * entries of a report in the order they are stored).
 */
export async function findDatasetReportsWithEntries(
  db: AnyExecutor,
  dataId: string,
  filter: { showInactive: boolean; reporterUserId?: string },
): Promise<{ report: ReportRow; entries: EntryRow[] }[]> {
  let query = reportDb(db)
    .selectFrom("qa_report as r")
    .innerJoin("qa_report_entry as e", "e.qa_report_id", "r.qa_report_id")
    .select([
      ...reportColumns,
      ...entryColumns.filter(
        (column) => column !== "e.qa_report_id as qaReportId" && column !== "e.active as active",
      ),
      "e.active as entryActive",
    ])
    .where("r.data_id", "=", dataId)
    .where("r.on_data_point", "=", false);
  if (!filter.showInactive) query = query.where("r.active", "=", true);
  if (filter.reporterUserId !== undefined)
    query = query.where("r.reporter_user_id", "=", filter.reporterUserId);
  const rows = await query.orderBy("r.upload_time").orderBy("r.qa_report_id").execute();
  const reports: { report: ReportRow; entries: EntryRow[] }[] = [];
  for (const row of rows) {
    let current = reports[reports.length - 1];
    if (current?.report.qaReportId !== row.qaReportId) {
      current = {
        report: asReport({
          qaReportId: row.qaReportId,
          dataId: row.dataId,
          dataType: row.dataType,
          onDataPoint: row.onDataPoint,
          reporterUserId: row.reporterUserId,
          uploadTime: row.uploadTime,
          active: row.active,
        }),
        entries: [],
      };
      reports.push(current);
    }
    current.entries.push({
      qaReportId: row.qaReportId,
      fieldPath: row.fieldPath,
      qaEntryId: row.qaEntryId,
      dataPointId: row.dataPointId,
      dataPointType: row.dataPointType,
      verdict: row.verdict,
      comment: row.comment,
      correctedData: row.correctedData,
      active: row.entryActive,
    });
  }
  return reports;
}

export async function findReport(db: AnyExecutor, qaReportId: string): Promise<ReportRow | undefined> {
  const row = await reportDb(db)
    .selectFrom("qa_report as r")
    .select(reportColumns)
    .where("r.qa_report_id", "=", qaReportId)
    .executeTakeFirst();
  return row && asReport(row);
}

/** The entries of these reports, in the order they were written. */
export async function findEntries(db: AnyExecutor, qaReportIds: readonly string[]): Promise<EntryRow[]> {
  if (qaReportIds.length === 0) return [];
  return reportDb(db)
    .selectFrom("qa_report_entry as e")
    .select(entryColumns)
    .where("e.qa_report_id", "in", qaReportIds)
    .execute();
}

export interface DataPointEntryRow extends EntryRow {
  reporterUserId: string;
  uploadTime: number;
  reportActive: boolean;
  dataId: string;
}

function dataPointEntries(db: AnyExecutor) {
  return reportDb(db)
    .selectFrom("qa_report_entry as e")
    .innerJoin("qa_report as r", "r.qa_report_id", "e.qa_report_id")
    .select([
      ...entryColumns,
      "r.reporter_user_id as reporterUserId",
      "r.upload_time as uploadTime",
      "r.active as reportActive",
      "r.data_id as dataId",
    ])
    .where("e.verdict", "is not", null);
}

const asDataPointEntry = (row: DataPointEntryRow): DataPointEntryRow => ({
  ...row,
  uploadTime: Number(row.uploadTime),
});

/** The findings on one data point (its own reports and the entries of reports on its dataset), oldest first. */
export async function findDataPointEntries(
  db: AnyExecutor,
  dataPointId: string,
  filter: { showInactive: boolean; reporterUserId?: string },
): Promise<DataPointEntryRow[]> {
  let query = dataPointEntries(db).where("e.data_point_id", "=", dataPointId);
  if (!filter.showInactive) query = query.where("e.active", "=", true).where("r.active", "=", true);
  if (filter.reporterUserId !== undefined)
    query = query.where("r.reporter_user_id", "=", filter.reporterUserId);
  const rows = await query.orderBy("r.upload_time").orderBy("e.qa_entry_id").execute();
  return rows.map(asDataPointEntry);
}

/** Every finding on the data points of a dataset, active or not, oldest first. */
export async function findDatasetEntries(db: AnyExecutor, dataId: string): Promise<DataPointEntryRow[]> {
  const rows = await dataPointEntries(db)
    .where("r.data_id", "=", dataId)
    .where("e.data_point_id", "is not", null)
    .orderBy("r.upload_time")
    .orderBy("e.qa_entry_id")
    .execute();
  return rows.map(asDataPointEntry);
}

export async function findDataPointEntry(
  db: AnyExecutor,
  dataPointId: string,
  qaEntryId: string,
): Promise<DataPointEntryRow | undefined> {
  const row = await dataPointEntries(db)
    .where("e.data_point_id", "=", dataPointId)
    .where("e.qa_entry_id", "=", qaEntryId)
    .executeTakeFirst();
  return row && asDataPointEntry(row);
}

export async function setReportActive(db: AnyExecutor, qaReportId: string, active: boolean): Promise<void> {
  await reportDb(db)
    .updateTable("qa_report")
    .set({ active })
    .where("qa_report_id", "=", qaReportId)
    .execute();
}

export async function setEntryActive(db: AnyExecutor, qaEntryId: string, active: boolean): Promise<void> {
  await reportDb(db)
    .updateTable("qa_report_entry")
    .set({ active })
    .where("qa_entry_id", "=", qaEntryId)
    .execute();
}

export interface ReportMetadataFilter {
  reporterUserIds?: readonly string[];
  onlyActive: boolean;
  qaStatus?: string;
  minUploadTime?: number;
  maxUploadTime?: number;
  companyId?: string;
  /** For readers who are no reviewers: reports on accepted datasets and on their own uploads only. */
  readableBy?: string;
}

/** Reports on whole datasets matching the filter, newest first (at most `limit`). */
export async function searchDatasetReports(
  db: AnyExecutor,
  filter: ReportMetadataFilter,
  limit: number,
): Promise<ReportRow[]> {
  let query = reportDb(db)
    .selectFrom("qa_report as r")
    .innerJoin("qa_dataset as d", "d.data_id", "r.data_id")
    .select(reportColumns)
    .where("r.on_data_point", "=", false);
  if (filter.reporterUserIds?.length) query = query.where("r.reporter_user_id", "in", filter.reporterUserIds);
  if (filter.onlyActive) query = query.where("r.active", "=", true);
  if (filter.qaStatus !== undefined) query = query.where("d.qa_status", "=", filter.qaStatus);
  if (filter.minUploadTime !== undefined) query = query.where("r.upload_time", ">=", filter.minUploadTime);
  if (filter.maxUploadTime !== undefined) query = query.where("r.upload_time", "<", filter.maxUploadTime);
  if (filter.companyId !== undefined) query = query.where("d.company_id", "=", filter.companyId);
  const reader = filter.readableBy;
  if (reader !== undefined)
    query = query.where((eb) =>
      eb.or([eb("d.qa_status", "=", "Accepted"), eb("d.uploader_user_id", "=", reader)]),
    );
  const rows = await query.orderBy("r.upload_time", "desc").orderBy("r.qa_report_id").limit(limit).execute();
  return rows.map(asReport);
}
