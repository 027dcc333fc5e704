import { type Generated, type Kysely, sql } from "kysely";
import { inTransaction as inTransactionOf } from "../../platform/db/transaction";

export type NotificationFrequency = "NoNotifications" | "Daily" | "Weekly" | "Monthly";
export type TimeWindowThreshold = "Standard" | "Extended";

/** The tables of the portfolios module (migrations/001_create_portfolios.sql, 002_portfolio_sharing.sql). */
export interface PortfolioTables {
  portfolio: {
    portfolio_id: string;
    user_id: string;
    portfolio_name: string;
    is_monitored: boolean;
    monitored_frameworks: string[];
    notification_frequency: NotificationFrequency;
    time_window_threshold: TimeWindowThreshold | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  portfolio_company: {
    portfolio_id: string;
    company_id: string;
    position: number;
  };
  portfolio_reader: {
    portfolio_id: string;
    user_id: string;
    position: number;
  };
  portfolio_monitoring_request: {
    user_id: string;
    company_id: string;
    data_type: string;
    reporting_period: string;
    data_request_id: string | null;
    portfolio_id: string;
    created_at: Generated<Date>;
  };
  portfolio_support_request: {
    support_request_id: string;
    user_id: string;
    topic: string;
    message: string;
    created_at: Generated<Date>;
  };
  portfolio_schedule: {
    job_type: string;
    due_at: Date;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;
export type PortfoliosDb = Kysely<PortfolioTables>;

export const portfoliosDb = (db: AnyExecutor): PortfoliosDb => db as unknown as PortfoliosDb;

export const inTransaction = <T>(db: AnyExecutor, work: (trx: PortfoliosDb) => Promise<T>): Promise<T> =>
  inTransactionOf(portfoliosDb(db), work);

export interface PortfolioRow {
  portfolioId: string;
  userId: string;
  portfolioName: string;
  isMonitored: boolean;
  monitoredFrameworks: string[];
  notificationFrequency: NotificationFrequency;
  timeWindowThreshold: TimeWindowThreshold | null;
  /** The users it is shared with (its readers), in the order the owner gave them. */
  sharedUserIds: string[];
  createdAt: Date;
  updatedAt: Date;
  /** Company ids in the order given. */
  companyIds: string[];
}

export type PortfolioValues = Omit<PortfolioRow, "createdAt" | "updatedAt">;

const columns = [
  "portfolio_id",
  "user_id",
  "portfolio_name",
  "is_monitored",
  "monitored_frameworks",
  "notification_frequency",
  "time_window_threshold",
  "created_at",
  "updated_at",
] as const;

type Row = Pick<PortfolioTables["portfolio"], (typeof columns)[number]> & {
  created_at: Date;
  updated_at: Date;
};

/** Lists per portfolio, in their order: `value` of the rows of a table keyed by portfolio. */
function groupByPortfolio<R extends { portfolio_id: string }>(
  rows: R[],
  value: (row: R) => string,
): Map<string, string[]> {
  const byPortfolio = new Map<string, string[]>();
  for (const row of rows) {
    const list = byPortfolio.get(row.portfolio_id) ?? [];
    list.push(value(row));
    byPortfolio.set(row.portfolio_id, list);
  }
  return byPortfolio;
}

async function withCompanies(db: PortfoliosDb, rows: Row[]): Promise<PortfolioRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.portfolio_id);
  const members = await db
    .selectFrom("portfolio_company")
    .select(["portfolio_id", "company_id"])
    .where("portfolio_id", "in", ids)
    .orderBy("portfolio_id")
    .orderBy("position")
    .execute();
  const readers = await db
    .selectFrom("portfolio_reader")
    .select(["portfolio_id", "user_id"])
    .where("portfolio_id", "in", ids)
    .orderBy("portfolio_id")
    .orderBy("position")
    .execute();
  const byPortfolio = groupByPortfolio(members, (member) => member.company_id);
  const readersOf = groupByPortfolio(readers, (reader) => reader.user_id);
  return rows.map((row) => ({
    portfolioId: row.portfolio_id,
    userId: row.user_id,
    portfolioName: row.portfolio_name,
    isMonitored: row.is_monitored,
    monitoredFrameworks: row.monitored_frameworks,
    notificationFrequency: row.notification_frequency,
    timeWindowThreshold: row.time_window_threshold,
    sharedUserIds: readersOf.get(row.portfolio_id) ?? [],
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    companyIds: byPortfolio.get(row.portfolio_id) ?? [],
  }));
}

export async function selectPortfolio(
  db: PortfoliosDb,
  portfolioId: string,
): Promise<PortfolioRow | undefined> {
  const row = await db
    .selectFrom("portfolio")
    .select(columns)
    .where("portfolio_id", "=", portfolioId)
    .executeTakeFirst();
  return row ? (await withCompanies(db, [row as Row]))[0] : undefined;
}

export async function selectPortfoliosOf(db: PortfoliosDb, userId: string): Promise<PortfolioRow[]> {
  const rows = await db
    .selectFrom("portfolio")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("portfolio_id")
    .execute();
  return withCompanies(db, rows as Row[]);
}

/** The portfolios shared with the user, oldest first. */
export async function selectPortfoliosSharedWith(db: PortfoliosDb, userId: string): Promise<PortfolioRow[]> {
  const rows = await db
    .selectFrom("portfolio as p")
    .innerJoin("portfolio_reader as r", "r.portfolio_id", "p.portfolio_id")
    .select(columns.map((column) => `p.${column}` as const))
    .where("r.user_id", "=", userId)
    .orderBy("p.created_at")
    .orderBy("p.portfolio_id")
    .execute();
  return withCompanies(db, rows as Row[]);
}

export async function selectPortfolioNamesOf(
  db: PortfoliosDb,
  userId: string,
): Promise<{ portfolioId: string; portfolioName: string }[]> {
  const rows = await db
    .selectFrom("portfolio")
    .select(["portfolio_id", "portfolio_name"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("portfolio_id")
    .execute();
  return rows.map((row) => ({ portfolioId: row.portfolio_id, portfolioName: row.portfolio_name }));
}

export async function selectAllPortfolios(
  db: PortfoliosDb,
  paging: { limit: number; offset: number },
): Promise<PortfolioRow[]> {
  const rows = await db
    .selectFrom("portfolio")
    .select(columns)
    .orderBy("created_at")
    .orderBy("portfolio_id")
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
  return withCompanies(db, rows as Row[]);
}

export async function selectMonitoredPortfolioIds(db: PortfoliosDb): Promise<string[]> {
  const rows = await db
    .selectFrom("portfolio")
    .select("portfolio_id")
    .where("is_monitored", "=", true)
    .orderBy("portfolio_id")
    .execute();
  return rows.map((row) => row.portfolio_id);
}

/** The companies of every monitored portfolio, each once, in id order. */
export async function selectMonitoredCompanyIds(db: PortfoliosDb): Promise<string[]> {
  const rows = await db
    .selectFrom("portfolio_company as c")
    .innerJoin("portfolio as p", "p.portfolio_id", "c.portfolio_id")
    .select("c.company_id")
    .distinct()
    .where("p.is_monitored", "=", true)
    .orderBy("c.company_id")
    .execute();
  return rows.map((row) => row.company_id);
}

/** Monitored portfolios holding the company and monitoring the framework, with e-mail digests on. */
export async function selectPortfoliosWatching(
  db: PortfoliosDb,
  companyId: string,
  dataType: string,
): Promise<PortfolioRow[]> {
  const rows = await db
    .selectFrom("portfolio as p")
    .innerJoin("portfolio_company as c", "c.portfolio_id", "p.portfolio_id")
    .select(columns.map((column) => `p.${column}` as const))
    .where("c.company_id", "=", companyId)
    .where("p.is_monitored", "=", true)
    .where("p.notification_frequency", "!=", "NoNotifications")
    .where(sql<boolean>`${dataType} = any(p.monitored_frameworks)`)
    .orderBy("p.created_at")
    .execute();
  return withCompanies(db, rows as Row[]);
}

async function replaceCompanies(db: PortfoliosDb, portfolioId: string, companyIds: string[]): Promise<void> {
  await db.deleteFrom("portfolio_company").where("portfolio_id", "=", portfolioId).execute();
  if (companyIds.length === 0) return;
  await db
    .insertInto("portfolio_company")
    .values(
      companyIds.map((companyId, position) => ({
        portfolio_id: portfolioId,
        company_id: companyId,
        position,
      })),
    )
    .execute();
}

async function replaceReaders(db: PortfoliosDb, portfolioId: string, userIds: string[]): Promise<void> {
  await db.deleteFrom("portfolio_reader").where("portfolio_id", "=", portfolioId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto("portfolio_reader")
    .values(userIds.map((userId, position) => ({ portfolio_id: portfolioId, user_id: userId, position })))
    .execute();
}

/** Takes the user off the portfolio's readers; false when they were not one. */
export async function deleteReader(db: PortfoliosDb, portfolioId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("portfolio_reader")
    .where("portfolio_id", "=", portfolioId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertPortfolio(db: PortfoliosDb, values: PortfolioValues): Promise<void> {
  await db
    .insertInto("portfolio")
    .values({
      portfolio_id: values.portfolioId,
      user_id: values.userId,
      portfolio_name: values.portfolioName,
      is_monitored: values.isMonitored,
      monitored_frameworks: values.monitoredFrameworks,
      notification_frequency: values.notificationFrequency,
      time_window_threshold: values.timeWindowThreshold,
    })
    .execute();
  await replaceCompanies(db, values.portfolioId, values.companyIds);
  await replaceReaders(db, values.portfolioId, values.sharedUserIds);
}

export async function updatePortfolio(
  db: PortfoliosDb,
  portfolioId: string,
  values: Partial<Omit<PortfolioValues, "portfolioId" | "userId">>,
): Promise<void> {
  await db
    .updateTable("portfolio")
    .set({
      ...(values.portfolioName !== undefined ? { portfolio_name: values.portfolioName } : {}),
      ...(values.isMonitored !== undefined ? { is_monitored: values.isMonitored } : {}),
      ...(values.monitoredFrameworks !== undefined
        ? { monitored_frameworks: values.monitoredFrameworks }
        : {}),
      ...(values.notificationFrequency !== undefined
        ? { notification_frequency: values.notificationFrequency }
        : {}),
      ...(values.timeWindowThreshold !== undefined
        ? { time_window_threshold: values.timeWindowThreshold }
        : {}),
      updated_at: new Date(),
    })
    .where("portfolio_id", "=", portfolioId)
    .execute();
  if (values.companyIds !== undefined) await replaceCompanies(db, portfolioId, values.companyIds);
  if (values.sharedUserIds !== undefined) await replaceReaders(db, portfolioId, values.sharedUserIds);
}

export async function deletePortfolioRow(db: PortfoliosDb, portfolioId: string): Promise<boolean> {
  const result = await db.deleteFrom("portfolio").where("portfolio_id", "=", portfolioId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes the user's own portfolios, their places as a reader and their monitoring ledger. */
export async function deletePortfoliosOf(db: PortfoliosDb, userId: string): Promise<void> {
  await db.deleteFrom("portfolio").where("user_id", "=", userId).execute();
  await db.deleteFrom("portfolio_reader").where("user_id", "=", userId).execute();
  await db.deleteFrom("portfolio_monitoring_request").where("user_id", "=", userId).execute();
}

// ---- monitoring ledger ------------------------------------------------------------------------

export interface MonitoringKey {
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
}

/** Which of these the user's monitoring has asked for before. */
export async function selectAskedBefore(
  db: PortfoliosDb,
  userId: string,
  companyIds: string[],
): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("portfolio_monitoring_request")
    .select(["company_id", "data_type", "reporting_period"])
    .where("user_id", "=", userId)
    .where("company_id", "in", companyIds)
    .execute();
  return new Set(rows.map((row) => `${row.company_id}|${row.data_type}|${row.reporting_period}`));
}

/** Records that monitoring asked for this; false when it had been recorded already. */
export async function insertAsked(
  db: PortfoliosDb,
  key: MonitoringKey & { portfolioId: string; dataRequestId: string | null },
): Promise<boolean> {
  const rows = await db
    .insertInto("portfolio_monitoring_request")
    .values({
      user_id: key.userId,
      company_id: key.companyId,
      data_type: key.dataType,
      reporting_period: key.reportingPeriod,
      data_request_id: key.dataRequestId,
      portfolio_id: key.portfolioId,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("user_id")
    .execute();
  return rows.length > 0;
}

// ---- support requests and the schedule --------------------------------------------------------

export async function insertSupportRequest(
  db: PortfoliosDb,
  request: { supportRequestId: string; userId: string; topic: string; message: string },
): Promise<void> {
  await db
    .insertInto("portfolio_support_request")
    .values({
      support_request_id: request.supportRequestId,
      user_id: request.userId,
      topic: request.topic,
      message: request.message,
    })
    .execute();
}

/** Sets the first due time unless one is there; true when it was inserted. */
export async function insertSchedule(db: PortfoliosDb, jobType: string, dueAt: Date): Promise<boolean> {
  const rows = await db
    .insertInto("portfolio_schedule")
    .values({ job_type: jobType, due_at: dueAt })
    .onConflict((oc) => oc.doNothing())
    .returning("job_type")
    .execute();
  return rows.length > 0;
}

export async function selectSchedule(db: PortfoliosDb, jobType: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom("portfolio_schedule")
    .select("due_at")
    .where("job_type", "=", jobType)
    .executeTakeFirst();
  return row && new Date(row.due_at);
}

/** Moves the due time on, if it has come; false when another run did so already. */
export async function advanceSchedule(
  db: PortfoliosDb,
  jobType: string,
  now: Date,
  next: Date,
): Promise<boolean> {
  const rows = await db
    .updateTable("portfolio_schedule")
    .set({ due_at: next })
    .where("job_type", "=", jobType)
    .where("due_at", "<=", now)
    .returning("job_type")
    .execute();
  return rows.length > 0;
}
