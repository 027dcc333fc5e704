/** The outbox's part of the admin console's platform state (identity's providePlatformStatePart). */
import type { NotificationsDb } from "./store";

/** Mails waiting to be sent and given up, with the error of the latest attempt among them. */
export async function selectOutboxState(
  db: NotificationsDb,
): Promise<{ waiting: number; failed: number; lastError: string | null }> {
  const counts = await db
    .selectFrom("notification_mail")
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere("status", "=", "Pending").as("waiting"),
      eb.fn.countAll<string>().filterWhere("status", "=", "Failed").as("failed"),
    ])
    .where("status", "in", ["Pending", "Failed"])
    .executeTakeFirst();
  const latest = await db
    .selectFrom("notification_mail")
    .select("last_error")
    .where("status", "in", ["Pending", "Failed"])
    .where("last_error", "is not", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return {
    waiting: Number(counts?.waiting ?? 0),
    failed: Number(counts?.failed ?? 0),
    lastError: latest?.last_error ?? null,
  };
}

/** Puts the failed mails back to Pending with their attempts reset; their ids. */
export async function reopenFailedMails(db: NotificationsDb): Promise<string[]> {
  const rows = await db
    .updateTable("notification_mail")
    .set({ status: "Pending", attempts: 0 })
    .where("status", "=", "Failed")
    .returning("mail_id")
    .execute();
  return rows.map((row) => row.mail_id);
}
