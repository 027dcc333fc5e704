/**
 * The demo mailbox at /dev/mailbox: what the platform would have sent, newest first. It exists only
 * in demo mode, outside the API groups, as a small page rendered on the server.
 */
import type { FastifyPluginAsync } from "fastify";
import { ANONYMOUS } from "../../platform/auth/actor";
import { notFound } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import { escapeHtml } from "../../platform/text/html";
import { can } from "./policy";
import { getMail, listMails, type MailRow } from "./service";

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2a33;background:#f6f4f1;line-height:1.5}
header{background:#fff;border-bottom:3px solid #e8710a;padding:.75rem 1.5rem;font-weight:700;font-size:1.25rem}
header span{color:#e8710a}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem}
p.lead{color:#5b6b78}
.mail{background:#fff;border-radius:4px;box-shadow:0 2px 10px rgba(31,42,51,.08);margin:0 0 1rem;padding:1rem 1.25rem}
.mail h2{font-size:1.05rem;margin:0 0 .25rem}
.mail h2 a{color:#1f2a33}
.meta{color:#5b6b78;font-size:.875rem}
.status{display:inline-block;padding:0 .5rem;font-size:.8rem;font-weight:600;border:1px solid #e8710a;color:#b85a08}
details{margin-top:.5rem}
pre{white-space:pre-wrap;font-family:inherit;font-size:.9rem;margin:.5rem 0 0;background:#faf8f5;padding:.75rem}
a{color:#b85a08}
`;

const when = (date: Date) => date.toISOString().replace("T", " ").slice(0, 19);

function mailCard(mail: MailRow): string {
  return `<article class="mail">
<h2><a href="/dev/mailbox/${escapeHtml(mail.mailId)}">${escapeHtml(mail.subject)}</a></h2>
<div class="meta">To ${escapeHtml(mail.recipientEmail)} · ${escapeHtml(mail.kind)} · ${when(mail.createdAt)} UTC · <span class="status">${escapeHtml(mail.status)}</span>${mail.unsubscribed ? " · address unsubscribed" : ""}</div>
<details><summary>Plain text</summary><pre>${escapeHtml(mail.textBody)}</pre></details>
</article>`;
}

function page(mails: MailRow[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Demo mailbox · Openverde</title><style>${STYLE}</style></head>
<body><header>Open<span>verde</span> · demo mailbox</header><main>
<p class="lead">The e-mails the platform wrote, newest first. Without SMTP_URL they are not sent and stay here as Pending.</p>
${mails.length === 0 ? "<p>No e-mails yet.</p>" : mails.map(mailCard).join("\n")}
</main></body></html>
`;
}

export const mailboxRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    if (!can(ANONYMOUS, "readDemoMailbox", { demo: context.config.demo })) return;
    const { db } = context.database;

    app.get("/dev/mailbox", { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as { to?: string };
      const mails = await listMails(db, { limit: 200, ...(query.to ? { recipientEmail: query.to } : {}) });
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page(mails));
    });

    app.get("/dev/mailbox/:mailId", { schema: { hide: true } }, async (request, reply) => {
      const { mailId } = request.params as { mailId: string };
      const mail = await getMail(db, mailId);
      if (!mail) throw notFound(`There is no e-mail with the id ${mailId}.`);
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(mail.htmlBody);
    });
  };
