/**
 * The end of `import gleif` into an empty register, alone: the search indexes and the identifiers'
 * foreign key dropped, then built again and the tables analyzed as `importRecords` does it, on a
 * copy of a loaded register (the caller makes the copy, e.g. `createdb -T <template> <copy>`; the
 * bench changes it, and can run on it again).
 *
 *   node --import tsx bench/gleif-import/index-build.ts --database-url postgres://.../<copy>
 *     [--parallel 2] [--count-first] [--steps] [--baseline <path of an older search-indexes.ts>]
 *
 * Reported: wall clock of the phase; PostgreSQL's CPU (every backend and parallel worker of the
 * database, from /proc, sampled every 25 ms); this process's CPU; how long fewer statements ran than
 * there are connections, and fewer than two backends were on or waiting for a core (time a core of
 * ours would idle on a quiet two-core machine); what the backends waited for (pg_stat_activity).
 * `--count-first` reads every table once before (sets hint bits); `--steps` lists when each statement
 * started; `--baseline` runs an older copy of search-indexes.ts (builds, then the four ANALYZEs).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import {
  dropSecondaryIndexes,
  ensureSecondaryIndexes,
  IMPORTED_TABLES,
} from "../../apps/server/src/modules/companies/search-indexes";
import { openDatabase } from "../../apps/server/src/platform/db/database";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string" },
    parallel: { type: "string", default: "2" },
    "count-first": { type: "boolean", default: false },
    baseline: { type: "string" },
    steps: { type: "boolean", default: false },
  },
});
const databaseUrl = flags["database-url"];
const parallel = Number(flags.parallel);
if (!databaseUrl) throw new Error("--database-url is required");

const CLOCK_TICKS_PER_SECOND = 100;
const statFields = (pid: number | "self") =>
  readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
const cpuSecondsOf = (pid: number | "self") => {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
};
/** Whether the process is running or waiting for a core (not for the disk or a lock). */
const wantsCore = (pid: number) => {
  try {
    return statFields(pid)[0] === "R";
  } catch {
    return false;
  }
};

const database = await openDatabase({
  databaseUrl,
  dataDir: "",
  purpose: "index build bench",
  timeouts: { connectMs: 5_000, statementMs: 0 },
});
await dropSecondaryIndexes(database.db);
if (flags["count-first"])
  for (const table of IMPORTED_TABLES) await database.exec(`select count(*) from ${table}`);
await database.exec("checkpoint");

const monitor = new pg.Client({ connectionString: databaseUrl });
await monitor.connect();
let phaseStarted = false;
let underused = 0;
let coreIdle = 0;
const waits = new Map<string, number>();
let lastSample = 0;
let started = 0;
const marks: string[] = [];
const doings = new Map<number, string>();
const backendCpu = new Map<number, { first: number; last: number }>();
const sample = async () => {
  const { rows } = await monitor.query<{ pid: number; doing: string; waiting: string | null }>(
    `select pid, case when state = 'active' then left(query, 60) else state end as doing,
        case when state = 'active' then wait_event_type || ':' || wait_event end as waiting
      from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  const now = performance.now();
  if (phaseStarted && started > 0) {
    // Time with fewer statements running than connections building: a slot left idle.
    const active = rows.filter(({ doing }) => !doing.startsWith("idle")).length;
    if (active < parallel) underused += (now - lastSample) / 1000;
    // On a machine with two idle cores, a core of ours would idle while fewer than two backends want one.
    if (rows.filter(({ pid }) => wantsCore(pid)).length < 2) coreIdle += (now - lastSample) / 1000;
    for (const { waiting } of rows)
      if (waiting) waits.set(waiting, (waits.get(waiting) ?? 0) + (now - lastSample) / 1000);
  }
  lastSample = now;
  for (const { pid, doing } of rows) {
    if (phaseStarted && doings.get(pid) !== doing && !doing.startsWith("select set_config")) {
      doings.set(pid, doing);
      if (flags.steps)
        marks.push(`${((performance.now() - started) / 1000).toFixed(1)} ${pid % 1000}: ${doing}`);
    }
    try {
      const cpu = cpuSecondsOf(pid);
      const seen = backendCpu.get(pid);
      if (seen) seen.last = cpu;
      else backendCpu.set(pid, { first: phaseStarted ? 0 : cpu, last: cpu });
    } catch {}
  }
};
await sample();
// A backend first seen during the phase started in it (a parallel worker): all its CPU counts.
phaseStarted = true;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    await sample();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
})();

const before = flags.baseline ? await import(flags.baseline) : undefined;
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const selfBefore = cpuSecondsOf("self");
started = performance.now();
const mark = (step: string) => marks.push(`${step} ${((performance.now() - started) / 1000).toFixed(1)}`);
if (before) {
  // The code before, kept outside the repository: builds, then the four ANALYZEs side by side.

  await before.ensureSecondaryIndexes(database.db, parallel);
  mark("built");
  await Promise.all(IMPORTED_TABLES.map((table) => sql`analyze ${sql.id(table)}`.execute(database.db)));
} else {
  await ensureSecondaryIndexes(database.db, parallel, IMPORTED_TABLES);
}
const seconds = (performance.now() - started) / 1000;
sampling = false;
await sampler;
await sample();
let databaseCpu = 0;
const perBackend: string[] = [];
for (const [pid, seen] of backendCpu) {
  databaseCpu += seen.last - seen.first;
  if (seen.last > seen.first) perBackend.push(`${pid % 1000} ${(seen.last - seen.first).toFixed(1)}`);
}
process.stdout.write(
  `wall ${seconds.toFixed(1)} s (fewer than ${parallel} statements running ${underused.toFixed(1)} s, fewer than 2 backends on or waiting for a core ${coreIdle.toFixed(1)} s), PostgreSQL CPU ${databaseCpu.toFixed(1)} s, bench CPU ${(cpuSecondsOf("self") - selfBefore).toFixed(1)} s (${perBackend.join(", ")}), load ${load} -> ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}\n  waiting (s, sampled): ${[...waits].map(([event, secs]) => `${event} ${secs.toFixed(1)}`).join(", ")}\n  ${marks.join("\n  ")}\n`,
);
await monitor.end();
await database.close();
