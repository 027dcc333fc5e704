import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors";
import { type AccessTokenRules, actorFromAccessToken } from "./jwt";

const ISSUER = "https://openverde.test/keycloak/realms/openverdesecurity";

async function signingSetup() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256" };
  const keySet = createLocalJWKSet({ keys: [jwk] });
  let keyLookups = 0;
  const keys: JWTVerifyGetKey = (header, token) => {
    keyLookups++;
    return keySet(header, token);
  };
  const rules: AccessTokenRules = { issuer: ISSUER, audience: undefined, authorizedParty: "web", keys };
  const token = (claims: Record<string, unknown>, expiresIn = "5m") =>
    new SignJWT({
      azp: "web",
      preferred_username: "alice",
      realm_access: { roles: ["ROLE_USER"] },
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(ISSUER)
      .setSubject("user-1")
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  return { rules, token, lookups: () => keyLookups };
}

describe("access tokens", () => {
  it("checks a token's signature once and knows it on the next requests", async () => {
    const { rules, token, lookups } = await signingSetup();
    const alice = await token({});
    const first = await actorFromAccessToken(alice, rules);
    const second = await actorFromAccessToken(alice, rules);
    expect(first).toMatchObject({ kind: "user", userId: "user-1", username: "alice", via: "token" });
    expect([...first.roles]).toEqual(["ROLE_USER"]);
    expect(second).toBe(first);
    expect(lookups()).toBe(1);
  });

  it("does not take a token checked under other rules as checked", async () => {
    const { rules, token, lookups } = await signingSetup();
    const alice = await token({});
    await actorFromAccessToken(alice, rules);
    await expect(actorFromAccessToken(alice, { ...rules, authorizedParty: "other-client" })).rejects.toThrow(
      ApiError,
    );
    expect(lookups()).toBe(2);
  });

  it("keeps refusing a refused token", async () => {
    const { rules, token } = await signingSetup();
    const expired = await token({}, "-1m");
    for (let attempt = 0; attempt < 2; attempt++)
      await expect(actorFromAccessToken(expired, rules)).rejects.toMatchObject({
        httpStatus: 401,
        message: "The access token has expired.",
      });
  });
});
