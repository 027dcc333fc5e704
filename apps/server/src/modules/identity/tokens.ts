import { randomUUID } from "node:crypto";
import { importJWK, SignJWT } from "jose";
import type { IdentityConfig } from "./config";
import { loadSigningKeys, SIGNING_ALG } from "./keys";
import type { User } from "./service";
import type { AnyExecutor } from "./store";

/** The claims Openverde's access tokens carry, in Keycloak's names. */
export function userClaims(user: User) {
  return {
    preferred_username: user.username,
    email: user.email,
    name: user.name || user.username,
    realm_access: { roles: [...user.roles] },
  };
}

/**
 * Signs an access token for the user as the embedded provider would, without a sign-in. For tests
 * and operator tooling only; the provider's token endpoint is the way in for everyone else.
 */
export async function mintAccessToken(
  db: AnyExecutor,
  config: IdentityConfig,
  user: User,
  lifetimeSeconds = 3600,
): Promise<string> {
  const keys = await loadSigningKeys(db);
  const jwk = keys.privateJwks[0];
  if (!jwk) throw new Error("The identity provider has no signing key.");
  const key = await importJWK(jwk, SIGNING_ALG);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ...userClaims(user),
    client_id: config.clientId,
    azp: config.clientId,
    scope: "openid",
  })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: "at+jwt", kid: jwk.kid as string })
    .setIssuer(config.issuer)
    .setSubject(user.userId)
    .setAudience(config.audience ?? config.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .setJti(randomUUID())
    .sign(key);
}
