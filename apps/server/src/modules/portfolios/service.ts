/**
 * The rules of portfolios: built from company identifiers, changed by their owner and admins, read
 * also by the users the owner shared them with, and downloaded through the datasets module's export
 * jobs. What data exists for a portfolio is in enrichment.ts; monitoring (data requests for what is
 * missing, digests of what is new) in monitoring.ts; sharing's own operations in sharing.ts.
 */
import { randomUUID } from "node:crypto";
import { frameworkIds, isFrameworkId } from "@openverde/frameworks";
import { type Actor, isSignedIn } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { ApiError, badRequest, type ErrorDetails, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { enqueueJob } from "../../platform/jobs";
import { requireVisibleText } from "../../platform/text/visible-text";
import { runPortfolioDeletionSteps } from "./deletion-steps";
import {
  createExportJob,
  DATA_TYPES,
  type ExportFormat,
  getUserById,
  getUsersByIds,
  recordAudit,
  sendSupportRequest,
  validateIdentifiers,
} from "./neighbours";
import { can } from "./policy";
import { MAX_READERS } from "./schemas";
import {
  type AnyExecutor,
  deletePortfolioRow,
  deletePortfoliosOf,
  insertPortfolio,
  insertSupportRequest,
  inTransaction,
  type NotificationFrequency,
  type PortfolioRow,
  type PortfoliosDb,
  portfoliosDb,
  selectAllPortfolios,
  selectPortfolio,
  selectPortfolioNamesOf,
  selectPortfoliosOf,
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

/**
 * The users a portfolio is to be shared with: ids of existing users other than its owner, each once,
 * in the order given. Everything wrong is reported in one 400.
 */
export async function checkReaders(db: AnyExecutor, ownerId: string, userIds: string[]): Promise<string[]> {
  const asked = [...new Set(userIds.map((userId) => userId.trim().toLowerCase()))];
  if (asked.length > MAX_READERS)
    throw badRequest(`A portfolio is shared with at most ${MAX_READERS} users.`, "Invalid sharedUserIds");
  const existing = new Set((await getUsersByIds(db, asked.filter(isUuid))).map((user) => user.userId));
  const problems = asked.flatMap((userId) => {
    if (userId === ownerId.toLowerCase())
      return [
        invalid(
          "Owner among the readers",
          "sharedUserIds: the owner cannot share a portfolio with themselves.",
        ),
      ];
    if (!existing.has(userId))
      return [invalid("Unknown user", `sharedUserIds: there is no user with the id "${userId}".`)];
    return [];
  });
  if (problems.length > 0) throw invalidInput(problems);
  return asked;
}

/** One answer for a portfolio that does not exist and one the actor may not read: it tells nothing. */
const noSuchPortfolio = (portfolioId: string) =>
  notFound(`There is no portfolio with the id ${portfolioId}.`, "Portfolio not found");

/** The portfolio, if the actor may read it (owner, reader, admin); 404 when there is none or they may not. */
export async function readPortfolio(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<PortfolioRow> {
  const row = isUuid(portfolioId) ? await selectPortfolio(portfoliosDb(db), portfolioId) : undefined;
  if (!row) throw noSuchPortfolio(portfolioId);
  authorize(actor, can(actor, "read", row), noSuchPortfolio(portfolioId));
  return row;
}

/** The portfolio, if the actor may change it: 404 as for reading, 403 for a reader. */
export async function portfolioToChange(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<PortfolioRow> {
  const row = await readPortfolio(db, actor, portfolioId);
  authorize(
    actor,
    can(actor, "change", row),
    "Only the portfolio's owner and admins may change, share or delete it; it is shared with you to read.",
  );
  return row;
}

/**
 * An admin changing someone else's portfolio uses a privilege: the change goes into the audit trail,
 * in the transaction that makes it. The owner's own changes are not audited.
 */
export async function auditAdminChange(
  trx: PortfoliosDb,
  actor: Actor,
  row: PortfolioRow,
  change: { action: string; before?: unknown; after?: unknown },
): Promise<void> {
  if (!isSignedIn(actor) || actor.userId === row.userId) return;
  await recordAudit(trx as AnyExecutor, actor, {
    action: `portfolio.${change.action}`,
    objectType: "portfolio",
    objectId: row.portfolioId,
    before: change.before,
    after: change.after,
  });
}

/** What the audit trail keeps of a portfolio: enough to see what changed, not its companies one by one. */
const auditedFields = (row: PortfolioRow) => ({
  portfolioName: row.portfolioName,
  companyCount: row.companyIds.length,
  isMonitored: row.isMonitored,
  monitoredFrameworks: row.monitoredFrameworks,
  notificationFrequency: row.notificationFrequency,
  sharedUserIds: row.sharedUserIds,
});

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
  const sharedUserIds = await checkReaders(db, user.userId, upload.sharedUserIds);
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
      sharedUserIds,
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
  const row = await portfolioToChange(db, actor, portfolioId);
  const portfolioName = checkName(upload.portfolioName);
  const monitoring = checkMonitoring(upload);
  const companyIds = await resolveCompanies(db, upload.identifiers);
  const sharedUserIds = await checkReaders(db, row.userId, upload.sharedUserIds);
  return inTransaction(db, async (trx) => {
    await updatePortfolio(trx, portfolioId, {
      portfolioName,
      isMonitored: monitoring.isMonitored,
      monitoredFrameworks: monitoring.monitoredFrameworks,
      notificationFrequency: monitoring.notificationFrequency,
      timeWindowThreshold: monitoring.timeWindowThreshold ?? null,
      sharedUserIds,
      companyIds,
    });
    await queueMonitoring(trx, { portfolioId, isMonitored: monitoring.isMonitored });
    const changed = (await selectPortfolio(trx, portfolioId)) as PortfolioRow;
    await auditAdminChange(trx, actor, row, {
      action: "replaced",
      before: auditedFields(row),
      after: auditedFields(changed),
    });
    return changed;
  });
}

export async function patchMonitoring(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  patch: MonitoringPatch,
): Promise<PortfolioRow> {
  const row = await portfolioToChange(db, actor, portfolioId);
  const monitoring = checkMonitoring(patch);
  return inTransaction(db, async (trx) => {
    await updatePortfolio(trx, portfolioId, {
      isMonitored: monitoring.isMonitored,
      monitoredFrameworks: monitoring.monitoredFrameworks,
      notificationFrequency: monitoring.notificationFrequency,
      timeWindowThreshold: monitoring.timeWindowThreshold ?? null,
    });
    await queueMonitoring(trx, { portfolioId, isMonitored: monitoring.isMonitored });
    const changed = (await selectPortfolio(trx, portfolioId)) as PortfolioRow;
    await auditAdminChange(trx, actor, row, {
      action: "monitoring-changed",
      before: auditedFields(row),
      after: auditedFields(changed),
    });
    return changed;
  });
}

export async function deletePortfolio(db: AnyExecutor, actor: Actor, portfolioId: string): Promise<void> {
  const row = await portfolioToChange(db, actor, portfolioId);
  await inTransaction(db, async (trx) => {
    await runPortfolioDeletionSteps(trx, [portfolioId]);
    await deletePortfolioRow(trx, portfolioId);
    await auditAdminChange(trx, actor, row, {
      action: "deleted",
      before: { ...auditedFields(row), userId: row.userId },
    });
  });
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

export async function forgetUser(trx: AnyExecutor, userId: string): Promise<void> {
  if (!isUuid(userId)) return;
  const own = await selectPortfolioNamesOf(portfoliosDb(trx), userId);
  await runPortfolioDeletionSteps(
    trx,
    own.map((portfolio) => portfolio.portfolioId),
  );
  await deletePortfoliosOf(portfoliosDb(trx), userId);
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
