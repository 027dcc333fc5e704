import type { Config } from "../../platform/config";

/** Where mails go (SMTP_URL; none keeps them in the outbox) and who sends them (MAIL_FROM), as configured. */
export type MailSettings = Config["mail"];

/** The SMTP URL without its password, for logs. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
