import { DEFAULT_REALM } from "./auth/realm";
import {
  type Budget,
  type BudgetName,
  DEFAULT_BUDGETS,
  parseRateLimitBudgets,
} from "./http/rate-limit-budgets";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

/**
 * Every environment variable the server reads, with its default, its meaning and its check, in one
 * table. `loadConfig()` (config.ts) reads them all at start, so a bad value stops the start with a
 * message naming the variable and the value; the README's configuration table is checked against this
 * one (environment.test.ts), word for word.
 */

export class ConfigError extends Error {}

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The audience of the embedded provider's access tokens: the Openverde APIs. */
export const EMBEDDED_AUDIENCE = "openverde-api";
export const DEFAULT_MAIL_FROM = "Openverde <no-reply@openverde.localhost>";
export const DEFAULT_DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

export interface Variable<T> {
  /** One line, as the README's table says it (Markdown). */
  meaning: string;
  /** The value when the variable is unset or only blanks. */
  fallback: T;
  /** The README's default column where it is not simply the fallback (computed, or none). */
  shownDefault?: string;
  /** Checks a set value (trimmed); a bad one throws a ConfigError naming the variable and the value. */
  parse: (value: string, name: string) => T;
}

const refuse = (name: string, expected: string, value: string) =>
  new ConfigError(`${name} must be ${expected}, got "${value}".`);

// ---- parsers -----------------------------------------------------------------------------------

const text = (value: string): string => value;

function urlOf(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function wholeNumber(minimum: number, maximum = Number.MAX_SAFE_INTEGER, expected?: string) {
  return (value: string, name: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < minimum || number > maximum)
      throw refuse(name, expected ?? `a whole number of at least ${minimum}`, value);
    return number;
  };
}

function positiveNumber(expected: string) {
  return (value: string, name: string): number => {
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) throw refuse(name, expected, value);
    return number;
  };
}

function boolean(value: string, name: string): boolean {
  const word = value.toLowerCase();
  if (["true", "1", "yes", "on"].includes(word)) return true;
  if (["false", "0", "no", "off"].includes(word)) return false;
  throw refuse(name, "true or false", value);
}

function logLevel(value: string, name: string): LogLevel {
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw refuse(name, `one of ${LOG_LEVELS.join(", ")}`, value);
}

/** An http(s) URL, without a trailing slash. */
function httpUrl(example: string) {
  return (value: string, name: string): string => {
    const url = urlOf(value);
    if (url?.protocol !== "http:" && url?.protocol !== "https:")
      throw refuse(name, `an http(s) URL such as ${example}`, value);
    return url.toString().replace(/\/$/, "");
  };
}

// DATABASE_URL and SMTP_URL carry passwords: their messages name the scheme, never the whole value.

function databaseUrl(value: string, name: string): string {
  const url = urlOf(value);
  if (!url)
    throw new ConfigError(`${name} must be a URL such as postgres://user:password@host:5432/openverde.`);
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:")
    throw new ConfigError(`${name} must start with postgres:// or postgresql://, got "${url.protocol}//".`);
  return value;
}

function smtpUrl(value: string, name: string): string {
  const url = urlOf(value);
  if (!url)
    throw new ConfigError(
      `${name} must be a URL such as smtp://user:password@mail.example.org:587 or smtps://mail.example.org:465.`,
    );
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new ConfigError(`${name} must start with smtp:// or smtps://, got "${url.protocol}//".`);
  if (!url.hostname) throw new ConfigError(`${name} must name the mail server's host.`);
  if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535))
    throw new ConfigError(`${name} has an invalid port "${url.port}".`);
  return value;
}

const ADDRESS = /^[^\s<>@]+@[^\s<>@]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^\s<>@]+@[^\s<>@]+)>$/;

function mailbox(value: string, name: string): string {
  if (ADDRESS.test(value) || NAMED_ADDRESS.test(value)) return value;
  throw refuse(name, `an e-mail address or "Name <address>", such as ${DEFAULT_MAIL_FROM}`, value);
}

/** A realm name is a segment of the provider's paths. */
function realm(value: string, name: string): string {
  if (/^[A-Za-z0-9._-]+$/.test(value) && value !== "." && value !== "..") return value;
  throw refuse(name, "letters, digits, dots, hyphens or underscores (a segment of a path)", value);
}

const configError = (message: string) => new ConfigError(message);

function trustProxy(value: string) {
  return parseTrustProxy(value, configError);
}

function rateLimitBudgets(value: string) {
  return parseRateLimitBudgets(value, undefined, configError).budgets;
}

function raisedUsers(value: string) {
  return parseRateLimitBudgets(undefined, value, configError).raised;
}

const variable = <T>(spec: Variable<T>): Variable<T> => spec;

// ---- the variables -----------------------------------------------------------------------------

const none = "(none)";
const milliseconds = wholeNumber(1);
const millisecondsOrZero = wholeNumber(0);
const seconds = wholeNumber(1);

/** In the order of the README's table. */
export const ENVIRONMENT = {
  PORT: variable({
    meaning: "the HTTP port",
    fallback: 8080,
    parse: wholeNumber(0, 65_535, "a whole number from 0 to 65535"),
  }),
  HOST: variable({
    meaning: "the address to listen on; `0.0.0.0` for every interface",
    fallback: "127.0.0.1",
    parse: text,
  }),
  DATA_DIR: variable({
    meaning: "where the embedded database and other files live",
    fallback: "./data",
    parse: text,
  }),
  DATABASE_URL: variable({
    meaning:
      "a PostgreSQL 15+ server, e.g. `postgres://openverde:secret@db:5432/openverde`; replaces the embedded database",
    fallback: undefined,
    parse: databaseUrl,
  }),
  PUBLIC_URL: variable({
    meaning:
      "the address users reach the platform at; links in e-mails and the identity provider's issuer use it",
    fallback: undefined,
    shownDefault: "`http://HOST:PORT`",
    parse: httpUrl("https://openverde.example.org"),
  }),
  TRUST_PROXY: variable<TrustProxy>({
    meaning:
      "the reverse proxies whose `X-Forwarded-For` counts: a hop count (`1`) or proxy addresses and CIDR ranges; see [docs/deploy.md](docs/deploy.md)",
    fallback: false,
    shownDefault: none,
    parse: trustProxy,
  }),
  DEMO: variable({
    meaning: "seeds demo users, companies and datasets",
    fallback: false,
    // scripts/start.mjs sets DEMO=true when it is unset.
    shownDefault: "`true` under `npm start`, else `false`",
    parse: boolean,
  }),
  LOG_LEVEL: variable<LogLevel>({
    meaning: "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`",
    fallback: "info",
    shownDefault: "`info` (the command line: `warn`)",
    parse: logLevel,
  }),
  RATE_LIMITS: variable({
    meaning:
      "rate limits on sign-in, API key checks and uploads; `false` turns them off (benchmarks); see [docs/security.md](docs/security.md)",
    fallback: true,
    parse: boolean,
  }),
  RATE_LIMIT_BUDGETS: variable<Readonly<Record<BudgetName, Budget>>>({
    meaning:
      "upload budgets per minute by kind of caller, e.g. `dataset-uploads.reader=600,document-uploads.admin=1200`; see [docs/security.md](docs/security.md)",
    fallback: DEFAULT_BUDGETS,
    shownDefault: "(the built-in budgets)",
    parse: rateLimitBudgets,
  }),
  RATE_LIMIT_RAISED: variable<ReadonlyMap<string, number>>({
    meaning:
      "users whose upload budgets are multiplied, by username or user id, e.g. `pipeline_bot=10`; see [docs/security.md](docs/security.md)",
    fallback: new Map(),
    shownDefault: none,
    parse: raisedUsers,
  }),
  WEB_DIST_DIR: variable({
    meaning: "the built web app the server serves",
    fallback: undefined,
    shownDefault: "`apps/web/dist`",
    parse: text,
  }),
  GIT_COMMIT: variable({
    meaning: "the commit the actuator's info names (a build sets it where there is no git checkout)",
    fallback: undefined,
    shownDefault: "from `git rev-parse`",
    parse: text,
  }),
  SMTP_URL: variable({
    meaning:
      "where e-mail goes, e.g. `smtp://user:secret@mail.example.org:587`; without it mails wait in the outbox (in demo mode `/dev/mailbox` shows them)",
    fallback: undefined,
    parse: smtpUrl,
  }),
  MAIL_FROM: variable({
    meaning: "the sender of e-mails",
    fallback: DEFAULT_MAIL_FROM,
    parse: mailbox,
  }),
  OIDC_ISSUER: variable({
    meaning: "an external identity provider (e.g. a Keycloak realm) instead of the embedded one",
    fallback: undefined,
    parse: httpUrl("https://keycloak.example.org/realms/openverdesecurity"),
  }),
  OIDC_JWKS_URL: variable({
    meaning: "where the external provider's keys are",
    fallback: undefined,
    shownDefault: "from the issuer's discovery document",
    parse: httpUrl("https://keycloak.example.org/realms/openverdesecurity/protocol/openid-connect/certs"),
  }),
  OIDC_AUDIENCE: variable({
    meaning: "the audience access tokens must carry",
    fallback: undefined,
    shownDefault: `\`${EMBEDDED_AUDIENCE}\` for the embedded provider, none for an external one`,
    parse: text,
  }),
  OIDC_CLIENT_ID: variable({
    meaning: "the web app's client; checked as `azp` when no audience is required",
    fallback: "openverde-web",
    parse: text,
  }),
  REALM: variable({
    meaning: "the realm name in `/keycloak/realms/<REALM>`",
    fallback: DEFAULT_REALM,
    parse: realm,
  }),
  REFRESH_TOKEN_IDLE_SECONDS: variable({
    meaning: "how long a session lasts without use",
    fallback: 1800,
    parse: seconds,
  }),
  REFRESH_TOKEN_MAX_SECONDS: variable({
    meaning: "the longest a sign-in lasts, however active",
    fallback: 36_000,
    parse: seconds,
  }),
  LOGIN_MAX_FAILURES: variable({
    meaning: "failed sign-ins of an account name before it is locked (an address: five times as many)",
    fallback: 10,
    parse: wholeNumber(1),
  }),
  LOGIN_LOCK_SECONDS: variable({
    meaning: "how long a lock lasts, and how long failures are remembered",
    fallback: 900,
    parse: seconds,
  }),
  PASSWORD_RESET_SECONDS: variable({
    meaning: "how long a password reset link works",
    fallback: 1800,
    parse: seconds,
  }),
  DOCUMENT_MAX_BYTES: variable({
    meaning: "the largest report that can be uploaded",
    fallback: undefined,
    shownDefault: `\`${DEFAULT_DOCUMENT_MAX_BYTES}\``,
    parse: wholeNumber(1, Number.MAX_SAFE_INTEGER, "a whole number of bytes above 0"),
  }),
  MAX_UPLOAD_MB: variable({
    meaning: "the same in mebibytes; `DOCUMENT_MAX_BYTES` wins when both are set",
    fallback: undefined,
    shownDefault: `\`${DEFAULT_DOCUMENT_MAX_BYTES / 1024 / 1024}\``,
    parse: positiveNumber("a number of mebibytes above 0"),
  }),
  DB_CONNECT_TIMEOUT_MS: variable({
    meaning:
      "how long opening a connection to a PostgreSQL server may take; then requests get 503 with `Retry-After`",
    fallback: 5_000,
    parse: milliseconds,
  }),
  DB_STATEMENT_TIMEOUT_MS: variable({
    meaning: "how long one statement may take (`0`: no limit); then requests get 503 with `Retry-After`",
    fallback: 30_000,
    parse: millisecondsOrZero,
  }),
  DB_CLI_STATEMENT_TIMEOUT_MS: variable({
    meaning: "the same for the operator command line (imports)",
    fallback: 3_600_000,
    parse: millisecondsOrZero,
  }),
  BODY_STALL_TIMEOUT_MS: variable({
    meaning: "a request body that brings no byte for this long is answered 408",
    fallback: 30_000,
    parse: milliseconds,
  }),
  BODY_MIN_RATE: variable({
    meaning:
      "the slowest a request body may arrive, in bytes per second (`0`: no minimum); slower is answered 408",
    fallback: 1_024,
    parse: wholeNumber(0),
  }),
  BODY_RATE_WINDOW_MS: variable({
    meaning: "the window over which that rate is averaged",
    fallback: 30_000,
    parse: milliseconds,
  }),
};

export type VariableName = keyof typeof ENVIRONMENT;
type ValueOf<N extends VariableName> = (typeof ENVIRONMENT)[N] extends Variable<infer T> ? T : never;

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * One variable's value: parsed when set, else `unset` parsed when given, else its fallback. An empty or
 * blank value counts as unset.
 */
export function readVariable<N extends VariableName>(env: Environment, name: N, unset?: string): ValueOf<N> {
  const variable = ENVIRONMENT[name] as Variable<ValueOf<N>>;
  const value = env[name]?.trim() || unset?.trim();
  return value ? variable.parse(value, name) : variable.fallback;
}

/** What the README's default column says for this variable. */
export function shownDefault(name: VariableName): string {
  const variable: Variable<unknown> = ENVIRONMENT[name];
  if (variable.shownDefault !== undefined) return variable.shownDefault;
  return variable.fallback === undefined ? none : `\`${String(variable.fallback)}\``;
}
