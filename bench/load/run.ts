/**
 * Load benchmark: a database seeded with a generated register of companies (the companies-search
 * generator) plus the demo data, the real server as a child process, and simulated users that each
 * repeat steps from a mix of search, the company cockpit, framework views, uploads and quality review,
 * pausing to think between steps (users.ts has the model). The run has one phase per think time given:
 * by default first 100 people thinking about a second between steps (the target of issue 16), then
 * the same users without pauses (saturation: what the server can do at most). Each phase reports
 * errors, latency percentiles (overall and per kind), throughput, the server's CPU time per request
 * and its memory (RSS of the child process, sampled every second).
 *
 *   npm run bench -- load [--users 100] [--duration 60] [--companies 100000] [--think-ms 1000,0]
 *     [--database-url postgres://root@127.0.0.1:5432/postgres] [--cpu-prof <dir>] [--keep]
 *
 * --think-ms  mean pause between two steps of a user per phase, comma-separated; 0 is the closed loop
 * --cpu-prof  writes a V8 CPU profile of the server to <dir> when it stops (open it in Chrome DevTools)
 *
 * Targets of issue 16, for the phases with think time: no errors, p99 at most 250 ms. Rate limits are
 * off for the run (one address plays every user); the server runs with LOG_LEVEL=warn.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateCompleteDataset } from "@openverde/frameworks";
import pg from "pg";
import { DEMO_COMPANY_ID } from "../../apps/server/src/modules/companies/demo-ids";
import { importRecords } from "../../apps/server/src/modules/companies/gleif";
import { samplePdf } from "../../apps/server/src/modules/documents/test-files";
import { signInWithPassword } from "../../apps/server/src/modules/identity/oidc-flow";
import { composition, migrationSources } from "../../apps/server/src/modules/registry";
import { openDatabase } from "../../apps/server/src/platform/db/database";
import { migrate } from "../../apps/server/src/platform/db/migrations";
import { freePort } from "../../apps/server/src/testing/free-port";
import { generateRegister, queryMix } from "../companies-search/generate";
import { serverProcessArgs } from "../support/server-command";
import { cpuMsOf, type Kind, PhaseRecord, rssOf, summarise } from "./report";
import { describePhase, type Phase, runUsers } from "./users";

const { values: flags } = parseArgs({
  options: {
    users: { type: "string", default: "100" },
    duration: { type: "string", default: "60" },
    companies: { type: "string", default: "100000" },
    "think-ms": { type: "string", default: "1000,0" },
    "database-url": { type: "string" },
    "cpu-prof": { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const users = Number(flags.users);
const durationMs = Number(flags.duration) * 1000;
const companies = Number(flags.companies);
const serverUrl = flags["database-url"];
const phases: Phase[] = flags["think-ms"].split(",").map((thinkMs) => {
  const mean = Number(thinkMs.trim());
  if (!Number.isFinite(mean) || mean < 0 || thinkMs.trim() === "")
    throw new Error(`--think-ms takes milliseconds separated by commas, got "${flags["think-ms"]}"`);
  return { thinkMs: mean, durationMs };
});
const profileDir = flags["cpu-prof"] ? resolve(flags["cpu-prof"]) : undefined;
const repoRoot = resolve(import.meta.dirname, "../..");
const log = (message: string) => process.stdout.write(`${message}\n`);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-load-"));
  let databaseUrl: string | undefined;
  const name = `openverde_load_${Date.now().toString(36)}`;
  if (serverUrl) {
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  let child: ChildProcess | undefined;
  try {
    const database = await openDatabase({ dataDir, databaseUrl, purpose: "load bench seeding" });
    try {
      await migrate(database.db, migrationSources(composition));
      const started = performance.now();
      const summary = await importRecords(database.db, generateRegister(companies), {
        batchSize: 5000,
        deferIndexes: "auto",
        indexBuildParallelism: database.kind === "server" ? 2 : 1,
        relaxedCommit: database.kind === "server",
        writers: database.kind === "server" ? 2 : 1,
      });
      log(
        `seeded ${summary.records.toLocaleString("en")} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await database.close();
    }

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const profiling = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
    child = spawn(process.execPath, await serverProcessArgs(profiling), {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseUrl,
        DEMO: "true",
        RATE_LIMITS: "off",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (data: Buffer) => output.push(data.toString()));
    child.stderr?.on("data", (data: Buffer) => output.push(data.toString()));
    const deadline = Date.now() + 300_000;
    while (!output.join("").includes("Openverde is running")) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start: ${output.join("").slice(-2000)}`);
      await new Promise((done) => setTimeout(done, 250));
    }
    log(
      `server up on ${baseUrl} (${databaseUrl ? "PostgreSQL" : "embedded"}, demo data on top of the register)`,
    );

    const bearer = async (username: string) =>
      `Bearer ${(await signInWithPassword(baseUrl, username, "password")).tokens.access_token}`;
    // Access tokens live five minutes: each phase signs in afresh, so long runs keep valid ones.
    let reader = await bearer("data_reader");
    let uploader = await bearer("data_uploader");
    let reviewer = await bearer("data_reviewer");
    const get = (path: string, authorization?: string) =>
      fetch(`${baseUrl}${path}`, { headers: authorization ? { authorization } : {} });
    const metadata = (await (await get(`/api/metadata?companyId=${DEMO_COMPANY_ID}`, reader)).json()) as {
      dataId: string;
      dataType: string;
      qaStatus: string;
    }[];
    const datasets = metadata.filter((meta) => meta.dataType !== "vsme" && meta.qaStatus === "Accepted");
    const companyIds = (
      (await (await get("/api/companies?searchString=bank&chunkSize=100")).json()) as { companyId: string }[]
    ).map((company) => company.companyId);
    // The uploads cite one report, uploaded here.
    const boundary = "----load-bench";
    const meta = JSON.stringify({
      documentName: "Load report",
      documentCategory: "AnnualReport",
      companyIds: [],
    });
    const upload = await fetch(`${baseUrl}/documents/`, {
      method: "POST",
      headers: { authorization: uploader, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="documentMetaInfo"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="load.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        samplePdf("Load report", 2),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const cited = ((await upload.json()) as { documentId?: string }).documentId;
    if (!cited || datasets.length === 0 || companyIds.length === 0)
      throw new Error(
        `the demo data is missing: ${datasets.length} datasets, ${companyIds.length} companies, cited document ${cited}`,
      );
    const uploadBody = JSON.stringify({
      companyId: DEMO_COMPANY_ID,
      reportingPeriod: "2018",
      data: JSON.parse(
        JSON.stringify(generateCompleteDataset("sfdr", 7)).replace(
          /"fileReference":"[0-9a-f]{64}"/g,
          `"fileReference":"${cited}"`,
        ),
      ),
    });
    const queries = queryMix(companies, 5000);
    const specifiedFrameworks = new Set(
      ((await (await get("/specifications/frameworks")).json()) as { framework: { id: string } }[]).map(
        (entry) => entry.framework.id,
      ),
    );

    let record = new PhaseRecord();
    const server = child.pid;
    const sampler = setInterval(() => record.rss.push(rssOf(server)), 1000);
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;

    const timed = async (kind: Kind, request: () => Promise<Response>) => {
      const started = performance.now();
      try {
        const response = await request();
        await response.arrayBuffer();
        record.samples.push({ kind, ms: performance.now() - started });
        if (!response.ok)
          record.error(
            `${kind} ${response.status} ${new URL(response.url).pathname.split("/").slice(0, 4).join("/")}`,
          );
      } catch (error) {
        record.error(`${kind} ${(error as Error).message}`);
      }
    };

    const actions: [number, () => Promise<void>][] = [
      [
        35,
        () =>
          timed("search", () =>
            get(`/api/companies?searchString=${encodeURIComponent(pick(queries).text)}&chunkSize=10`),
          ),
      ],
      [
        20,
        async () => {
          const companyId = Math.random() < 0.3 ? DEMO_COMPANY_ID : pick(companyIds);
          await timed("cockpit", () => get(`/api/companies/${companyId}/info`));
          await timed("cockpit", () => get(`/api/companies/${companyId}/aggregated-framework-data-summary`));
          await timed("cockpit", () => get(`/api/metadata?companyId=${companyId}`, reader));
        },
      ],
      [
        20,
        async () => {
          const dataset = pick(datasets);
          await timed("framework view", () => get(`/api/data/${dataset.dataType}/${dataset.dataId}`, reader));
          // The specification catalogue covers the frameworks the reference specifies (not all seven).
          const specified = specifiedFrameworks.has(dataset.dataType) ? dataset.dataType : "sfdr";
          await timed("framework view", () => get(`/specifications/frameworks/${specified}`));
        },
      ],
      [
        10,
        () =>
          timed("upload", () =>
            fetch(`${baseUrl}/api/data/sfdr`, {
              method: "POST",
              headers: { authorization: uploader, "content-type": "application/json" },
              body: uploadBody,
            }),
          ),
      ],
      [
        15,
        async () => {
          await timed("qa", () => get("/qa/datasets?chunkSize=10", reviewer));
          await timed("qa", () => get("/qa/numberOfUnreviewedDatasets", reviewer));
        },
      ],
    ];
    const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);
    const nextAction = () => {
      let roll = Math.random() * totalWeight;
      for (const [weight, action] of actions) {
        roll -= weight;
        if (roll < 0) return action;
      }
      return (actions[0] as [number, () => Promise<void>])[1];
    };

    let met = true;
    for (const phase of phases) {
      reader = await bearer("data_reader");
      uploader = await bearer("data_uploader");
      reviewer = await bearer("data_reviewer");
      log(`\n${users} users for ${durationMs / 1000} s, ${describePhase(phase)} ...`);
      record = new PhaseRecord();
      const rssBefore = rssOf(server);
      const cpuBefore = cpuMsOf(server);
      const start = performance.now();
      await runUsers(users, phase, nextAction);
      const seconds = (performance.now() - start) / 1000;
      const summary = summarise(record, { seconds, rssBefore, cpuMs: cpuMsOf(server) - cpuBefore });
      log(
        `load: ${users} users, ${seconds.toFixed(0)} s, ${describePhase(phase)}, ${databaseUrl ? "PostgreSQL" : "embedded"}, ${companies.toLocaleString("en")} companies`,
      );
      for (const line of summary.lines) log(line);
      if (phase.thinkMs > 0) {
        const phaseMet = summary.errors === 0 && summary.p99 <= 250;
        met &&= phaseMet;
        log(
          phaseMet ? "target met: no errors, p99 <= 250 ms" : "target NOT met (no errors and p99 <= 250 ms)",
        );
      } else {
        met &&= summary.errors === 0;
        log("saturation: no latency target (the closed loop queues as deep as there are users)");
      }
    }
    clearInterval(sampler);
    return met;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl && !flags.keep)
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

process.exit((await main()) ? 0 : 1);
