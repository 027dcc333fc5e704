/**
 * Forgot password: a request names an account; if it exists, a one-time link goes to its e-mail
 * address through the notifications module. Only a SHA-256 of the link's secret is stored (the secret
 * is long and random, so a plain hash suffices). Using the link sets a new password, clears the
 * account's sign-in lock and ends its sessions.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { badRequest } from "../../platform/http/errors";
import { enqueueJob, type Job } from "../../platform/jobs";
import { forgetSessionsOf } from "./adapter";
import type { IdentityConfig } from "./config";
import { hashPassword, passwordProblem } from "./passwords";
import { findUserByEmail, findUserByUsername, getUserById, type User } from "./service";
import {
  type AnyExecutor,
  consumePasswordReset,
  countPasswordResetsSince,
  deleteOldPasswordResets,
  identityTables,
  insertPasswordReset,
  selectPasswordReset,
  supersedePasswordResets,
  updateUser,
} from "./store";
import { forgetAccountFailures } from "./throttle";

/** What a reset mail says: to whom, the one-time link, and how long it stays open. */
export interface PasswordResetMail {
  user: User;
  resetUrl: string;
  validMinutes: number;
  /** An admin made the account: the mail invites its owner to choose their first password. */
  invitation?: boolean;
}

/** Writes a reset mail into the outbox, in the caller's transaction. */
export type PasswordResetMailer = (
  db: AnyExecutor,
  publicUrl: string,
  mail: PasswordResetMail,
) => Promise<unknown>;

let mailer: PasswordResetMailer | undefined;

/**
 * The notifications module sends the reset mails and says so through this (it asks this module about
 * users, so this module does not import it).
 */
export function providePasswordResetMailer(send: PasswordResetMailer): void {
  mailer = send;
}

function sendPasswordResetMail(
  db: AnyExecutor,
  publicUrl: string,
  mail: PasswordResetMail,
): Promise<unknown> {
  if (!mailer)
    throw new Error("No module sends password reset mails: the notifications module is not loaded.");
  return mailer(db, publicUrl, mail);
}

export const PASSWORD_RESET_JOB = "identity.password-reset";
/** Reset mails one account gets per hour at most, whoever asks: nobody can flood an inbox. */
export const MAX_RESET_MAILS_PER_HOUR = 5;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// oidc-provider's interaction ids: only these are kept to continue a sign-in after the reset.
const INTERACTION_UID = /^[A-Za-z0-9_-]{1,64}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface PasswordResetRequest {
  login: string;
  interactionUid: string | null;
}

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

export const resetPageUrl = (config: IdentityConfig, secret?: string) =>
  `${config.issuer}/login-actions/reset-credentials${secret ? `?token=${secret}` : ""}`;

/**
 * Queues the request as a job, whatever it names: the answer takes the same time for an account that
 * exists as for one that does not, so it tells nobody which accounts there are.
 */
export async function requestPasswordReset(db: AnyExecutor, request: PasswordResetRequest): Promise<void> {
  const interactionUid =
    request.interactionUid && INTERACTION_UID.test(request.interactionUid) ? request.interactionUid : null;
  await enqueueJob(db as never, PASSWORD_RESET_JOB, { login: request.login.trim(), interactionUid });
}

async function findAccount(db: AnyExecutor, login: string): Promise<User | undefined> {
  if (!login) return undefined;
  const byName = await findUserByUsername(db, login);
  if (byName || !login.includes("@")) return byName;
  return findUserByEmail(db, login);
}

/** The job: makes a link for the account (replacing older ones) and writes its mail into the outbox. */
export async function runPasswordResetRequest(
  db: AnyExecutor,
  config: IdentityConfig,
  log: FastifyBaseLogger,
  job: Job,
): Promise<void> {
  const request = job.payload as PasswordResetRequest;
  const user = await findAccount(db, request.login);
  if (!user) return;
  await db.transaction().execute(async (trx) => {
    const tables = identityTables(trx);
    const now = Date.now();
    await deleteOldPasswordResets(tables, new Date(now - DAY_MS));
    if (
      (await countPasswordResetsSince(tables, user.userId, new Date(now - HOUR_MS))) >=
      MAX_RESET_MAILS_PER_HOUR
    ) {
      log.warn(
        { event: "password-reset-withheld", userId: user.userId },
        "too many password reset mails for one account",
      );
      return;
    }
    await mailPasswordLink(trx, config, user, {
      validSeconds: config.passwordResetSeconds,
      interactionUid: request.interactionUid,
    });
    log.info({ event: "password-reset-mailed", userId: user.userId }, "password reset mail queued");
  });
}

/**
 * Makes a one-time link to set the account's password (ending older ones) and writes its mail into
 * the outbox, in the caller's transaction: for a reset, or for an invitation an admin sent.
 */
export async function mailPasswordLink(
  trx: AnyExecutor,
  config: IdentityConfig,
  user: User,
  options: { validSeconds: number; interactionUid?: string | null; invitation?: boolean },
): Promise<void> {
  const tables = identityTables(trx);
  const secret = randomBytes(32).toString("base64url");
  await supersedePasswordResets(tables, user.userId);
  await insertPasswordReset(tables, {
    tokenHash: hashOf(secret),
    userId: user.userId,
    expiresAt: new Date(Date.now() + options.validSeconds * 1000),
    interactionUid: options.interactionUid ?? null,
  });
  await sendPasswordResetMail(trx, config.publicUrl, {
    user,
    resetUrl: resetPageUrl(config, secret),
    validMinutes: Math.round(options.validSeconds / 60),
    ...(options.invitation ? { invitation: true } : {}),
  });
}

/** How many reset mails the account got in the last hour (at most MAX_RESET_MAILS_PER_HOUR). */
export async function resetMailsInLastHour(db: AnyExecutor, userId: string): Promise<number> {
  return countPasswordResetsSince(identityTables(db), userId, new Date(Date.now() - HOUR_MS));
}

export type ResetLink =
  | { state: "open"; user: User; interactionUid: string | null }
  | { state: "used" | "superseded" | "expired" | "unknown" };

/** What a link's secret opens: an account whose password may be set, or why not. */
export async function openResetLink(db: AnyExecutor, secret: string | undefined): Promise<ResetLink> {
  if (!secret || !SECRET.test(secret)) return { state: "unknown" };
  const row = await selectPasswordReset(identityTables(db), hashOf(secret));
  if (!row) return { state: "unknown" };
  if (row.endedWhy) return { state: row.endedWhy };
  if (row.expiresAt.getTime() <= Date.now()) return { state: "expired" };
  const user = await getUserById(db, row.userId);
  if (!user) return { state: "unknown" };
  return { state: "open", user, interactionUid: row.interactionUid };
}

/**
 * Sets the new password with the link: checks the strength rule, then in one transaction uses up the
 * link (and any other open one), stores the password, clears the sign-in lock and ends the sessions.
 * Throws 400 for a weak password or passwords that differ; returns the link's state otherwise.
 */
export async function resetPasswordWithLink(
  db: AnyExecutor,
  secret: string | undefined,
  password: string,
  passwordConfirm: string,
): Promise<ResetLink> {
  const link = await openResetLink(db, secret);
  if (link.state !== "open") return link;
  const { user } = link;
  if (password !== passwordConfirm)
    throw badRequest("The two passwords are not the same.", "Passwords differ");
  const problem = passwordProblem(password, { username: user.username, email: user.email });
  if (problem) throw badRequest(problem, "Weak password");
  const passwordHash = await hashPassword(password);
  const used = await db.transaction().execute(async (trx) => {
    const tables = identityTables(trx);
    if (!(await consumePasswordReset(tables, hashOf(secret as string), new Date()))) return false;
    await supersedePasswordResets(tables, user.userId);
    await updateUser(tables, user.userId, { passwordHash });
    await forgetAccountFailures(trx, user.userId);
    await forgetSessionsOf(trx, user.userId);
    return true;
  });
  // Two submissions at once: the other one used the link.
  return used ? link : { state: "used" };
}
