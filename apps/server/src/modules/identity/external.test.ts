import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REALM_PATH } from "../../platform/auth/realm";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { signInWithPassword } from "./oidc-flow";
import { createUser } from "./service";

const PASSWORD = "Harbour-Lights-88";

describe("an external provider (OIDC_ISSUER) and refresh token idle expiry", () => {
  let issuer: TestPlatform;
  let api: TestPlatform;

  beforeAll(async () => {
    // One platform plays Keycloak (with a short idle expiry); the other trusts it through OIDC_ISSUER.
    issuer = await startTestPlatform({ env: { REFRESH_TOKEN_IDLE_SECONDS: "2" } });
    api = await startTestPlatform({
      env: { OIDC_ISSUER: `${issuer.baseUrl}${DEFAULT_REALM_PATH}`, OIDC_AUDIENCE: "openverde-api" },
    });
    await createUser(issuer.database.db, {
      username: "kim",
      email: "kim@openverde.example",
      password: PASSWORD,
      roles: ["ROLE_USER", "ROLE_UPLOADER"],
    });
  });

  afterAll(async () => {
    await api?.close();
    await issuer?.close();
  });

  it("accepts the external provider's tokens, checked against its published keys", async () => {
    const { tokens } = await signInWithPassword(issuer.baseUrl, "kim", PASSWORD);
    const response = await api.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(response.status).toBe(200);
    // A key made with the external token acts with the roles the token had.
    const created = await api.request("/api-keys/generateApiKey?daysValid=1", {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    const { apiKey, apiKeyMetaInfo } = (await created.json()) as {
      apiKey: string;
      apiKeyMetaInfo: { keycloakRoles: string[] };
    };
    expect(apiKeyMetaInfo.keycloakRoles).toEqual(["ROLE_USER", "ROLE_UPLOADER"]);
    const withKey = await api.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(withKey.status).toBe(200);
  });

  it("turns the embedded provider off and refuses tokens it did not issue", async () => {
    expect((await api.request(`${DEFAULT_REALM_PATH}/.well-known/openid-configuration`)).status).toBe(404);
    const own = await signIn(api, { username: "local", roles: ["ROLE_USER"] });
    expect(own.authorization.startsWith("Bearer ")).toBe(true);
    expect(
      (
        await api.request("/api-keys/getApiKeyMetaInfoForUser", {
          headers: { authorization: own.authorization },
        })
      ).status,
    ).toBe(200);
    const { authorization } = await signIn(issuer, { username: "other", roles: ["ROLE_USER"] });
    // Signed by the issuer but for a user the test helper made there: still the issuer's token, so accepted.
    expect(
      (await api.request("/api-keys/getApiKeyMetaInfoForUser", { headers: { authorization } })).status,
    ).toBe(200);
    const forged = await api.request("/api-keys/getApiKeyMetaInfoForUser", {
      headers: { authorization: `Bearer ${authorization.slice(7, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
  });

  it("ends a session whose refresh token was not used within the idle time", async () => {
    const { client, tokens } = await signInWithPassword(issuer.baseUrl, "kim", PASSWORD);
    expect(tokens.refresh_expires_in).toBe(2);
    const refreshed = await client.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { refresh_token: string };
    await sleep(3000);
    const late = await client.refresh(next.refresh_token);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: string }).error).toBe("invalid_grant");
  });
});
