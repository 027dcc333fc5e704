/**
 * The platform's state on one page of the admin console: the database and the mailer, the review
 * queue, open data requests, export jobs, e-mails, sign-in locks, the version and the uptime.
 *
 * Identity sits below every module that owns one of these queues, so it cannot ask them directly:
 * each of them reports its part through `providePlatformStatePart` when it loads (its index.ts), the
 * way the other hooks of docs/developing.md ("Module boundaries") work. A part nobody provided is
 * reported as null, so the page says "not available" instead of guessing.
 */
import { readBuildInfo } from "../../platform/build-info";
import type { ModuleContext } from "../../platform/module";
import { selectSignInCounters } from "./admin-store";
import { identityConfig } from "./config";
import type { AnyExecutor } from "./store";

/** The review queue: datasets waiting for a reviewer, and since when the oldest one waits. */
export interface ReviewQueueState {
  length: number;
  oldestSince: Date | null;
}

/** The outbox of e-mails: what waits to be sent, what was given up, and whether sending works. */
export interface MailState {
  /** Whether an SMTP server is configured; without one, mails stay in the outbox. */
  configured: boolean;
  waiting: number;
  failed: number;
  /** The error of the last failed attempt of a waiting or failed mail, if any. */
  lastError: string | null;
}

export interface PlatformStateParts {
  reviewQueue: (context: ModuleContext) => Promise<ReviewQueueState>;
  /** Data requests counted per state (every state, the finished ones too). */
  dataRequests: (context: ModuleContext) => Promise<Record<string, number>>;
  exportJobs: (context: ModuleContext) => Promise<{ running: number; failed: number }>;
  mail: (context: ModuleContext) => Promise<MailState>;
  /** Puts every failed e-mail back into the outbox to be sent again, in the caller's transaction; how many. */
  retryFailedMails: (trx: AnyExecutor) => Promise<number>;
}

const provided: Partial<PlatformStateParts> = {};

/** Called by the module that owns a part of the state, at load time (its index.ts). */
export function providePlatformStatePart<K extends keyof PlatformStateParts>(
  part: K,
  report: PlatformStateParts[K],
): void {
  provided[part] = report;
}

/** The retry of failed e-mails, when the notifications module provided it. */
export const retryFailedMailsOf = (): PlatformStateParts["retryFailedMails"] | undefined =>
  provided.retryFailedMails;

type HealthStatus = "UP" | "DOWN";
type MailerStatus = HealthStatus | "NOT_CONFIGURED";

export interface PlatformState {
  checkedAt: string;
  version: string;
  commit: string;
  startedAt: string;
  uptimeSeconds: number;
  database: { status: HealthStatus };
  mailer: { status: MailerStatus; lastError: string | null } | null;
  reviewQueue: { length: number; oldestSince: string | null } | null;
  dataRequests: { state: string; count: number }[] | null;
  exportJobs: { running: number; failed: number } | null;
  mails: { waiting: number; failed: number } | null;
  signInLocks: { locked: number; counting: number };
}

/** Asks a part and answers null when it is not provided or fails (one broken queue must not hide the rest). */
async function ask<T>(
  context: ModuleContext,
  report: ((context: ModuleContext) => Promise<T>) | undefined,
): Promise<T | null> {
  if (!report) return null;
  try {
    return await report(context);
  } catch (error) {
    context.log.warn({ err: error }, "a part of the platform state could not be read");
    return null;
  }
}

/**
 * Sending is DOWN when a mail that waits or was given up carries an error from its last attempt: the
 * outbox tells without a test connection to the SMTP server, which would slow the page down.
 */
function mailerOf(mail: MailState): { status: MailerStatus; lastError: string | null } {
  if (!mail.configured) return { status: "NOT_CONFIGURED", lastError: null };
  return { status: mail.lastError ? "DOWN" : "UP", lastError: mail.lastError };
}

export async function readPlatformState(context: ModuleContext, now = new Date()): Promise<PlatformState> {
  const build = readBuildInfo(context.config.gitCommit);
  const lockSeconds = identityConfig(context.config).loginLockSeconds;
  const [databaseUp, reviewQueue, requests, exportJobs, mail, counters] = await Promise.all([
    context.database.ping(),
    ask(context, provided.reviewQueue),
    ask(context, provided.dataRequests),
    ask(context, provided.exportJobs),
    ask(context, provided.mail),
    selectSignInCounters(context.database.db, new Date(now.getTime() - lockSeconds * 1000)).catch(() => []),
  ]);
  const uptimeSeconds = Math.floor(process.uptime());
  return {
    checkedAt: now.toISOString(),
    version: build.version,
    commit: build.commit,
    startedAt: new Date(now.getTime() - uptimeSeconds * 1000).toISOString(),
    uptimeSeconds,
    database: { status: databaseUp ? "UP" : "DOWN" },
    mailer: mail ? mailerOf(mail) : null,
    reviewQueue: reviewQueue
      ? {
          length: reviewQueue.length,
          oldestSince: reviewQueue.oldestSince ? new Date(reviewQueue.oldestSince).toISOString() : null,
        }
      : null,
    dataRequests: requests
      ? Object.entries(requests)
          .map(([state, count]) => ({ state, count }))
          .sort((a, b) => a.state.localeCompare(b.state))
      : null,
    exportJobs,
    mails: mail ? { waiting: mail.waiting, failed: mail.failed } : null,
    signInLocks: {
      locked: counters.filter((row) => row.locked_until && new Date(row.locked_until) > now).length,
      counting: counters.length,
    },
  };
}
