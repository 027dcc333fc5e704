import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../apps/server/src/testing/free-port";
// @ts-expect-error: a plain ES module shared with npm start, without type declarations.
import * as serverBuild from "./server-build.mjs";

const { ensureServerBuilt, ensureCliBuilt, serverBundle, serverNodeArgs } = serverBuild as {
  ensureServerBuilt: () => Promise<void>;
  ensureCliBuilt: () => Promise<void>;
  serverBundle: string;
  serverNodeArgs: (env?: NodeJS.ProcessEnv) => string[];
};

/**
 * `npm start` runs the bundle, not the sources the other tests run: this checks what bundling could
 * break. Modules find their migrations, theme tokens and build information next to their own source
 * file, and the identity provider and the database driver stay in node_modules.
 */
describe("the compiled server", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-compiled-"));
  let server: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    await ensureServerBuilt();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [...serverNodeArgs({}), serverBundle], {
      cwd: resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DEMO: "false",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null)
        throw new Error(`the compiled server stopped with code ${server.exitCode}`);
      const up = await fetch(`${baseUrl}/api/actuator/health`).catch(() => undefined);
      if (up?.ok) return;
      await new Promise((done) => setTimeout(done, 250));
    }
    throw new Error("the compiled server did not start within 90 s");
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts with a heap limit an operator can override", () => {
    expect(serverNodeArgs({})).toEqual(["--max-old-space-size=1024"]);
    expect(serverNodeArgs({ NODE_OPTIONS: "--max-old-space-size=4096" })).toEqual([]);
  });

  it("answers health, runs every module's migrations and serves the identity provider", async () => {
    expect(await (await fetch(`${baseUrl}/api/actuator/health`)).json()).toEqual({ status: "UP" });
    const search = await fetch(`${baseUrl}/api/companies?searchString=nothing+like+this`);
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual([]);
    const discovery = await fetch(
      `${baseUrl}/keycloak/realms/openverdesecurity/.well-known/openid-configuration`,
    );
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toContain(
      "/keycloak/realms/openverdesecurity",
    );
  });

  it("finds the files that sit beside its sources", async () => {
    const tokens = await fetch(`${baseUrl}/theme/tokens.css`);
    expect(tokens.status).toBe(200);
    expect(await tokens.text()).toContain("--");
    const openapi = await fetch(`${baseUrl}/api/openapi.json`);
    expect(openapi.status).toBe(200);
  });
});

/** `npm run cli` runs its own bundle: it must find every module's migrations from there too. */
describe("the compiled operator commands", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "openverde-compiled-cli-"));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("run a command on a new data directory, through the openverde command", async () => {
    await ensureCliBuilt();
    // On the embedded database of a new directory, even where the tests otherwise use a server.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const output = execFileSync(
      process.execPath,
      [resolve(import.meta.dirname, "openverde.mjs"), "users", "list"],
      {
        env,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    expect(output).toContain("There are no users yet.");
  }, 120_000);

  /** A golden copy of `count` records, the one numbered `cityless` without a headquarters city. */
  function goldenCopy(count: number, cityless: number, broken = false): string {
    const records: string[] = [];
    for (let index = 1; index <= count; index++) {
      const lei = `5299${String(index).padStart(14, "0")}00`;
      const city = index === cityless ? "" : `<lei:City>Köln</lei:City>`;
      records.push(
        `<lei:LEIRecord><lei:LEI>${lei}</lei:LEI><lei:Entity><lei:LegalName>Nord Holding ${index} GmbH</lei:LegalName>` +
          `<lei:HeadquartersAddress>${city}<lei:Country>DE</lei:Country></lei:HeadquartersAddress></lei:Entity>` +
          `<lei:Registration><lei:RegistrationStatus>ISSUED</lei:RegistrationStatus></lei:Registration>${broken && index === 3 ? "<lei:Open>" : ""}</lei:LEIRecord>`,
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<lei:LEIData xmlns:lei="http://www.gleif.org/data/schema/leidata/2016"><lei:LEIRecords>${records.join("\n")}</lei:LEIRecords></lei:LEIData>`;
  }

  it("import a GLEIF golden copy read on a thread of their own, reporting skipped records and broken files", async () => {
    await ensureCliBuilt();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), "openverde-cli-gleif-")),
    };
    delete env.DATABASE_URL;
    const file = join(env.DATA_DIR as string, "golden-copy.xml");
    // More records than the reader thread may hand over ahead of the import, so that it waits.
    writeFileSync(file, goldenCopy(25_000, 12_345));
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [resolve(import.meta.dirname, "openverde.mjs"), ...args], {
        env,
        encoding: "utf8",
      });
    try {
      const imported = cli(["import", "gleif", file]);
      expect(imported.status).toBe(0);
      expect(imported.stdout).toContain(
        "24,999 records, 24,999 companies added, 0 updated, 0 unchanged, 1 malformed records skipped.",
      );
      expect(imported.stderr).toContain(
        "Skipped LEI 52990000000001234500: its headquarters address has no city.",
      );
      writeFileSync(file, goldenCopy(5, 0, true));
      const broken = cli(["import", "gleif", file]);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain("The file is not well-formed XML near record 3");
      const missing = cli(["import", "gleif", join(env.DATA_DIR as string, "none.xml")]);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain("no such file or directory");
    } finally {
      rmSync(env.DATA_DIR as string, { recursive: true, force: true });
    }
  }, 180_000);
});
