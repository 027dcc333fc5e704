import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildPlatform, type Platform, seedDemo } from "../app";
import { composition } from "../modules/registry";
import { type Config, loadConfig } from "../platform/config";
import type { Composition } from "../platform/module";
import { copyEmbeddedTemplate } from "./embedded-template";
import { freePort } from "./free-port";

export interface TestPlatform extends Platform {
  baseUrl: string;
  /** The PostgreSQL database of this platform when it runs on a server, for a second instance to join. */
  databaseUrl: string | undefined;
  /** fetch against the running server, with the path relative to it. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

export interface TestPlatformOptions {
  demo?: boolean;
  composition?: Composition;
  env?: Record<string, string>;
  /** Runs as a second instance of that platform: same PostgreSQL database, same public address. */
  joining?: TestPlatform;
}

async function createTestDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `openverde_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A real server on a free port over a database of its own: a fresh embedded directory, or with
 * TEST_DATABASE_URL a fresh database on that PostgreSQL server, removed again by close().
 */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-test-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (options.joining && !options.joining.databaseUrl)
    throw new Error("Only a platform on PostgreSQL can be joined.");
  const database = options.joining ? undefined : serverUrl ? await createTestDatabase(serverUrl) : undefined;
  const databaseUrl = options.joining?.databaseUrl ?? database?.url;
  if (!databaseUrl) await copyEmbeddedTemplate(options.composition ?? composition, dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config: Config = {
    ...loadConfig({
      PORT: String(port),
      PUBLIC_URL: options.joining?.baseUrl ?? baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    }),
  };
  const platform = await buildPlatform(config, options.composition);
  if (options.demo) await seedDemo(platform.context, platform.composition);
  await platform.app.listen({ port, host: "127.0.0.1" });
  return {
    ...platform,
    baseUrl,
    databaseUrl,
    request: (path, init) => fetch(`${baseUrl}${path}`, init),
    close: async () => {
      await platform.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
