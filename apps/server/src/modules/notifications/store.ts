import { type Generated, type Kysely, sql } from "kysely";
import { inTransaction as inTransactionOf } from "../../platform/db/transaction";

export type MailStatus = "Pending" | "Sent" | "Failed" | "Unsubscribed";

/** The tables of the notifications module (migrations/001_create_notification_tables.sql). */
export interface NotificationTables {
  notification_subscription: {
    subscription_id: string;
    email_address: string;
    kind: string;
    created_at: Generated<Date>;
    unsubscribed_at: Date | null;
  };
  notification_mail: {
    mail_id: string;
    kind: string;
    recipient_email: string;
    recipient_user_id: string | null;
    subscription_id: string;
    subject: string;
    text_body: string;
    html_body: string;
    reply_to: string | null;
    status: Generated<MailStatus>;
    attempts: Generated<number>;
    last_error: string | null;
    created_at: Generated<Date>;
    sent_at: Date | null;
  };
  notification_digest_item: {
    item_id: Generated<number>;
    user_id: string;
    frequency: string;
    due_at: Date;
    portfolio_id: string;
    portfolio_name: string;
    company_id: string;
    company_name: string;
    data_type: string;
    reporting_period: string;
    data_id: string;
    is_update: boolean;
    created_at: Generated<Date>;
    mail_id: string | null;
  };
  notification_digest_batch: {
    user_id: string;
    frequency: string;
    due_at: Date;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;
export type NotificationsDb = Kysely<NotificationTables>;

export const notificationsDb = (db: AnyExecutor): NotificationsDb => db as unknown as NotificationsDb;

export const inTransaction = <T>(db: AnyExecutor, work: (trx: NotificationsDb) => Promise<T>): Promise<T> =>
  inTransactionOf(notificationsDb(db), work);

// ---- subscriptions ----------------------------------------------------------------------------

export interface SubscriptionRow {
  subscriptionId: string;
  emailAddress: string;
  kind: string;
  unsubscribedAt: Date | null;
}

const toSubscription = (row: {
  subscription_id: string;
  email_address: string;
  kind: string;
  unsubscribed_at: Date | null;
}): SubscriptionRow => ({
  subscriptionId: row.subscription_id,
  emailAddress: row.email_address,
  kind: row.kind,
  unsubscribedAt: row.unsubscribed_at,
});

/** The subscription of an address to a kind of mail, created (subscribed) on first use. */
export async function ensureSubscription(
  db: NotificationsDb,
  subscriptionId: string,
  emailAddress: string,
  kind: string,
): Promise<SubscriptionRow> {
  await sql`insert into notification_subscription (subscription_id, email_address, kind)
    values (${subscriptionId}, ${emailAddress}, ${kind})
    on conflict (lower(email_address), kind) do nothing`.execute(db);
  const row = await db
    .selectFrom("notification_subscription")
    .select(["subscription_id", "email_address", "kind", "unsubscribed_at"])
    .where(sql<string>`lower(email_address)`, "=", emailAddress.toLowerCase())
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  return toSubscription(row);
}

export async function selectSubscription(
  db: NotificationsDb,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom("notification_subscription")
    .select(["subscription_id", "email_address", "kind", "unsubscribed_at"])
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  return row && toSubscription(row);
}

export async function markUnsubscribed(db: NotificationsDb, subscriptionId: string): Promise<void> {
  await db
    .updateTable("notification_subscription")
    .set({ unsubscribed_at: sql`coalesce(unsubscribed_at, now())` })
    .where("subscription_id", "=", subscriptionId)
    .execute();
}

// ---- the outbox -------------------------------------------------------------------------------

export interface NewMail {
  mailId: string;
  kind: string;
  recipientEmail: string;
  recipientUserId: string | null;
  subscriptionId: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  replyTo: string | null;
}

export async function insertMail(db: NotificationsDb, mail: NewMail): Promise<void> {
  await db
    .insertInto("notification_mail")
    .values({
      mail_id: mail.mailId,
      kind: mail.kind,
      recipient_email: mail.recipientEmail,
      recipient_user_id: mail.recipientUserId,
      subscription_id: mail.subscriptionId,
      subject: mail.subject,
      text_body: mail.textBody,
      html_body: mail.htmlBody,
      reply_to: mail.replyTo,
    })
    .execute();
}

export interface MailRow extends NewMail {
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  unsubscribed: boolean;
}

const mailColumns = [
  "m.mail_id",
  "m.kind",
  "m.recipient_email",
  "m.recipient_user_id",
  "m.subscription_id",
  "m.subject",
  "m.text_body",
  "m.html_body",
  "m.reply_to",
  "m.status",
  "m.attempts",
  "m.last_error",
  "m.created_at",
  "m.sent_at",
  "s.unsubscribed_at",
] as const;

function toMail(row: {
  mail_id: string;
  kind: string;
  recipient_email: string;
  recipient_user_id: string | null;
  subscription_id: string;
  subject: string;
  text_body: string;
  html_body: string;
  reply_to: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  unsubscribed_at: Date | null;
}): MailRow {
  return {
    mailId: row.mail_id,
    kind: row.kind,
    recipientEmail: row.recipient_email,
    recipientUserId: row.recipient_user_id,
    subscriptionId: row.subscription_id,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    replyTo: row.reply_to,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    createdAt: new Date(row.created_at),
    sentAt: row.sent_at && new Date(row.sent_at),
    unsubscribed: row.unsubscribed_at !== null,
  };
}

export async function selectMail(db: NotificationsDb, mailId: string): Promise<MailRow | undefined> {
  const row = await db
    .selectFrom("notification_mail as m")
    .innerJoin("notification_subscription as s", "s.subscription_id", "m.subscription_id")
    .select(mailColumns)
    .where("m.mail_id", "=", mailId)
    .executeTakeFirst();
  return row && toMail(row);
}

export async function selectMails(
  db: NotificationsDb,
  filter: { limit: number; recipientEmail?: string; kind?: string },
): Promise<MailRow[]> {
  let query = db
    .selectFrom("notification_mail as m")
    .innerJoin("notification_subscription as s", "s.subscription_id", "m.subscription_id")
    .select(mailColumns);
  if (filter.recipientEmail)
    query = query.where(sql<string>`lower(m.recipient_email)`, "=", filter.recipientEmail.toLowerCase());
  if (filter.kind) query = query.where("m.kind", "=", filter.kind);
  const rows = await query.orderBy("m.created_at", "desc").orderBy("m.mail_id").limit(filter.limit).execute();
  return rows.map(toMail);
}

export async function selectPendingMailIds(db: NotificationsDb): Promise<string[]> {
  const rows = await db
    .selectFrom("notification_mail")
    .select("mail_id")
    .where("status", "=", "Pending")
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.mail_id);
}

/** Moves a pending mail to its next status; false when it was not pending any more. */
export async function finishMail(
  db: NotificationsDb,
  mailId: string,
  change: { status: MailStatus; lastError?: string | null; sent?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable("notification_mail")
    .set({
      status: change.status,
      ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
      ...(change.sent ? { sent_at: new Date() } : {}),
      attempts: sql`attempts + 1`,
    })
    .where("mail_id", "=", mailId)
    .where("status", "=", "Pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces both bodies of a mail with a note (mails whose link must not stay in the outbox). */
export async function forgetMailBodies(db: NotificationsDb, mailId: string, note: string): Promise<void> {
  await db
    .updateTable("notification_mail")
    .set({ text_body: note, html_body: `<!doctype html><p>${note}</p>` })
    .where("mail_id", "=", mailId)
    .execute();
}

export async function recordAttempt(db: NotificationsDb, mailId: string, error: string): Promise<void> {
  await db
    .updateTable("notification_mail")
    .set({ attempts: sql`attempts + 1`, last_error: error })
    .where("mail_id", "=", mailId)
    .execute();
}

// ---- portfolio digests ------------------------------------------------------------------------

export interface NewDigestItem {
  userId: string;
  frequency: string;
  dueAt: Date;
  portfolioId: string;
  portfolioName: string;
  companyId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  dataId: string;
  isUpdate: boolean;
}

export async function insertDigestItem(db: NotificationsDb, item: NewDigestItem): Promise<void> {
  await db
    .insertInto("notification_digest_item")
    .values({
      user_id: item.userId,
      frequency: item.frequency,
      due_at: item.dueAt,
      portfolio_id: item.portfolioId,
      portfolio_name: item.portfolioName,
      company_id: item.companyId,
      company_name: item.companyName,
      data_type: item.dataType,
      reporting_period: item.reportingPeriod,
      data_id: item.dataId,
      is_update: item.isUpdate,
    })
    .execute();
}

/** Records that a digest job exists for this user, frequency and due time; true if it is new. */
export async function insertDigestBatch(
  db: NotificationsDb,
  batch: { userId: string; frequency: string; dueAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto("notification_digest_batch")
    .values({ user_id: batch.userId, frequency: batch.frequency, due_at: batch.dueAt })
    .onConflict((oc) => oc.doNothing())
    .returning("user_id")
    .execute();
  return inserted.length > 0;
}

export interface DigestItemRow extends NewDigestItem {
  itemId: number;
}

/** Open items of a user's digest that are due by then, locked for the digest being written. */
export async function selectDueDigestItems(
  db: NotificationsDb,
  filter: { userId?: string; frequency?: string; dueBy: Date },
): Promise<DigestItemRow[]> {
  let query = db
    .selectFrom("notification_digest_item")
    .selectAll()
    .where("mail_id", "is", null)
    .where("due_at", "<=", filter.dueBy);
  if (filter.userId) query = query.where("user_id", "=", filter.userId);
  if (filter.frequency) query = query.where("frequency", "=", filter.frequency);
  const rows = await query.orderBy("item_id").forUpdate().skipLocked().execute();
  return rows.map((row) => ({
    itemId: Number(row.item_id),
    userId: row.user_id,
    frequency: row.frequency,
    dueAt: new Date(row.due_at),
    portfolioId: row.portfolio_id,
    portfolioName: row.portfolio_name,
    companyId: row.company_id,
    companyName: row.company_name,
    dataType: row.data_type,
    reportingPeriod: row.reporting_period,
    dataId: row.data_id,
    isUpdate: row.is_update,
  }));
}

export async function markDigestItems(db: NotificationsDb, itemIds: number[], mailId: string): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .updateTable("notification_digest_item")
    .set({ mail_id: mailId })
    .where("item_id", "in", itemIds)
    .execute();
}

/** Items whose digest will not be written (the address unsubscribed or the user is gone). */
export async function deleteDigestItems(db: NotificationsDb, itemIds: number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.deleteFrom("notification_digest_item").where("item_id", "in", itemIds).execute();
}
