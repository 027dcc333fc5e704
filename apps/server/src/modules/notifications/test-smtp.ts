/** A real SMTP server for tests (the smtp-server package), keeping what it receives. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Makes the next n deliveries fail with a temporary error. */
  failNext(count: number): void;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

function unfoldHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, encoding: string, text: string) =>
    encoding.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replaceAll("_", " ")),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  return end < 0
    ? { headers: unfoldHeaders(raw), body: "" }
    : { headers: unfoldHeaders(raw.slice(0, end)), body: raw.slice(end + 4) };
}

/** Finds the text/plain and text/html parts of a (possibly multipart) message. */
function parse(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const top = splitPart(raw);
  let text = "";
  let html = "";
  const visit = (part: { headers: Map<string, string>; body: string }) => {
    const type = part.headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      for (const piece of part.body.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith("--")) break;
        visit(splitPart(piece.replace(/^\r\n/, "")));
      }
    } else if (type.toLowerCase().startsWith("text/html")) html = decodeBody(part.headers, part.body);
    else if (type.toLowerCase().startsWith("text/plain")) text = decodeBody(part.headers, part.body);
  };
  visit(top);
  return { headers: top.headers, text: text.replace(/\r\n/g, "\n"), html };
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          const error = new Error("Mailbox busy, try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const { headers, text, html } = parse(Buffer.concat(chunks).toString("utf8"));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          headers,
          subject: decodeWords(headers.get("subject") ?? ""),
          text,
          html,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    to: (address) =>
      received.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
