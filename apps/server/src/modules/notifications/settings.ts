import { ConfigError } from "../../platform/config";

export const DEFAULT_MAIL_FROM = "Openverde <no-reply@openverde.localhost>";

export interface MailSettings {
  /** Where mails are sent; undefined keeps them in the outbox. */
  smtpUrl: string | undefined;
  /** The sender, as `Name <address>` or a bare address. */
  mailFrom: string;
}

const ADDRESS = /^[^\s<>@]+@[^\s<>@]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^\s<>@]+@[^\s<>@]+)>$/;

function parseSmtpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(
      "SMTP_URL must be a URL such as smtp://user:password@mail.example.org:587 or smtps://mail.example.org:465.",
    );
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//".`);
  if (!url.hostname) throw new ConfigError("SMTP_URL must name the mail server's host.");
  if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535))
    throw new ConfigError(`SMTP_URL has an invalid port "${url.port}".`);
  return raw.trim();
}

function parseMailFrom(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") return DEFAULT_MAIL_FROM;
  const value = raw.trim();
  if (ADDRESS.test(value) || NAMED_ADDRESS.test(value)) return value;
  throw new ConfigError(
    `MAIL_FROM must be an e-mail address or "Name <address>", such as ${DEFAULT_MAIL_FROM}; got "${value}".`,
  );
}

/** Reads SMTP_URL and MAIL_FROM; a bad value stops the start with a clear message. */
export function mailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings {
  return { smtpUrl: parseSmtpUrl(env.SMTP_URL), mailFrom: parseMailFrom(env.MAIL_FROM) };
}

/** The SMTP URL without its password, for logs. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
