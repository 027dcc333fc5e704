import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody } from "../../testing/openapi-operations";
import { bearerFor } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";

const META = JSON.stringify({ documentName: "Refused", documentCategory: "AnnualReport", companyIds: [] });
const notAReport = (size: number) => Buffer.alloc(size, 0x41);

function documentUpload(file: Buffer, fileName: string): FormData {
  const form = new FormData();
  form.append("documentMetaInfo", new Blob([META], { type: "application/json" }));
  form.append("document", new Blob([new Uint8Array(file)]), fileName);
  return form;
}

function vsmeUpload(file: Buffer): FormData {
  const form = new FormData();
  form.append("documents", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "cited.pdf");
  form.append("companyAssociatedVsmeData", new Blob(["{}"], { type: "application/json" }));
  return form;
}

describe("uploads refused before their body is read, sent with Node's fetch", () => {
  let platform: TestPlatform;
  const auth: Record<string, string> = {};
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { RATE_LIMITS: "false" } });
    auth.uploader = await bearerFor(platform, {
      username: "refused_uploader",
      roles: ["ROLE_USER", "ROLE_UPLOADER"],
    });
    auth.reader = await bearerFor(platform, { username: "refused_reader", roles: ["ROLE_USER"] });
  });
  afterAll(() => platform?.close());

  /** Sends the request 100 times and returns how often each status (or network failure) came back. */
  async function hundredTimes(path: string, who: string | undefined, body: () => FormData, message: RegExp) {
    const outcomes: Record<string, number> = {};
    for (let attempt = 0; attempt < 100; attempt++) {
      let outcome: string;
      try {
        const response = await platform.request(path, {
          method: "POST",
          headers: who ? { authorization: auth[who] ?? "" } : {},
          body: body(),
          signal: AbortSignal.timeout(10_000),
        });
        const answer = (await response.json()) as { errors: { message: string }[] };
        outcome = message.test(answer.errors[0]?.message ?? "") ? String(response.status) : "wrong message";
      } catch (error) {
        outcome = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      }
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    return outcomes;
  }

  it("answers a document whose file name breaks the rules (2 KB) every time", async () => {
    const file = notAReport(2_000);
    expect(
      await hundredTimes("/documents/", "uploader", () => documentUpload(file, "report.pdf."), /file name/),
    ).toEqual({ 400: 100 });
  });

  it("answers a file that is not a report (256 KB) every time", async () => {
    const file = notAReport(256 * 1024);
    expect(
      await hundredTimes("/documents/", "uploader", () => documentUpload(file, "report.pdf"), /not a PDF/),
    ).toEqual({ 415: 100 });
  });

  it("answers a caller who may not upload, and one not signed in, every time", async () => {
    const file = notAReport(256 * 1024);
    const form = () => documentUpload(file, "report.pdf");
    expect(await hundredTimes("/documents/", "reader", form, /ROLE_UPLOADER/)).toEqual({ 403: 100 });
    expect(await hundredTimes("/documents/", undefined, form, /Sign in/)).toEqual({ 401: 100 });
  });

  it("answers a VSME upload whose cited file is not a report (256 KB) every time", async () => {
    const file = notAReport(256 * 1024);
    expect(await hundredTimes("/api/data/vsme", "uploader", () => vsmeUpload(file), /not a PDF/)).toEqual({
      415: 100,
    });
  });
});

interface Exchange {
  socket: Socket;
  /** Everything the server sent, once it has closed the connection. */
  received: Promise<string>;
  /** Resolves with the bytes received so far as soon as `text` is among them. */
  seen(text: string): Promise<string>;
}

function exchange(port: number, head: string): Exchange {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  const waiting: { text: string; resolve: (sofar: string) => void }[] = [];
  socket.on("data", (piece: Buffer) => {
    text += piece.toString("latin1");
    for (const wait of waiting.splice(0)) {
      if (text.includes(wait.text)) wait.resolve(text);
      else waiting.push(wait);
    }
  });
  socket.on("error", () => {});
  socket.write(head);
  return {
    socket,
    received: new Promise((resolve) => socket.once("close", () => resolve(text))),
    seen: (wanted) =>
      new Promise((resolve) =>
        text.includes(wanted) ? resolve(text) : waiting.push({ text: wanted, resolve }),
      ),
  };
}

describe("how much of a refused body is read", () => {
  let platform: TestPlatform;
  let port: number;
  let authorization: string;
  // The documents route reads up to the document limit and 1 MiB for the metadata and framing.
  const bound = 64 * 1024 + 1024 * 1024;
  const badName = () =>
    multipartBody([
      { name: "documentMetaInfo", value: META },
      { name: "document", value: notAReport(2_000), filename: "report.pdf." },
    ]);
  const uploadHead = (contentType: string, framing: string) =>
    `POST /documents/ HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${authorization}\r\n` +
    `content-type: ${contentType}\r\n${framing}\r\n`;

  beforeAll(async () => {
    platform = await startTestPlatform({
      env: { RATE_LIMITS: "false", BODY_STALL_TIMEOUT_MS: "1000", DOCUMENT_MAX_BYTES: String(64 * 1024) },
    });
    port = Number(new URL(platform.baseUrl).port);
    authorization = await bearerFor(platform, {
      username: "bound_uploader",
      roles: ["ROLE_USER", "ROLE_UPLOADER"],
    });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it("reads a refused body to its end and keeps the connection for the next request", async () => {
    const { payload, contentType } = badName();
    const call = exchange(port, uploadHead(contentType, `content-length: ${payload.length}\r\n`));
    // The last bytes come only after the answer, as they would from a client still sending.
    call.socket.write(payload.subarray(0, -20));
    await call.seen("must not end with a dot");
    call.socket.write(payload.subarray(-20));
    call.socket.write("GET /api/actuator/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n");
    const received = await call.received;
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).not.toMatch(/connection: close[\s\S]*HTTP\/1\.1 200/i);
    expect(received).toMatch(/HTTP\/1\.1 200 [\s\S]*"status":"UP"/);
  });

  it("answers a body declared larger than the route takes at once, and ends the connection", async () => {
    const started = performance.now();
    const call = exchange(
      port,
      uploadHead("multipart/form-data; boundary=x", `content-length: ${bound + 1}\r\n`),
    );
    const received = await call.received;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received.toLowerCase()).toContain("connection: close");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("answers a refused body, then drops the connection once the rest goes on past the limit", async () => {
    const { payload, contentType } = badName();
    const call = exchange(port, uploadHead(contentType, "transfer-encoding: chunked\r\n"));
    const chunk = (bytes: Buffer) => `${bytes.length.toString(16)}\r\n${bytes.toString("latin1")}\r\n`;
    call.socket.write(chunk(payload.subarray(0, payload.length - 20)));
    await call.seen("must not end with a dot");
    let sent = 0;
    const piece = Buffer.alloc(64 * 1024, 0x41);
    while (!call.socket.destroyed && sent < 4 * bound) {
      await new Promise<void>((resolve) => call.socket.write(chunk(piece), () => resolve()));
      sent += piece.length;
    }
    await call.received;
    expect(sent).toBeLessThan(4 * bound);
  });

  it("answers a refused body, then drops the connection when the rest stops coming", async () => {
    const { payload, contentType } = badName();
    const call = exchange(port, uploadHead(contentType, `content-length: ${payload.length + 100_000}\r\n`));
    call.socket.write(payload);
    expect(await call.seen("must not end with a dot")).toMatch(/^HTTP\/1\.1 400 /);
    const answered = performance.now();
    await call.received;
    expect(performance.now() - answered).toBeLessThan(3_000);
  });
});
