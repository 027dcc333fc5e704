/** What the admin console's platform state asks of the outbox: its state, and sending failed mails again. */
import { enqueueJob } from "../../platform/jobs";
import { reopenFailedMails, selectOutboxState } from "./platform-state-store";
import { MAX_SEND_ATTEMPTS, SEND_MAIL_JOB } from "./service";
import { type AnyExecutor, inTransaction, notificationsDb } from "./store";

export async function outboxState(db: AnyExecutor, smtpConfigured: boolean) {
  return { configured: smtpConfigured, ...(await selectOutboxState(notificationsDb(db))) };
}

/** Every failed mail is tried again from its first attempt, by the send job as a new mail is. */
export async function retryFailedMails(db: AnyExecutor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const ids = await reopenFailedMails(trx);
    for (const mailId of ids)
      await enqueueJob(trx as never, SEND_MAIL_JOB, { mailId }, { maxAttempts: MAX_SEND_ATTEMPTS });
    return ids.length;
  });
}
