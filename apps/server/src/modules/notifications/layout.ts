/**
 * The one look of every Openverde e-mail: a white card on a warm background, an orange accent, system
 * fonts, a single call to action and the unsubscribe line at the bottom. Each template fills a
 * MailContent; this file turns it into the plain-text and the HTML body.
 */
import { escapeHtml } from "../../platform/text/html";

export interface MailLink {
  label: string;
  url: string;
}

export interface MailSection {
  title: string;
  /** A link for the section's title, if any (a company's page, say). */
  url?: string;
  items: { text: string; url?: string }[];
}

export interface MailContent {
  subject: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  greeting: string;
  paragraphs: string[];
  facts?: { label: string; value: string }[];
  sections?: MailSection[];
  action?: MailLink;
  /** Why the recipient gets this kind of mail, shown above the unsubscribe link (if any). */
  reason: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ACCENT = "#e8710a";
const ACCENT_DARK = "#b85a08";
const INK = "#1f2a33";
const MUTED = "#5b6b78";
const LINE = "#e4e0da";
const BACKGROUND = "#f6f4f1";
const FONTS = `system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif`;

function renderText(content: MailContent, unsubscribeUrl: string | undefined): string {
  const lines: string[] = [content.greeting, ""];
  for (const paragraph of content.paragraphs) lines.push(paragraph, "");
  if (content.facts?.length) {
    const width = Math.max(...content.facts.map((fact) => fact.label.length));
    for (const fact of content.facts) lines.push(`${`${fact.label}:`.padEnd(width + 2)}${fact.value}`);
    lines.push("");
  }
  for (const section of content.sections ?? []) {
    lines.push(section.url ? `${section.title} (${section.url})` : section.title);
    for (const item of section.items) lines.push(`  - ${item.text}${item.url ? `: ${item.url}` : ""}`);
    lines.push("");
  }
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, "");
  lines.push("Kind regards,", "The Openverde team", "", "--", content.reason);
  if (unsubscribeUrl) lines.push(`Unsubscribe from these e-mails: ${unsubscribeUrl}`);
  return `${lines.join("\n")}\n`;
}

const link = (url: string, text: string) =>
  `<a href="${escapeHtml(url)}" style="color:${ACCENT_DARK};text-decoration:underline">${escapeHtml(text)}</a>`;

function renderHtml(content: MailContent, unsubscribeUrl: string | undefined): string {
  const paragraphs = content.paragraphs
    .map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`)
    .join("");
  const facts = content.facts?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-left:3px solid ${ACCENT};background:#fdf6ef">${content.facts
        .map(
          (fact) =>
            `<tr><td style="padding:6px 12px;color:${MUTED};white-space:nowrap;vertical-align:top">${escapeHtml(fact.label)}</td><td style="padding:6px 12px;vertical-align:top">${escapeHtml(fact.value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const sections = (content.sections ?? [])
    .map(
      (section) =>
        `<h2 style="font-size:16px;margin:20px 0 8px;color:${INK}">${section.url ? link(section.url, section.title) : escapeHtml(section.title)}</h2><ul style="margin:0 0 12px;padding-left:20px">${section.items
          .map(
            (item) =>
              `<li style="margin:0 0 4px">${item.url ? link(item.url, item.text) : escapeHtml(item.text)}</li>`,
          )
          .join("")}</ul>`,
    )
    .join("");
  const action = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 8px"><tr><td style="background:${ACCENT}"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 22px;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(content.action.label)}</a></td></tr></table>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${BACKGROUND};font-family:${FONTS};color:${INK};line-height:1.5">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BACKGROUND}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:4px;box-shadow:0 2px 10px rgba(31,42,51,.08)">
<tr><td style="padding:18px 28px;border-bottom:3px solid ${ACCENT};font-size:20px;font-weight:700;letter-spacing:.02em">Open<span style="color:${ACCENT}">verde</span></td></tr>
<tr><td style="padding:28px;font-size:15px">
<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>
${paragraphs}${facts}${sections}${action}
<p style="margin:24px 0 0">Kind regards,<br>The Openverde team</p>
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid ${LINE};font-size:12px;color:${MUTED}">${escapeHtml(content.reason)}${unsubscribeUrl ? `<br>${link(unsubscribeUrl, "Unsubscribe from these e-mails")}` : ""}</td></tr>
</table></td></tr></table>
</body></html>
`;
}

/** Renders both bodies; without an unsubscribe URL (account security mails) the footer has no such link. */
export function renderMail(content: MailContent, unsubscribeUrl: string | undefined): RenderedMail {
  return {
    subject: content.subject,
    text: renderText(content, unsubscribeUrl),
    html: renderHtml(content, unsubscribeUrl),
  };
}
