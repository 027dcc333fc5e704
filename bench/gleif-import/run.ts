/**
 * GLEIF import benchmark: the golden copy from XML to a searchable register, as an operator runs it.
 * Generates (once; kept in --dir) a 1,000,000-record LEI-CDF 3.1 XML file and its LEI-ISIN CSV
 * (generate.ts), creates a fresh database on the PostgreSQL server, migrates it, then times
 *   npm run cli -- import gleif <file.xml>
 *   npm run cli -- import isin-lei <file.csv>
 * each as its own process, exactly the operator's commands. Reported: seconds and records (pairs) per
 * second of each, end to end (records / both times together; the indexes the search needs are built
 * by the import before it returns), and the CPU per 1,000 records of the command's process and of the
 * PostgreSQL backends serving it, apart, which do not depend on what else the machine is doing.
 *
 *   npm run bench -- gleif-import [--database-url postgres://root@127.0.0.1:5432/postgres]
 *     [--records 1000000] [--dir /tmp/openverde-gleif] [--keep] [--embedded] [--database-prefix uploads_gleif_]
 *
 * With --embedded the commands import into the embedded database (PGlite, a fresh DATA_DIR) instead;
 * its work is done inside the command's process, so the command's CPU is all of it.
 *
 * Target (issue 23 item 5): >= 25,000 records/s end to end, the ISIN file included.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { writeGoldenCopy } from "./generate";

const { values: flags } = parseArgs({
  options: {
    "database-url": { type: "string", default: "postgres://root@127.0.0.1:5432/postgres" },
    records: { type: "string", default: "1000000" },
    dir: { type: "string", default: "/tmp/openverde-gleif" },
    keep: { type: "boolean", default: false },
    embedded: { type: "boolean", default: false },
    // The fresh database's name starts with it, so that people sharing a server can tell theirs.
    "database-prefix": { type: "string", default: "uploads_gleif_" },
  },
});

const serverUrl = flags["database-url"] as string;
const records = Number(flags.records);
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);
const CLOCK_TICKS_PER_SECOND = 100;

function statFields(pid: number | "self"): string[] {
  // The fields after the command name (which may hold spaces) start at the state, field 3.
  return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
}
const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
const cpuMsOf = (pid: number) => {
  const fields = statFields(pid);
  return ticksToMs(Number(fields[11]) + Number(fields[12]));
};
/** CPU of this process's children that have ended (cutime + cstime). */
const endedChildrenCpuMs = () => {
  const fields = statFields("self");
  return ticksToMs(Number(fields[13]) + Number(fields[14]));
};

/** Where the commands import to: a database of the PostgreSQL server, or an embedded one's directory. */
type Target = { databaseUrl: string; dataDir?: undefined } | { databaseUrl?: undefined; dataDir: string };

interface Timed {
  seconds: number;
  commandCpuMs: number;
  databaseCpuMs: number;
  output: string;
}

/**
 * Runs one CLI command against the database; the backends' CPU is sampled every 100 ms while it runs
 * (a backend's last tenth of a second before it ends is missed).
 */
async function runCli(target: Target, args: string[]): Promise<Timed> {
  const monitor = target.databaseUrl ? new pg.Client({ connectionString: target.databaseUrl }) : undefined;
  await monitor?.connect();
  const backendCpu = new Map<number, { first: number; last: number }>();
  const sample = async () => {
    if (!monitor) return;
    const { rows } = await monitor.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      try {
        const cpu = cpuMsOf(pid);
        const seen = backendCpu.get(pid);
        if (seen) seen.last = cpu;
        else backendCpu.set(pid, { first: 0, last: cpu });
      } catch {}
    }
  };
  const childrenBefore = endedChildrenCpuMs();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/openverde.mjs", ...args], {
    cwd: repoRoot,
    env: target.databaseUrl
      ? { ...process.env, DATABASE_URL: target.databaseUrl, LOG_LEVEL: "warn" }
      : { ...withoutDatabaseUrl(process.env), DATA_DIR: target.dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  let running = true;
  const sampler = (async () => {
    while (running) {
      await sample().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await sampler;
  await monitor?.end();
  if (code !== 0) throw new Error(`${args.join(" ")} failed (${code}): ${output}`);
  let databaseCpuMs = 0;
  for (const { first, last } of backendCpu.values()) databaseCpuMs += last - first;
  return {
    seconds,
    commandCpuMs: endedChildrenCpuMs() - childrenBefore,
    databaseCpuMs,
    output: output.trim(),
  };
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _serverUrl, ...rest } = env;
  return rest;
}

/** What the register holds after the import (server only: the embedded one is its command's). */
async function registerCounts(
  target: Target,
): Promise<{ companies: number; isins: number; invalid: number } | undefined> {
  if (!target.databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ companies: number; isins: number; invalid: number }>(
      `select (select count(*)::int from company) as companies,
         (select count(*)::int from company_identifier where identifier_type = 'Isin') as isins,
         (select count(*)::int from pg_index i join pg_class c on c.oid = i.indrelid
          where c.relname like 'company%' and not i.indisvalid) as invalid`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

async function main() {
  mkdirSync(flags.dir as string, { recursive: true });
  const xmlFile = join(flags.dir as string, `golden-copy-${records}.xml`);
  const isinFile = join(flags.dir as string, `lei-isin-${records}.csv`);
  if (!existsSync(xmlFile) || !existsSync(isinFile)) {
    const generating = performance.now();
    const pairs = await writeGoldenCopy(records, `${xmlFile}.part`, `${isinFile}.part`);
    renameSync(`${xmlFile}.part`, xmlFile);
    renameSync(`${isinFile}.part`, isinFile);
    log(
      `generated ${records.toLocaleString("en")} records and ${pairs.toLocaleString("en")} ISIN pairs in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );
  }
  const xmlBytes = statSync(xmlFile).size;
  const isinBytes = statSync(isinFile).size;
  log(
    `files: ${xmlFile} (${(xmlBytes / 1e9).toFixed(2)} GB, ${(xmlBytes / records).toFixed(0)} bytes per record), ` +
      `${isinFile} (${(isinBytes / 1e6).toFixed(0)} MB)`,
  );

  const name = `${flags["database-prefix"]}${Date.now().toString(36)}`;
  let target: Target;
  if (flags.embedded) target = { dataDir: mkdtempSync(join(tmpdir(), "openverde-gleif-embedded-")) };
  else {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = { databaseUrl: url.toString() };
  }
  try {
    await runCli(target, ["migrate"]);
    const gleif = await runCli(target, ["import", "gleif", xmlFile]);
    log(gleif.output);
    const isin = await runCli(target, ["import", "isin-lei", isinFile]);
    log(isin.output);
    const counts = await registerCounts(target);
    const perThousand = (ms: number) => (ms / records) * 1000;
    const total = gleif.seconds + isin.seconds;
    const rate = records / total;
    log("");
    log(
      "step        seconds  records/s  command CPU s  database CPU s  command CPU ms/1,000  database CPU ms/1,000",
    );
    for (const [step, timed] of [
      ["gleif", gleif],
      ["isin-lei", isin],
    ] as const)
      log(
        `${step.padEnd(10)} ${timed.seconds.toFixed(1).padStart(8)}  ${(records / timed.seconds).toFixed(0).padStart(9)}  ${(timed.commandCpuMs / 1000).toFixed(1).padStart(13)}  ${(timed.databaseCpuMs / 1000).toFixed(1).padStart(14)}  ${perThousand(timed.commandCpuMs).toFixed(0).padStart(20)}  ${perThousand(timed.databaseCpuMs).toFixed(0).padStart(21)}`,
      );
    log(
      `end to end: ${records.toLocaleString("en")} records in ${total.toFixed(1)} s = ${rate.toFixed(0)} records/s; ` +
        (counts
          ? `${counts.companies.toLocaleString("en")} companies, ${counts.isins.toLocaleString("en")} ISINs attached, ${counts.invalid} invalid indexes`
          : "(embedded: the commands' summaries above give the counts)"),
    );
    log(`target: >= 25,000 records/s end to end ${rate >= 25_000 ? "met" : "MISSED"}`);
  } finally {
    if (target.dataDir !== undefined) {
      if (flags.keep) log(`kept data directory ${target.dataDir}`);
      else rmSync(target.dataDir, { recursive: true, force: true });
    } else if (flags.keep) log(`kept database ${name}`);
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
