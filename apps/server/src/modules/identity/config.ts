import { realmPath } from "../../platform/auth/realm";
import type { Config } from "../../platform/config";
import { EMBEDDED_AUDIENCE, ENVIRONMENT } from "../../platform/environment";

export { EMBEDDED_AUDIENCE };
/** The web app's client, unless OIDC_CLIENT_ID names another. */
export const WEB_CLIENT_ID = ENVIRONMENT.OIDC_CLIENT_ID.fallback;
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

const cache = new WeakMap<Config, IdentityConfig>();

/** The identity settings of this server: the environment's (config.identity) and what follows from them. */
export function identityConfig(config: Config): IdentityConfig {
  const known = cache.get(config);
  if (known) return known;
  const { externalIssuer, realm, ...settings } = config.identity;
  const path = realmPath(realm);
  const result: IdentityConfig = {
    ...settings,
    realm,
    realmPath: path,
    embedded: externalIssuer === undefined,
    issuer: externalIssuer ?? `${config.publicUrl}${path}`,
    audience: settings.audience ?? (externalIssuer ? undefined : EMBEDDED_AUDIENCE),
    publicUrl: config.publicUrl,
  };
  cache.set(config, result);
  return result;
}
