/**
 * SQL for the sourcing object tables (migrations/002_create_data_sourcing.sql), nothing else.
 */
import { type Generated, type Kysely, sql } from "kysely";
import { inTransaction as inTransactionOf } from "../../platform/db/transaction";
import type { DataSourcingState } from "./model";

export interface ExpectedPublicationDate {
  documentCategory: string;
  expectedPublicationDate: string;
}

// A type alias (not an interface), so it fits Kysely's table-record constraint.
export type DataSourcingTables = {
  data_sourcing: {
    id: string;
    company_id: string;
    data_type: string;
    reporting_period: string;
    state: DataSourcingState;
    document_ids: string[];
    expected_publication_dates: ExpectedPublicationDate[];
    date_of_next_document_sourcing_attempt: string | null;
    document_collector: string | null;
    data_extractor: string | null;
    admin_comment: string | null;
    priority: number | null;
    created_at: number;
    last_modified_at: number;
  };
  data_sourcing_history: {
    id: Generated<number>;
    data_sourcing_id: string;
    from_state: DataSourcingState | null;
    to_state: DataSourcingState;
    changed_by_user_id: string | null;
    comment: string | null;
    snapshot: DataSourcingRow;
    changed_at: number;
  };
};

export type SourcingDb = Kysely<DataSourcingTables>;
// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;

export const sourcingDb = (db: AnyExecutor): SourcingDb => db as unknown as SourcingDb;

/** Runs the work in a transaction, or in the caller's when there is one already. */
export const inTransaction = <T>(db: AnyExecutor, work: (trx: SourcingDb) => Promise<T>): Promise<T> =>
  inTransactionOf(sourcingDb(db), work);

/** A sourcing object as stored (numbers and arrays normalised). */
export interface DataSourcingRow {
  id: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  state: DataSourcingState;
  documentIds: string[];
  expectedPublicationDates: ExpectedPublicationDate[];
  dateOfNextDocumentSourcingAttempt: string | null;
  documentCollector: string | null;
  dataExtractor: string | null;
  adminComment: string | null;
  priority: number | null;
  createdAt: number;
  lastModifiedAt: number;
}

export interface HistoryRow {
  fromState: DataSourcingState | null;
  toState: DataSourcingState;
  changedByUserId: string | null;
  comment: string | null;
  snapshot: DataSourcingRow;
  changedAt: number;
}

type RawRow = DataSourcingTables["data_sourcing"];

function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

function toRow(raw: RawRow): DataSourcingRow {
  return {
    id: raw.id,
    companyId: raw.company_id,
    dataType: raw.data_type,
    reportingPeriod: raw.reporting_period,
    state: raw.state,
    documentIds: raw.document_ids ?? [],
    expectedPublicationDates: parseJson<ExpectedPublicationDate[]>(raw.expected_publication_dates) ?? [],
    dateOfNextDocumentSourcingAttempt: raw.date_of_next_document_sourcing_attempt,
    documentCollector: raw.document_collector,
    dataExtractor: raw.data_extractor,
    adminComment: raw.admin_comment,
    priority: raw.priority === null ? null : Number(raw.priority),
    createdAt: Number(raw.created_at),
    lastModifiedAt: Number(raw.last_modified_at),
  };
}

export interface Dimension {
  companyId: string;
  dataType: string;
  reportingPeriod: string;
}

export async function selectById(
  db: SourcingDb,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DataSourcingRow | undefined> {
  let query = db.selectFrom("data_sourcing").selectAll().where("id", "=", id);
  if (options.forUpdate) query = query.forUpdate();
  const raw = await query.executeTakeFirst();
  return raw && toRow(raw as RawRow);
}

export async function selectByIds(db: SourcingDb, ids: readonly string[]): Promise<DataSourcingRow[]> {
  if (ids.length === 0) return [];
  const raws = await db
    .selectFrom("data_sourcing")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
  return raws.map((raw) => toRow(raw as RawRow));
}

export async function selectByDimension(
  db: SourcingDb,
  dimension: Dimension,
  options: { forUpdate?: boolean } = {},
): Promise<DataSourcingRow | undefined> {
  let query = db
    .selectFrom("data_sourcing")
    .selectAll()
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod);
  if (options.forUpdate) query = query.forUpdate();
  const raw = await query.executeTakeFirst();
  return raw && toRow(raw as RawRow);
}

/** Ids of the sourcing objects of these dimensions, by "companyId|dataType|reportingPeriod". */
export async function selectIdsByDimensions(
  db: SourcingDb,
  dimensions: readonly Dimension[],
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (dimensions.length === 0) return result;
  const companyIds = [...new Set(dimensions.map((d) => d.companyId))];
  const rows = await db
    .selectFrom("data_sourcing")
    .select(["id", "company_id", "data_type", "reporting_period"])
    .where("company_id", "in", companyIds)
    .execute();
  for (const row of rows)
    result.set(dimensionKey(row.company_id, row.data_type, row.reporting_period), row.id);
  return result;
}

export const dimensionKey = (companyId: string, dataType: string, reportingPeriod: string): string =>
  `${companyId}|${dataType}|${reportingPeriod}`;

/** The columns of what a change may write: all but the id, the dimension and the creation time. */
const changeableColumns = (row: DataSourcingRow) => ({
  state: row.state,
  document_ids: row.documentIds,
  expected_publication_dates: JSON.stringify(row.expectedPublicationDates) as never,
  date_of_next_document_sourcing_attempt: row.dateOfNextDocumentSourcingAttempt,
  document_collector: row.documentCollector,
  data_extractor: row.dataExtractor,
  admin_comment: row.adminComment,
  priority: row.priority,
  last_modified_at: row.lastModifiedAt,
});

/** Inserts the object unless one for the dimension exists; returns whether it was inserted. */
export async function insertIfAbsent(db: SourcingDb, row: DataSourcingRow): Promise<boolean> {
  const result = await db
    .insertInto("data_sourcing")
    .values({
      id: row.id,
      company_id: row.companyId,
      data_type: row.dataType,
      reporting_period: row.reportingPeriod,
      ...changeableColumns(row),
      created_at: row.createdAt,
    })
    .onConflict((conflict) => conflict.columns(["company_id", "data_type", "reporting_period"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Writes every changeable field of the object as given. */
export async function update(db: SourcingDb, row: DataSourcingRow): Promise<void> {
  await db.updateTable("data_sourcing").set(changeableColumns(row)).where("id", "=", row.id).execute();
}

export async function insertHistory(
  db: SourcingDb,
  entry: Omit<HistoryRow, "snapshot"> & { snapshot: DataSourcingRow },
): Promise<void> {
  await db
    .insertInto("data_sourcing_history")
    .values({
      data_sourcing_id: entry.snapshot.id,
      from_state: entry.fromState,
      to_state: entry.toState,
      changed_by_user_id: entry.changedByUserId,
      comment: entry.comment,
      snapshot: JSON.stringify(entry.snapshot) as never,
      changed_at: entry.changedAt,
    })
    .execute();
}

export async function selectHistory(db: SourcingDb, id: string): Promise<HistoryRow[]> {
  const rows = await db
    .selectFrom("data_sourcing_history")
    .selectAll()
    .where("data_sourcing_id", "=", id)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    fromState: row.from_state,
    toState: row.to_state,
    changedByUserId: row.changed_by_user_id,
    comment: row.comment,
    snapshot: parseJson<DataSourcingRow>(row.snapshot),
    changedAt: Number(row.changed_at),
  }));
}

export interface SourcingFilter {
  companyId?: string;
  dataType?: string;
  reportingPeriod?: string;
  state?: DataSourcingState;
  /** Only objects where one of these companies collects documents or extracts data. */
  providerCompanyIds?: readonly string[];
}

export async function selectMany(
  db: SourcingDb,
  filter: SourcingFilter,
  paging?: { limit: number; offset: number },
): Promise<DataSourcingRow[]> {
  let query = db.selectFrom("data_sourcing").selectAll();
  if (filter.companyId !== undefined) query = query.where("company_id", "=", filter.companyId);
  if (filter.dataType !== undefined) query = query.where("data_type", "=", filter.dataType);
  if (filter.reportingPeriod !== undefined)
    query = query.where("reporting_period", "=", filter.reportingPeriod);
  if (filter.state !== undefined) query = query.where("state", "=", filter.state);
  const providers = filter.providerCompanyIds;
  if (providers !== undefined) {
    if (providers.length === 0) query = query.where(sql<boolean>`false`);
    else
      query = query.where((eb) =>
        eb.or([eb("document_collector", "in", [...providers]), eb("data_extractor", "in", [...providers])]),
      );
  }
  query = query.orderBy("created_at", "desc").orderBy("id");
  if (paging) query = query.limit(paging.limit).offset(paging.offset);
  return (await query.execute()).map((raw) => toRow(raw as RawRow));
}
