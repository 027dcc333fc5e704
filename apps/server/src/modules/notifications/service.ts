/**
 * Outgoing e-mail: rendered from templates into the outbox in the caller's transaction, with a send
 * job beside each mail; subscriptions per address and kind; portfolio digests collected per user and
 * frequency. Functions marked "for other modules" may be called by portfolios and others.
 */
import { randomUUID } from "node:crypto";
import { notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { enqueueJob, type Job } from "../../platform/jobs";
import { type MailContent, renderMail } from "./layout";
import { administrators, companyName, companyOwners, displayName, type User, userById } from "./neighbours";
import type { MailSettings } from "./settings";
import {
  type AnyExecutor,
  deleteDigestItems,
  ensureSubscription,
  finishMail,
  forgetMailBodies,
  insertDigestBatch,
  insertDigestItem,
  insertMail,
  inTransaction,
  type MailRow,
  markDigestItems,
  markUnsubscribed,
  type NotificationsDb,
  recordAttempt,
  selectDueDigestItems,
  selectMail,
  selectMails,
  selectPendingMailIds,
  selectSubscription,
} from "./store";
import {
  ACCOUNT_SECURITY_KINDS,
  accessRequested,
  companyRoleAssigned,
  dataRequestAnswered,
  dataRequestNonSourceable,
  datasetRejected,
  links,
  type MailKind,
  ownershipClaim,
  passwordReset,
  portfolioUpdates,
  qaReportFindings,
  supportRequest,
} from "./templates";

export type { MailRow } from "./store";
export type { MailKind } from "./templates";
export { MAIL_KINDS } from "./templates";

export const SEND_MAIL_JOB = "notifications.send-mail";
export const DIGEST_JOB = "notifications.portfolio-digest";
/** Attempts of one mail before it is given up as Failed (the job queue waits 10 s, 20 s, 40 s, ... between them). */
export const MAX_SEND_ATTEMPTS = 8;

export interface Recipient {
  email: string;
  userId: string | null;
  name?: string;
}

const asRecipient = (user: User): Recipient => ({
  email: user.email,
  userId: user.userId,
  name: user.name.trim() || user.username,
});

// ---- writing mails into the outbox --------------------------------------------------------------

/**
 * Renders one mail to one recipient into the outbox and queues its sending, in the caller's
 * transaction. Returns the mail id, or undefined when the address has unsubscribed from the kind.
 */
export async function queueMail(
  db: AnyExecutor,
  publicUrl: string,
  input: { kind: MailKind; to: Recipient; content: MailContent; replyTo?: string },
): Promise<string | undefined> {
  const email = input.to.email.trim();
  if (!email) return undefined;
  const accountSecurity = ACCOUNT_SECURITY_KINDS.has(input.kind);
  return inTransaction(db, async (trx) => {
    const subscription = await ensureSubscription(trx, randomUUID(), email, input.kind);
    if (subscription.unsubscribedAt) return undefined;
    const rendered = renderMail(
      input.content,
      accountSecurity ? undefined : links.unsubscribe(publicUrl, subscription.subscriptionId),
    );
    const mailId = randomUUID();
    await insertMail(trx, {
      mailId,
      kind: input.kind,
      recipientEmail: email,
      recipientUserId: input.to.userId,
      subscriptionId: subscription.subscriptionId,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      replyTo: input.replyTo ?? null,
    });
    await enqueueJob(trx as never, SEND_MAIL_JOB, { mailId }, { maxAttempts: MAX_SEND_ATTEMPTS });
    return mailId;
  });
}

/** The same mail, rendered per recipient (each has an own greeting and unsubscribe link). */
async function queueMailToEach(
  db: AnyExecutor,
  publicUrl: string,
  kind: MailKind,
  recipients: Recipient[],
  content: (recipient: Recipient) => MailContent,
  replyTo?: string,
): Promise<string[]> {
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const recipient of recipients) {
    const key = recipient.email.toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const id = await queueMail(db, publicUrl, { kind, to: recipient, content: content(recipient), replyTo });
    if (id) ids.push(id);
  }
  return ids;
}

// ---- reactions to events (docs/events.md) -------------------------------------------------------

export interface RequestAnsweredPayload {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string | null;
}

export async function onRequestAnswered(trx: AnyExecutor, publicUrl: string, event: RequestAnsweredPayload) {
  const user = await userById(trx, event.userId);
  if (!user) return;
  const name = await companyName(trx, event.companyId);
  await queueMailToEach(trx, publicUrl, "DataRequestAnswered", [asRecipient(user)], (to) =>
    dataRequestAnswered(publicUrl, { ...event, recipientName: to.name, companyName: name }),
  );
}

export interface RequestNonSourceablePayload {
  dataRequestId: string;
  userId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  reason: string | null;
}

/** A "cannot be sourced" is an answer too, so it honours the same subscription. */
export async function onRequestNonSourceable(
  trx: AnyExecutor,
  publicUrl: string,
  event: RequestNonSourceablePayload,
) {
  const user = await userById(trx, event.userId);
  if (!user) return;
  const name = await companyName(trx, event.companyId);
  await queueMailToEach(trx, publicUrl, "DataRequestAnswered", [asRecipient(user)], (to) =>
    dataRequestNonSourceable(publicUrl, { ...event, recipientName: to.name, companyName: name }),
  );
}

export interface OwnershipClaimedPayload {
  companyId: string;
  userId: string;
  comment: string | null;
}

export async function onOwnershipClaimed(
  trx: AnyExecutor,
  publicUrl: string,
  event: OwnershipClaimedPayload,
) {
  const claimant = await userById(trx, event.userId);
  const name = await companyName(trx, event.companyId);
  const admins = await administrators(trx);
  await queueMailToEach(trx, publicUrl, "OwnershipClaim", admins.map(asRecipient), (to) =>
    ownershipClaim(publicUrl, {
      recipientName: to.name,
      companyId: event.companyId,
      companyName: name,
      claimantName: displayName(claimant),
      claimantEmail: claimant?.email ?? "unknown address",
      comment: event.comment,
    }),
  );
}

export interface RoleAssignedPayload {
  companyId: string;
  userId: string;
  role: string;
  assignedByUserId: string | null;
}

export async function onRoleAssigned(trx: AnyExecutor, publicUrl: string, event: RoleAssignedPayload) {
  const user = await userById(trx, event.userId);
  if (!user) return;
  const assignedBy =
    event.assignedByUserId && event.assignedByUserId !== event.userId
      ? await userById(trx, event.assignedByUserId)
      : undefined;
  const name = await companyName(trx, event.companyId);
  await queueMailToEach(trx, publicUrl, "CompanyRoleAssigned", [asRecipient(user)], (to) =>
    companyRoleAssigned(publicUrl, {
      recipientName: to.name,
      companyId: event.companyId,
      companyName: name,
      role: event.role,
      assignedByName: assignedBy ? displayName(assignedBy) : undefined,
    }),
  );
}

export interface AccessRequestedPayload {
  dataRequestId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  userId: string;
}

export async function onAccessRequested(trx: AnyExecutor, publicUrl: string, event: AccessRequestedPayload) {
  const requester = await userById(trx, event.userId);
  const owners = await companyOwners(trx, event.companyId);
  if (owners.length === 0) return;
  const name = await companyName(trx, event.companyId);
  await queueMailToEach(trx, publicUrl, "AccessRequested", owners.map(asRecipient), (to) =>
    accessRequested(publicUrl, {
      recipientName: to.name,
      companyId: event.companyId,
      companyName: name,
      dataType: event.dataType,
      reportingPeriod: event.reportingPeriod,
      requesterName: displayName(requester),
      requesterEmail: requester?.email ?? "unknown address",
    }),
  );
}

export interface DatasetRejectedPayload {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  uploaderUserId: string | null;
  reviewerUserId: string | null;
  comment: string | null;
}

export async function onDatasetRejected(trx: AnyExecutor, publicUrl: string, event: DatasetRejectedPayload) {
  if (!event.uploaderUserId) return;
  const uploader = await userById(trx, event.uploaderUserId);
  if (!uploader) return;
  const name = await companyName(trx, event.companyId);
  await queueMailToEach(trx, publicUrl, "DatasetRejected", [asRecipient(uploader)], (to) =>
    datasetRejected(publicUrl, {
      recipientName: to.name,
      companyId: event.companyId,
      companyName: name,
      dataType: event.dataType,
      reportingPeriod: event.reportingPeriod,
      dataId: event.dataId,
      comment: event.comment?.trim() ? event.comment.trim() : null,
    }),
  );
}

export interface QaReportFindingsPayload {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  uploaderUserId: string;
  rejected: number;
  corrected: number;
}

export async function onQaReportFindings(
  trx: AnyExecutor,
  publicUrl: string,
  event: QaReportFindingsPayload,
) {
  const uploader = await userById(trx, event.uploaderUserId);
  if (!uploader) return;
  const name = await companyName(trx, event.companyId);
  await queueMailToEach(trx, publicUrl, "QaReportFindings", [asRecipient(uploader)], (to) =>
    qaReportFindings(publicUrl, {
      recipientName: to.name,
      companyId: event.companyId,
      companyName: name,
      dataType: event.dataType,
      reportingPeriod: event.reportingPeriod,
      dataId: event.dataId,
      rejected: event.rejected,
      corrected: event.corrected,
    }),
  );
}

// ---- for other modules: support requests and portfolio digests ----------------------------------

export interface SupportRequestInput {
  userId: string;
  name: string;
  email: string;
  topic: string;
  message: string;
}

/** For other modules: e-mails a user's support request to every administrator, with the user as reply-to. */
export async function sendSupportRequest(
  db: AnyExecutor,
  publicUrl: string,
  request: SupportRequestInput,
): Promise<string[]> {
  const admins = await administrators(db);
  return queueMailToEach(
    db,
    publicUrl,
    "SupportRequest",
    admins.map(asRecipient),
    (to) =>
      supportRequest(publicUrl, {
        recipientName: to.name,
        requesterName: request.name,
        requesterEmail: request.email,
        topic: request.topic,
        message: request.message,
      }),
    request.email || undefined,
  );
}

export interface PasswordResetInput {
  user: { userId: string; email: string; username: string; name: string };
  /** The page where the new password is chosen, with the link's secret. */
  resetUrl: string;
  validMinutes: number;
  /** An admin made the account: the mail invites its owner to choose a first password. */
  invitation?: boolean;
}

/**
 * For the identity module: e-mails a password reset link, in the caller's transaction. The mail has
 * no unsubscribe link, and the outbox forgets its bodies once it is sent.
 */
export async function sendPasswordResetMail(
  db: AnyExecutor,
  publicUrl: string,
  input: PasswordResetInput,
): Promise<string | undefined> {
  const to: Recipient = {
    email: input.user.email,
    userId: input.user.userId,
    name: input.user.name.trim() || input.user.username,
  };
  return queueMail(db, publicUrl, {
    kind: "PasswordReset",
    to,
    content: passwordReset(publicUrl, {
      recipientName: to.name,
      username: input.user.username,
      resetUrl: input.resetUrl,
      validMinutes: input.validMinutes,
      ...(input.invitation ? { invitation: true } : {}),
    }),
  });
}

export const DIGEST_FREQUENCIES = ["Daily", "Weekly", "Monthly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** When the digest of this frequency that covers `at` goes out: next midnight, Monday or 1st (UTC). */
export function digestDueAt(frequency: DigestFrequency, at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const dayMs = 86_400_000;
  if (frequency === "Daily") return new Date(day + dayMs);
  if (frequency === "Weekly") {
    const daysToMonday = (8 - at.getUTCDay()) % 7 || 7;
    return new Date(day + daysToMonday * dayMs);
  }
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

export interface PortfolioUpdate {
  userId: string;
  frequency: DigestFrequency;
  portfolioId: string;
  portfolioName: string;
  companyId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string;
  /** Whether it replaces data that was there (an update) rather than adds a new period. */
  isUpdate: boolean;
}

/**
 * For other modules (portfolios): notes new or updated data in a monitored portfolio for the owner's
 * digest, in the caller's transaction. The first item of a period schedules the digest job for the
 * end of the period; all items of the period go out in one mail, grouped by portfolio and company.
 */
export async function queuePortfolioUpdate(db: AnyExecutor, update: PortfolioUpdate, now = new Date()) {
  await inTransaction(db, async (trx) => {
    const dueAt = digestDueAt(update.frequency, now);
    await insertDigestItem(trx, { ...update, dueAt });
    if (await insertDigestBatch(trx, { userId: update.userId, frequency: update.frequency, dueAt })) {
      await enqueueJob(
        trx as never,
        DIGEST_JOB,
        { userId: update.userId, frequency: update.frequency, dueAt: dueAt.toISOString() },
        { runAt: dueAt, maxAttempts: MAX_SEND_ATTEMPTS },
      );
    }
  });
}

async function writeDigests(
  trx: NotificationsDb,
  publicUrl: string,
  filter: { userId?: string; frequency?: string; dueBy: Date },
): Promise<string[]> {
  const items = await selectDueDigestItems(trx, filter);
  const groups = new Map<string, typeof items>();
  for (const item of items) {
    const key = `${item.userId}|${item.frequency}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const mailIds: string[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    const user = await userById(trx, first.userId);
    const mailId = user
      ? await queueMail(trx, publicUrl, {
          kind: "PortfolioUpdates",
          to: asRecipient(user),
          content: portfolioUpdates(publicUrl, {
            recipientName: asRecipient(user).name,
            frequency: first.frequency,
            entries: group,
          }),
        })
      : undefined;
    const ids = group.map((item) => item.itemId);
    if (mailId) {
      await markDigestItems(trx, ids, mailId);
      mailIds.push(mailId);
    } else {
      await deleteDigestItems(trx, ids);
    }
  }
  return mailIds;
}

/**
 * Writes the digests that are due now (or, with `everything`, all collected ones) into the outbox;
 * for the operator command and tests. Returns the ids of the mails written.
 */
export async function flushPortfolioDigests(
  db: AnyExecutor,
  publicUrl: string,
  options: { userId?: string; everything?: boolean; now?: Date } = {},
): Promise<string[]> {
  const dueBy = options.everything ? new Date("9999-12-31T00:00:00Z") : (options.now ?? new Date());
  return inTransaction(db, (trx) =>
    writeDigests(trx, publicUrl, { ...(options.userId ? { userId: options.userId } : {}), dueBy }),
  );
}

// ---- jobs --------------------------------------------------------------------------------------

export interface Mailer {
  send(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string>;
  }): Promise<void>;
}

/** Sends one mail of the outbox; without a mailer it stays Pending. Throws to have the job retried. */
export async function sendMailJob(
  db: AnyExecutor,
  settings: MailSettings & { publicUrl: string },
  mailer: Mailer | undefined,
  job: Job,
): Promise<void> {
  const { mailId } = job.payload as { mailId: string };
  const typed = db as unknown as NotificationsDb;
  const mail = await selectMail(typed, mailId);
  if (mail?.status !== "Pending") return;
  const accountSecurity = ACCOUNT_SECURITY_KINDS.has(mail.kind as MailKind);
  if (mail.unsubscribed) {
    await finishMail(typed, mailId, { status: "Unsubscribed" });
    return;
  }
  if (!mailer) return;
  const unsubscribeUrl = links.unsubscribe(settings.publicUrl, mail.subscriptionId);
  try {
    await mailer.send({
      from: settings.mailFrom,
      to: mail.recipientEmail,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: accountSecurity ? {} : { "List-Unsubscribe": `<${unsubscribeUrl}>` },
    });
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (job.attempts >= MAX_SEND_ATTEMPTS)
      await finishMail(typed, mailId, { status: "Failed", lastError: message });
    else await recordAttempt(typed, mailId, message);
    throw error;
  }
  await finishMail(typed, mailId, { status: "Sent", lastError: null, sent: true });
  // Its one-time link is for the recipient only; the outbox need not keep it.
  if (accountSecurity) await forgetMailBodies(typed, mailId, SENT_BODY_FORGOTTEN);
}

const SENT_BODY_FORGOTTEN =
  "This e-mail carried a one-time link for the recipient's account. It was sent; the outbox does not keep its text.";

export async function digestJob(db: AnyExecutor, publicUrl: string, job: Job): Promise<void> {
  const payload = job.payload as { userId: string; frequency: string; dueAt: string };
  await inTransaction(db, (trx) =>
    writeDigests(trx, publicUrl, {
      userId: payload.userId,
      frequency: payload.frequency,
      dueBy: new Date(payload.dueAt),
    }),
  );
}

/** Queues a send job for every pending mail again (after SMTP_URL was set, say); returns how many. */
export async function resendPendingMails(db: AnyExecutor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const ids = await selectPendingMailIds(trx);
    for (const mailId of ids)
      await enqueueJob(trx as never, SEND_MAIL_JOB, { mailId }, { maxAttempts: MAX_SEND_ATTEMPTS });
    return ids.length;
  });
}

// ---- subscriptions and the mailbox --------------------------------------------------------------

/** Unsubscribes the address of this subscription from its kind of e-mail; 404 for an unknown id. */
export async function unsubscribe(
  db: AnyExecutor,
  subscriptionId: string,
): Promise<{ emailAddress: string; kind: string }> {
  const typed = db as unknown as NotificationsDb;
  const subscription = isUuid(subscriptionId) ? await selectSubscription(typed, subscriptionId) : undefined;
  if (!subscription)
    throw notFound(
      `There is no e-mail subscription with the id ${subscriptionId}.`,
      "Subscription not found",
    );
  await markUnsubscribed(typed, subscriptionId);
  return { emailAddress: subscription.emailAddress, kind: subscription.kind };
}

/** The newest mails of the outbox, newest first (the demo mailbox). */
export function listMails(
  db: AnyExecutor,
  filter: { limit?: number; recipientEmail?: string; kind?: string } = {},
): Promise<MailRow[]> {
  return selectMails(db as unknown as NotificationsDb, { ...filter, limit: filter.limit ?? 100 });
}

export function getMail(db: AnyExecutor, mailId: string): Promise<MailRow | undefined> {
  return isUuid(mailId) ? selectMail(db as unknown as NotificationsDb, mailId) : Promise.resolve(undefined);
}
