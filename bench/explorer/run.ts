/**
 * Explorer benchmark (issue 28, item 2) on a PostgreSQL server. Prepares a database with 10,000
 * companies, each with an active full-size SFDR dataset (every field filled, about 112 data points, by
 * the catalogue's test-data generator) in each of six reporting periods (2020-2025) but about 10 % of
 * them left without one (some of those declared not sourceable), every numeric value different; then
 * starts the real server (compiled, as `npm start` runs it) and measures, for 5 data points × 6 periods:
 *
 * - the first page (100 companies) of POST /api/explorer/query: latency p50/p95 and the CPU time per
 *   query of the server process and of the database backends, for several ways of choosing the rows;
 * - the whole table (10,000 rows × 30 columns) streamed by POST /api/explorer/export: time to the last
 *   byte, size, CPU, and the server's resident memory before and at its peak (sampled every 10 ms),
 *   against an export of a quarter of the table (flat memory: the peak does not grow with the table);
 * - EXPLAIN (ANALYZE, BUFFERS) of every statement the first page runs.
 *
 *   npm run bench -- explorer [--database-url postgres://root@127.0.0.1:5432/postgres]
 *     [--companies 10000] [--queries 200] [--exports 3] [--reuse <database>] [--keep] [--no-explain]
 *     [--cpu-prof <dir>]
 *
 * --reuse names a database an earlier run kept (--keep prints its name): the preparation (minutes) is
 * skipped. --cpu-prof writes a V8 CPU profile of the server into <dir> when it stops (open it in
 * Chrome DevTools); the profiler costs CPU, so the figures of such a run compare with no other.
 * Targets: first page p95 <= 150 ms; whole table as CSV <= 3 s; server memory flat. On a machine
 * shared with other work the times say little; the CPU per query and the plans do.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { generateApiKey } from "../../apps/server/src/modules/api-keys/service";
import { createCompanyWithId } from "../../apps/server/src/modules/companies/service";
import { storeDatasetInTransaction } from "../../apps/server/src/modules/datasets/upload";
import { queryExplorer } from "../../apps/server/src/modules/explorer/service";
import { seedDemoUsers } from "../../apps/server/src/modules/identity/demo";
import { findUserByUsername } from "../../apps/server/src/modules/identity/service";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import type { SignedInActor } from "../../apps/server/src/platform/auth/actor";
import { loadConfig } from "../../apps/server/src/platform/config";
import type { AnyDb } from "../../apps/server/src/platform/db/database";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";
import { freePort } from "../../apps/server/src/testing/free-port";
import { completeSfdrWithReports } from "../support/complete-sfdr";
import { benchClient } from "../support/http";
import { backendCpuByPid, cpuMsOf, mib, percentile, rssOf } from "../support/process-stats";
import { serverProcessArgs } from "../support/server-command";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    companies: { type: "string", default: "10000" },
    queries: { type: "string", default: "200" },
    exports: { type: "string", default: "3" },
    reuse: { type: "string" },
    keep: { type: "boolean", default: false },
    "no-explain": { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
  },
});

const serverUrl = flags["database-url"] as string;
const companyCount = Number(flags.companies);
const queryCount = Number(flags.queries);
const exportCount = Number(flags.exports);
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const PERIODS = ["2020", "2021", "2022", "2023", "2024", "2025"];
const SCOPE1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";
const DATA_POINTS = [
  SCOPE1,
  "environmental.greenhouseGasEmissions.scope2GhgEmissionsInTonnes",
  "environmental.greenhouseGasEmissions.scope3GhgEmissionsInTonnes",
  "environmental.greenhouseGasEmissions.ghgIntensityInTonnesPerMillionEURRevenue",
  "environmental.greenhouseGasEmissions.fossilFuelSectorExposure",
];
const COUNTRIES = ["DE", "FR", "NL", "IT", "ES", "PL", "AT", "BE", "SE", "DK", "FI", "IE"];
const SECTORS = [
  "Energy",
  "Materials",
  "Industrials",
  "Consumer Discretionary",
  "Consumer Staples",
  "Health Care",
  "Financials",
  "Information Technology",
  "Communication Services",
  "Utilities",
  "Real Estate",
];
const NAME_PARTS = [
  [
    "Nord",
    "Süd",
    "Alpen",
    "Rhein",
    "Baltic",
    "Atlantic",
    "Iberia",
    "Danube",
    "Hansa",
    "Lumen",
    "Vega",
    "Orion",
  ],
  [
    "Energie",
    "Stahl",
    "Chemie",
    "Logistik",
    "Bank",
    "Versicherung",
    "Pharma",
    "Foods",
    "Textil",
    "Bau",
    "Solar",
    "Data",
  ],
  ["AG", "SE", "GmbH", "S.A.", "N.V.", "S.p.A.", "plc", "AB", "Oy", "A/S"],
];
const companyName = (index: number) => {
  const [first, second, form] = NAME_PARTS as [string[], string[], string[]];
  return `${first[(index * 7) % first.length]} ${second[(index * 11 + 3) % second.length]} ${index} ${form[index % form.length]}`;
};

/** A version 7 like id made in SQL: the millisecond first, so ids made together sit together in an index. */
const V7 = `encode(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 'hex')::uuid`;

async function inParallel<T>(items: T[], workers: number, work: (item: T, index: number) => Promise<void>) {
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

/**
 * The data: companies through the register's own code; one SFDR dataset uploaded the platform's way
 * (storeDatasetInTransaction) as the template; the other (company, period) datasets copied from it in
 * SQL, 500 companies per statement, each numeric value of a data point replaced by a random one and
 * every Yes/No drawn anew. About 10 % of the dimensions get no dataset (one in eight of those a
 * non-sourceability statement), and about 5 % of the datasets leave scope 1 empty.
 */
async function prepare(databaseUrl: string, env: Record<string, string>) {
  const config = loadConfig(env);
  const dataDir = env.DATA_DIR as string;
  const database = await openDatabase({ dataDir, databaseUrl, purpose: "explorer bench" });
  try {
    await migrate(database.db, migrationSources(composition));
    await seedDemoUsers({ config, database, log: { info() {}, warn() {}, error() {} } as never });
    const uploader = await findUserByUsername(database.db, "data_uploader");
    if (!uploader) throw new Error("no demo uploader");
    const started = performance.now();
    const companyIds = Array.from({ length: companyCount }, () => randomUUID());
    await inParallel(companyIds, 8, async (companyId, index) => {
      await createCompanyWithId(database.db, companyId, {
        companyName: companyName(index),
        headquarters: "Frankfurt",
        countryCode: COUNTRIES[index % COUNTRIES.length],
        sector: SECTORS[(index * 5) % SECTORS.length],
        identifiers: { Lei: [`EXPL${String(index).padStart(14, "0")}XX`] },
      } as never);
    });
    log(`prepared ${companyCount} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const sfdr = await completeSfdrWithReports(database, config, uploader.userId, 42);
    const template = await database.db.transaction().execute((trx) =>
      storeDatasetInTransaction(trx, {
        frameworkId: "sfdr",
        companyId: companyIds[0] as string,
        reportingPeriod: "2020",
        data: sfdr,
        uploaderUserId: uploader.userId,
        qaStatus: "Accepted",
      }),
    );
    const copying = performance.now();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const batches: string[][] = [];
    for (let start = 0; start < companyIds.length; start += 500)
      batches.push(companyIds.slice(start, start + 500));
    await inParallel(batches, 2, async (batch) => {
      await pool.query(
        `with dims as (
           select c.company_id, p.period, abs(hashtext(c.company_id::text || p.period)) % 1000 as draw
           from unnest($1::uuid[]) c(company_id) cross join unnest($2::text[]) p(period)
           where not (c.company_id = $3 and p.period = '2020')
         ), statements as (
           insert into dataset_non_sourceable (non_sourceability_id, company_id, data_type, reporting_period, reason,
             uploader_user_id, upload_time, qa_status, bypass_qa, currently_active)
           select gen_random_uuid(), company_id, 'sfdr', period, 'No report published.', $4, $5, 'Accepted', true, true
           from dims where draw < 100 and draw % 8 = 0
         ), versions as (
           insert into dataset (data_id, company_id, data_type, reporting_period, uploader_user_id, upload_time, qa_status,
             currently_active, data)
           select ${V7}, company_id, 'sfdr', period, $4, $5, 'Accepted', true, (select data from dataset where data_id = $6)
           from dims where draw >= 100
           returning data_id, company_id, reporting_period
         )
         insert into dataset_data_point (data_point_id, data_id, data_type, data_point_type, company_id, reporting_period,
           value, qa_status, currently_active)
         select ${V7}, v.data_id, 'sfdr', t.data_point_type, v.company_id, v.reporting_period,
           case
             when jsonb_typeof(t.value -> 'value') = 'number'
               then jsonb_set(t.value, '{value}', to_jsonb(round((random() * 100000)::numeric, 2)))
             when t.value ->> 'value' in ('Yes', 'No')
               then jsonb_set(t.value, '{value}', to_jsonb(case when random() < 0.3 then 'Yes' else 'No' end))
             else t.value
           end,
           'Accepted', true
         from versions v
         cross join (select data_point_type, value from dataset_data_point where data_id = $6) t
         where not (t.data_point_type = 'extendedDecimalScope1GhgEmissionsInTonnes' and random() < 0.05)`,
        [batch, PERIODS, companyIds[0], uploader.userId, Date.now(), template.dataId],
      );
    });
    // The copies are made active in SQL, not by activation, so their numbers are filled in here as
    // activation would have (dataset_active_number; the template's are there already).
    await pool.query(
      `insert into dataset_active_number (data_id, data_type, data_point_type, reporting_period, number)
       select p.data_id, p.data_type, p.data_point_type, p.reporting_period, data_point_number(p.value)
       from dataset d join dataset_data_point p on p.data_id = d.data_id
       where d.currently_active and d.data_id <> $1 and data_point_number(p.value) is not null`,
      [template.dataId],
    );
    const counts = await pool.query(
      "select (select count(*) from dataset where currently_active) as datasets, (select count(*) from dataset_data_point) as points, (select count(*) from dataset_non_sourceable) as statements",
    );
    log(
      `prepared ${counts.rows[0].datasets} active SFDR datasets with ${counts.rows[0].points} data points and ${counts.rows[0].statements} non-sourceability statements in ${((performance.now() - copying) / 1000).toFixed(1)} s`,
    );
    await pool.query("vacuum analyze");
    await pool.end();
  } finally {
    await database.close();
  }
}

/** An API key of the demo reader (a plain signed-in user) and the reader as an actor. */
async function readerOf(databaseUrl: string, env: Record<string, string>) {
  const database = await openDatabase({
    dataDir: env.DATA_DIR as string,
    databaseUrl,
    purpose: "explorer bench",
  });
  try {
    const reader = await findUserByUsername(database.db, "data_reader");
    if (!reader) throw new Error("no demo reader");
    const authorization = `Bearer ${(await generateApiKey(database.db, reader, 1)).apiKey}`;
    const actor: SignedInActor = {
      kind: "user",
      userId: reader.userId,
      username: reader.username,
      email: undefined,
      name: undefined,
      roles: new Set(reader.roles),
      via: "apiKey",
    };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      "select company_id as id from company order by company_id limit 100",
    );
    await client.end();
    return { authorization, actor, someCompanyIds: rows.map((row) => row.id) };
  } finally {
    await database.close();
  }
}

/** A plan line with its long literal lists (the ids of a page) cut to their first entries. */
const shortLists = (line: string) =>
  line.replace(
    /'\{([^}]{200,})\}'/g,
    (_, list: string) => `'{${list.split(",").slice(0, 2).join(",")},… ${list.split(",").length} in all}'`,
  );

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one query of the explorer runs. */
async function explain(databaseUrl: string, actor: SignedInActor, title: string, body: unknown) {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Record<string, never>>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query")
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  try {
    await queryExplorer(db as unknown as AnyDb, actor, body as never);
    log(`\n---- EXPLAIN (ANALYZE, BUFFERS): ${title} (${captured.length} statements) ----`);
    for (const statement of captured) {
      log(`\n${statement.sql.replace(/\s+/g, " ").trim()}`);
      const { rows } = await pool.query(`explain (analyze, buffers) ${statement.sql}`, [
        ...statement.parameters,
      ]);
      for (const row of rows) log(`  ${shortLists(row["QUERY PLAN"] as string)}`);
    }
  } finally {
    await db.destroy();
  }
}

async function main() {
  const name = flags.reuse ?? `explorer_bench_${Date.now().toString(36)}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`--reuse: ${name} is no database name`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  if (!flags.reuse) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-bench-explorer-"));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
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
    if (flags.reuse) log(`reusing the prepared database ${name}`);
    else await prepare(databaseUrl, env);
    const { authorization, actor, someCompanyIds } = await readerOf(databaseUrl, env);

    const profileDir = flags["cpu-prof"] ? resolve(flags["cpu-prof"]) : undefined;
    const profiling = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
    server = spawn(process.execPath, await serverProcessArgs(profiling), {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/actuator/health`)).ok) break;
      } catch {}
      if (attempt > 600) throw new Error("the server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = server.pid as number;
    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    const client = benchClient(port, 1);
    const post = (path: string, body: unknown) =>
      client.send({
        method: "POST",
        path,
        headers: { authorization, "content-type": "application/json", "accept-encoding": "identity" },
        body: JSON.stringify(body),
      });

    const table = { framework: "sfdr", dataPoints: DATA_POINTS, reportingPeriods: PERIODS };
    const byValue = { by: "value", dataPoint: SCOPE1, reportingPeriod: "2024", direction: "desc" };
    const scenarios: { title: string; body: Record<string, unknown> }[] = [
      { title: "whole register, by name", body: { ...table, companies: {} } },
      { title: "whole register, by scope 1 2024 desc", body: { ...table, companies: {}, sort: byValue } },
      { title: "has data, by name", body: { ...table, companies: { hasData: true } } },
      {
        title: "country DE + sector Energy, by name",
        body: { ...table, companies: { countryCodes: ["DE"], sectors: ["Energy"] } },
      },
      { title: "100 company ids, by name", body: { ...table, companies: { companyIds: someCompanyIds } } },
    ];

    log(
      `\n==== first page: 100 companies × ${DATA_POINTS.length} data points × ${PERIODS.length} periods, ${queryCount} queries each, one client ====`,
    );
    log("scenario | p50 | p95 (target <= 150 ms) | server CPU/query | database CPU/query | response");
    for (const scenario of scenarios) {
      const body = { ...scenario.body, chunkSize: 100, chunkIndex: 0 };
      for (let i = 0; i < 10; i++) await post("/api/explorer/query", body);
      const latencies: number[] = [];
      const cpuBefore = cpuMsOf(pid);
      const dbBefore = await backendCpuByPid(monitor);
      let bytes = 0;
      let total = 0;
      for (let i = 0; i < queryCount; i++) {
        const sent = performance.now();
        const response = await post("/api/explorer/query", body);
        latencies.push(performance.now() - sent);
        if (response.status !== 200) throw new Error(`query: ${response.status} ${response.body.toString()}`);
        bytes = response.body.length;
        if (i === 0)
          total = (JSON.parse(response.body.toString()) as { totalCompanies: number }).totalCompanies;
      }
      const serverCpu = (cpuMsOf(pid) - cpuBefore) / queryCount;
      const dbCpu = (await dbBefore.since()) / queryCount;
      log(
        `${scenario.title} (${total} companies) | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(serverCpu)} | ${ms(dbCpu)} | ${(bytes / 1024).toFixed(0)} KiB`,
      );
    }

    log(`\n==== whole table streamed by POST /api/explorer/export (${exportCount} runs of CSV) ====`);
    log(
      "export | time to last byte (CSV target <= 3 s) | size | server CPU | database CPU | server RSS before → peak",
    );
    const exportOnce = async (title: string, format: string, body: unknown) => {
      const before = rssOf(pid);
      let peak = before;
      const watch = setInterval(() => {
        peak = Math.max(peak, rssOf(pid));
      }, 10);
      const cpuBefore = cpuMsOf(pid);
      const dbBefore = await backendCpuByPid(monitor);
      const started = performance.now();
      const response = await post(`/api/explorer/export?format=${format}`, body);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(watch);
      if (response.status !== 200) throw new Error(`export: ${response.status} ${response.body.toString()}`);
      const lines =
        format === "csv" ? response.body.toString().trimEnd().split("\r\n").length - 1 : undefined;
      log(
        `${title}, ${format}${lines !== undefined ? ` (${lines} rows)` : ""} | ${seconds.toFixed(2)} s | ${mib(response.body.length)} | ${ms(cpuMsOf(pid) - cpuBefore)} | ${ms(await dbBefore.since())} | ${mib(before)} → ${mib(peak)}`,
      );
    };
    const whole = { ...table, companies: {} };
    for (let i = 0; i < exportCount; i++) await exportOnce("whole table by name", "csv", whole);
    await exportOnce("whole table by scope 1 2024 desc", "csv", { ...whole, sort: byValue });
    await exportOnce("a quarter: countries DE, FR, NL", "csv", {
      ...table,
      companies: { countryCodes: ["DE", "FR", "NL"] },
    });
    await exportOnce("whole table by name", "json", whole);
    await exportOnce("whole table by name", "xlsx", whole);
    client.close();
    await monitor.end();

    if (!flags["no-explain"]) {
      await explain(databaseUrl, actor, "whole register, by name, first page", {
        ...scenarios[0]?.body,
        chunkSize: 100,
      });
      await explain(databaseUrl, actor, "whole register, by scope 1 2024 desc, first page", {
        ...scenarios[1]?.body,
        chunkSize: 100,
      });
    }
  } finally {
    if (server && server.exitCode === null) {
      // The server writes its CPU profile as it stops: wait for it.
      const exited = new Promise((done) => server?.once("exit", done));
      server.kill();
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (flags.keep || flags.reuse) log(`\nkept the database ${name}: run again with --reuse ${name}`);
    else {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
