import { type Generated, type Kysely, sql } from "kysely";

export interface AuditEntryTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_id: string | null;
  actor_name: string;
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
}

export interface AuditTables {
  audit_entry: AuditEntryTable;
}

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;

const tables = (db: AnyExecutor) => db as unknown as Kysely<AuditTables>;

export interface NewAuditRow {
  actorId: string | null;
  actorName: string;
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
}

const asJson = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export async function insertAuditEntry(db: AnyExecutor, row: NewAuditRow): Promise<void> {
  await tables(db)
    .insertInto("audit_entry")
    .values({
      actor_id: row.actorId,
      actor_name: row.actorName,
      action: row.action,
      object_type: row.objectType,
      object_id: row.objectId,
      before: sql`${asJson(row.before)}::jsonb`,
      after: sql`${asJson(row.after)}::jsonb`,
    })
    .execute();
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
}

export interface AuditRow {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string;
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
}

function filtered(db: AnyExecutor, filter: AuditFilter) {
  let query = tables(db).selectFrom("audit_entry");
  if (filter.actorId) query = query.where("actor_id", "=", filter.actorId);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.objectType) query = query.where("object_type", "=", filter.objectType);
  if (filter.objectId) query = query.where("object_id", "=", filter.objectId);
  if (filter.from) query = query.where("at", ">=", filter.from);
  if (filter.to) query = query.where("at", "<", filter.to);
  return query;
}

/** Newest first; ties (one transaction writes several entries at one time) by the order written. */
export async function selectAuditEntries(
  db: AnyExecutor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  const rows = await filtered(db, filter)
    .select(["id", "at", "actor_id", "actor_name", "action", "object_type", "object_id", "before", "after"])
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: row.at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}

export async function countAuditEntries(db: AnyExecutor, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
