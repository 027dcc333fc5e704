/** SQL for the non-sourceability records of the datasets module's tables (see non-sourceability.ts). */
import type { QaStatus } from "@openverde/frameworks/qa-status";
import type { DatasetsDb, Dimension } from "./store";

export interface NonSourceableRow extends Dimension {
  nonSourceabilityId: string;
  reason: string | null;
  uploaderUserId: string;
  uploadTime: number;
  qaStatus: QaStatus;
  bypassQa: boolean;
  currentlyActive: boolean;
}

export async function insertNonSourceable(db: DatasetsDb, row: NonSourceableRow): Promise<void> {
  if (row.currentlyActive) await endNonSourceability(db, row);
  await db
    .insertInto("dataset_non_sourceable")
    .values({
      non_sourceability_id: row.nonSourceabilityId,
      company_id: row.companyId,
      data_type: row.dataType,
      reporting_period: row.reportingPeriod,
      reason: row.reason,
      uploader_user_id: row.uploaderUserId,
      upload_time: row.uploadTime,
      qa_status: row.qaStatus,
      bypass_qa: row.bypassQa,
      currently_active: row.currentlyActive,
    })
    .execute();
}

/** Ends the active non-sourceability statement of a dimension; true when there was one. */
export async function endNonSourceability(db: DatasetsDb, dimension: Dimension): Promise<boolean> {
  const result = await db
    .updateTable("dataset_non_sourceable")
    .set({ currently_active: false })
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod)
    .where("currently_active", "=", true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const claimColumns = [
  "non_sourceability_id as nonSourceabilityId",
  "company_id as companyId",
  "data_type as dataType",
  "reporting_period as reportingPeriod",
  "qa_status as qaStatus",
  "uploader_user_id as uploaderUserId",
  "upload_time as uploadTime",
  "currently_active as currentlyActive",
  "reason",
  "bypass_qa as bypassQa",
] as const;

/** One statement by its id; with `lock` its row stays locked until the transaction ends. */
export async function findNonSourceable(
  db: DatasetsDb,
  nonSourceabilityId: string,
  lock = false,
): Promise<NonSourceableRow | undefined> {
  let query = db
    .selectFrom("dataset_non_sourceable")
    .select(claimColumns)
    .where("non_sourceability_id", "=", nonSourceabilityId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? { ...row, uploadTime: Number(row.uploadTime), currentlyActive: Boolean(row.currentlyActive) }
    : undefined;
}

/** Writes the review status of a statement and whether it is now the active one of its dimension. */
export async function setNonSourceableVerdict(
  db: DatasetsDb,
  row: NonSourceableRow,
  qaStatus: QaStatus,
  currentlyActive: boolean,
): Promise<void> {
  if (currentlyActive) await endNonSourceability(db, row);
  await db
    .updateTable("dataset_non_sourceable")
    .set({ qa_status: qaStatus, currently_active: currentlyActive })
    .where("non_sourceability_id", "=", row.nonSourceabilityId)
    .execute();
}

export async function searchNonSourceable(
  db: DatasetsDb,
  search: { companyId?: string; dataType?: string; reportingPeriod?: string; qaStatus?: QaStatus },
): Promise<NonSourceableRow[]> {
  let query = db.selectFrom("dataset_non_sourceable").select(claimColumns);
  if (search.companyId !== undefined) query = query.where("company_id", "=", search.companyId);
  if (search.dataType !== undefined) query = query.where("data_type", "=", search.dataType);
  if (search.reportingPeriod !== undefined)
    query = query.where("reporting_period", "=", search.reportingPeriod);
  if (search.qaStatus !== undefined) query = query.where("qa_status", "=", search.qaStatus);
  const rows = await query
    .orderBy("upload_time", "desc")
    .orderBy("upload_seq", "desc")
    .limit(10_000)
    .execute();
  return rows.map((row) => ({
    ...row,
    uploadTime: Number(row.uploadTime),
    currentlyActive: Boolean(row.currentlyActive),
  }));
}

export async function isNonSourceable(db: DatasetsDb, dimension: Dimension): Promise<boolean> {
  const row = await db
    .selectFrom("dataset_non_sourceable")
    .select("non_sourceability_id")
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod)
    .where("currently_active", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}
