/**
 * Monitoring of portfolios: for each monitored company, the reporting periods in its time window whose
 * data is missing are asked for as data requests (once each), on a daily schedule; new data for a
 * watched company goes into the digests of the portfolio's owner and readers.
 */
import type { Actor, RealmRole, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { enqueueJob } from "../../platform/jobs";
import {
  createDataRequest,
  findActiveDataId,
  getCompanyInformation,
  getCompanyNames,
  getUsersByIds,
  maySeePrivateData,
  queuePortfolioUpdate,
  type User,
} from "./neighbours";
import { can } from "./policy";
import { MONITOR_ALL_JOB } from "./service";
import {
  type AnyExecutor,
  advanceSchedule,
  insertAsked,
  insertSchedule,
  inTransaction,
  portfoliosDb,
  selectAskedBefore,
  selectMonitoredCompanyIds,
  selectMonitoredPortfolioIds,
  selectPortfolio,
  selectPortfoliosWatching,
  selectSchedule,
  type TimeWindowThreshold,
} from "./store";

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** Day and month of a fiscal year end such as "31-Mar"; undefined when missing or unreadable. */
function knownFiscalYearEnd(text: string | null | undefined): { day: number; month: number } | undefined {
  const match = /^(\d{1,2})-([A-Za-z]{3})/.exec(text?.trim() ?? "");
  const month = match ? MONTHS[(match[2] as string).toLowerCase()] : undefined;
  return match && month !== undefined ? { day: Number(match[1]), month } : undefined;
}

/** Day and month of a fiscal year end; 31 December when unknown. */
function fiscalYearEnd(text: string | null | undefined): { day: number; month: number } {
  return knownFiscalYearEnd(text) ?? { day: 31, month: 11 };
}

/**
 * The monitored companies (of any monitored portfolio) whose fiscal year end is unknown, so
 * monitoring assumes 31 December for them: the ones to find out about. For reviewers.
 */
export async function companiesWithIncompleteFiscalYearEnd(db: AnyExecutor, actor: Actor): Promise<string[]> {
  authorize(actor, can(actor, "listIncompleteFiscalYears"), "Only reviewers see this list.");
  const incomplete: string[] = [];
  for (const companyId of await selectMonitoredCompanyIds(portfoliosDb(db))) {
    const company = await getCompanyInformation(db, companyId);
    if (company && !knownFiscalYearEnd(company.fiscalYearEnd)) incomplete.push(companyId);
  }
  return incomplete;
}

/** How far back monitoring looks: Standard 6 months, Extended 16 months. */
export const TIME_WINDOW_MONTHS: Record<TimeWindowThreshold, number> = { Standard: 6, Extended: 16 };

/**
 * The reporting periods whose fiscal year ended within the time window before `now`. A fiscal year
 * ending in year Y is the reporting period Y plus the company's reporting period shift.
 */
export function reportingPeriodsInWindow(
  company: { fiscalYearEnd?: string | null; reportingPeriodShift?: number | null },
  window: TimeWindowThreshold | null,
  now: Date,
): string[] {
  const { day, month } = fiscalYearEnd(company.fiscalYearEnd);
  const months = TIME_WINDOW_MONTHS[window ?? "Standard"];
  const from = new Date(now);
  from.setUTCMonth(from.getUTCMonth() - months);
  const periods: string[] = [];
  for (let year = now.getUTCFullYear(); year >= now.getUTCFullYear() - 3; year--) {
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const end = new Date(Date.UTC(year, month, Math.min(day, lastDay)));
    if (end <= now && end > from) periods.push(String(year + (company.reportingPeriodShift ?? 0)));
  }
  return periods;
}

export interface MonitoringOutcome {
  /** Requests stored now. */
  created: number;
  /** Combinations where the user had an active request already. */
  duplicates: number;
}

/**
 * Asks, in the owner's name, for the monitored frameworks' data of the portfolio's companies for the
 * reporting periods in its time window: only where no active data exists, and each combination once
 * (what monitoring asked for before, or the user has an active request for, is not asked again).
 */
export async function monitorPortfolio(
  db: AnyExecutor,
  portfolioId: string,
  now = new Date(),
): Promise<MonitoringOutcome> {
  return inTransaction(db, async (trx) => {
    const row = await selectPortfolio(trx, portfolioId);
    const outcome: MonitoringOutcome = { created: 0, duplicates: 0 };
    if (!row?.isMonitored || row.monitoredFrameworks.length === 0) return outcome;
    const asked = await selectAskedBefore(trx, row.userId, row.companyIds);
    for (const companyId of row.companyIds) {
      const company = await getCompanyInformation(trx, companyId);
      if (!company) continue;
      const periods = reportingPeriodsInWindow(company, row.timeWindowThreshold, now);
      for (const dataType of row.monitoredFrameworks) {
        for (const reportingPeriod of periods) {
          if (asked.has(`${companyId}|${dataType}|${reportingPeriod}`)) continue;
          if (await findActiveDataId(trx, companyId, dataType, reportingPeriod)) continue;
          const result = await createDataRequest(trx, {
            userId: row.userId,
            companyId,
            dataType,
            reportingPeriod,
            notifyMeImmediately: false,
            memberComment: `Asked for by the monitoring of the portfolio "${row.portfolioName}".`,
          });
          await insertAsked(trx, {
            userId: row.userId,
            companyId,
            dataType,
            reportingPeriod,
            portfolioId,
            dataRequestId: result.request.dataRequestId,
          });
          asked.add(`${companyId}|${dataType}|${reportingPeriod}`);
          if (result.outcome === "duplicate") outcome.duplicates++;
          else outcome.created++;
        }
      }
    }
    return outcome;
  });
}

/** The next daily monitoring run: 02:00 UTC after `now`. */
export function nextMonitoringRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * Makes sure the daily run is scheduled (at start). When the recorded run is long overdue (its job
 * was lost), one is queued now; a second job for the same run does nothing.
 */
export async function ensureMonitoringScheduled(db: AnyExecutor, now = new Date()): Promise<void> {
  await inTransaction(db, async (trx) => {
    const next = nextMonitoringRun(now);
    if (await insertSchedule(trx, MONITOR_ALL_JOB, next)) {
      await enqueueJob(trx as never, MONITOR_ALL_JOB, {}, { runAt: next });
      return;
    }
    const due = await selectSchedule(trx, MONITOR_ALL_JOB);
    if (due && due.getTime() < now.getTime() - 3_600_000) await enqueueJob(trx as never, MONITOR_ALL_JOB, {});
  });
}

/** The daily run: moves the schedule on (once across instances) and monitors every monitored portfolio. */
export async function monitorAllPortfolios(
  db: AnyExecutor,
  log: { error(object: unknown, message: string): void },
  now = new Date(),
): Promise<MonitoringOutcome | undefined> {
  const next = nextMonitoringRun(now);
  const mine = await inTransaction(db, async (trx) => {
    if (!(await advanceSchedule(trx, MONITOR_ALL_JOB, new Date(now.getTime() + 60_000), next))) return false;
    await enqueueJob(trx as never, MONITOR_ALL_JOB, {}, { runAt: next });
    return true;
  });
  if (!mine) return undefined;
  const total: MonitoringOutcome = { created: 0, duplicates: 0 };
  for (const portfolioId of await selectMonitoredPortfolioIds(portfoliosDb(db))) {
    try {
      const outcome = await monitorPortfolio(db, portfolioId, now);
      total.created += outcome.created;
      total.duplicates += outcome.duplicates;
    } catch (error) {
      log.error({ err: error, portfolioId }, "portfolio monitoring failed");
    }
  }
  return total;
}

export interface DatasetActivated {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  previousActiveDataId: string | null;
}

/** The user as the rules see them when they act in person. */
function actorOf(user: User): SignedInActor {
  return {
    kind: "user",
    userId: user.userId,
    username: user.username,
    email: user.email,
    name: user.name,
    roles: new Set<RealmRole>(user.roles),
    via: "token",
  };
}

/**
 * New active data: noted for the digest of every monitored portfolio that watches it, for its owner
 * and each of its readers who may see the data. Whoever unsubscribed from portfolio updates gets no
 * mail: the notifications module keeps the subscriptions.
 */
export async function noteNewData(trx: AnyExecutor, event: DatasetActivated): Promise<number> {
  if (event.previousActiveDataId === event.dataId) return 0;
  const portfolios = await selectPortfoliosWatching(portfoliosDb(trx), event.companyId, event.dataType);
  if (portfolios.length === 0) return 0;
  const companyName = (await getCompanyNames(trx, [event.companyId])).get(event.companyId) ?? event.companyId;
  let noted = 0;
  const dimension = {
    companyId: event.companyId,
    dataType: event.dataType,
    reportingPeriod: event.reportingPeriod,
  };
  for (const portfolio of portfolios) {
    if (portfolio.notificationFrequency === "NoNotifications") continue;
    const recipientIds = [portfolio.userId, ...portfolio.sharedUserIds];
    const byId = new Map((await getUsersByIds(trx, recipientIds)).map((user) => [user.userId, user]));
    for (const recipientId of recipientIds) {
      const recipient = byId.get(recipientId);
      if (!recipient) continue;
      if (event.dataType === "vsme" && !(await maySeePrivateData(trx, actorOf(recipient), dimension)))
        continue;
      await queuePortfolioUpdate(trx, {
        userId: recipient.userId,
        frequency: portfolio.notificationFrequency,
        portfolioId: portfolio.portfolioId,
        portfolioName: portfolio.portfolioName,
        companyId: event.companyId,
        companyName,
        dataType: event.dataType,
        reportingPeriod: event.reportingPeriod,
        dataId: event.dataId,
        isUpdate: event.previousActiveDataId !== null,
      });
      noted++;
    }
  }
  return noted;
}
