import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import { unauthorized } from "../http/errors";
import { REALM_ROLES, type RealmRole, type SignedInActor } from "./actor";
import { VerifiedTokens } from "./verified-tokens";

export interface AccessTokenRules {
  issuer: string;
  /** The audience the token must carry; without one, `authorizedParty` must match `azp`. */
  audience: string | undefined;
  authorizedParty: string | undefined;
  /** The JOSE header `typ` required (the embedded provider's "at+jwt"); Keycloak's tokens say "JWT". */
  type?: string;
  keys: JWTVerifyGetKey;
}

interface KeycloakClaims extends JWTPayload {
  preferred_username?: unknown;
  email?: unknown;
  name?: unknown;
  azp?: unknown;
  typ?: unknown;
  realm_access?: { roles?: unknown };
}

export const looksLikeJwt = (credential: string): boolean =>
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(credential);

/** A 401 whose WWW-Authenticate says the token was refused (RFC 6750), with a message for people. */
export function invalidCredentials(message: string) {
  const error = unauthorized(message);
  error.headers["www-authenticate"] = 'Bearer realm="openverde", error="invalid_token"';
  return error;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

export function realmRoles(claims: { realm_access?: { roles?: unknown } }): Set<RealmRole> {
  const listed = Array.isArray(claims.realm_access?.roles) ? claims.realm_access.roles : [];
  return new Set(REALM_ROLES.filter((role) => listed.includes(role)));
}

// One cache per set of rules (an authenticator makes its rules once), so tokens checked against one
// issuer are never taken as checked against another.
const verifiedByRules = new WeakMap<AccessTokenRules, VerifiedTokens<SignedInActor>>();

/**
 * Checks an access token's signature, issuer, audience (or authorized party), expiry and type, and
 * turns its Keycloak-style claims into the actor; throws a 401 ApiError when anything is off. A token
 * that passed is remembered for a minute at most (`VerifiedTokens`).
 */
export async function actorFromAccessToken(token: string, rules: AccessTokenRules): Promise<SignedInActor> {
  let verified = verifiedByRules.get(rules);
  if (!verified) {
    verified = new VerifiedTokens();
    verifiedByRules.set(rules, verified);
  }
  const known = verified.get(token);
  if (known) return known;
  const { actor, expiresAt } = await verifyAccessToken(token, rules);
  verified.remember(token, actor, expiresAt);
  return actor;
}

async function verifyAccessToken(
  token: string,
  rules: AccessTokenRules,
): Promise<{ actor: SignedInActor; expiresAt: number }> {
  let claims: KeycloakClaims;
  try {
    const verified = await jwtVerify<KeycloakClaims>(token, rules.keys, {
      issuer: rules.issuer,
      ...(rules.audience ? { audience: rules.audience } : {}),
      ...(rules.type ? { typ: rules.type } : {}),
      algorithms: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"],
      requiredClaims: ["sub", "exp"],
      clockTolerance: 5,
    });
    claims = verified.payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw invalidCredentials("The access token has expired.");
    throw invalidCredentials("The access token is not valid here.");
  }
  if (!rules.audience && rules.authorizedParty && claims.azp !== rules.authorizedParty)
    throw invalidCredentials("The access token was issued to another client.");
  // Keycloak marks its ID and refresh tokens with a typ claim; only access tokens open the API.
  if (claims.typ !== undefined && claims.typ !== "Bearer")
    throw invalidCredentials("Send an access token, not an ID or refresh token.");
  const userId = claims.sub as string;
  const actor: SignedInActor = Object.freeze({
    kind: "user",
    userId,
    username: text(claims.preferred_username) ?? userId,
    email: text(claims.email),
    name: text(claims.name),
    roles: realmRoles(claims),
    via: "token",
  });
  return { actor, expiresAt: (claims.exp as number) * 1000 };
}
