import nodemailer from "nodemailer";
import type { Mailer } from "./service";

/** Sends over SMTP with nodemailer; one transport per server, a connection per message. */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}
