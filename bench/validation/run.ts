/**
 * Validation benchmark (issue 31): how long the server takes to check and refuse large framework
 * datasets, and whether it keeps answering others meanwhile. It starts the real server on a fresh
 * PostgreSQL database with one company, its SFDR reports and an uploader, then sends, each while a
 * prober asks for /api/actuator/health every 20 ms on a connection of its own:
 * - full-size SFDR datasets with every field filled (accepted),
 * - the same with a wrong value in every data point (refused),
 * - the same plus 4,900 unknown fields, just under the limit of one object (refused, 100 errors listed
 *   and the rest counted),
 * - the same with 400,000 unknown fields (7 MB; refused before parsing), one at a time and six at once.
 *
 *   npm run bench -- validation [--rounds 10] [--database-url postgres://root@127.0.0.1:5432/postgres]
 *     [--embedded]
 *
 * With --embedded the server runs on its embedded database instead, which works in the server's own
 * thread: there health waits for any statement under way, so its target is not met by design.
 *
 * Targets: every answer within 500 ms, at most 101 errors listed (100 and a count of the rest), and
 * health answering within 200 ms throughout.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { generateApiKey } from "../../apps/server/src/modules/api-keys/service";
import { createCompany } from "../../apps/server/src/modules/companies/service";
import { seedDemoUsers } from "../../apps/server/src/modules/identity/demo";
import { findUserByUsername } from "../../apps/server/src/modules/identity/service";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import { loadConfig } from "../../apps/server/src/platform/config";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";
import { freePort } from "../../apps/server/src/testing/free-port";
import { completeSfdrWithReports } from "../support/complete-sfdr";
import { type BenchResponse, benchClient } from "../support/http";
import { serverProcessArgs } from "../support/server-command";

const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "10" },
    "database-url": { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    embedded: { type: "boolean", default: false },
  },
});
const rounds = Number(flags.rounds);
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);
const ANSWER_TARGET_MS = 500;
const HEALTH_TARGET_MS = 200;
const MAX_LISTED = 101;

/** Every data point's value replaced by text: a realistic dataset with one error per data point. */
function everyValueWrong(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(everyValueWrong);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "value" && typeof value !== "string" ? "not a value" : everyValueWrong(value),
    ]),
  );
}

function withUnknownFields(data: Record<string, unknown>, count: number): Record<string, unknown> {
  const wide: Record<string, unknown> = { ...data };
  for (let index = 0; index < count; index++) wide[`unknown${index}`] = 1;
  return wide;
}

/**
 * Asks for health every 20 ms until stopped and reports the slowest answer. It runs in a thread of
 * its own, so that sending the large bodies from this thread does not delay its clock.
 */
const PROBER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let slowest = 0;
let running = true;
parentPort.on("message", () => { running = false; });
const probe = () => {
  if (!running) { agent.destroy(); parentPort.postMessage(slowest); return; }
  const started = performance.now();
  http.get({ agent, host: "127.0.0.1", port: workerData.port, path: "/api/actuator/health" }, (response) => {
    response.resume();
    response.on("end", () => {
      slowest = Math.max(slowest, response.statusCode === 200 ? performance.now() - started : Infinity);
      setTimeout(probe, 20);
    });
  }).on("error", () => { slowest = Infinity; setTimeout(probe, 20); });
};
probe();`;

function healthProber(port: number) {
  const worker = new Worker(PROBER, { eval: true, workerData: { port } });
  return {
    stop: () =>
      new Promise<number>((resolve) => {
        worker.once("message", (slowest: number) => {
          void worker.terminate();
          resolve(slowest);
        });
        worker.postMessage("stop");
      }),
  };
}

/** A fresh database on the PostgreSQL server, dropped again at the end. */
async function serverDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = flags["database-url"] as string;
  const name = `openverde_bench_validation_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-bench-validation-"));
  const database = flags.embedded ? undefined : await serverDatabase();
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DEMO: "false",
    RATE_LIMITS: "off",
    DATABASE_URL: database?.url ?? "",
  };
  let server: ChildProcess | undefined;
  const failures: string[] = [];
  try {
    // ---- the data, before the server runs ----------------------------------------------------------
    const config = loadConfig(env);
    const db = await openDatabase({ dataDir, databaseUrl: database?.url, purpose: "validation bench" });
    let authorization: string;
    let companyId: string;
    let sfdr: Record<string, unknown>;
    try {
      await migrate(db.db, migrationSources(composition));
      await seedDemoUsers({ config, database: db, log: { info() {}, warn() {}, error() {} } as never });
      const uploader = await findUserByUsername(db.db, "data_uploader");
      if (!uploader) throw new Error("no demo uploader");
      authorization = `Bearer ${(await generateApiKey(db.db, uploader, 1)).apiKey}`;
      companyId = (
        await createCompany(db.db, {
          companyName: "Validation Bench AG",
          headquarters: "Frankfurt",
          countryCode: "DE",
          identifiers: {},
        } as never)
      ).companyId;
      sfdr = (await completeSfdrWithReports(db, config, uploader.userId, 7)) as typeof sfdr;
    } finally {
      await db.close();
    }

    // ---- the server ------------------------------------------------------------------------------
    server = spawn(process.execPath, await serverProcessArgs(), { cwd: repoRoot, env, stdio: "inherit" });
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/actuator/health`)).ok) break;
      } catch {}
      if (attempt > 600) throw new Error("the server did not start");
      await new Promise((done) => setTimeout(done, 100));
    }

    const upload = (data: unknown, period: string) =>
      JSON.stringify({ companyId, reportingPeriod: period, data });
    const cases: { name: string; body: (round: number) => string; status: number; concurrent: number }[] = [
      {
        name: "full SFDR dataset, every field filled",
        body: (round) => upload(sfdr, String(2000 + round)),
        status: 200,
        concurrent: 1,
      },
      {
        name: "full SFDR dataset, every value wrong",
        body: () => upload(everyValueWrong(sfdr), "2024"),
        status: 400,
        concurrent: 1,
      },
      {
        name: "full SFDR dataset, every value wrong, + 4,900 unknown fields",
        body: () =>
          upload(withUnknownFields(everyValueWrong(sfdr) as Record<string, unknown>, 4_900), "2024"),
        status: 400,
        concurrent: 1,
      },
      {
        name: "full SFDR dataset + 400,000 unknown fields",
        body: () => upload(withUnknownFields(sfdr, 400_000), "2024"),
        status: 413,
        concurrent: 1,
      },
      {
        name: "full SFDR dataset + 400,000 unknown fields, six at once",
        body: () => upload(withUnknownFields(sfdr, 400_000), "2024"),
        status: 413,
        concurrent: 6,
      },
    ];
    log(
      `${rounds} rounds per case; targets: answers <= ${ANSWER_TARGET_MS} ms, health <= ${HEALTH_TARGET_MS} ms`,
    );
    for (const benchCase of cases) {
      // Encoded before the clock starts: this thread shares the machine with the server.
      const bodies = Array.from({ length: rounds }, (_, round) => Buffer.from(benchCase.body(round)));
      const client = benchClient(port, benchCase.concurrent);
      const latencies: number[] = [];
      let largest = 0;
      let mostListed = 0;
      const prober = healthProber(port);
      for (let round = 0; round < rounds; round += benchCase.concurrent) {
        const batch = bodies.slice(round, round + benchCase.concurrent);
        const answers = await Promise.all(
          batch.map(async (body): Promise<[BenchResponse, number]> => {
            const started = performance.now();
            const response = await client.send({
              method: "POST",
              path: "/api/data/sfdr",
              headers: { authorization, "content-type": "application/json", "accept-encoding": "identity" },
              body,
            });
            return [response, performance.now() - started];
          }),
        );
        for (const [response, ms] of answers) {
          latencies.push(ms);
          largest = Math.max(largest, response.body.length);
          if (response.status !== benchCase.status)
            failures.push(`${benchCase.name}: ${response.status} ${response.body.toString().slice(0, 200)}`);
          if (response.status >= 400)
            mostListed = Math.max(
              mostListed,
              (JSON.parse(response.body.toString()).errors as unknown[]).length,
            );
        }
      }
      const health = await prober.stop();
      client.close();
      latencies.sort((a, b) => a - b);
      const slowest = latencies.at(-1) ?? 0;
      const median = latencies[Math.floor(latencies.length / 2)] ?? 0;
      log(
        `${benchCase.name}: body ${((bodies[0]?.length ?? 0) / 1e6).toFixed(2)} MB; answer p50 ${median.toFixed(0)} ms, max ${slowest.toFixed(0)} ms; ` +
          `answer body up to ${(largest / 1024).toFixed(1)} KiB, ${mostListed} errors listed; health max ${health.toFixed(0)} ms`,
      );
      if (slowest > ANSWER_TARGET_MS)
        failures.push(`${benchCase.name}: an answer took ${slowest.toFixed(0)} ms`);
      if (health > HEALTH_TARGET_MS) failures.push(`${benchCase.name}: health took ${health.toFixed(0)} ms`);
      if (mostListed > MAX_LISTED) failures.push(`${benchCase.name}: ${mostListed} errors listed`);
    }
  } finally {
    server?.kill("SIGTERM");
    await new Promise((done) => (server ? server.once("exit", done) : done(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  log(failures.length === 0 ? "all targets met" : `targets missed:\n  ${failures.join("\n  ")}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();
