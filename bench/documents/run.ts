/**
 * Document storage benchmark: starts the real server in a child process, uploads a generated file
 * (default 50 MiB) streamed from the client, downloads it whole and by ranges, and samples the
 * server's resident memory all along.
 *
 *   npm run bench -- documents [--database-url postgres://root@127.0.0.1:5432/postgres] [--mib 50]
 *     [--rounds 3] [--keep]
 *
 * Targets (issue 7): a 50 MB round trip raises the server's memory by less than 50 MB; download at
 * least 100 MB/s on localhost.
 *
 * Besides the rates, which depend on what else the machine runs, each download reports the CPU time
 * it cost the server process and (with --database-url) the PostgreSQL backends, per MiB.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { generateApiKey } from "../../apps/server/src/modules/api-keys/service";
import { seedDemoUsers } from "../../apps/server/src/modules/identity/demo";
import { findUserByUsername } from "../../apps/server/src/modules/identity/service";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import { loadConfig } from "../../apps/server/src/platform/config";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";
import { freePort } from "../../apps/server/src/testing/free-port";
import { serverProcessArgs } from "../support/server-command";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string" },
    mib: { type: "string", default: "50" },
    rounds: { type: "string", default: "3" },
    keep: { type: "boolean", default: false },
  },
});

const serverUrl = flags["database-url"];
const size = Math.round(Number(flags.mib) * 1024 * 1024);
const rounds = Number(flags.rounds);
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Deterministic pseudo-random bytes with a PDF header, produced piece by piece, never whole. */
function* fileContent(seed: number, total: number, piece = 64 * 1024): Generator<Buffer> {
  let state = seed >>> 0 || 1;
  let produced = 0;
  while (produced < total) {
    const length = Math.min(piece, total - produced);
    const bytes = Buffer.allocUnsafe(length);
    for (let i = 0; i < length; i += 4) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes.writeUInt32LE(state >>> 0, Math.min(i, length - 4));
    }
    if (produced === 0) Buffer.from("%PDF-1.7\n").copy(bytes, 0);
    produced += length;
    yield bytes;
  }
}

/** Linux reports CPU time in clock ticks; USER_HZ is 100 on every mainstream architecture. */
const clockTicksPerSecond = 100;

/** CPU time (user and system) a process has used so far, in milliseconds. */
function cpuMsOf(pid: number): number {
  try {
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return 0; // the process has ended
  }
}

/** CPU time used so far by each PostgreSQL backend serving a database, by process id. */
async function backendCpuMs(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
    [database],
  );
  return new Map(rows.map((row) => [row.pid, cpuMsOf(row.pid)]));
}

/** CPU milliseconds the backends used between two readings (new backends count from zero). */
function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

function rssOf(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return 0; // the server has ended; the error that ended the run is reported instead
  }
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

class MemoryWatch {
  peak = 0;
  #timer: NodeJS.Timeout;
  constructor(private readonly pid: number) {
    this.#timer = setInterval(() => {
      this.peak = Math.max(this.peak, rssOf(this.pid));
    }, 20);
  }
  stop(): number {
    clearInterval(this.#timer);
    this.peak = Math.max(this.peak, rssOf(this.pid));
    return this.peak;
  }
}

async function upload(
  baseUrl: string,
  authorization: string,
  seed: number,
): Promise<{ id: string; seconds: number }> {
  const boundary = "----openverde-bench";
  const meta = JSON.stringify({ documentName: `Bench ${seed}`, documentCategory: "Other", companyIds: [] });
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="documentMetaInfo"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${baseUrl}/documents/`);
  const started = performance.now();
  const hash = createHash("sha256");
  const body = await new Promise<string>((resolveBody, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          authorization,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + size + tail.length),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (d: Buffer) => parts.push(d));
        res.on("end", () =>
          res.statusCode === 200
            ? resolveBody(Buffer.concat(parts).toString())
            : reject(new Error(`upload: ${res.statusCode} ${Buffer.concat(parts)}`)),
        );
      },
    );
    req.on("error", reject);
    const pieces = fileContent(seed, size);
    const pump = () => {
      for (;;) {
        const next = pieces.next();
        if (next.done) {
          req.end(tail);
          return;
        }
        hash.update(next.value);
        if (!req.write(next.value)) {
          req.once("drain", pump);
          return;
        }
      }
    };
    req.write(head);
    pump();
  });
  const id = (JSON.parse(body) as { documentId: string }).documentId;
  if (id !== hash.digest("hex")) throw new Error("the server's document id is not the SHA-256 of the bytes");
  return { id, seconds: (performance.now() - started) / 1000 };
}

async function download(
  baseUrl: string,
  authorization: string,
  id: string,
  range?: string,
): Promise<{ bytes: number; seconds: number; firstByteMs: number; sha: string }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/documents/${id}`, {
    headers: { authorization, ...(range ? { range } : {}) },
  });
  if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
  let firstByteMs = -1;
  let bytes = 0;
  const hash = createHash("sha256");
  for await (const chunk of response.body) {
    if (firstByteMs < 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { bytes, seconds: (performance.now() - started) / 1000, firstByteMs, sha: hash.digest("hex") };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-bench-documents-"));
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `openverde_bench_docs_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseName = name;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      if (flags.keep) {
        log(`kept database ${name}`);
        return;
      }
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
  };

  // Prepare a signed-in uploader while the server is not running (the embedded database has one owner).
  const config = loadConfig(env);
  const database = await openDatabase({ dataDir, databaseUrl, purpose: "documents bench" });
  let authorization: string;
  try {
    await migrate(database.db, migrationSources(composition));
    await seedDemoUsers({ config, database, log: { info() {}, warn() {}, error() {} } as never });
    const user = await findUserByUsername(database.db, "data_uploader");
    if (!user) throw new Error("no demo uploader");
    authorization = `Bearer ${(await generateApiKey(database.db, user, 1)).apiKey}`;
  } finally {
    await database.close();
  }

  let server: ChildProcess | undefined;
  // Reads the PostgreSQL backends' CPU time from the postgres database, so it is not one of them.
  const monitor = serverUrl ? new pg.Client({ connectionString: serverUrl }) : undefined;
  try {
    await monitor?.connect();
    const backendsCpu = async () =>
      monitor && databaseName ? backendCpuMs(monitor, databaseName) : new Map<number, number>();
    server = spawn(process.execPath, await serverProcessArgs(), {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`${baseUrl}/documents/actuator/health`)).ok) break;
      } catch {}
      if (attempt > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = server.pid as number;
    // Warm up code paths with an upload and a download, then take the baseline.
    const warm = await upload(baseUrl, authorization, 999_999).catch(() => undefined);
    if (warm) await download(baseUrl, authorization, warm.id);
    const baseline = rssOf(pid);
    log(
      `database: ${databaseUrl ? "PostgreSQL server" : "embedded (PGlite)"}; file ${mib(size)}; server RSS at start ${mib(baseline)}`,
    );

    const results: { up: number; down: number; peak: number; serverCpu: number; databaseCpu: number }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const watch = new MemoryWatch(pid);
      const up = await upload(baseUrl, authorization, round);
      const serverCpuBefore = cpuMsOf(pid);
      const databaseCpuBefore = await backendsCpu();
      const down = await download(baseUrl, authorization, up.id);
      const serverCpu = (cpuMsOf(pid) - serverCpuBefore) / (size / 1024 / 1024);
      const databaseCpu = backendCpuBetween(databaseCpuBefore, await backendsCpu()) / (size / 1024 / 1024);
      if (down.bytes !== size || down.sha !== up.id)
        throw new Error("downloaded bytes differ from the upload");
      const peak = watch.stop();
      const upRate = size / 1024 / 1024 / up.seconds;
      const downRate = size / 1024 / 1024 / down.seconds;
      results.push({ up: upRate, down: downRate, peak, serverCpu, databaseCpu });
      log(
        `round ${round}: upload ${up.seconds.toFixed(2)} s (${upRate.toFixed(0)} MiB/s), download ${down.seconds.toFixed(2)} s ` +
          `(${downRate.toFixed(0)} MiB/s), server RSS peak ${mib(peak)} (+${mib(peak - baseline)})`,
      );
      log(
        `         download CPU per MiB: server ${serverCpu.toFixed(2)} ms` +
          (monitor ? `, PostgreSQL backends ${databaseCpu.toFixed(2)} ms` : ""),
      );
      const ranged = await download(
        baseUrl,
        authorization,
        up.id,
        `bytes=${Math.floor(size / 2)}-${Math.floor(size / 2) + 65535}`,
      );
      log(
        `         a 64 KiB range from the middle: first byte after ${ranged.firstByteMs.toFixed(1)} ms, all in ${(ranged.seconds * 1000).toFixed(1)} ms`,
      );
    }
    const worstGrowth = Math.max(...results.map((r) => r.peak)) - baseline;
    const slowestDown = Math.min(...results.map((r) => r.down));
    log(
      `summary: upload ${Math.min(...results.map((r) => r.up)).toFixed(0)}-${Math.max(...results.map((r) => r.up)).toFixed(0)} MiB/s, ` +
        `download ${slowestDown.toFixed(0)}-${Math.max(...results.map((r) => r.down)).toFixed(0)} MiB/s, ` +
        `largest server memory growth ${mib(worstGrowth)}`,
    );
    const fewest = (pick: (r: (typeof results)[number]) => number) =>
      Math.min(...results.map(pick)).toFixed(2);
    log(
      `download CPU per MiB (least of the rounds): server ${fewest((r) => r.serverCpu)} ms` +
        (monitor ? `, PostgreSQL backends ${fewest((r) => r.databaseCpu)} ms` : ""),
    );
    log(
      `targets: memory growth < 50 MB ${worstGrowth < 50e6 ? "met" : "MISSED"}; download >= 100 MB/s ${slowestDown * 1.048576 >= 100 ? "met" : "MISSED"}`,
    );
  } finally {
    await monitor?.end();
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server?.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
