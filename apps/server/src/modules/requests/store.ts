import { type ExpressionBuilder, type Generated, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { escapeLike } from "../../platform/db/like";
import { inTransaction as inTransactionOf } from "../../platform/db/transaction";
import type {
  AccessStatus,
  AggregatedPriority,
  DataSourcingState,
  RequestPriority,
  RequestState,
} from "./model";

/**
 * SQL for the request tables (migrations/001_create_data_requests.sql); a filter may also ask for the
 * state of a request's sourcing object (002, sourcing-store.ts), so that is one query too. Their names
 * start with community_ because the community module created them first; renaming them would buy
 * nothing but a migration.
 */
export interface RequestTables {
  community_data_request: {
    id: string;
    user_id: string;
    company_id: string;
    data_type: string;
    reporting_period: string;
    state: RequestState;
    access_status: AccessStatus;
    priority: RequestPriority;
    admin_comment: string | null;
    member_comment: string | null;
    notify_me_immediately: boolean;
    answering_data_id: string | null;
    created_at: Generated<Date>;
    last_modified_at: Generated<Date>;
  };
  community_data_request_history: {
    id: Generated<number>;
    request_id: string;
    state: RequestState;
    access_status: AccessStatus;
    priority: RequestPriority;
    admin_comment: string | null;
    reason: string | null;
    answering_data_id: string | null;
    changed_by_user_id: string | null;
    created_at: Generated<Date>;
  };
  community_data_request_message: {
    id: Generated<number>;
    request_id: string;
    contacts: string[];
    message: string | null;
    created_at: Generated<Date>;
  };
}

export type RequestsDb = Kysely<RequestTables>;

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;

export const requestsDb = (db: AnyExecutor): RequestsDb => db as unknown as RequestsDb;

/** Runs the work in a transaction, or in the caller's when there is one already. */
export const inTransaction = <T>(db: AnyExecutor, work: (trx: RequestsDb) => Promise<T>): Promise<T> =>
  inTransactionOf(requestsDb(db), work);

export type RequestRow = RequestTables["community_data_request"] & {
  created_at: Date;
  last_modified_at: Date;
};

export interface NewRequestRow {
  id: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  state: RequestState;
  accessStatus: AccessStatus;
  priority: RequestPriority;
  adminComment: string | null;
  memberComment: string | null;
  notifyMeImmediately: boolean;
  answeringDataId: string | null;
}

/** Inserts the request unless the user has an active one for the same dimension; true when inserted. */
export async function insertRequest(db: RequestsDb, row: NewRequestRow): Promise<boolean> {
  const inserted = await db
    .insertInto("community_data_request")
    .values({
      id: row.id,
      user_id: row.userId,
      company_id: row.companyId,
      data_type: row.dataType,
      reporting_period: row.reportingPeriod,
      state: row.state,
      access_status: row.accessStatus,
      priority: row.priority,
      admin_comment: row.adminComment,
      member_comment: row.memberComment,
      notify_me_immediately: row.notifyMeImmediately,
      answering_data_id: row.answeringDataId,
    })
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "company_id", "data_type", "reporting_period"])
        // A literal predicate, so PostgreSQL can match it to the partial unique index.
        .where(sql<boolean>`state in ('Open', 'Processing')`)
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function selectRequest(
  db: RequestsDb,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RequestRow | undefined> {
  let query = db.selectFrom("community_data_request").selectAll().where("id", "=", id);
  if (options.forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as RequestRow | undefined;
}

/**
 * The request of this user for the dimension that makes a new one a duplicate: an active one, or one
 * answered whose access to private data is still pending.
 */
export async function selectBlockingRequest(
  db: RequestsDb,
  dimension: { userId: string; companyId: string; dataType: string; reportingPeriod: string },
): Promise<RequestRow | undefined> {
  return (await db
    .selectFrom("community_data_request")
    .selectAll()
    .where("user_id", "=", dimension.userId)
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod)
    .where((eb) =>
      eb.or([
        eb("state", "in", ["Open", "Processing"]),
        eb.and([eb("state", "=", "Answered"), eb("access_status", "=", "Pending")]),
      ]),
    )
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst()) as RequestRow | undefined;
}

/** The active requests for a company, framework and period, locked for the answer. */
export async function selectActiveRequestsFor(
  db: RequestsDb,
  dimension: { companyId: string; dataType: string; reportingPeriod: string },
): Promise<RequestRow[]> {
  return (await db
    .selectFrom("community_data_request")
    .selectAll()
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod)
    .where("state", "in", ["Open", "Processing"])
    .orderBy("created_at")
    .forUpdate()
    .execute()) as RequestRow[];
}

export interface RequestChanges {
  state?: RequestState;
  accessStatus?: AccessStatus;
  priority?: RequestPriority;
  adminComment?: string | null;
  notifyMeImmediately?: boolean;
  answeringDataId?: string | null;
}

export async function updateRequest(db: RequestsDb, id: string, changes: RequestChanges): Promise<void> {
  await db
    .updateTable("community_data_request")
    .set({
      ...(changes.state !== undefined ? { state: changes.state } : {}),
      ...(changes.accessStatus !== undefined ? { access_status: changes.accessStatus } : {}),
      ...(changes.priority !== undefined ? { priority: changes.priority } : {}),
      ...(changes.adminComment !== undefined ? { admin_comment: changes.adminComment } : {}),
      ...(changes.notifyMeImmediately !== undefined
        ? { notify_me_immediately: changes.notifyMeImmediately }
        : {}),
      ...(changes.answeringDataId !== undefined ? { answering_data_id: changes.answeringDataId } : {}),
      last_modified_at: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** Appends the request's current state to its history. */
export async function insertHistory(
  db: RequestsDb,
  requestId: string,
  entry: { reason: string | null; changedByUserId: string | null },
): Promise<void> {
  await sql`insert into community_data_request_history
      (request_id, state, access_status, priority, admin_comment, reason, answering_data_id, changed_by_user_id)
    select id, state, access_status, priority, admin_comment, ${entry.reason}, answering_data_id, ${entry.changedByUserId}
    from community_data_request where id = ${requestId}`.execute(db);
}

export type HistoryRow = RequestTables["community_data_request_history"] & { id: number; created_at: Date };

export async function selectHistory(db: RequestsDb, requestIds: readonly string[]): Promise<HistoryRow[]> {
  if (requestIds.length === 0) return [];
  return (await db
    .selectFrom("community_data_request_history")
    .selectAll()
    .where("request_id", "in", [...requestIds])
    .orderBy("request_id")
    .orderBy("id")
    .execute()) as HistoryRow[];
}

export async function insertMessage(
  db: RequestsDb,
  requestId: string,
  message: { contacts: string[]; message: string | null },
): Promise<void> {
  await db
    .insertInto("community_data_request_message")
    .values({ request_id: requestId, contacts: message.contacts, message: message.message })
    .execute();
}

export type MessageRow = RequestTables["community_data_request_message"] & { id: number; created_at: Date };

export async function selectMessages(db: RequestsDb, requestIds: readonly string[]): Promise<MessageRow[]> {
  if (requestIds.length === 0) return [];
  return (await db
    .selectFrom("community_data_request_message")
    .selectAll()
    .where("request_id", "in", [...requestIds])
    .orderBy("request_id")
    .orderBy("id")
    .execute()) as MessageRow[];
}

/** A search over requests in the canonical vocabulary; every list narrows, an empty list matches nothing. */
export interface RequestFilter {
  userIds?: string[];
  companyIds?: string[];
  dataTypes?: string[];
  reportingPeriods?: string[];
  states?: RequestState[];
  accessStatuses?: AccessStatus[];
  priorities?: RequestPriority[];
  /** Case-insensitive part of the admin comment. */
  adminComment?: string;
  /** Only requests of this user or for these companies (what a non-admin may see). */
  visibleTo?: { userId: string; companyIds: string[] };
  /** Only requests whose sourcing object (same company, framework and period) is in one of these states. */
  sourcingStates?: DataSourcingState[];
}

type RequestQuery<O> = SelectQueryBuilder<RequestTables, "community_data_request", O>;

function applyFilter<O>(query: RequestQuery<O>, filter: RequestFilter): RequestQuery<O> {
  let q = query;
  const inList = <
    C extends
      | "user_id"
      | "company_id"
      | "data_type"
      | "reporting_period"
      | "state"
      | "access_status"
      | "priority",
  >(
    column: C,
    values: readonly string[] | undefined,
  ) => {
    if (values === undefined) return;
    q = values.length === 0 ? q.where(sql<boolean>`false`) : q.where(column, "in", values as never[]);
  };
  inList("user_id", filter.userIds);
  inList("company_id", filter.companyIds);
  inList("data_type", filter.dataTypes);
  inList("reporting_period", filter.reportingPeriods);
  inList("state", filter.states);
  inList("access_status", filter.accessStatuses);
  inList("priority", filter.priorities);
  if (filter.adminComment)
    q = q.where(sql<boolean>`admin_comment ilike ${`%${escapeLike(filter.adminComment)}%`}`);
  const visible = filter.visibleTo;
  if (visible) {
    q = q.where((eb: ExpressionBuilder<RequestTables, "community_data_request">) =>
      visible.companyIds.length > 0
        ? eb.or([eb("user_id", "=", visible.userId), eb("company_id", "in", visible.companyIds)])
        : eb("user_id", "=", visible.userId),
    );
  }
  const sourcingStates = filter.sourcingStates;
  if (sourcingStates !== undefined)
    q = q.where(
      sourcingStates.length === 0
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from data_sourcing
            where data_sourcing.company_id = community_data_request.company_id
              and data_sourcing.data_type = community_data_request.data_type
              and data_sourcing.reporting_period = community_data_request.reporting_period
              and data_sourcing.state in (${sql.join(sourcingStates)}))`,
    );
  return q;
}

export async function selectRequests(
  db: RequestsDb,
  filter: RequestFilter,
  paging?: { limit: number; offset: number },
): Promise<RequestRow[]> {
  let query = applyFilter(db.selectFrom("community_data_request").selectAll(), filter)
    .orderBy("created_at", "desc")
    .orderBy("id");
  if (paging) query = query.limit(paging.limit).offset(paging.offset);
  return (await query.execute()) as RequestRow[];
}

export async function countRequests(db: RequestsDb, filter: RequestFilter): Promise<number> {
  const row = await applyFilter(
    db.selectFrom("community_data_request").select((eb) => eb.fn.countAll<number>().as("count")),
    filter,
  ).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function selectDistinctCompanyIds(db: RequestsDb, filter: RequestFilter): Promise<string[]> {
  const rows = await applyFilter(
    db.selectFrom("community_data_request").select("company_id").distinct(),
    filter,
  ).execute();
  return rows.map((row) => row.company_id);
}

export interface AggregateRow {
  dataType: string;
  reportingPeriod: string;
  companyId: string;
  priority: AggregatedPriority;
  count: number;
}

/** Counts per framework, period, company and priority of the requests the filter matches. */
export async function aggregateRequests(db: RequestsDb, filter: RequestFilter): Promise<AggregateRow[]> {
  const rows = await applyFilter(
    db
      .selectFrom("community_data_request")
      .select((eb) => [
        "data_type",
        "reporting_period",
        "company_id",
        "priority",
        eb.fn.countAll<number>().as("count"),
      ]),
    filter,
  )
    .groupBy(["data_type", "reporting_period", "company_id", "priority"])
    .orderBy("count", "desc")
    .orderBy("company_id")
    .orderBy("data_type")
    .orderBy("reporting_period")
    .execute();
  return rows.map((row) => ({
    dataType: row.data_type,
    reportingPeriod: row.reporting_period,
    companyId: row.company_id,
    priority: row.priority,
    count: Number(row.count),
  }));
}

export async function selectHasGrantedAccess(
  db: RequestsDb,
  dimension: { userId: string; companyId: string; dataType: string; reportingPeriod: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("community_data_request")
    .select("id")
    .where("user_id", "=", dimension.userId)
    .where("company_id", "=", dimension.companyId)
    .where("data_type", "=", dimension.dataType)
    .where("reporting_period", "=", dimension.reportingPeriod)
    .where("access_status", "=", "Granted")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a deleted user's requests, with their history and messages. */
export async function deleteRequestsOfUser(db: RequestsDb, userId: string): Promise<void> {
  await db.deleteFrom("community_data_request").where("user_id", "=", userId).execute();
}
