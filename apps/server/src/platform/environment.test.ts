import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { DEFAULT_DOCUMENT_MAX_BYTES, ENVIRONMENT, shownDefault, type VariableName } from "./environment";
import { DEFAULT_BUDGETS } from "./http/rate-limit-budgets";

const README = resolve(import.meta.dirname, "../../../../README.md");

/** The rows of the README's configuration table: variable, default and meaning, as written. */
function readmeRows(): Map<string, { shownDefault: string; meaning: string }> {
  const text = readFileSync(README, "utf8");
  const section = text.slice(text.indexOf("\n## Configuration\n"));
  const lines = section.split("\n").slice(1);
  const table = lines.slice(
    lines.findIndex((line) => line.startsWith("|")),
    lines.findIndex((line, index) => index > 0 && line.startsWith("## ")),
  );
  const rows = new Map<string, { shownDefault: string; meaning: string }>();
  for (const line of table.filter((row) => row.startsWith("|")).slice(2)) {
    const [name = "", shown = "", meaning = ""] = line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim());
    rows.set(name.replace(/^`|`$/g, ""), { shownDefault: shown, meaning });
  }
  return rows;
}

const names = Object.keys(ENVIRONMENT) as VariableName[];

describe("the README's configuration table", () => {
  const rows = readmeRows();

  it("has a row for every variable, with the default and meaning of environment.ts", () => {
    for (const name of names)
      expect(rows.get(name), `README row for ${name}`).toEqual({
        shownDefault: shownDefault(name),
        meaning: ENVIRONMENT[name].meaning,
      });
  });

  it("names only variables the server reads, in the order of environment.ts", () => {
    expect([...rows.keys()]).toEqual(names);
  });
});

describe("loadConfig", () => {
  it("gives every setting its default in an empty environment", () => {
    const config = loadConfig({}, { cwd: "/srv/openverde" });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/openverde/data",
      databaseUrl: undefined,
      publicUrl: "http://127.0.0.1:8080",
      demo: false,
      logLevel: "info",
      rateLimits: true,
      trustProxy: false,
      databaseTimeouts: { connectMs: 5_000, statementMs: 30_000, cliStatementMs: 3_600_000 },
      bodyTimeouts: { stallMs: 30_000, minBytesPerSecond: 1_024, windowMs: 30_000 },
      identity: {
        realm: "openverdesecurity",
        externalIssuer: undefined,
        clientId: "openverde-web",
        refreshTokenIdleSeconds: 1800,
        loginMaxFailures: 10,
      },
      mail: { smtpUrl: undefined, mailFrom: "Openverde <no-reply@openverde.localhost>" },
      documents: { maxBytes: DEFAULT_DOCUMENT_MAX_BYTES },
    });
  });

  it("treats an empty or blank value as unset and trims the others", () => {
    const config = loadConfig({
      PORT: " ",
      HOST: " 0.0.0.0 ",
      LOG_LEVEL: "",
      PUBLIC_URL: "https://x.example/",
    });
    expect([config.port, config.host, config.logLevel, config.publicUrl]).toEqual([
      8080,
      "0.0.0.0",
      "info",
      "https://x.example",
    ]);
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "9000" }).publicUrl).toBe("http://localhost:9000");
  });

  it("uses the defaults given for unset variables only (the command line logs warnings and worse)", () => {
    const defaults = { LOG_LEVEL: "warn" } as const;
    expect(loadConfig({}, { defaults }).logLevel).toBe("warn");
    expect(loadConfig({ LOG_LEVEL: "debug" }, { defaults }).logLevel).toBe("debug");
  });

  it("reads the rate limit budgets and the users given more", () => {
    expect(loadConfig({}).rateLimitBudgets).toEqual({ budgets: DEFAULT_BUDGETS, raised: new Map() });
    const { budgets, raised } = loadConfig({
      RATE_LIMIT_BUDGETS: "dataset-uploads.reader=600",
      RATE_LIMIT_RAISED: "pipeline_bot=3",
    }).rateLimitBudgets;
    expect(budgets["dataset-uploads"]).toEqual({ ...DEFAULT_BUDGETS["dataset-uploads"], reader: 600 });
    expect(budgets["document-uploads"]).toEqual(DEFAULT_BUDGETS["document-uploads"]);
    expect([...raised]).toEqual([["pipeline_bot", 3]]);
  });

  it("takes the upload limit in bytes, else in mebibytes", () => {
    expect(loadConfig({ MAX_UPLOAD_MB: "1.5" }).documents.maxBytes).toBe(1_572_864);
    expect(loadConfig({ MAX_UPLOAD_MB: "1", DOCUMENT_MAX_BYTES: "1000" }).documents.maxBytes).toBe(1000);
  });

  it.each([
    ["PORT", "70000", /^PORT must be a whole number from 0 to 65535, got "70000"\.$/],
    ["PORT", "80.5", /PORT .* got "80.5"/],
    ["DEMO", "maybe", /^DEMO must be true or false, got "maybe"\.$/],
    ["RATE_LIMITS", "sometimes", /^RATE_LIMITS must be true or false/],
    ["LOG_LEVEL", "loud", /^LOG_LEVEL must be one of fatal, error, .* got "loud"\.$/],
    [
      "PUBLIC_URL",
      "openverde.example.org",
      /^PUBLIC_URL must be an http\(s\) URL .* got "openverde.example.org"/,
    ],
    [
      "DATABASE_URL",
      "mysql://db/openverde",
      /^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    ],
    ["DATABASE_URL", "not a url", /^DATABASE_URL must be a URL such as postgres:/],
    ["SMTP_URL", "http://mail.example.org", /^SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    ["MAIL_FROM", "nobody", /^MAIL_FROM must be an e-mail address or "Name <address>".* got "nobody"/],
    ["OIDC_ISSUER", "keycloak", /^OIDC_ISSUER must be an http\(s\) URL .* got "keycloak"/],
    ["REALM", "a/b", /^REALM must be letters, digits, .* got "a\/b"/],
    ["LOGIN_MAX_FAILURES", "0", /^LOGIN_MAX_FAILURES must be a whole number of at least 1, got "0"/],
    ["REFRESH_TOKEN_IDLE_SECONDS", "soon", /^REFRESH_TOKEN_IDLE_SECONDS must be a whole number/],
    ["DOCUMENT_MAX_BYTES", "-1", /^DOCUMENT_MAX_BYTES must be a whole number of bytes above 0, got "-1"/],
    ["MAX_UPLOAD_MB", "0", /^MAX_UPLOAD_MB must be a number of mebibytes above 0, got "0"/],
    ["DB_CONNECT_TIMEOUT_MS", "0", /^DB_CONNECT_TIMEOUT_MS must be a whole number of at least 1, got "0"/],
    ["BODY_MIN_RATE", "-5", /^BODY_MIN_RATE must be a whole number of at least 0, got "-5"/],
    ["TRUST_PROXY", "true", /^TRUST_PROXY must be a hop count/],
    ["RATE_LIMIT_BUDGETS", "sign-in.visitor=1000", /^RATE_LIMIT_BUDGETS .*"sign-in.visitor=1000"/],
    ["RATE_LIMIT_RAISED", "pipeline_bot", /^RATE_LIMIT_RAISED .*"pipeline_bot"/],
  ])("refuses %s=%s with a message naming the variable and the value", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it("does not repeat a database or mail server URL, which may hold a password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://u:s3cret@db/x" })).toThrow(/^(?!.*s3cret)/);
    expect(() => loadConfig({ SMTP_URL: "http://u:s3cret@mail" })).toThrow(/^(?!.*s3cret)/);
  });
});
