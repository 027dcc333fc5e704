/**
 * Crash safety: starts the real server as a child process, fires concurrent dataset uploads
 * (POST /api/data/sfdr, complete generated datasets citing an uploaded PDF) and document uploads
 * (POST /documents), kills the server with SIGKILL while they run, starts it again and checks:
 *
 * - every acknowledged (2xx) upload is there and complete (datasets readable with their data points,
 *   documents byte for byte);
 * - nothing half-written is stored: no dataset without its data points, no stored bytes without a
 *   document, no document whose chunks do not add up, no staging left once the server has cleaned up;
 * - the event outbox and the job queue recover: every event dispatched, every job finished or failed
 *   for a reason, none left leased; jobs claimed more than once are counted (a job running at the
 *   moment of the kill runs again: at least once, by design, see docs/scaling.md).
 *
 *   npm run bench -- crash-safety [--database-url postgres://root@127.0.0.1:5432/postgres]
 *     [--uploads 100] [--kill-after 25] [--json]
 *
 * --kill-after is the number of acknowledged uploads after which the server is killed (default a
 * quarter of them). Exit code 0 when every check passes. The test suite runs a small version
 * (apps/server/src/crash-safety.test.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateCompleteDataset } from "@openverde/frameworks";
import { sql } from "kysely";
import pg from "pg";
import { DEMO_COMPANY_ID } from "../../apps/server/src/modules/companies/demo-ids";
import { samplePdf } from "../../apps/server/src/modules/documents/test-files";
import { signInWithPassword } from "../../apps/server/src/modules/identity/oidc-flow";
import { composition } from "../../apps/server/src/modules/registry";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { copyEmbeddedTemplate } from "../../apps/server/src/testing/embedded-template";
import { freePort } from "../../apps/server/src/testing/free-port";
import { serverProcessArgs } from "../support/server-command";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string" },
    uploads: { type: "string", default: "100" },
    "kill-after": { type: "string" },
    json: { type: "boolean", default: false },
  },
});

const uploads = Number(flags.uploads);
const killAfter = Number(flags["kill-after"] ?? Math.max(1, Math.floor(uploads / 4)));
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => {
  if (!flags.json) process.stdout.write(`${message}\n`);
};

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const output: string[] = [];
  const child = spawn(process.execPath, await serverProcessArgs(), {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (data: Buffer) => output.push(data.toString()));
  child.stderr?.on("data", (data: Buffer) => output.push(data.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${output.join("").slice(-2000)}`);
    const ok = await fetch(`${baseUrl}/api/actuator/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok && output.join("").includes("Openverde is running")) return { child, baseUrl, output };
    await new Promise((done) => setTimeout(done, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start in time");
}

function exited(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => server.child.once("exit", () => done()));
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<void> {
  const done = exited(server);
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await done;
}

function datasetCiting(documentId: string, seed: number): Record<string, unknown> {
  const text = JSON.stringify(generateCompleteDataset("sfdr", seed)).replace(
    /"fileReference":"[0-9a-f]{64}"/g,
    `"fileReference":"${documentId}"`,
  );
  return { companyId: DEMO_COMPANY_ID, reportingPeriod: String(2000 + (seed % 25)), data: JSON.parse(text) };
}

function multipart(pdf: Buffer, name: string): { body: Buffer; type: string } {
  const boundary = `----crash-${Math.random().toString(36).slice(2)}`;
  const meta = JSON.stringify({ documentName: name, documentCategory: "AnnualReport", companyIds: [] });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentMetaInfo"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${name}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

export interface CrashReport {
  database: string;
  sent: number;
  acknowledged: { datasets: number; documents: number };
  refusedOrCut: number;
  problems: string[];
  stats: Record<string, number>;
}

async function main(): Promise<CrashReport> {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-crash-"));
  const serverUrl = flags["database-url"];
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `openverde_crash_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    await copyEmbeddedTemplate(composition, dataDir);
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO: "true",
    RATE_LIMITS: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const problems: string[] = [];
  const port = await freePort();
  let server = await startServer({ ...env, PUBLIC_URL: `http://127.0.0.1:${port}` }, port);
  try {
    log(`server up on ${server.baseUrl} (${databaseUrl ? "PostgreSQL" : "embedded"}); signing in`);
    const { tokens } = await signInWithPassword(server.baseUrl, "data_uploader", "password");
    const authorization = `Bearer ${tokens.access_token}`;
    const report = samplePdf("Cited report", 2);
    const first = multipart(report, "cited-report");
    const cited = await fetch(`${server.baseUrl}/documents/`, {
      method: "POST",
      headers: { authorization, "content-type": first.type },
      body: first.body,
    });
    if (!cited.ok) throw new Error(`the cited report was refused: ${cited.status} ${await cited.text()}`);
    const citedId = ((await cited.json()) as { documentId: string }).documentId;

    // Half datasets, half documents, all at once; the server dies after killAfter acknowledgements.
    const pdfs = new Map<number, Buffer>();
    const bodies = Array.from({ length: uploads }, (_, n) => {
      if (n % 2 === 0)
        return { kind: "dataset" as const, n, body: JSON.stringify(datasetCiting(citedId, n + 1)) };
      const pdf = samplePdf(`Crash report ${n} ${"x".repeat(n * 997)}`, 2 + (n % 7));
      pdfs.set(n, pdf);
      return { kind: "document" as const, n, ...multipart(pdf, `crash-${n}`) };
    });
    const ackedDatasets = new Map<string, number>();
    const ackedDocuments = new Map<string, Buffer>();
    let acknowledged = 0;
    let killed = false;
    const killNow = () => {
      if (killed) return;
      killed = true;
      server.child.kill("SIGKILL");
    };
    const started = Date.now();
    const results = await Promise.allSettled(
      bodies.map(async (upload) => {
        const response =
          upload.kind === "dataset"
            ? await fetch(`${server.baseUrl}/api/data/sfdr`, {
                method: "POST",
                headers: { authorization, "content-type": "application/json" },
                body: upload.body,
              })
            : await fetch(`${server.baseUrl}/documents/`, {
                method: "POST",
                headers: { authorization, "content-type": upload.type },
                body: upload.body,
              });
        const text = await response.text();
        if (!response.ok) return response.status;
        const answer = JSON.parse(text) as { dataId?: string; documentId?: string };
        if (upload.kind === "dataset" && answer.dataId) ackedDatasets.set(answer.dataId, upload.n);
        if (upload.kind === "document" && answer.documentId)
          ackedDocuments.set(answer.documentId, pdfs.get(upload.n) as Buffer);
        acknowledged++;
        if (acknowledged >= killAfter) killNow();
        return response.status;
      }),
    );
    killNow();
    await exited(server);
    const refusedOrCut = results.filter(
      (result) => result.status === "rejected" || result.value >= 300,
    ).length;
    log(
      `killed after ${Date.now() - started} ms: ${ackedDatasets.size} datasets and ${ackedDocuments.size} documents acknowledged, ${refusedOrCut} cut or refused`,
    );
    const refusedStatuses = results.flatMap((result) =>
      result.status === "fulfilled" && result.value >= 300 ? [result.value] : [],
    );
    if (refusedStatuses.length > 0)
      problems.push(`uploads answered with errors before the kill: ${refusedStatuses.join(",")}`);

    server = await startServer({ ...env, PUBLIC_URL: `http://127.0.0.1:${port}` }, port);
    log("server restarted; checking what was acknowledged");
    for (const [dataId] of ackedDatasets) {
      const response = await fetch(`${server.baseUrl}/api/data/sfdr/${dataId}`, {
        headers: { authorization },
      });
      if (response.status !== 200) problems.push(`acknowledged dataset ${dataId} answers ${response.status}`);
      else {
        const body = (await response.json()) as { companyId?: string; data?: unknown };
        if (body.companyId !== DEMO_COMPANY_ID || !body.data)
          problems.push(`dataset ${dataId} came back incomplete`);
      }
      const points = await fetch(`${server.baseUrl}/api/metadata/${dataId}/data-points`, {
        headers: { authorization },
      });
      if (points.status !== 200) problems.push(`data points of ${dataId} answer ${points.status}`);
    }
    for (const [documentId, bytes] of ackedDocuments) {
      const response = await fetch(`${server.baseUrl}/documents/${documentId}`, {
        headers: { authorization },
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || !body.equals(bytes))
        problems.push(
          `acknowledged document ${documentId} answers ${response.status} with ${body.length} bytes`,
        );
    }
    // Give the background loop time to dispatch events and run the jobs left over.
    await new Promise((done) => setTimeout(done, 8_000));
    await stopServer(server, "SIGTERM");

    const database = await openDatabase({ dataDir, databaseUrl, purpose: "crash-safety check" });
    const stats: Record<string, number> = {};
    try {
      const count = async (name: string, query: ReturnType<typeof sql<{ n: number }>>) => {
        stats[name] = Number((await query.execute(database.db)).rows[0]?.n ?? 0);
        return stats[name] as number;
      };
      await count(
        "datasets stored",
        sql<{
          n: number;
        }>`select count(*)::int as n from dataset where data_type = 'sfdr' and reporting_period <> '2019'`,
      );
      if (
        (await count(
          "datasets without data points",
          sql<{ n: number }>`select count(*)::int as n from dataset d
            where not exists (select 1 from dataset_data_point p where p.data_id = d.data_id)`,
        )) > 0
      )
        problems.push(`${stats["datasets without data points"]} datasets have no data points`);
      if (
        (await count(
          "datasets without their document link",
          sql<{ n: number }>`select count(*)::int as n from dataset d
            where d.data_type = 'sfdr' and d.uploader_user_id is not null
              and not exists (select 1 from dataset_document l where l.data_id = d.data_id)`,
        )) > 0
      )
        problems.push(
          `${stats["datasets without their document link"]} sfdr datasets lost their document links`,
        );
      if (
        (await count(
          "stored blobs without a document",
          sql<{ n: number }>`select count(*)::int as n from document_blob b
            where b.state = 'stored' and not exists (select 1 from document d where d.blob_id = b.blob_id)`,
        )) > 0
      )
        problems.push(`${stats["stored blobs without a document"]} stored blobs belong to no document`);
      if (
        (await count(
          "documents whose chunks do not add up",
          sql<{ n: number }>`select count(*)::int as n from document d
            where d.size_bytes <> coalesce((select sum(length(c.data)) from document_blob_chunk c where c.blob_id = d.blob_id), 0)`,
        )) > 0
      )
        problems.push(`${stats["documents whose chunks do not add up"]} documents are incomplete`);
      await count(
        "staging blobs left (removed when idle, see documents)",
        sql<{ n: number }>`select count(*)::int as n from document_blob where state = 'staging'`,
      );
      if (
        (await count(
          "events not dispatched",
          sql<{ n: number }>`select count(*)::int as n from platform_event where dispatched_at is null`,
        )) > 0
      )
        problems.push(`${stats["events not dispatched"]} events were never dispatched`);
      if (
        (await count(
          "jobs due but not done",
          sql<{ n: number }>`select count(*)::int as n from platform_job
            where finished_at is null and failed_at is null and run_at < now() - interval '1 minute'`,
        )) > 0
      )
        problems.push(`${stats["jobs due but not done"]} jobs were lost`);
      await count("jobs", sql<{ n: number }>`select count(*)::int as n from platform_job`);
      await count(
        "jobs claimed more than once",
        sql<{ n: number }>`select count(*)::int as n from platform_job where attempts > 1`,
      );
      // The documents bytes of every stored document hash to its id.
      const documents = (
        await sql<{
          document_id: string;
          blob_id: string;
        }>`select document_id, blob_id::text from document`.execute(database.db)
      ).rows;
      for (const document of documents) {
        const chunks = (
          await sql<{
            data: Uint8Array;
          }>`select data from document_blob_chunk where blob_id = ${document.blob_id}::uuid order by seq`.execute(
            database.db,
          )
        ).rows;
        const hash = createHash("sha256");
        for (const chunk of chunks) hash.update(chunk.data);
        if (hash.digest("hex") !== document.document_id)
          problems.push(`document ${document.document_id} does not hash to its id`);
      }
      stats["documents checked byte for byte"] = documents.length;
    } finally {
      await database.close();
    }
    return {
      database: databaseUrl ? "postgresql" : "embedded",
      sent: uploads,
      acknowledged: { datasets: ackedDatasets.size, documents: ackedDocuments.size },
      refusedOrCut,
      problems,
      stats,
    };
  } finally {
    await stopServer(server, "SIGKILL");
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const result = await main();
if (flags.json) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  log(`\ncrash safety on the ${result.database} database: ${result.sent} uploads sent`);
  log(`acknowledged: ${result.acknowledged.datasets} datasets, ${result.acknowledged.documents} documents`);
  for (const [name, value] of Object.entries(result.stats)) log(`  ${name}: ${value}`);
  log(result.problems.length === 0 ? "all checks passed" : `PROBLEMS:\n  ${result.problems.join("\n  ")}`);
}
process.exit(result.problems.length === 0 ? 0 : 1);
