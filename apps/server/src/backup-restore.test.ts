import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildPlatform, type Platform } from "./app";
import { samplePdf } from "./modules/documents/test-files";
import { composition } from "./modules/registry";
import { loadConfig } from "./platform/config";
import { databaseFingerprint, fingerprintDifference } from "./testing/database-fingerprint";
import { copyEmbeddedTemplate } from "./testing/embedded-template";
import { multipartBody } from "./testing/openapi-operations";
import { signIn } from "./testing/sign-in";
import type { TestPlatform } from "./testing/test-platform";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../../..");
const CLI = join(ROOT, "apps/server/src/cli/main.ts");

async function cli(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    timeout: 120_000,
  });
  return stdout;
}

async function open(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Platform> {
  return buildPlatform(loadConfig({ ...env, PORT: "0", LOG_LEVEL: "silent" }));
}

/** Puts something of every kind into the database: a user, a company, a document with its bytes, a portfolio. */
async function addData(
  platform: Platform,
): Promise<{ authorization: string; documentId: string; pdf: Buffer }> {
  const { authorization } = await signIn(platform as TestPlatform, {
    username: "backup_admin",
    roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"],
  });
  const company = await platform.app.inject({
    method: "POST",
    url: "/api/companies",
    headers: { authorization, "content-type": "application/json" },
    payload: JSON.stringify({
      companyName: "Backup Test GmbH",
      headquarters: "Köln",
      countryCode: "DE",
      identifiers: { Lei: ["529900BACKUPTEST0001"] },
    }),
  });
  expect(company.statusCode, company.body).toBe(200);
  const pdf = samplePdf("Backup report", 3);
  const body = multipartBody([
    { name: "document", value: pdf, filename: "backup-report.pdf" },
    {
      name: "documentMetaInfo",
      value: JSON.stringify({
        documentName: "Backup report",
        documentCategory: "AnnualReport",
        companyIds: [],
      }),
    },
  ]);
  const upload = await platform.app.inject({
    method: "POST",
    url: "/documents/",
    headers: { authorization, "content-type": body.contentType },
    payload: body.payload,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const documentId = (upload.json() as { documentId: string }).documentId;
  const portfolio = await platform.app.inject({
    method: "POST",
    url: "/users/portfolios/",
    headers: { authorization, "content-type": "application/json" },
    payload: JSON.stringify({
      portfolioName: "Backed up",
      identifiers: [(company.json() as { companyId: string }).companyId],
      isMonitored: false,
      monitoredFrameworks: [],
      notificationFrequency: "Weekly",
      sharedUserIds: [],
    }),
  });
  expect(portfolio.statusCode, portfolio.body).toBe(201);
  return { authorization, documentId, pdf };
}

/** Changes the database after the backup, so a restore has something to undo. */
async function changeAfterBackup(platform: Platform, authorization: string): Promise<void> {
  const response = await platform.app.inject({
    method: "POST",
    url: "/api/companies",
    headers: { authorization, "content-type": "application/json" },
    payload: JSON.stringify({
      companyName: "Added after the backup",
      headquarters: "Lyon",
      countryCode: "FR",
      identifiers: {},
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The restored data: same rows everywhere, the document's bytes readable, the old sign-in still valid. */
async function expectRestored(
  platform: Platform,
  before: Map<string, string>,
  saved: { authorization: string; documentId: string; pdf: Buffer },
): Promise<void> {
  const after = await databaseFingerprint(platform.database.db as Kysely<unknown>, "contents");
  expect(fingerprintDifference(before, after)).toEqual([]);
  const download = await platform.app.inject({
    method: "GET",
    url: `/documents/${saved.documentId}`,
    headers: { authorization: saved.authorization },
  });
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.equals(saved.pdf)).toBe(true);
  const search = await platform.app.inject({
    method: "GET",
    url: "/api/companies?searchString=Added%20after",
  });
  expect(search.json()).toEqual([]);
}

const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `openverde-${name}-`));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore of the embedded database", () => {
  it("round-trips through npm run cli -- backup / restore, into the same and into a new data directory", async () => {
    const dataDir = tempDir("backup-source");
    await copyEmbeddedTemplate(composition, dataDir);
    let platform = await open({ DATA_DIR: dataDir });
    const saved = await addData(platform);
    const before = await databaseFingerprint(platform.database.db as Kysely<unknown>, "contents");
    await platform.close();

    const file = join(tempDir("backup-file"), "openverde-backup.tar.gz");
    expect(await cli({ DATA_DIR: dataDir }, "backup", file)).toContain("Backup written");

    platform = await open({ DATA_DIR: dataDir });
    await changeAfterBackup(platform, saved.authorization);
    await platform.close();

    expect(await cli({ DATA_DIR: dataDir }, "restore", file)).toContain("Restored");
    platform = await open({ DATA_DIR: dataDir });
    try {
      await expectRestored(platform, before, saved);
    } finally {
      await platform.close();
    }

    const elsewhere = tempDir("backup-target");
    await cli({ DATA_DIR: elsewhere }, "restore", file);
    platform = await open({ DATA_DIR: elsewhere });
    try {
      await expectRestored(platform, before, saved);
    } finally {
      await platform.close();
    }
  }, 180_000);
});

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";

async function postgresProblem(): Promise<string | undefined> {
  for (const tool of ["pg_dump", "pg_restore"]) {
    if (spawnSync("which", [tool]).status !== 0) return `${tool} is not installed`;
  }
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (error) {
    return `no PostgreSQL server at ${serverUrl} (${(error as Error).message})`;
  }
}

const skipPostgres = await postgresProblem();
if (skipPostgres)
  process.stdout.write(`backup-restore.test.ts: PostgreSQL round trip skipped: ${skipPostgres}.\n`);

describe.skipIf(Boolean(skipPostgres))(
  "backup and restore of a PostgreSQL database with pg_dump / pg_restore",
  () => {
    const created: string[] = [];
    const createDatabase = async () => {
      const name = `openverde_backup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      created.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    };

    afterAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it("round-trips as docs say: pg_dump --format=custom, pg_restore --clean --if-exists, and into a new database", async () => {
      const databaseUrl = await createDatabase();
      const dataDir = tempDir("pg-backup");
      let platform = await open({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      const saved = await addData(platform);
      const before = await databaseFingerprint(platform.database.db as Kysely<unknown>, "contents");
      await platform.close();

      const file = join(tempDir("pg-backup-file"), "openverde.dump");
      await run("pg_dump", ["--format=custom", `--file=${file}`, databaseUrl]);

      platform = await open({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      await changeAfterBackup(platform, saved.authorization);
      await platform.close();

      await run("pg_restore", ["--clean", "--if-exists", `--dbname=${databaseUrl}`, file]);
      platform = await open({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      try {
        await expectRestored(platform, before, saved);
      } finally {
        await platform.close();
      }

      const fresh = await createDatabase();
      await run("pg_restore", [`--dbname=${fresh}`, file]);
      platform = await open({ DATA_DIR: dataDir, DATABASE_URL: fresh });
      try {
        await expectRestored(platform, before, saved);
      } finally {
        await platform.close();
      }
    }, 180_000);
  },
);
