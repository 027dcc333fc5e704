import { isAbsolute, resolve } from "node:path";
import { parseRateLimitBudgets, type RateLimitBudgets } from "./http/rate-limit-budgets";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  demo: boolean;
  logLevel: LogLevel;
  webDistDir: string;
  /** Rate limits on sign-in, API key checks and uploads (RATE_LIMITS, default on). */
  rateLimits: boolean;
  /** Requests per minute by kind of caller, and users given more (RATE_LIMIT_BUDGETS, RATE_LIMIT_RAISED). */
  rateLimitBudgets: RateLimitBudgets;
  /** The reverse proxies whose X-Forwarded-* headers count (TRUST_PROXY, default none): see docs/deploy.md. */
  trustProxy: TrustProxy;
  /** A PostgreSQL server's timeouts (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS; the CLI: DB_CLI_STATEMENT_TIMEOUT_MS). */
  databaseTimeouts: { connectMs: number; statementMs: number; cliStatementMs: number };
  /** When a request body that stalls or trickles is cut off (BODY_STALL_TIMEOUT_MS, BODY_MIN_RATE, BODY_RATE_WINDOW_MS). */
  bodyTimeouts: { stallMs: number; minBytesPerSecond: number; windowMs: number };
}

export class ConfigError extends Error {}

const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === "") return fallback;
  const value = raw.trim().toLowerCase();
  if (["true", "1", "yes", "on"].includes(value)) return true;
  if (["false", "0", "no", "off"].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("DATABASE_URL must be a URL such as postgres://user:password@host:5432/openverde.");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//".`,
    );
  }
  return raw;
}

function parsePublicUrl(raw: string | undefined, host: string, port: number): string {
  if (raw === undefined || raw === "") {
    const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
    return `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`;
  }
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return url.toString().replace(/\/$/, "");
  } catch {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) URL such as https://openverde.example.org, got "${raw}".`,
    );
  }
}

/** A whole number of at least `minimum` (milliseconds, bytes per second). */
function parseCount(name: string, raw: string | undefined, fallback: number, minimum = 1): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum)
    throw new ConfigError(`${name} must be a whole number of at least ${minimum}, got "${raw}".`);
  return value;
}

function parseLogLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === "") return "info";
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${raw}".`);
}

/** Reads and checks the environment once, so a bad setting stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = parsePort(env.PORT);
  const host = env.HOST?.trim() || "127.0.0.1";
  const dataDir = env.DATA_DIR?.trim() || "./data";
  return {
    port,
    host,
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, host, port),
    demo: parseBoolean("DEMO", env.DEMO, false),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    webDistDir: env.WEB_DIST_DIR?.trim() || resolve(import.meta.dirname, "../../../web/dist"),
    rateLimits: parseBoolean("RATE_LIMITS", env.RATE_LIMITS, true),
    rateLimitBudgets: parseRateLimitBudgets(
      env.RATE_LIMIT_BUDGETS,
      env.RATE_LIMIT_RAISED,
      (message) => new ConfigError(message),
    ),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, (message) => new ConfigError(message)),
    databaseTimeouts: {
      connectMs: parseCount("DB_CONNECT_TIMEOUT_MS", env.DB_CONNECT_TIMEOUT_MS, 5_000),
      statementMs: parseCount("DB_STATEMENT_TIMEOUT_MS", env.DB_STATEMENT_TIMEOUT_MS, 30_000, 0),
      cliStatementMs: parseCount(
        "DB_CLI_STATEMENT_TIMEOUT_MS",
        env.DB_CLI_STATEMENT_TIMEOUT_MS,
        3_600_000,
        0,
      ),
    },
    bodyTimeouts: {
      stallMs: parseCount("BODY_STALL_TIMEOUT_MS", env.BODY_STALL_TIMEOUT_MS, 30_000),
      minBytesPerSecond: parseCount("BODY_MIN_RATE", env.BODY_MIN_RATE, 1_024, 0),
      windowMs: parseCount("BODY_RATE_WINDOW_MS", env.BODY_RATE_WINDOW_MS, 30_000),
    },
  };
}
