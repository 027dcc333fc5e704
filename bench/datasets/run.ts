/**
 * Datasets benchmark on a PostgreSQL server: prepares a fresh database with 10,000 companies, each
 * with an active SFDR dataset (one company with six reporting periods), starts the real server in a
 * child process and measures
 * - uploads of full-size datasets with 4 concurrent clients (latency p50/p95, uploads per second,
 *   CPU per upload of the server and of the database apart, the server's memory), framework by
 *   framework: every public framework by default, each dataset made by the catalogue's test-data
 *   generator (`generateCompleteDataset`: every field filled, every data source citing a stored
 *   report at a page), or only the frameworks given with --framework (a comma-separated list); then,
 *   as a second line outside the targets, small SFDR datasets (the required and plain fields and ten
 *   data points),
 * - reading a company's SFDR datasets of six reporting periods (latency p50/p95),
 * - exporting the latest SFDR data of all 10,000 companies to CSV (time to done, server memory peak).
 *
 *   npm run bench -- datasets [--database-url postgres://root@127.0.0.1:5432/postgres] [--companies 10000]
 *     [--uploads 400] [--reads 1000] [--framework all|sfdr,lksg,...] [--keep]
 *     [--database-prefix openverde_bench_datasets]
 *     [--server-args="--cpu-prof --cpu-prof-dir=/tmp/prof"] [--server-output <file>] [--latencies <file>]
 *
 * Besides latency it reports the CPU time per upload and per read of the server process and of the
 * database's backends serving it (from /proc/<pid>/stat; the database runs on this machine), figures
 * that do not depend on what else the machine is doing.
 *
 * Targets (issue 23): full-size uploads p95 <= 40 ms and >= 150 uploads/s with 4 clients, server RSS
 * <= 300 MB during the run; reading six periods of full-size SFDR p95 <= 10 ms. Issue 6: export of
 * 10,000 companies to CSV <= 20 s. Issue 25: uploading a complete eutaxonomy-financials-2026-73
 * dataset p95 <= 40 ms (--framework eutaxonomy-financials-2026-73).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type FrameworkId, frameworkFields, getFramework } from "@openverde/frameworks";
import { valueAtPath } from "@openverde/frameworks/paths";
import pg from "pg";
import { generateApiKey } from "../../apps/server/src/modules/api-keys/service";
import { createCompanyWithId } from "../../apps/server/src/modules/companies/service";
import { extractDataPoints, PUBLIC_FRAMEWORKS } from "../../apps/server/src/modules/datasets/framework-data";
import { storeDatasetInTransaction } from "../../apps/server/src/modules/datasets/upload";
import { seedDemoUsers } from "../../apps/server/src/modules/identity/demo";
import { findUserByUsername } from "../../apps/server/src/modules/identity/service";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import { mergeSubscriptions } from "../../apps/server/src/platform/background";
import { loadConfig } from "../../apps/server/src/platform/config";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";
import { dispatchEvents } from "../../apps/server/src/platform/events";
import { freePort } from "../../apps/server/src/testing/free-port";
import { completeDatasetWithReports, completeSfdrWithReports } from "../support/complete-sfdr";
import { benchClient } from "../support/http";
import { serverProcessArgs } from "../support/server-command";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    companies: { type: "string", default: "10000" },
    uploads: { type: "string", default: "400" },
    reads: { type: "string", default: "1000" },
    // The frameworks of the measured uploads ("all": every public one, SFDR first); the prepared
    // data and the reads stay SFDR.
    framework: { type: "string", default: "all" },
    keep: { type: "boolean", default: false },
    // Extra node options for the server process, e.g. a CPU or heap profile of the run.
    "server-args": { type: "string", default: "" },
    // A file for the server's standard output, e.g. what --trace-gc prints.
    "server-output": { type: "string" },
    // A file for each measured upload's start and latency in ms, one line each, to see when slow ones happen.
    latencies: { type: "string" },
    // How the bench database's name begins: sessions sharing a PostgreSQL server keep theirs apart.
    "database-prefix": { type: "string", default: "openverde_bench_datasets" },
  },
});

const serverUrl = flags["database-url"] as string;
const companyCount = Number(flags.companies);
const uploadCount = Number(flags.uploads);
/** Uploads sent before the measured ones, per framework. */
const WARM_UP_UPLOADS = 200;
const readCount = Number(flags.reads);
const uploadFrameworks: FrameworkId[] =
  flags.framework === "all"
    ? ["sfdr", ...PUBLIC_FRAMEWORKS.filter((id) => id !== "sfdr")]
    : (flags.framework as string).split(",").map((id) => id.trim() as FrameworkId);
for (const framework of uploadFrameworks)
  if (!PUBLIC_FRAMEWORKS.includes(framework))
    throw new Error(`--framework: ${framework} is none of ${PUBLIC_FRAMEWORKS.join(", ")}, nor all`);
const serverOutput = flags["server-output"];
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const PERIODS = ["2020", "2021", "2022", "2023", "2024", "2025"];
/** Data points of the small SFDR dataset measured as the second line. */
const SMALL_DATA_POINTS = 10;

/**
 * A small dataset cut from a complete one, as the bench uploaded before its datasets were full size:
 * the fields the wire schema requires, the plain fields (such as the referenced reports) and the
 * framework's first `dataPoints` data points, with their values and sources.
 */
function smallDataset(framework: FrameworkId, complete: unknown, dataPoints: number): unknown {
  const small: Record<string, unknown> = {};
  let kept = 0;
  for (const field of frameworkFields(getFramework(framework))) {
    const isDataPoint = field.wrapper !== "plain";
    if (!field.required && isDataPoint && kept >= dataPoints) continue;
    const value = valueAtPath(complete, field.path);
    if (value === undefined) continue;
    const keys = field.path.split(".");
    let into = small;
    for (const key of keys.slice(0, -1)) {
      into[key] ??= {};
      into = into[key] as Record<string, unknown>;
    }
    into[keys.at(-1) as string] = value;
    if (isDataPoint) kept++;
  }
  return small;
}

/** CPU time (user + system) the process has used so far, in milliseconds. */
const cpuMsOf = (pid: number): number => systemCpuMsOf(pid) + userCpuMsOf(pid);

function cpuTicksOf(pid: number): string[] {
  // The fields after the command name (which may hold spaces) start at the state, field 3.
  return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
}
const userCpuMsOf = (pid: number) => (Number(cpuTicksOf(pid)[11]) * 1000) / CLOCK_TICKS_PER_SECOND;
/** The kernel's share: socket writes and reads to the database and the clients, mostly. */
const systemCpuMsOf = (pid: number) => (Number(cpuTicksOf(pid)[12]) * 1000) / CLOCK_TICKS_PER_SECOND;
const CLOCK_TICKS_PER_SECOND = 100;

function decoded(body: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** The last CPU time seen of every backend of the bench database, ended ones included. */
const backendCpuSeen = new Map<number, number>();

/**
 * CPU time so far of the database backends connected to the bench database, in milliseconds. A
 * backend that ended (the server's pool closes idle connections) keeps the time last seen of it, so
 * the sum never falls; what it did after that last look is missed.
 */
async function backendCpuMs(monitor: pg.Client): Promise<number> {
  const { rows } = await monitor.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  for (const { pid } of rows) {
    try {
      backendCpuSeen.set(pid, cpuMsOf(pid));
    } catch {
      // Ended between the query and the read.
    }
  }
  let total = 0;
  for (const cpu of backendCpuSeen.values()) total += cpu;
  return total;
}

/**
 * Where the server's write-ahead log has got to, in bytes. The log is the whole server's, so the
 * difference over a phase is this bench's writes only when nothing else writes meanwhile.
 */
async function walPosition(monitor: pg.Client): Promise<number> {
  const { rows } = await monitor.query<{ bytes: string }>(
    "select (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as bytes",
  );
  return Number(rows[0]?.bytes);
}

/** Waits until the server has handled every event, so one phase's aftermath does not run into the next. */
async function settled(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query(
        "select count(*)::int as pending from platform_event where dispatched_at is null",
      );
      if (rows[0].pending === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

interface UploadResult {
  framework: FrameworkId;
  kib: number;
  dataPoints: number;
  seconds: number;
  rate: number;
  p50: number;
  p95: number;
  /** Server CPU per upload while uploading, and with the uploads' events handled. */
  serverCpu: number;
  serverCpuWithEvents: number;
  /** The part of serverCpuWithEvents spent in the kernel. */
  serverSystemCpu: number;
  /** Database backends' CPU per upload, events included. */
  dbCpu: number;
  /** Write-ahead log per upload, events included (full-page images after a checkpoint too). */
  walKib: number;
}

async function inParallel<T>(
  items: T[],
  workers: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

async function main() {
  const name = `${flags["database-prefix"]}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-bench-datasets-"));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DEMO: "false",
    // One address plays every client here, so the per-address limits would only measure themselves.
    RATE_LIMITS: "off",
    DATABASE_URL: databaseUrl,
  };
  let server: ChildProcess | undefined;
  try {
    // ---- preparing the data, before the server runs --------------------------------------------
    const config = loadConfig(env);
    const database = await openDatabase({ dataDir, databaseUrl, purpose: "datasets bench" });
    let uploaderAuth: string;
    let readerAuth: string;
    const companyIds: string[] = [];
    let sfdr: Record<string, unknown>;
    const uploadData = new Map<FrameworkId, unknown>();
    const prepared = performance.now();
    try {
      await migrate(database.db, migrationSources(composition));
      await seedDemoUsers({ config, database, log: { info() {}, warn() {}, error() {} } as never });
      const uploader = await findUserByUsername(database.db, "data_uploader");
      const reader = await findUserByUsername(database.db, "data_reader");
      if (!uploader || !reader) throw new Error("no demo users");
      uploaderAuth = `Bearer ${(await generateApiKey(database.db, uploader, 1)).apiKey}`;
      readerAuth = `Bearer ${(await generateApiKey(database.db, reader, 1)).apiKey}`;
      for (let i = 0; i < companyCount; i++) companyIds.push(randomUUID());
      await inParallel(companyIds, 8, async (companyId, index) => {
        await createCompanyWithId(database.db, companyId, {
          companyName: `Bench Company ${index} AG`,
          headquarters: "Frankfurt",
          countryCode: "DE",
          identifiers: { Lei: [`BENCH${String(index).padStart(13, "0")}XX`] },
        } as never);
      });
      log(`prepared ${companyCount} companies in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);
      sfdr = (await completeSfdrWithReports(database, config, uploader.userId, 42)) as typeof sfdr;
      for (const framework of uploadFrameworks)
        uploadData.set(
          framework,
          framework === "sfdr"
            ? sfdr
            : await completeDatasetWithReports(database, config, uploader.userId, framework, 42),
        );
      const datasetsStarted = performance.now();
      const stores = companyIds.flatMap((companyId, index) =>
        (index === 0 ? PERIODS : ["2024"]).map((period) => ({ companyId, period })),
      );
      await inParallel(stores, 8, async ({ companyId, period }) => {
        await database.db.transaction().execute((trx) =>
          storeDatasetInTransaction(trx, {
            frameworkId: "sfdr",
            companyId,
            reportingPeriod: period,
            data: sfdr,
            uploaderUserId: uploader.userId,
            qaStatus: "Accepted",
          }),
        );
      });
      log(
        `prepared ${stores.length} active SFDR datasets in ${((performance.now() - datasetsStarted) / 1000).toFixed(1)} s`,
      );
      // A server that had received these datasets would have handled their events (review entries,
      // portfolio and request bookkeeping) long ago. Left pending, twenty thousand of them would be
      // worked off by the server under test during the measurements; here four dispatchers share
      // them (each claims its batch with skip locked).
      const eventsStarted = performance.now();
      const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {} };
      const context = { config, database, log: { ...silent, child: () => silent } } as never;
      const modules = [...composition.standalone, ...composition.groups.flatMap((group) => group.modules)];
      const subscriptions = mergeSubscriptions(modules.map((module) => module.events?.(context) ?? {}));
      let dispatched = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (;;) {
            const handled = await dispatchEvents(database.db, subscriptions);
            dispatched += handled;
            if (handled === 0) return;
          }
        }),
      );
      log(
        `handled their ${dispatched} events in ${((performance.now() - eventsStarted) / 1000).toFixed(1)} s`,
      );
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query("vacuum analyze");
      await client.end();
    } finally {
      await database.close();
    }

    // ---- the server ------------------------------------------------------------------------------
    const serverArgs = (flags["server-args"] as string).split(" ").filter((arg) => arg !== "");
    server = spawn(process.execPath, await serverProcessArgs(serverArgs), {
      cwd: repoRoot,
      env,
      stdio: ["ignore", serverOutput === undefined ? "ignore" : openSync(serverOutput, "w"), "inherit"],
    });
    const serverStarted = performance.now();
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`${baseUrl}/api/actuator/health`)).ok) break;
      } catch {}
      if (attempt > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = server.pid as number;
    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    // The server's resident memory, sampled through every phase that follows.
    let uploadRssPeak = rssOf(pid);
    const rssWatch = setInterval(() => {
      uploadRssPeak = Math.max(uploadRssPeak, rssOf(pid));
    }, 20);

    // ---- uploads with 4 clients, framework by framework -----------------------------------------
    const uploadResults: UploadResult[] = [];
    for (const framework of uploadFrameworks) {
      const result = await measureUploads(framework, uploadData.get(framework));
      uploadResults.push(result);
      log(
        `upload: ${uploadCount} ${framework} datasets (${result.kib.toFixed(0)} KiB, ${result.dataPoints} data points each) with 4 clients in ${result.seconds.toFixed(2)} s = ${result.rate.toFixed(0)} uploads/s; ` +
          `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms; ` +
          `server CPU ${result.serverCpu.toFixed(2)} ms per upload while uploading, ${result.serverCpuWithEvents.toFixed(2)} ms with its events handled (${result.serverSystemCpu.toFixed(2)} ms of it in the kernel); ` +
          `database CPU ${result.dbCpu.toFixed(2)} ms and ${result.walKib.toFixed(0)} KiB of write-ahead log per upload with its events; server RSS peak so far ${mib(uploadRssPeak)}`,
      );
    }
    // The second line: small SFDR datasets, outside the targets, to compare with earlier runs.
    const small = await measureUploads("sfdr", smallDataset("sfdr", sfdr, SMALL_DATA_POINTS));
    log(
      `upload, small: ${uploadCount} sfdr datasets (${small.kib.toFixed(0)} KiB, ${small.dataPoints} data points each) with 4 clients in ${small.seconds.toFixed(2)} s = ${small.rate.toFixed(0)} uploads/s; ` +
        `p50 ${small.p50.toFixed(1)} ms, p95 ${small.p95.toFixed(1)} ms; server CPU ${small.serverCpuWithEvents.toFixed(2)} ms, database CPU ${small.dbCpu.toFixed(2)} ms per upload with its events`,
    );
    const uploadPeak = uploadRssPeak;

    async function measureUploads(framework: FrameworkId, data: unknown): Promise<UploadResult> {
      // The data is serialized once: the clients share the machine's two cores with the server.
      const uploadJson = JSON.stringify(data);
      const body = (companyId: string, period: string) =>
        `{"companyId":${JSON.stringify(companyId)},"reportingPeriod":${JSON.stringify(period)},"data":${uploadJson}}`;
      // Four kept-alive connections, like four upload scripts; node:http rather than fetch, whose own
      // CPU time per request would be taken from the server on this machine.
      const uploader = benchClient(port, 4);
      const post = async (upload: Buffer) => {
        const response = await uploader.send({
          method: "POST",
          path: `/api/data/${framework}`,
          headers: { authorization: uploaderAuth, "content-type": "application/json" },
          body: upload,
        });
        if (response.status !== 200)
          throw new Error(
            `upload: ${response.status} ${decoded(response.body, response.headers["content-encoding"])}`,
          );
      };
      // Warm-up, as the clients will send: until V8 has optimised the upload path, each upload costs
      // the server more than on a server that has run for a while.
      const warmUps = Array.from({ length: WARM_UP_UPLOADS }, (_, i) =>
        Buffer.from(body(companyIds[(i * 7919 + 1) % companyIds.length] as string, "2023")),
      );
      await inParallel(warmUps, 4, post);
      await settled(databaseUrl);
      const latencies: number[] = [];
      // Every body is encoded before the clock starts, so the clients only write bytes while measured.
      const uploads = Array.from({ length: uploadCount }, (_, i) =>
        Buffer.from(body(companyIds[(i * 7919) % companyIds.length] as string, "2022")),
      );
      const cpuBefore = cpuMsOf(pid);
      const systemCpuBefore = systemCpuMsOf(pid);
      const dbCpuBefore = await backendCpuMs(monitor);
      const walBefore = await walPosition(monitor);
      const started = performance.now();
      const timeline: string[] = [];
      await inParallel(uploads, 4, async (upload) => {
        const sent = performance.now();
        await post(upload);
        latencies.push(performance.now() - sent);
        timeline.push(`${(sent - started).toFixed(1)} ${(performance.now() - sent).toFixed(1)}`);
      });
      const seconds = (performance.now() - started) / 1000;
      if (flags.latencies !== undefined) writeFileSync(flags.latencies, `${timeline.join("\n")}\n`);
      const serverCpu = (cpuMsOf(pid) - cpuBefore) / uploadCount;
      uploader.close();
      // Each upload's event is handled in the background (the review queue entries); counted apart.
      await settled(databaseUrl);
      return {
        framework,
        kib: uploadJson.length / 1024,
        dataPoints: extractDataPoints(framework, data).length,
        seconds,
        rate: uploadCount / seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        serverCpu,
        serverCpuWithEvents: (cpuMsOf(pid) - cpuBefore) / uploadCount,
        serverSystemCpu: (systemCpuMsOf(pid) - systemCpuBefore) / uploadCount,
        dbCpu: ((await backendCpuMs(monitor)) - dbCpuBefore) / uploadCount,
        walKib: ((await walPosition(monitor)) - walBefore) / 1024 / uploadCount,
      };
    }

    // ---- reading six periods ---------------------------------------------------------------------
    // Like a browser: one kept-alive connection that accepts brotli and gzip. The time is until the
    // whole (compressed) body has arrived. The bodies are decoded and checked after the last read:
    // decoding 250 KB of JSON after each one kept this process's garbage collector busy on the
    // same two cores, in the middle of the next reads.
    const reader = benchClient(port, 1);
    const readStarts: number[] = [];
    const bodies: { body: Buffer; encoding: string | string[] | undefined }[] = [];
    const readOnce = async () => {
      const started = performance.now();
      readStarts.push(started - serverStarted);
      const response = await reader.send({
        path: `/api/data/sfdr/companies/${companyIds[0]}`,
        headers: { authorization: readerAuth },
      });
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`read: ${response.status}`);
      bodies.push({ body: response.body, encoding: response.headers["content-encoding"] });
      return elapsed;
    };
    for (let i = 0; i < 20; i++) await readOnce();
    const reads: number[] = [];
    const readCpuBefore = cpuMsOf(pid);
    const readDbCpuBefore = await backendCpuMs(monitor);
    for (let i = 0; i < readCount; i++) reads.push(await readOnce());
    const readCpu = (cpuMsOf(pid) - readCpuBefore) / readCount;
    const readDbCpu = ((await backendCpuMs(monitor)) - readDbCpuBefore) / readCount;
    await monitor.end();
    clearInterval(rssWatch);
    reader.close();
    for (const { body, encoding } of bodies) {
      const list = JSON.parse(decoded(body, encoding)) as unknown[];
      if (list.length !== 6) throw new Error(`read: ${list.length} datasets instead of 6`);
    }
    const readBytes = bodies.at(-1)?.body.length ?? 0;
    const readP95 = percentile(reads, 95);
    if (serverOutput !== undefined) {
      // When the slow reads started, in ms since the server did, to set beside its own output.
      const offset = readStarts.length - reads.length;
      const slow = reads.flatMap((ms, i) =>
        ms >= readP95 ? [`${(readStarts[offset + i] ?? 0).toFixed(0)}+${ms.toFixed(1)}`] : [],
      );
      log(`slow reads (start ms since the server started + duration): ${slow.join(" ")}`);
    }
    log(
      `read: a company's SFDR datasets of 6 periods, ${readCount} times; p50 ${percentile(reads, 50).toFixed(1)} ms, ` +
        `p95 ${readP95.toFixed(1)} ms; ${(readBytes / 1024).toFixed(0)} KiB sent; server CPU ${readCpu.toFixed(2)} ms, database CPU ${readDbCpu.toFixed(2)} ms per read`,
    );

    // ---- export the latest SFDR data of every company to CSV -------------------------------------
    const baseline = rssOf(pid);
    let peak = baseline;
    const watch = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const exportStarted = performance.now();
    const exportCpuBefore = cpuMsOf(pid);
    const started = await fetch(`${baseUrl}/api/data/sfdr/export-latest-jobs`, {
      method: "POST",
      headers: { authorization: readerAuth, "content-type": "application/json" },
      body: JSON.stringify({ companyIds, fileFormat: "CSV" }),
    });
    if (started.status !== 200) throw new Error(`export: ${started.status} ${await started.text()}`);
    const { id } = (await started.json()) as { id: string };
    let state = "Pending";
    while (state === "Pending") {
      await new Promise((r) => setTimeout(r, 100));
      state = (await (
        await fetch(`${baseUrl}/api/export/${id}/state`, { headers: { authorization: readerAuth } })
      ).json()) as string;
    }
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    // CPU of the whole server process, garbage collection included: what a heap setting costs.
    const exportCpu = cpuMsOf(pid) - exportCpuBefore;
    if (state !== "Success") throw new Error(`export: ${state}`);
    // The job's own peak, apart from the download's.
    const exportPeak = Math.max(peak, rssOf(pid));
    const download = await fetch(`${baseUrl}/api/export/${id}/download`, {
      headers: { authorization: readerAuth },
    });
    let lines = 0;
    let bytes = 0;
    for await (const chunk of download.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    clearInterval(watch);
    peak = Math.max(peak, rssOf(pid));
    log(
      `export: latest SFDR of ${companyIds.length} companies to CSV in ${exportSeconds.toFixed(2)} s ` +
        `(${lines - 1} rows, ${mib(bytes)}), server CPU ${exportCpu.toFixed(0)} ms; ` +
        `server RSS ${mib(baseline)} before, peak ${mib(exportPeak)} while ` +
        `writing, ${mib(peak)} with the download`,
    );

    log("");
    log(
      "framework                          KiB  points  uploads/s  p50 ms  p95 ms  server CPU ms  database CPU ms",
    );
    for (const r of [...uploadResults, { ...small, framework: "sfdr, small (second line)" }])
      log(
        `${r.framework.padEnd(33)} ${r.kib.toFixed(0).padStart(4)}  ${String(r.dataPoints).padStart(6)}  ${r.rate.toFixed(0).padStart(9)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p95.toFixed(1).padStart(6)}  ${r.serverCpuWithEvents.toFixed(2).padStart(13)}  ${r.dbCpu.toFixed(2).padStart(15)}`,
      );
    const missedUploads = uploadResults.filter((r) => r.p95 > 40 || r.rate < 150).map((r) => r.framework);
    log(
      `targets: uploads p95 <= 40 ms and >= 150 uploads/s ${missedUploads.length === 0 ? "met" : `MISSED (${missedUploads.join(", ")})`}; ` +
        `server RSS <= 300 MB while uploading ${uploadPeak <= 300e6 ? "met" : "MISSED"} (peak ${mib(uploadPeak)}); ` +
        `read p95 <= 10 ms ${readP95 <= 10 ? "met" : "MISSED"}; export <= 20 s ${exportSeconds <= 20 ? "met" : "MISSED"}; ` +
        `server memory < 300 MB with the export ${peak < 300e6 ? "met" : "MISSED"}`,
    );
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server?.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (flags.keep) log(`kept database ${name}`);
    else {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
