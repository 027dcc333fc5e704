import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, type JWK, type JWTVerifyGetKey } from "jose";
import { ANONYMOUS, type Authenticator, type SignedInActor } from "../../platform/auth/actor";
import { actorFromAccessToken, invalidCredentials, looksLikeJwt } from "../../platform/auth/jwt";
import type { ModuleContext } from "../../platform/module";
import { revocationsOf } from "./admin-revocations";
import { type IdentityConfig, identityConfig } from "./config";
import { loadSigningKeys } from "./keys";
import type { User } from "./service";
import type { AnyExecutor } from "./store";

/**
 * Checks an API key and says whose it is. The api-keys module answers this; modules/registry.ts hands
 * it in, since the api-keys module asks this one about users and the two must not import each other.
 * With an external provider (`externalUsers`) a key's user need not be stored here.
 */
export type ApiKeyCheck = (
  db: AnyExecutor,
  apiKey: string,
  options: { externalUsers: boolean },
) => Promise<{ ok: true; user: User } | { ok: false; meta: { validationMessage?: string | undefined } }>;

const KEY_REFRESH_MS = 60_000;
const KEY_MISS_RELOAD_MS = 5_000;

/**
 * The embedded provider's public keys, read from the database and re-read every minute or when a
 * token names a key we have not seen (another instance rotated), so no HTTP round trip to ourselves.
 */
export function localKeySet(db: AnyExecutor): JWTVerifyGetKey & { reload(): Promise<void> } {
  let loaded: { at: number; jwks: JWK[]; get: JWTVerifyGetKey } | undefined;
  let loading: Promise<void> | undefined;
  const load = async () => {
    const keys = await loadSigningKeys(db);
    loaded = { at: Date.now(), jwks: keys.publicJwks, get: createLocalJWKSet({ keys: keys.publicJwks }) };
  };
  const ensure = async (force = false) => {
    const age = loaded ? Date.now() - loaded.at : Number.POSITIVE_INFINITY;
    if (age > KEY_REFRESH_MS || (force && age > KEY_MISS_RELOAD_MS)) {
      loading ??= load().finally(() => {
        loading = undefined;
      });
      await loading;
    }
  };
  const getKey: JWTVerifyGetKey = async (header, token) => {
    await ensure();
    if (header.kid && !loaded?.jwks.some((jwk) => jwk.kid === header.kid)) await ensure(true);
    if (!loaded) throw new Error("no keys");
    return loaded.get(header, token);
  };
  return Object.assign(getKey, { reload: () => load() });
}

async function remoteKeySet(config: IdentityConfig): Promise<JWTVerifyGetKey> {
  let jwksUrl = config.jwksUrl;
  if (!jwksUrl) {
    try {
      const response = await fetch(`${config.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      });
      const discovery = (await response.json()) as { jwks_uri?: string };
      jwksUrl = discovery.jwks_uri;
    } catch {
      // Keycloak's layout, if the discovery document cannot be read now.
    }
    jwksUrl ??= `${config.issuer}/protocol/openid-connect/certs`;
  }
  return createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
}

/**
 * The real authenticator: `Authorization: Bearer <access token or API key>`. No header makes a
 * visitor; anything else that does not check out is a 401 in the error format.
 */
export function bearerAuthenticator(context: ModuleContext, checkApiKey: ApiKeyCheck): Authenticator {
  const config = identityConfig(context.config);
  const { db } = context.database;
  let remote: Promise<JWTVerifyGetKey> | undefined;
  const local = config.embedded ? localKeySet(db) : undefined;
  // Accounts an admin disabled, or whose sessions they ended, are the embedded provider's.
  const revocations = config.embedded ? revocationsOf(db) : undefined;
  const keys: JWTVerifyGetKey = async (header, token) => {
    if (local) return local(header, token);
    remote ??= remoteKeySet(config).catch((error: unknown) => {
      remote = undefined;
      throw error;
    });
    return (await remote)(header, token);
  };
  const rules = {
    issuer: config.issuer,
    audience: config.audience,
    authorizedParty: config.clientId,
    ...(config.embedded ? { type: "at+jwt" } : {}),
    keys,
  };

  return {
    authenticate: async (authorization) => {
      if (authorization === undefined || authorization.trim() === "") return ANONYMOUS;
      const match = /^Bearer[ ]+([^\s]+)[ ]*$/i.exec(authorization);
      if (!match?.[1])
        throw invalidCredentials("Send credentials as 'Authorization: Bearer <access token or API key>'.");
      const credential = match[1];
      if (looksLikeJwt(credential)) {
        const actor = await actorFromAccessToken(credential, rules);
        const refusal = await revocations?.refusal(actor.userId, () => decodeJwt(credential).iat);
        if (refusal) throw invalidCredentials(refusal);
        return actor;
      }
      const check = await checkApiKey(db, credential, { externalUsers: !config.embedded });
      if (!check.ok) throw invalidCredentials(check.meta.validationMessage ?? "The API key is not valid.");
      const refusal = await revocations?.refusal(check.user.userId);
      if (refusal) throw invalidCredentials(refusal);
      const actor: SignedInActor = {
        kind: "user",
        userId: check.user.userId,
        username: check.user.username,
        email: check.user.email || undefined,
        name: check.user.name || undefined,
        roles: new Set(check.user.roles),
        via: "apiKey",
      };
      return actor;
    },
  };
}
