import { isAbsolute, resolve } from "node:path";
import {
  ConfigError,
  DEFAULT_DOCUMENT_MAX_BYTES,
  type Environment,
  type LogLevel,
  readVariable,
  type VariableName,
} from "./environment";
import type { RateLimitBudgets } from "./http/rate-limit-budgets";
import type { TrustProxy } from "./trust-proxy";

export { ConfigError, type LogLevel };

/** The server's settings, read from the environment variables of environment.ts. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  demo: boolean;
  logLevel: LogLevel;
  webDistDir: string;
  /** The commit the build info names; undefined: ask git. */
  gitCommit: string | undefined;
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
  /** The identity provider's settings as set; the identity module derives the rest (issuer, audience). */
  identity: {
    realm: string;
    /** An external provider's issuer (OIDC_ISSUER); undefined: the embedded provider. */
    externalIssuer: string | undefined;
    jwksUrl: string | undefined;
    audience: string | undefined;
    clientId: string;
    refreshTokenIdleSeconds: number;
    refreshTokenMaxSeconds: number;
    loginMaxFailures: number;
    loginLockSeconds: number;
    passwordResetSeconds: number;
  };
  /** Outgoing e-mail (SMTP_URL, MAIL_FROM): without an SMTP URL mails stay in the outbox. */
  mail: { smtpUrl: string | undefined; mailFrom: string };
  /** The largest uploaded file, in bytes (DOCUMENT_MAX_BYTES, or MAX_UPLOAD_MB in mebibytes). */
  documents: { maxBytes: number };
}

export interface LoadOptions {
  /** Where a relative DATA_DIR starts. */
  cwd?: string;
  /** Values used where the environment leaves a variable unset (the CLI logs less by default). */
  defaults?: Partial<Record<VariableName, string>>;
}

function defaultPublicUrl(host: string, port: number): string {
  const shownHost = host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${port}`;
}

/** Reads and checks the environment once, so a bad setting stops the start with a clear message. */
export function loadConfig(env: Environment = process.env, options: LoadOptions = {}): Config {
  const read = <N extends VariableName>(name: N) => readVariable(env, name, options.defaults?.[name]);
  const port = read("PORT");
  const host = read("HOST");
  const dataDir = read("DATA_DIR");
  const maxBytes = read("DOCUMENT_MAX_BYTES");
  const maxMebibytes = read("MAX_UPLOAD_MB");
  return {
    port,
    host,
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(options.cwd ?? process.cwd(), dataDir),
    databaseUrl: read("DATABASE_URL"),
    publicUrl: read("PUBLIC_URL") ?? defaultPublicUrl(host, port),
    demo: read("DEMO"),
    logLevel: read("LOG_LEVEL"),
    webDistDir: read("WEB_DIST_DIR") ?? resolve(import.meta.dirname, "../../../web/dist"),
    gitCommit: read("GIT_COMMIT"),
    rateLimits: read("RATE_LIMITS"),
    rateLimitBudgets: { budgets: read("RATE_LIMIT_BUDGETS"), raised: read("RATE_LIMIT_RAISED") },
    trustProxy: read("TRUST_PROXY"),
    databaseTimeouts: {
      connectMs: read("DB_CONNECT_TIMEOUT_MS"),
      statementMs: read("DB_STATEMENT_TIMEOUT_MS"),
      cliStatementMs: read("DB_CLI_STATEMENT_TIMEOUT_MS"),
    },
    bodyTimeouts: {
      stallMs: read("BODY_STALL_TIMEOUT_MS"),
      minBytesPerSecond: read("BODY_MIN_RATE"),
      windowMs: read("BODY_RATE_WINDOW_MS"),
    },
    identity: {
      realm: read("REALM"),
      externalIssuer: read("OIDC_ISSUER"),
      jwksUrl: read("OIDC_JWKS_URL"),
      audience: read("OIDC_AUDIENCE"),
      clientId: read("OIDC_CLIENT_ID"),
      refreshTokenIdleSeconds: read("REFRESH_TOKEN_IDLE_SECONDS"),
      refreshTokenMaxSeconds: read("REFRESH_TOKEN_MAX_SECONDS"),
      loginMaxFailures: read("LOGIN_MAX_FAILURES"),
      loginLockSeconds: read("LOGIN_LOCK_SECONDS"),
      passwordResetSeconds: read("PASSWORD_RESET_SECONDS"),
    },
    mail: { smtpUrl: read("SMTP_URL"), mailFrom: read("MAIL_FROM") },
    documents: {
      maxBytes:
        maxBytes ??
        (maxMebibytes === undefined ? DEFAULT_DOCUMENT_MAX_BYTES : Math.floor(maxMebibytes * 1024 * 1024)),
    },
  };
}
