import { REALM, REALM_PATH } from "../../platform/auth/realm";
import { type Config, ConfigError } from "../../platform/config";

/** The audience of the embedded provider's access tokens: the Openverde APIs. */
export const EMBEDDED_AUDIENCE = "openverde-api";
export const WEB_CLIENT_ID = "openverde-web";
export const ACCESS_TOKEN_SECONDS = 300;

export interface IdentityConfig {
  realm: string;
  realmPath: string;
  /** false when OIDC_ISSUER names an external provider (Keycloak) and the embedded one is off. */
  embedded: boolean;
  /** The issuer tokens must name: the embedded provider's URL or OIDC_ISSUER. */
  issuer: string;
  /** For an external provider: where its keys are (default: from its discovery document). */
  jwksUrl: string | undefined;
  /** The audience access tokens must carry; for an external provider without it, azp must be clientId. */
  audience: string | undefined;
  clientId: string;
  refreshTokenIdleSeconds: number;
  /** The longest a refresh token lives however active its user is. */
  refreshTokenMaxSeconds: number;
  publicUrl: string;
  loginMaxFailures: number;
  loginLockSeconds: number;
  /** How long a password reset link works. */
  passwordResetSeconds: number;
}

function parseSeconds(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigError(`${name} must be a whole number, 1 or more, got "${raw}".`);
  return value;
}

function parseUrl(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return url.toString().replace(/\/$/, "");
  } catch {
    throw new ConfigError(
      `${name} must be an http(s) URL such as https://keycloak.example.org/realms/openverdesecurity, got "${raw}".`,
    );
  }
}

const cache = new WeakMap<Config, IdentityConfig>();

/** Reads the identity settings from the environment once per server, with clear messages for bad values. */
export function identityConfig(config: Config, env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const known = cache.get(config);
  if (known) return known;
  const external = parseUrl("OIDC_ISSUER", env.OIDC_ISSUER);
  const result: IdentityConfig = {
    realm: REALM,
    realmPath: REALM_PATH,
    embedded: external === undefined,
    issuer: external ?? `${config.publicUrl}${REALM_PATH}`,
    jwksUrl: parseUrl("OIDC_JWKS_URL", env.OIDC_JWKS_URL),
    audience: env.OIDC_AUDIENCE?.trim() || (external ? undefined : EMBEDDED_AUDIENCE),
    clientId: env.OIDC_CLIENT_ID?.trim() || WEB_CLIENT_ID,
    refreshTokenIdleSeconds: parseSeconds("REFRESH_TOKEN_IDLE_SECONDS", env.REFRESH_TOKEN_IDLE_SECONDS, 1800),
    refreshTokenMaxSeconds: parseSeconds("REFRESH_TOKEN_MAX_SECONDS", env.REFRESH_TOKEN_MAX_SECONDS, 36_000),
    publicUrl: config.publicUrl,
    loginMaxFailures: parseSeconds("LOGIN_MAX_FAILURES", env.LOGIN_MAX_FAILURES, 10),
    loginLockSeconds: parseSeconds("LOGIN_LOCK_SECONDS", env.LOGIN_LOCK_SECONDS, 900),
    passwordResetSeconds: parseSeconds("PASSWORD_RESET_SECONDS", env.PASSWORD_RESET_SECONDS, 1800),
  };
  cache.set(config, result);
  return result;
}
