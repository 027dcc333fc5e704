/**
 * QA reports benchmark on a PostgreSQL server: prepares a fresh database with accepted SFDR datasets
 * (every field filled), starts the real server in a child process and measures
 * - posting a QA report with a finding on every field of the dataset (a corrected value for every
 *   other one), one reviewer after another (latency p50/p95);
 * - reading a dataset with its reports: its data (GET /api/data/sfdr/{dataId}) and its reports
 *   (GET /qa/data/sfdr/{dataId}/reports, each with several full reports), one after the other as one
 *   page load (latency p50/p95 of the pair, and of each).
 *
 *   npm run bench -- qa-reports [--database-url postgres://root@127.0.0.1:5432/postgres] [--datasets 20]
 *     [--posts 200] [--reads 300] [--keep] [--server-args="--cpu-prof --cpu-prof-dir=/tmp/prof"]
 *
 * Targets (issue 24): posting p95 <= 50 ms; reading a dataset with its reports p95 <= 20 ms.
 *
 * Besides latency, each phase reports the CPU time it cost per operation: the server process's, and
 * the database's (the PostgreSQL backends serving the bench database, when the server runs on this
 * machine). On a shared machine latency measures the neighbours; CPU per operation compares changes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { generateApiKey } from "../../apps/server/src/modules/api-keys/service";
import { createCompanyWithId } from "../../apps/server/src/modules/companies/service";
import { storeDatasetInTransaction } from "../../apps/server/src/modules/datasets/upload";
import { seedDemoUsers } from "../../apps/server/src/modules/identity/demo";
import { findUserByUsername } from "../../apps/server/src/modules/identity/service";
import { reportFields } from "../../apps/server/src/modules/qa/report-schemas";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import { loadConfig } from "../../apps/server/src/platform/config";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";
import { freePort } from "../../apps/server/src/testing/free-port";
import { completeSfdrWithReports } from "../support/complete-sfdr";
import { benchClient } from "../support/http";
import { serverProcessArgs } from "../support/server-command";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    datasets: { type: "string", default: "20" },
    posts: { type: "string", default: "200" },
    reads: { type: "string", default: "300" },
    keep: { type: "boolean", default: false },
    // Extra node options for the server process, e.g. a CPU profile of the run.
    "server-args": { type: "string", default: "" },
  },
});

const serverUrl = flags["database-url"] as string;
const datasetCount = Number(flags.datasets);
const postCount = Number(flags.posts);
const readCount = Number(flags.reads);
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
/** CPU time (user + system) the process has used so far, in milliseconds (Linux clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  // The fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time so far of the PostgreSQL backends connected to `database` (0 when the server is on another
 * machine, whose /proc is not ours to read). The server's pool keeps its connections, so the difference
 * over a phase is the database's share of that phase.
 */
async function databaseCpuMs(monitor: pg.Client, database: string): Promise<number> {
  const { rows } = await monitor.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database],
  );
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += cpuMsOf(pid);
    } catch {
      // A backend on another machine, or one that just ended.
    }
  }
  return total;
}

const figures = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;

function valueAt(data: unknown, path: string): unknown {
  let node = data;
  for (const key of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === undefined) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** A report with a finding on every field the dataset holds: every other one rejected with a correction. */
function fullReport(data: unknown): { body: Record<string, unknown>; findings: number } {
  const body: Record<string, unknown> = {};
  let findings = 0;
  for (const entry of reportFields("sfdr")) {
    const value = valueAt(data, entry.field.path);
    if (value === undefined || value === null || entry.shape !== "finding") continue;
    const rejected = findings % 2 === 0;
    setAt(body, entry.field.path, {
      comment: rejected ? "The source says otherwise (bench)." : "Matches the source (bench).",
      verdict: rejected ? "QaRejected" : "QaAccepted",
      ...(rejected ? { correctedData: value } : {}),
    });
    findings++;
  }
  return { body, findings };
}

async function main() {
  const name = `qa_reports_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-bench-qa-reports-"));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DEMO: "false",
    RATE_LIMITS: "off",
    DATABASE_URL: databaseUrl,
  };
  let server: ChildProcess | undefined;
  try {
    // ---- preparing the data, before the server runs --------------------------------------------
    const config = loadConfig(env);
    const database = await openDatabase({ dataDir, databaseUrl, purpose: "qa reports bench" });
    let reviewerAuth: string;
    let readerAuth: string;
    const dataIds: string[] = [];
    let sfdr: unknown;
    try {
      await migrate(database.db, migrationSources(composition));
      await seedDemoUsers({ config, database, log: { info() {}, warn() {}, error() {} } as never });
      const uploader = await findUserByUsername(database.db, "data_uploader");
      const reviewer = await findUserByUsername(database.db, "data_reviewer");
      const reader = await findUserByUsername(database.db, "data_reader");
      if (!uploader || !reviewer || !reader) throw new Error("no demo users");
      reviewerAuth = `Bearer ${(await generateApiKey(database.db, reviewer, 1)).apiKey}`;
      readerAuth = `Bearer ${(await generateApiKey(database.db, reader, 1)).apiKey}`;
      sfdr = await completeSfdrWithReports(database, config, uploader.userId, 24);
      for (let index = 0; index < datasetCount; index++) {
        const companyId = randomUUID();
        await createCompanyWithId(database.db, companyId, {
          companyName: `QA Bench Company ${index} AG`,
          headquarters: "Bremen",
          countryCode: "DE",
          identifiers: { Lei: [`QABENCH${String(index).padStart(11, "0")}XX`] },
        } as never);
        const stored = await database.db.transaction().execute((trx) =>
          storeDatasetInTransaction(trx, {
            frameworkId: "sfdr",
            companyId,
            reportingPeriod: "2024",
            data: sfdr,
            uploaderUserId: uploader.userId,
            qaStatus: "Accepted",
          }),
        );
        dataIds.push(stored.dataId);
      }
      log(`prepared ${datasetCount} accepted SFDR datasets`);
    } finally {
      await database.close();
    }

    // ---- the server ------------------------------------------------------------------------------
    const serverArgs = (flags["server-args"] as string).split(" ").filter((arg) => arg !== "");
    server = spawn(process.execPath, await serverProcessArgs(serverArgs), {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`${baseUrl}/qa/actuator/health`)).ok) break;
      } catch {}
      if (attempt > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const { body, findings } = fullReport(sfdr);
    const reportJson = JSON.stringify(body);
    const client = benchClient(port, 1);
    const post = async (dataId: string) => {
      const response = await client.send({
        method: "POST",
        path: `/qa/data/sfdr/${dataId}/reports`,
        headers: { authorization: reviewerAuth, "content-type": "application/json" },
        body: reportJson,
      });
      if (response.status !== 200) throw new Error(`post: ${response.status} ${response.body.toString()}`);
    };
    const get = async (path: string) => {
      const started = performance.now();
      const response = await client.send({ path, headers: { authorization: readerAuth } });
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return performance.now() - started;
    };
    // The first half of the datasets take the measured posts; the second half are read, each with two
    // full reports (a dataset a reviewer checked, and another who checked again).
    const posted = dataIds.slice(0, Math.ceil(dataIds.length / 2));
    const read = dataIds.slice(posted.length);
    for (const dataId of [...posted, ...read, ...read]) await post(dataId);

    // ---- posting full reports --------------------------------------------------------------------
    const pid = server.pid as number;
    const monitor = new pg.Client({ connectionString: serverUrl });
    await monitor.connect();
    const postLatencies: number[] = [];
    const postCpuBefore = cpuMsOf(pid);
    const postDbBefore = await databaseCpuMs(monitor, name);
    for (let i = 0; i < postCount; i++) {
      const started = performance.now();
      await post(posted[i % posted.length] as string);
      postLatencies.push(performance.now() - started);
    }
    const postCpu = (cpuMsOf(pid) - postCpuBefore) / postCount;
    const postDb = ((await databaseCpuMs(monitor, name)) - postDbBefore) / postCount;
    log(
      `post: ${postCount} QA reports of ${findings} findings each (${reportJson.length} bytes), one at a time; ${figures(postLatencies)}; CPU per report: server ${postCpu.toFixed(1)} ms, database ${postDb.toFixed(1)} ms`,
    );

    // ---- reading a dataset with its reports -------------------------------------------------------
    for (let i = 0; i < 20; i++) await get(`/qa/data/sfdr/${read[i % read.length]}/reports`);
    const dataLatencies: number[] = [];
    const reportLatencies: number[] = [];
    const pairLatencies: number[] = [];
    const readCpuBefore = cpuMsOf(pid);
    const readDbBefore = await databaseCpuMs(monitor, name);
    for (let i = 0; i < readCount; i++) {
      const dataId = read[i % read.length] as string;
      const data = await get(`/api/data/sfdr/${dataId}`);
      const reports = await get(`/qa/data/sfdr/${dataId}/reports`);
      dataLatencies.push(data);
      reportLatencies.push(reports);
      pairLatencies.push(data + reports);
    }
    const readCpu = (cpuMsOf(pid) - readCpuBefore) / readCount;
    const readDb = ((await databaseCpuMs(monitor, name)) - readDbBefore) / readCount;
    await monitor.end();
    client.close();
    log(
      `read: ${readCount} times a dataset with its 2 full reports; dataset and reports ${figures(pairLatencies)} ` +
        `(dataset ${figures(dataLatencies)}; reports ${figures(reportLatencies)}); CPU per pair: server ${readCpu.toFixed(1)} ms, database ${readDb.toFixed(1)} ms`,
    );
    const postOk = percentile(postLatencies, 95) <= 50;
    const readOk = percentile(pairLatencies, 95) <= 20;
    log(
      `targets: post p95 <= 50 ms ${postOk ? "met" : "MISSED"}; read p95 <= 20 ms ${readOk ? "met" : "MISSED"}`,
    );
  } finally {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (!flags.keep) {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    } else log(`kept database ${name}`);
  }
}

await main();
