import type { Command } from "commander";
import type { EventHandler } from "../../platform/events";
import type { ModuleContext, ServerModule, WithContext } from "../../platform/module";
import { providePasswordResetMailer, providePlatformStatePart } from "../identity";
import { mailboxRoutes } from "./mailbox";
import { smtpMailer } from "./mailer";
import { outboxState, retryFailedMails } from "./platform-state";
import { emailRoutes } from "./routes";
import {
  type AccessRequestedPayload,
  type DatasetRejectedPayload,
  DIGEST_JOB,
  digestJob,
  flushPortfolioDigests,
  type Mailer,
  type OwnershipClaimedPayload,
  onAccessRequested,
  onDatasetRejected,
  onOwnershipClaimed,
  onQaReportFindings,
  onRequestAnswered,
  onRequestNonSourceable,
  onRoleAssigned,
  type QaReportFindingsPayload,
  type RequestAnsweredPayload,
  type RequestNonSourceablePayload,
  type RoleAssignedPayload,
  resendPendingMails,
  SEND_MAIL_JOB,
  sendMailJob,
  sendPasswordResetMail,
} from "./service";
import { describeSmtpUrl, type MailSettings } from "./settings";

// The identity module asks through this to e-mail a password reset link.
providePasswordResetMailer(sendPasswordResetMail);

// The admin console's platform state shows the outbox and sends failed mails again.
providePlatformStatePart("mail", (context) =>
  outboxState(context.database.db, Boolean(context.config.mail.smtpUrl)),
);
providePlatformStatePart("retryFailedMails", retryFailedMails);

/** Settings and mailer per built platform, read once when the platform is built. */
const perContext = new WeakMap<ModuleContext, { settings: MailSettings; mailer: Mailer | undefined }>();

function mailing(context: ModuleContext) {
  let found = perContext.get(context);
  if (!found) {
    const settings = context.config.mail;
    found = { settings, mailer: settings.smtpUrl ? smtpMailer(settings.smtpUrl) : undefined };
    perContext.set(context, found);
    if (settings.smtpUrl)
      context.log.info(
        `e-mails are sent over ${describeSmtpUrl(settings.smtpUrl)} from ${settings.mailFrom}`,
      );
    else
      context.log.info(
        context.config.demo
          ? "SMTP_URL is not set: e-mails stay in the outbox; see them at /dev/mailbox"
          : "SMTP_URL is not set: e-mails stay in the outbox and are not sent",
      );
  }
  return found;
}

function handler<P>(
  context: ModuleContext,
  react: (trx: never, publicUrl: string, payload: P) => Promise<void>,
): EventHandler {
  return async (event, trx) => react(trx as never, context.config.publicUrl, event.payload as P);
}

function commands(program: Command, withContext: WithContext): void {
  const mail = program.command("notifications").description("Outgoing e-mail and portfolio digests.");
  mail
    .command("send-pending")
    .description("Queue every e-mail still pending in the outbox for sending again (after setting SMTP_URL).")
    .action(async () => {
      await withContext(async (context) => {
        const count = await resendPendingMails(context.database.db);
        process.stdout.write(`Queued ${count} pending e-mail(s); a running server sends them.\n`);
      });
    });
  mail
    .command("flush-digests")
    .description(
      "Write every collected portfolio digest into the outbox now, without waiting for its period.",
    )
    .action(async () => {
      await withContext(async (context) => {
        const ids = await flushPortfolioDigests(context.database.db, context.config.publicUrl, {
          everything: true,
        });
        process.stdout.write(`Wrote ${ids.length} digest e-mail(s) into the outbox.\n`);
      });
    });
}

/** Notification e-mails, their outbox and subscriptions, at /email. */
export const notificationsModule: ServerModule = {
  name: "notifications",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: emailRoutes,
  events: (context) => {
    mailing(context);
    return {
      "request.answered": [handler<RequestAnsweredPayload>(context, onRequestAnswered)],
      "request.nonSourceable": [handler<RequestNonSourceablePayload>(context, onRequestNonSourceable)],
      "company.ownershipClaimed": [handler<OwnershipClaimedPayload>(context, onOwnershipClaimed)],
      "company.roleAssigned": [handler<RoleAssignedPayload>(context, onRoleAssigned)],
      "request.accessRequested": [handler<AccessRequestedPayload>(context, onAccessRequested)],
      "dataset.rejected": [handler<DatasetRejectedPayload>(context, onDatasetRejected)],
      "qa.reportFindings": [handler<QaReportFindingsPayload>(context, onQaReportFindings)],
    };
  },
  jobs: (context) => {
    const { db } = context.database;
    return {
      [SEND_MAIL_JOB]: (job) => {
        const { settings, mailer } = mailing(context);
        return sendMailJob(db, { ...settings, publicUrl: context.config.publicUrl }, mailer, job);
      },
      [DIGEST_JOB]: (job) => digestJob(db, context.config.publicUrl, job),
    };
  },
  commands,
};

/** The demo mailbox page at /dev/mailbox, mounted outside the API groups (demo mode only). */
export const mailboxModule: ServerModule = {
  name: "notifications-mailbox",
  routes: mailboxRoutes,
};

// ---- What other modules ask of the notifications module --------------------------------------------

// Portfolio monitoring collects its news into digests; a user's support request is mailed to the team.

export { queuePortfolioUpdate, sendSupportRequest } from "./service";
