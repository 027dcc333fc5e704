/**
 * The rules of portfolios: built from company identifiers, seen by their owner and admins, enriched
 * with what data exists, monitored (data requests for what is missing, digests of what is new) and
 * downloaded through the datasets module's export jobs.
 */
import { randomUUID } from "node:crypto";
import { frameworkIds, isFrameworkId } from "@openverde/frameworks";
import type { Actor, RealmRole, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { ApiError, badRequest, type ErrorDetails, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { enqueueJob } from "../../platform/jobs";
import { requireVisibleText } from "../../platform/text/visible-text";
import {
  availableDimensions,
  createDataRequest,
  createExportJob,
  DATA_TYPES,
  type ExportFormat,
  findActiveDataId,
  getBasicCompanyInformation,
  getCompanyInformation,
  getCompanyNames,
  getUserById,
  maySeePrivateData,
  queuePortfolioUpdate,
  sendSupportRequest,
  validateIdentifiers,
} from "./neighbours";
import { can } from "./policy";
import {
  type AnyExecutor,
  advanceSchedule,
  deletePortfolioRow,
  deletePortfoliosOf,
  insertAsked,
  insertPortfolio,
  insertSchedule,
  insertSupportRequest,
  inTransaction,
  type NotificationFrequency,
  type PortfolioRow,
  type PortfoliosDb,
  portfoliosDb,
  selectAllPortfolios,
  selectAskedBefore,
  selectMonitoredPortfolioIds,
  selectPortfolio,
  selectPortfolioNamesOf,
  selectPortfoliosOf,
  selectPortfoliosWatching,
  selectSchedule,
  type TimeWindowThreshold,
  updatePortfolio,
} from "./store";

export type { NotificationFrequency, PortfolioRow, TimeWindowThreshold } from "./store";

export const MONITOR_PORTFOLIO_JOB = "portfolios.monitor";
export const MONITOR_ALL_JOB = "portfolios.monitor-all";

const MAX_NAME_LENGTH = 200;
const MAX_COMPANIES = 5000;

// ---- wire shapes ------------------------------------------------------------------------------

export interface BasePortfolio {
  portfolioId: string;
  portfolioName: string;
  userId: string;
  creationTimestamp: number;
  lastUpdateTimestamp: number;
  identifiers: string[];
  isMonitored: boolean;
  monitoredFrameworks: string[];
  notificationFrequency: NotificationFrequency;
  timeWindowThreshold?: TimeWindowThreshold;
  sharedUserIds: string[];
}

export function toBasePortfolio(row: PortfolioRow): BasePortfolio {
  return {
    portfolioId: row.portfolioId,
    portfolioName: row.portfolioName,
    userId: row.userId,
    creationTimestamp: row.createdAt.getTime(),
    lastUpdateTimestamp: row.updatedAt.getTime(),
    identifiers: row.companyIds,
    isMonitored: row.isMonitored,
    monitoredFrameworks: row.monitoredFrameworks,
    notificationFrequency: row.notificationFrequency,
    ...(row.timeWindowThreshold ? { timeWindowThreshold: row.timeWindowThreshold } : {}),
    sharedUserIds: row.sharedUserIds,
  };
}

export interface PortfolioUpload {
  portfolioName: string;
  identifiers: string[];
  isMonitored: boolean;
  monitoredFrameworks: string[];
  notificationFrequency: NotificationFrequency;
  timeWindowThreshold?: TimeWindowThreshold;
  sharedUserIds: string[];
}

export interface MonitoringPatch {
  isMonitored: boolean;
  monitoredFrameworks: string[];
  notificationFrequency: NotificationFrequency;
  timeWindowThreshold?: TimeWindowThreshold;
}

// ---- checks ----------------------------------------------------------------------------------

const invalid = (summary: string, message: string): ErrorDetails => ({
  errorType: "invalid-input",
  summary,
  message,
  httpStatus: 400,
});

function invalidInput(details: ErrorDetails[]): ApiError {
  const first = details[0] as ErrorDetails;
  return new ApiError(400, "invalid-input", first.summary, first.message, details);
}

function checkName(name: string): string {
  const value = name.trim();
  if (!value) throw badRequest("portfolioName must not be empty.", "Invalid portfolioName");
  if (value.length > MAX_NAME_LENGTH)
    throw badRequest(`portfolioName has at most ${MAX_NAME_LENGTH} characters.`, "Invalid portfolioName");
  requireVisibleText("portfolioName", value);
  return value;
}

function checkMonitoring(patch: MonitoringPatch): MonitoringPatch {
  const frameworks = [...new Set(patch.monitoredFrameworks.map((framework) => framework.trim()))];
  const unknown = frameworks.filter((framework) => !(DATA_TYPES as readonly string[]).includes(framework));
  if (unknown.length > 0)
    throw badRequest(
      `monitoredFrameworks may hold ${DATA_TYPES.join(", ")}; not ${unknown.join(", ")}.`,
      "Invalid monitoredFrameworks",
    );
  if (patch.isMonitored && frameworks.length === 0)
    throw badRequest(
      "A monitored portfolio needs at least one framework in monitoredFrameworks.",
      "Invalid monitoredFrameworks",
    );
  return { ...patch, monitoredFrameworks: frameworks };
}

/**
 * Turns the identifiers given (company ids, LEIs, ISINs, ...) into company ids, in the order given
 * and without repeats. Identifiers that name no company are all reported in one 400.
 */
export async function resolveCompanies(db: AnyExecutor, identifiers: string[]): Promise<string[]> {
  const asked = identifiers.map((identifier) => identifier.trim()).filter(Boolean);
  if (asked.length === 0)
    throw badRequest("identifiers must name at least one company.", "Invalid identifiers");
  if (asked.length > MAX_COMPANIES)
    throw badRequest(`A portfolio holds at most ${MAX_COMPANIES} companies.`, "Invalid identifiers");
  const results = await validateIdentifiers(db, asked);
  const byIdentifier = new Map(
    results.map((result) => [result.identifier, result.companyInformation?.companyId]),
  );
  const unknown = [...new Set(asked.filter((identifier) => !byIdentifier.get(identifier)))];
  if (unknown.length > 0)
    throw invalidInput(
      unknown.map((identifier) =>
        invalid(
          "Unknown company identifier",
          `identifiers: no company on Openverde has the identifier or id "${identifier}".`,
        ),
      ),
    );
  return [...new Set(asked.map((identifier) => byIdentifier.get(identifier) as string))];
}

async function requirePortfolio(db: AnyExecutor, portfolioId: string): Promise<PortfolioRow> {
  const row = isUuid(portfolioId) ? await selectPortfolio(portfoliosDb(db), portfolioId) : undefined;
  if (!row) throw notFound(`There is no portfolio with the id ${portfolioId}.`, "Portfolio not found");
  return row;
}

/** The portfolio, if the actor may see it: 404 when there is none, 403 when it is someone else's. */
export async function readPortfolio(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<PortfolioRow> {
  const row = await requirePortfolio(db, portfolioId);
  authorize(actor, can(actor, "use", row), "Only the portfolio's owner and admins may see or change it.");
  return row;
}

async function queueMonitoring(trx: PortfoliosDb, row: { portfolioId: string; isMonitored: boolean }) {
  if (row.isMonitored)
    await enqueueJob(trx as never, MONITOR_PORTFOLIO_JOB, { portfolioId: row.portfolioId });
}

// ---- the operations ----------------------------------------------------------------------------

export async function createPortfolio(
  db: AnyExecutor,
  actor: Actor,
  upload: PortfolioUpload,
): Promise<PortfolioRow> {
  const user = authorize(actor, can(actor, "keepPortfolios"));
  const portfolioName = checkName(upload.portfolioName);
  const monitoring = checkMonitoring(upload);
  const companyIds = await resolveCompanies(db, upload.identifiers);
  const portfolioId = randomUUID();
  return inTransaction(db, async (trx) => {
    await insertPortfolio(trx, {
      portfolioId,
      userId: user.userId,
      portfolioName,
      isMonitored: monitoring.isMonitored,
      monitoredFrameworks: monitoring.monitoredFrameworks,
      notificationFrequency: monitoring.notificationFrequency,
      timeWindowThreshold: monitoring.timeWindowThreshold ?? null,
      sharedUserIds: [...new Set(upload.sharedUserIds)],
      companyIds,
    });
    await queueMonitoring(trx, { portfolioId, isMonitored: monitoring.isMonitored });
    return (await selectPortfolio(trx, portfolioId)) as PortfolioRow;
  });
}

export async function replacePortfolio(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  upload: PortfolioUpload,
): Promise<PortfolioRow> {
  await readPortfolio(db, actor, portfolioId);
  const portfolioName = checkName(upload.portfolioName);
  const monitoring = checkMonitoring(upload);
  const companyIds = await resolveCompanies(db, upload.identifiers);
  return inTransaction(db, async (trx) => {
    await updatePortfolio(trx, portfolioId, {
      portfolioName,
      isMonitored: monitoring.isMonitored,
      monitoredFrameworks: monitoring.monitoredFrameworks,
      notificationFrequency: monitoring.notificationFrequency,
      timeWindowThreshold: monitoring.timeWindowThreshold ?? null,
      sharedUserIds: [...new Set(upload.sharedUserIds)],
      companyIds,
    });
    await queueMonitoring(trx, { portfolioId, isMonitored: monitoring.isMonitored });
    return (await selectPortfolio(trx, portfolioId)) as PortfolioRow;
  });
}

export async function patchMonitoring(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  patch: MonitoringPatch,
): Promise<PortfolioRow> {
  await readPortfolio(db, actor, portfolioId);
  const monitoring = checkMonitoring(patch);
  return inTransaction(db, async (trx) => {
    await updatePortfolio(trx, portfolioId, {
      isMonitored: monitoring.isMonitored,
      monitoredFrameworks: monitoring.monitoredFrameworks,
      notificationFrequency: monitoring.notificationFrequency,
      timeWindowThreshold: monitoring.timeWindowThreshold ?? null,
    });
    await queueMonitoring(trx, { portfolioId, isMonitored: monitoring.isMonitored });
    return (await selectPortfolio(trx, portfolioId)) as PortfolioRow;
  });
}

export async function deletePortfolio(db: AnyExecutor, actor: Actor, portfolioId: string): Promise<void> {
  await readPortfolio(db, actor, portfolioId);
  await deletePortfolioRow(portfoliosDb(db), portfolioId);
}

export async function portfoliosOfCurrentUser(db: AnyExecutor, actor: Actor): Promise<PortfolioRow[]> {
  return selectPortfoliosOf(portfoliosDb(db), authorize(actor, can(actor, "keepPortfolios")).userId);
}

export async function portfolioNamesOfCurrentUser(
  db: AnyExecutor,
  actor: Actor,
): Promise<{ portfolioId: string; portfolioName: string }[]> {
  return selectPortfolioNamesOf(portfoliosDb(db), authorize(actor, can(actor, "keepPortfolios")).userId);
}

export async function allPortfolios(
  db: AnyExecutor,
  actor: Actor,
  paging: { chunkSize: number; chunkIndex: number },
): Promise<PortfolioRow[]> {
  authorize(actor, can(actor, "listAll"), "Only admins list every portfolio.");
  return selectAllPortfolios(portfoliosDb(db), {
    limit: paging.chunkSize,
    offset: paging.chunkSize * paging.chunkIndex,
  });
}

export async function portfoliosOfUser(
  db: AnyExecutor,
  actor: Actor,
  userId: string,
): Promise<PortfolioRow[]> {
  authorize(actor, can(actor, "listPortfoliosOf", { userId }), "Only admins list other users' portfolios.");
  return isUuid(userId) ? selectPortfoliosOf(portfoliosDb(db), userId) : [];
}

/** For other modules: whether the user has at least one portfolio (the sign-in redirect asks). */
export async function hasPortfolios(db: AnyExecutor, userId: string): Promise<boolean> {
  return isUuid(userId) && (await selectPortfolioNamesOf(portfoliosDb(db), userId)).length > 0;
}

// ---- enrichment --------------------------------------------------------------------------------

export interface EnrichedPortfolioEntry {
  companyId: string;
  companyName: string;
  sector?: string;
  countryCode: string;
  companyCockpitRef: string;
  frameworkHyphenatedNamesToDataRef: Record<string, string>;
  availableReportingPeriods: Record<string, string>;
}

export interface EnrichedPortfolio {
  portfolioId: string;
  portfolioName: string;
  userId: string;
  entries: EnrichedPortfolioEntry[];
  isMonitored: boolean;
  monitoredFrameworks: string[];
  notificationFrequency: NotificationFrequency;
  timeWindowThreshold?: TimeWindowThreshold;
  sharedUserIds: string[];
}

/**
 * The portfolio with, per company, its name, sector and country, the link to its page, and per
 * framework with data the actor may see: the link to that data and the reporting periods there are.
 */
export async function enrichedPortfolio(
  db: AnyExecutor,
  actor: Actor,
  publicUrl: string,
  portfolioId: string,
): Promise<EnrichedPortfolio> {
  const row = await readPortfolio(db, actor, portfolioId);
  const base = publicUrl.replace(/\/$/, "");
  const basics = new Map(
    (await getBasicCompanyInformation(db, row.companyIds)).map((basic) => [basic.companyId, basic]),
  );
  const dimensions =
    row.companyIds.length > 0
      ? await availableDimensions(db, actor, {
          companyIds: row.companyIds,
          frameworksOrDataPointTypes: [...frameworkIds],
        })
      : [];
  const periods = new Map<string, Map<string, Set<string>>>();
  for (const dimension of dimensions) {
    const perCompany = periods.get(dimension.companyId) ?? new Map<string, Set<string>>();
    const set = perCompany.get(dimension.dataType) ?? new Set<string>();
    set.add(dimension.reportingPeriod);
    perCompany.set(dimension.dataType, set);
    periods.set(dimension.companyId, perCompany);
  }
  const entries: EnrichedPortfolioEntry[] = [];
  for (const companyId of row.companyIds) {
    const basic = basics.get(companyId);
    if (!basic) continue;
    const refs: Record<string, string> = {};
    const available: Record<string, string> = {};
    const perCompany = periods.get(companyId) ?? new Map<string, Set<string>>();
    for (const framework of [...perCompany.keys()].sort()) {
      refs[framework] = `${base}/companies/${companyId}/frameworks/${framework}`;
      available[framework] = [...(perCompany.get(framework) ?? [])].sort().reverse().join(", ");
    }
    entries.push({
      companyId,
      companyName: basic.companyName,
      ...(basic.sector ? { sector: basic.sector } : {}),
      countryCode: basic.countryCode,
      companyCockpitRef: `${base}/companies/${companyId}`,
      frameworkHyphenatedNamesToDataRef: refs,
      availableReportingPeriods: available,
    });
  }
  const wire = toBasePortfolio(row);
  return {
    portfolioId: wire.portfolioId,
    portfolioName: wire.portfolioName,
    userId: wire.userId,
    entries,
    isMonitored: wire.isMonitored,
    monitoredFrameworks: wire.monitoredFrameworks,
    notificationFrequency: wire.notificationFrequency,
    ...(wire.timeWindowThreshold ? { timeWindowThreshold: wire.timeWindowThreshold } : {}),
    sharedUserIds: wire.sharedUserIds,
  };
}

// ---- monitoring --------------------------------------------------------------------------------

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

/** Day and month of a fiscal year end such as "31-Mar"; 31 December when unknown. */
function fiscalYearEnd(text: string | null | undefined): { day: number; month: number } {
  const match = /^(\d{1,2})-([A-Za-z]{3})/.exec(text?.trim() ?? "");
  const month = match ? MONTHS[(match[2] as string).toLowerCase()] : undefined;
  if (!match || month === undefined) return { day: 31, month: 11 };
  return { day: Number(match[1]), month };
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

/** New active data: noted for the digest of every monitored portfolio that watches it. */
export async function noteNewData(trx: AnyExecutor, event: DatasetActivated): Promise<number> {
  if (event.previousActiveDataId === event.dataId) return 0;
  const portfolios = await selectPortfoliosWatching(portfoliosDb(trx), event.companyId, event.dataType);
  if (portfolios.length === 0) return 0;
  const companyName = (await getCompanyNames(trx, [event.companyId])).get(event.companyId) ?? event.companyId;
  let noted = 0;
  for (const portfolio of portfolios) {
    if (portfolio.notificationFrequency === "NoNotifications") continue;
    const owner = await getUserById(trx, portfolio.userId);
    if (!owner) continue;
    const actor: SignedInActor = {
      kind: "user",
      userId: owner.userId,
      username: owner.username,
      email: owner.email,
      name: owner.name,
      roles: new Set<RealmRole>(owner.roles),
      via: "token",
    };
    const dimension = {
      companyId: event.companyId,
      dataType: event.dataType,
      reportingPeriod: event.reportingPeriod,
    };
    if (event.dataType === "vsme" && !(await maySeePrivateData(trx, actor, dimension))) continue;
    await queuePortfolioUpdate(trx, {
      userId: portfolio.userId,
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
  return noted;
}

export async function forgetUser(trx: AnyExecutor, userId: string): Promise<void> {
  if (isUuid(userId)) await deletePortfoliosOf(portfoliosDb(trx), userId);
}

// ---- downloads and support ---------------------------------------------------------------------

export interface PortfolioExportRequest {
  frameworks: string[];
  fileFormat: ExportFormat;
  keepValueFieldsOnly: boolean;
  includeAliases: boolean;
}

export interface PortfolioExport {
  exportJobs: { framework: string; exportJobId: string }[];
  frameworksWithoutData: string[];
}

/**
 * Queues, per framework, an export of the newest active dataset of every company of the portfolio
 * (the datasets module's export jobs); the files are fetched at /api/export/{exportJobId}/download.
 */
export async function exportPortfolio(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  request: PortfolioExportRequest,
): Promise<PortfolioExport> {
  const row = await readPortfolio(db, actor, portfolioId);
  const frameworks = [...new Set(request.frameworks)];
  const unknown = frameworks.filter((framework) => !isFrameworkId(framework));
  if (frameworks.length === 0 || unknown.length > 0)
    throw badRequest(
      `frameworks must name one or more of ${frameworkIds.join(", ")}${unknown.length ? `; not ${unknown.join(", ")}` : ""}.`,
      "Invalid frameworks",
    );
  const result: PortfolioExport = { exportJobs: [], frameworksWithoutData: [] };
  for (const framework of frameworks) {
    if (!isFrameworkId(framework)) continue;
    try {
      const { id } = await createExportJob(db, actor, framework, {
        latest: true,
        companyIds: row.companyIds,
        reportingPeriods: [],
        fileFormat: request.fileFormat,
        keepValueFieldsOnly: request.keepValueFieldsOnly,
        includeAliases: request.includeAliases,
      });
      result.exportJobs.push({ framework, exportJobId: id });
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 404) result.frameworksWithoutData.push(framework);
      else throw error;
    }
  }
  if (result.exportJobs.length === 0)
    throw notFound("The portfolio's companies have no active data of the frameworks asked for.", "No data");
  return result;
}

/** Stores a support request and e-mails it to the administrators, in one transaction. */
export async function requestSupport(
  db: AnyExecutor,
  actor: Actor,
  publicUrl: string,
  request: { topic: string; message: string },
): Promise<void> {
  const user = authorize(actor, can(actor, "keepPortfolios"));
  const topic = request.topic.trim();
  const message = request.message.trim();
  if (!topic) throw badRequest("topic must not be empty.", "Invalid topic");
  if (!message) throw badRequest("message must not be empty.", "Invalid message");
  const stored = await getUserById(db, user.userId);
  await inTransaction(db, async (trx) => {
    await insertSupportRequest(trx, { supportRequestId: randomUUID(), userId: user.userId, topic, message });
    await sendSupportRequest(trx, publicUrl, {
      userId: user.userId,
      name: stored?.name || user.name || user.username,
      email: stored?.email ?? user.email ?? "",
      topic,
      message,
    });
  });
}
