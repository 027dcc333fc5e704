/**
 * Datasets benchmark on a PostgreSQL server: prepares a fresh database with 10,000 companies, each
 * with an active SFDR dataset (one company with six reporting periods), starts the real server in a
 * child process and measures
 * - SFDR uploads with 4 concurrent clients (latency p50/p95, uploads per second),
 * - reading a company's SFDR datasets of six reporting periods (latency p50/p95),
 * - exporting the latest SFDR data of all 10,000 companies to CSV (time to done, server memory peak).
 *
 *   npm run bench -- datasets [--database-url postgres://root@127.0.0.1:5432/postgres] [--companies 10000]
 *     [--uploads 400] [--reads 300] [--keep] [--server-args="--cpu-prof --cpu-prof-dir=/tmp/prof"]
 *
 * Targets (issue 6): upload p95 <= 40 ms and >= 100 uploads/s with 4 clients; read p95 <= 15 ms;
 * export of 10,000 companies to CSV <= 20 s with the server's memory below 300 MB.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateCompleteDataset } from "@openverde/frameworks";
import pg from "pg";
import { generateApiKey } from "../../apps/server/src/modules/api-keys/service";
import { createCompanyWithId } from "../../apps/server/src/modules/companies/service";
import { referencedReports } from "../../apps/server/src/modules/datasets/framework-data";
import { simplePdf } from "../../apps/server/src/modules/datasets/pdf";
import { storeDatasetInTransaction } from "../../apps/server/src/modules/datasets/service";
import { documentsSettings, storeDocument } from "../../apps/server/src/modules/documents/service";
import { seedDemoUsers } from "../../apps/server/src/modules/identity/demo";
import { findUserByUsername } from "../../apps/server/src/modules/identity/service";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import type { SignedInActor } from "../../apps/server/src/platform/auth/actor";
import { loadConfig } from "../../apps/server/src/platform/config";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    companies: { type: "string", default: "10000" },
    uploads: { type: "string", default: "400" },
    reads: { type: "string", default: "300" },
    keep: { type: "boolean", default: false },
    // Extra node options for the server process, e.g. a CPU or heap profile of the run.
    "server-args": { type: "string", default: "" },
  },
});

const serverUrl = flags["database-url"] as string;
const companyCount = Number(flags.companies);
const uploadCount = Number(flags.uploads);
const readCount = Number(flags.reads);
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const PERIODS = ["2020", "2021", "2022", "2023", "2024", "2025"];

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

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
  const name = `openverde_bench_datasets_${Date.now().toString(36)}`;
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
      const actor: SignedInActor = {
        kind: "user",
        userId: uploader.userId,
        username: "bench",
        email: undefined,
        name: undefined,
        roles: new Set(["ROLE_USER", "ROLE_UPLOADER"]),
        via: "token",
      };
      const generated = generateCompleteDataset("sfdr", 42);
      let text = JSON.stringify(generated);
      for (const report of referencedReports("sfdr", generated)) {
        const bytes = simplePdf([`Bench report ${report.name}`]);
        await storeDocument(
          database.db,
          actor,
          (async function* () {
            yield bytes;
          })(),
          { documentName: `${report.name}.pdf`, documentCategory: "AnnualReport", companyIds: [] } as never,
          documentsSettings(database),
        );
        text = text.replaceAll(report.fileReference, createHash("sha256").update(bytes).digest("hex"));
      }
      sfdr = JSON.parse(text);
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
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query("vacuum analyze");
      await client.end();
    } finally {
      await database.close();
    }

    // ---- the server ------------------------------------------------------------------------------
    const serverArgs = (flags["server-args"] as string).split(" ").filter((arg) => arg !== "");
    server = spawn(process.execPath, [...serverArgs, "--import", "tsx", "apps/server/src/main.ts"], {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`${baseUrl}/api/actuator/health`)).ok) break;
      } catch {}
      if (attempt > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = server.pid as number;
    const body = (companyId: string, period: string) =>
      JSON.stringify({ companyId, reportingPeriod: period, data: sfdr });
    const post = async (companyId: string, period: string) => {
      const response = await fetch(`${baseUrl}/api/data/sfdr`, {
        method: "POST",
        headers: { authorization: uploaderAuth, "content-type": "application/json" },
        body: body(companyId, period),
      });
      if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    // Warm-up.
    for (let i = 0; i < 20; i++) await post(companyIds[i + 1] as string, "2023");

    // ---- uploads with 4 clients ------------------------------------------------------------------
    const latencies: number[] = [];
    const uploads = Array.from(
      { length: uploadCount },
      (_, i) => companyIds[(i * 7919) % companyIds.length] as string,
    );
    const uploadStarted = performance.now();
    await inParallel(uploads, 4, async (companyId) => {
      const started = performance.now();
      await post(companyId, "2022");
      latencies.push(performance.now() - started);
    });
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const uploadP95 = percentile(latencies, 95);
    const rate = uploadCount / uploadSeconds;
    log(
      `upload: ${uploadCount} SFDR datasets with 4 clients in ${uploadSeconds.toFixed(2)} s = ${rate.toFixed(0)} uploads/s; ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${uploadP95.toFixed(1)} ms`,
    );

    // ---- reading six periods ---------------------------------------------------------------------
    const readPath = `${baseUrl}/api/data/sfdr/companies/${companyIds[0]}`;
    const readOnce = async () => {
      const started = performance.now();
      const response = await fetch(readPath, {
        headers: { authorization: readerAuth, "accept-encoding": "identity" },
      });
      const list = (await response.json()) as unknown[];
      if (response.status !== 200 || list.length !== 6)
        throw new Error(`read: ${response.status}, ${list.length} datasets`);
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i++) await readOnce();
    const reads: number[] = [];
    for (let i = 0; i < readCount; i++) reads.push(await readOnce());
    const readP95 = percentile(reads, 95);
    log(
      `read: a company's SFDR datasets of 6 periods, ${readCount} times; p50 ${percentile(reads, 50).toFixed(1)} ms, p95 ${readP95.toFixed(1)} ms`,
    );

    // ---- export the latest SFDR data of every company to CSV -------------------------------------
    const baseline = rssOf(pid);
    let peak = baseline;
    const watch = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const exportStarted = performance.now();
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
        `(${lines - 1} rows, ${mib(bytes)}); server RSS ${mib(baseline)} before, peak ${mib(exportPeak)} while ` +
        `writing, ${mib(peak)} with the download`,
    );

    log(
      `targets: upload p95 <= 40 ms ${uploadP95 <= 40 ? "met" : "MISSED"}; >= 100 uploads/s ${rate >= 100 ? "met" : "MISSED"}; ` +
        `read p95 <= 15 ms ${readP95 <= 15 ? "met" : "MISSED"}; export <= 20 s ${exportSeconds <= 20 ? "met" : "MISSED"}; ` +
        `server memory < 300 MB ${peak < 300e6 ? "met" : "MISSED"}`,
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
