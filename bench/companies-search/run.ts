/**
 * Company search benchmark: loads a generated register, starts the real server and runs over HTTP
 * the query mix people type into a real register (world.ts: common words and their beginnings,
 * two-word names, whole names, identifiers) with one client (latency) and with concurrent clients
 * (throughput, first hits, CPU per search), then the classic mix of generate.ts as a second line,
 * then the naive search (trigram GIN indexes with ILIKE '%term%' unions) on the same data.
 *
 *   npm run bench -- companies-search [--database-url postgres://root@127.0.0.1:5432/postgres]
 *     [--companies N] [--register world|classic] [--clients 8] [--requests 8000]
 *     [--single-requests 1000] [--naive-requests 800] [--keep] [--database-name <new database>]
 *     [--reuse <kept database>]
 *     [--cpu-prof <directory>] [--port <server port>]
 *
 * With --database-url a fresh database is created on that server (and dropped at the end unless
 * --keep); without it the embedded database is used in a temporary directory. --reuse runs the
 * searches on a database an earlier run kept (same --companies), skipping generation and import;
 * --cpu-prof writes a V8 CPU profile of the server process into the directory.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "kysely";
import pg from "pg";
import { importRecords } from "../../apps/server/src/modules/companies/gleif";
import { attachIsins } from "../../apps/server/src/modules/companies/import-store";
import { foldForSearch } from "../../apps/server/src/modules/companies/normalize";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import { type Database, openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";
import { type BenchResponse, benchClient } from "../support/http";
import { serverProcessArgs } from "../support/server-command";
import { companyAt, type GeneratedCompany, queryMix } from "./generate";
import { commonWords, HIT_KINDS, type WorldQuery, worldCompanyAt, worldQueryMix } from "./world";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string" },
    companies: { type: "string" },
    clients: { type: "string", default: "8" },
    requests: { type: "string", default: "8000" },
    "single-requests": { type: "string", default: "1000" },
    register: { type: "string", default: "world" },
    "naive-requests": { type: "string", default: "800" },
    "chunk-size": { type: "string", default: "100" },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
    "database-name": { type: "string" },
    "cpu-prof": { type: "string" },
    port: { type: "string" },
  },
});

const serverUrl = flags["database-url"];
const companies = Number(flags.companies ?? (serverUrl ? 1_000_000 : 100_000));
const clients = Number(flags.clients);
const requests = Number(flags.requests);
const singleRequests = Number(flags["single-requests"]);
if (flags.register !== "world" && flags.register !== "classic")
  throw new Error(`--register is world or classic, not ${flags.register}`);
const registerCompanyAt: (index: number) => GeneratedCompany =
  flags.register === "world" ? worldCompanyAt : companyAt;
const naiveRequests = Number(flags["naive-requests"]);
const chunkSize = Number(flags["chunk-size"]);
const repoRoot = resolve(import.meta.dirname, "../..");

const log = (message: string) => process.stdout.write(`${message}\n`);

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Target {
  databaseUrl: string | undefined;
  dataDir: string;
  cleanup(): Promise<void>;
}

async function prepareTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-bench-"));
  if (flags.reuse) {
    if (!serverUrl) throw new Error("--reuse needs --database-url: it names a database on that server");
    const url = new URL(serverUrl);
    url.pathname = `/${flags.reuse}`;
    return {
      databaseUrl: url.toString(),
      dataDir,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!serverUrl) {
    return {
      databaseUrl: undefined,
      dataDir,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = flags["database-name"] ?? `openverde_bench_${Date.now().toString(36)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`--database-name ${name}: lower case letters, digits and _`);
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  log(`database ${name} created on ${url.host}`);
  return {
    databaseUrl: url.toString(),
    dataDir,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (flags.keep) {
        log(`kept database ${name}`);
        return;
      }
      await withAdmin(serverUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      });
      log(`database ${name} dropped`);
    },
  };
}

const open = (target: Target): Promise<Database> =>
  openDatabase({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    purpose: "companies-search bench",
    // Loading a million companies and building their indexes takes longer than a request may.
    timeouts: { connectMs: 30_000, statementMs: 0 },
  });

async function load(target: Target) {
  const database = await open(target);
  try {
    await migrate(database.db, migrationSources(composition));
    log(`loading ${companies.toLocaleString("en")} companies ...`);
    const isins: { lei: string; isin: string }[] = [];
    let lastReport = performance.now();
    const records = (async function* () {
      for (let index = 0; index < companies; index++) {
        const company = registerCompanyAt(index);
        if (company.isin) isins.push({ lei: company.lei, isin: company.isin });
        yield company;
      }
    })();
    let indexSeconds = 0;
    const summary = await importRecords(database.db, records, {
      batchSize: 5000,
      deferIndexes: "auto",
      indexBuildParallelism: database.kind === "server" ? 2 : 1,
      relaxedCommit: database.kind === "server",
      writers: database.kind === "server" ? 2 : 1,
      onIndexBuild: (phase, seconds) => {
        if (phase === "done") indexSeconds = seconds;
      },
      onBatch: (progress) => {
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          log(`  ${progress.added.toLocaleString("en")} added`);
        }
      },
    });
    const importRate = summary.records / summary.seconds;
    log(
      `import: ${summary.records.toLocaleString("en")} companies in ${summary.seconds.toFixed(1)} s = ${Math.round(importRate).toLocaleString("en")} companies/s (${summary.added} added; of the time ${indexSeconds.toFixed(1)} s building the search indexes)`,
    );
    const isinStart = performance.now();
    for (let index = 0; index < isins.length; index += 10_000) {
      const slice = isins.slice(index, index + 10_000);
      await database.db.transaction().execute((trx) => attachIsins(trx, slice));
    }
    const isinSeconds = (performance.now() - isinStart) / 1000;
    log(`ISINs: ${isins.length.toLocaleString("en")} attached in ${isinSeconds.toFixed(1)} s`);
    const vacuumStart = performance.now();
    await sql`vacuum analyze`.execute(database.db);
    log(`vacuum analyze: ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s`);
    return { importRate, importSeconds: summary.seconds, indexSeconds, isins: isins.length };
  } finally {
    await database.close();
  }
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

interface RunResult {
  latencies: number[];
  seconds: number;
  byKind: Map<string, number[]>;
  errors: number;
  /** Searches whose first hit was checked, and how many of them named the company asked for. */
  checked: number;
  hits: number;
}

type BenchQuery = { kind: string; text: string; expected?: WorldQuery["expected"] };

/**
 * Runs the queries with `callers` concurrent callers, each taking the next query until none are
 * left. A call answers whether its first hit was the company asked for, when the query knows it.
 */
async function drive<Q extends BenchQuery>(
  queries: Q[],
  call: (query: Q) => Promise<boolean | undefined>,
  callers = clients,
): Promise<RunResult> {
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  let next = 0;
  let errors = 0;
  let checked = 0;
  let hits = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < queries.length) {
        const query = queries[next++] as Q;
        const begin = performance.now();
        try {
          const hit = await call(query);
          if (hit !== undefined) {
            checked++;
            if (hit) hits++;
          }
        } catch (error) {
          errors++;
          if (errors <= 3) log(`  error: ${(error as Error).message}`);
        }
        const took = performance.now() - begin;
        latencies.push(took);
        const list = byKind.get(query.kind) ?? [];
        list.push(took);
        byKind.set(query.kind, list);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000, byKind, errors, checked, hits };
}

function summarize(label: string, result: RunResult) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const line = {
    label,
    requests: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    throughput: sorted.length / result.seconds,
    errors: result.errors,
  };
  const hitsAt1 =
    result.checked > 0
      ? `, hits@1 ${((100 * result.hits) / result.checked).toFixed(1)} % of ${result.checked} names and identifiers`
      : "";
  log(
    `${label}: ${line.requests} searches, p50 ${line.p50.toFixed(1)} ms, p95 ${line.p95.toFixed(1)} ms, p99 ${line.p99.toFixed(1)} ms, ${line.throughput.toFixed(0)} searches/s, ${line.errors} errors${hitsAt1}`,
  );
  for (const [kind, list] of [...result.byKind.entries()].sort()) {
    const kindSorted = [...list].sort((a, b) => a - b);
    log(
      `    ${kind.padEnd(14)} n=${String(kindSorted.length).padStart(5)}  p50 ${percentile(kindSorted, 0.5).toFixed(1)} ms  p95 ${percentile(kindSorted, 0.95).toFixed(1)} ms`,
    );
  }
  return line;
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere.
 * CPU per search does not depend on how busy the machine is, unlike latency.
 */
function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function startServer(target: Target, port: number): Promise<ChildProcess> {
  const profile = flags["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", resolve(flags["cpu-prof"])] : [];
  const child = spawn(process.execPath, await serverProcessArgs(profile), {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? "",
      LOG_LEVEL: "warn",
      DEMO: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/actuator/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not start within 2 minutes");
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

/** The search as established platforms build it: trigram GIN indexes and ILIKE '%term%' unions ranked exact > prefix > infix, by name. */
const NAIVE_SEARCH = `
  select c.company_id, c.company_name, c.headquarters, c.country_code, c.sector, c.lei
  from (
    select company_id, min(rank) as rank from (
      select company_id,
        case when company_name ilike $1 then 0 when company_name ilike $1 || '%' then 1 else 2 end as rank
      from company where company_name ilike '%' || $1 || '%'
      union all
      select company_id,
        case when identifier ilike $1 then 0 when identifier ilike $1 || '%' then 1 else 2 end as rank
      from company_identifier where identifier ilike '%' || $1 || '%'
    ) matches group by company_id
  ) ranked join company c using (company_id)
  order by ranked.rank, c.company_name, c.company_id
  limit $2`;

async function naiveBaseline(target: Target, queries: BenchQuery[]) {
  const database = await open(target);
  try {
    const started = performance.now();
    await database.exec(`
      create index if not exists bench_naive_company_name_trgm on company using gin (company_name gin_trgm_ops);
      create index if not exists bench_naive_identifier_trgm on company_identifier using gin (identifier gin_trgm_ops);
      analyze company; analyze company_identifier;`);
    log(`naive indexes built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const escapeLikeText = (text: string) => text.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
    if (target.databaseUrl) {
      const pool = new pg.Pool({ connectionString: target.databaseUrl, max: clients });
      try {
        const naive = async ({ text }: BenchQuery) => {
          await pool.query(NAIVE_SEARCH, [escapeLikeText(text), chunkSize]);
          return undefined;
        };
        await drive(queries.slice(0, 50), naive);
        return await drive(queries, naive);
      } finally {
        await pool.end();
      }
    }
    const pglite = database.pglite as NonNullable<Database["pglite"]>;
    const naive = async ({ text }: BenchQuery) => {
      await pglite.query(NAIVE_SEARCH, [escapeLikeText(text), chunkSize]);
      return undefined;
    };
    await drive(queries.slice(0, 20), naive);
    return await drive(queries, naive);
  } finally {
    await database.close();
  }
}

/**
 * CPU seconds each PostgreSQL backend serving the database has used so far (the server runs on this
 * machine, so /proc shows its processes); empty for the embedded database, whose work is the server
 * process's own.
 */
async function backendCpuSeconds(target: Target): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!target.databaseUrl) return cpu;
  const pids = await withAdmin(target.databaseUrl, async (client) => {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return result.rows.map((row) => row.pid);
  });
  for (const pid of pids) {
    const seconds = processCpuSeconds(pid);
    if (seconds !== undefined) cpu.set(pid, seconds);
  }
  return cpu;
}

/** The first company of a search answer, decoded as the server sent it. */
function firstHit(response: BenchResponse): { companyName: string; lei: string | null } | undefined {
  const encoding = response.headers["content-encoding"];
  const body =
    encoding === "br"
      ? brotliDecompressSync(response.body)
      : encoding === "gzip"
        ? gunzipSync(response.body)
        : response.body;
  return (JSON.parse(body.toString("utf8")) as { companyName: string; lei: string | null }[])[0];
}

/** Whether the first hit is the company the query meant: its LEI, or for a name, a company of that name. */
function isExpectedHit(query: BenchQuery, hit: { companyName: string; lei: string | null } | undefined) {
  if (!query.expected || !hit) return false;
  if (hit.lei === query.expected.lei) return true;
  return query.kind === "name" && foldForSearch(hit.companyName) === query.expected.foldedName;
}

async function main() {
  log(
    `companies-search: ${companies.toLocaleString("en")} companies (${flags.register} register) on ${serverUrl ? "PostgreSQL" : "the embedded database"}, ${clients} clients, chunkSize ${chunkSize}`,
  );
  const target = await prepareTarget();
  try {
    const loaded = flags.reuse ? undefined : await load(target);
    const frequencies = commonWords(registerCompanyAt, companies);
    log("the ten most common words (share of names; share as the first word):");
    for (const { word, share, firstWordShare } of frequencies)
      log(
        `  ${word.padEnd(12)} ${(100 * share).toFixed(1).padStart(5)} %  ${(100 * firstWordShare).toFixed(1).padStart(5)} %`,
      );
    const world = worldQueryMix(
      companies,
      requests + singleRequests + 400,
      frequencies.map((entry) => entry.word),
      2323,
      registerCompanyAt,
    );
    const warmup = world.slice(0, 400);
    const single = world.slice(400, 400 + singleRequests);
    const measured = world.slice(400 + singleRequests);
    const classic = queryMix(companies, requests, 4242, registerCompanyAt);

    const port = flags.port ? Number(flags.port) : 18_000 + Math.floor(Math.random() * 2000);
    const server = await startServer(target, port);
    const lines: ReturnType<typeof summarize>[] = [];
    const client = benchClient(port, clients);
    try {
      const search = async (query: BenchQuery) => {
        const path = `/api/companies?searchString=${encodeURIComponent(query.text)}&chunkSize=${chunkSize}`;
        const response = await client.send({ path });
        if (response.status !== 200)
          throw new Error(`HTTP ${response.status} for ${query.text}: ${response.body}`);
        if (!query.expected || !HIT_KINDS.includes(query.kind)) return undefined;
        return isExpectedHit(query, firstHit(response));
      };
      await drive(warmup, search);
      if (single.length > 0) lines.push(summarize("world mix, 1 client", await drive(single, search, 1)));
      const serverBefore = processCpuSeconds(server.pid);
      const databaseBefore = await backendCpuSeconds(target);
      const clientBefore = process.cpuUsage();
      lines.push(summarize(`world mix, ${clients} clients`, await drive(measured, search)));
      const clientCpu = process.cpuUsage(clientBefore);
      const serverAfter = processCpuSeconds(server.pid);
      const databaseAfter = await backendCpuSeconds(target);
      if (serverBefore !== undefined && serverAfter !== undefined) {
        const perSearch = (seconds: number) => `${((seconds * 1000) / measured.length).toFixed(2)} ms`;
        let databaseSeconds = 0;
        for (const [pid, seconds] of databaseAfter)
          databaseSeconds += seconds - (databaseBefore.get(pid) ?? 0);
        log(
          `  CPU per search: server process ${perSearch(serverAfter - serverBefore)} (Node: HTTP, search, serialization, compression${target.databaseUrl ? "" : ", the embedded database"})${target.databaseUrl ? `, PostgreSQL backends ${perSearch(databaseSeconds)}` : ""}, bench clients ${perSearch((clientCpu.user + clientCpu.system) / 1e6)}`,
        );
      }
      lines.push(summarize(`classic mix, ${clients} clients`, await drive(classic, search)));
    } finally {
      client.close();
      await stopServer(server);
    }

    // --naive-requests 0 leaves the naive search out (while iterating on Openverde's side).
    const naive =
      naiveRequests > 0
        ? summarize(
            "naive trigram ILIKE (SQL directly)",
            await naiveBaseline(target, measured.slice(0, naiveRequests)),
          )
        : undefined;

    log("");
    log("| | p50 ms | p95 ms | p99 ms | searches/s |");
    log("|---|---|---|---|---|");
    for (const line of naive ? [...lines, naive] : lines) {
      log(
        `| ${line.label} | ${line.p50.toFixed(1)} | ${line.p95.toFixed(1)} | ${line.p99.toFixed(1)} | ${line.throughput.toFixed(0)} |`,
      );
    }
    const openverde = lines.find(
      (line) => line.label.startsWith("world mix, ") && !line.label.endsWith("1 client"),
    );
    if (naive && openverde) log(`p95 ratio naive / Openverde: ${(naive.p95 / openverde.p95).toFixed(1)}x`);
    if (loaded)
      log(
        `import: ${Math.round(loaded.importRate).toLocaleString("en")} companies/s (${loaded.importSeconds.toFixed(1)} s including ${loaded.indexSeconds.toFixed(1)} s of index building), ISINs attached: ${loaded.isins.toLocaleString("en")}`,
      );
  } finally {
    await target.cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
