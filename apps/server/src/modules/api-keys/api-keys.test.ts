import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { createUser } from "../identity/service";
import { generateApiKey, MESSAGES, parseApiKey } from "./service";

interface ErrorBody {
  errors: { errorType: string; summary: string; message: string; httpStatus: number }[];
}

describe("API keys", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  const call = (path: string, authorization?: string, method = "GET") =>
    platform.request(`/api-keys${path}`, {
      method,
      headers: authorization ? { authorization } : {},
    });

  it("goes through its life cycle: create, use, replace, revoke, then 401", async () => {
    const { userId, authorization } = await signIn(platform, {
      username: "key_owner",
      roles: ["ROLE_USER", "ROLE_UPLOADER"],
    });

    const before = await call("/getApiKeyMetaInfoForUser", authorization);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({
      keycloakUserId: userId,
      active: false,
      validationMessage: MESSAGES.noKey,
    });

    const created = await call("/generateApiKey?daysValid=30", authorization);
    expect(created.status).toBe(200);
    const { apiKey, apiKeyMetaInfo } = (await created.json()) as {
      apiKey: string;
      apiKeyMetaInfo: Record<string, unknown>;
    };
    const [user, secret, crc] = apiKey.split("_");
    expect(Buffer.from(user ?? "", "base64url").toString()).toBe(userId);
    expect(secret).toMatch(/^[0-9a-f]{80}$/);
    expect(crc).toMatch(/^\d+$/);
    expect(apiKeyMetaInfo).toMatchObject({
      keycloakUserId: userId,
      keycloakRoles: ["ROLE_USER", "ROLE_UPLOADER"],
      active: true,
    });
    const expiry = apiKeyMetaInfo.expiryDate as number;
    expect(Math.abs(expiry - (Date.now() / 1000 + 30 * 86400))).toBeLessThan(60);

    // The key opens the API as its user.
    const asKey = await call("/getApiKeyMetaInfoForUser", `Bearer ${apiKey}`);
    expect(asKey.status).toBe(200);
    expect(await asKey.json()).toMatchObject({ keycloakUserId: userId, active: true, expiryDate: expiry });

    // Anyone may validate a key without signing in.
    const validated = await call(`/validateApiKey?apiKey=${encodeURIComponent(apiKey)}`);
    expect(await validated.json()).toMatchObject({ keycloakUserId: userId, active: true });

    // A key cannot make keys.
    const breeding = await call("/generateApiKey", `Bearer ${apiKey}`);
    expect(breeding.status).toBe(403);

    // A new key replaces the old one.
    const second = (await (await call("/generateApiKey", authorization)).json()) as {
      apiKey: string;
      apiKeyMetaInfo: Record<string, unknown>;
    };
    expect(second.apiKeyMetaInfo.expiryDate).toBeUndefined();
    expect((await call("/getApiKeyMetaInfoForUser", `Bearer ${apiKey}`)).status).toBe(401);
    expect((await call("/getApiKeyMetaInfoForUser", `Bearer ${second.apiKey}`)).status).toBe(200);

    const revoked = await call("/revokeApiKey", `Bearer ${second.apiKey}`, "POST");
    expect(await revoked.json()).toEqual({
      revokementProcessSuccessful: true,
      revokementProcessMessage: MESSAGES.revoked,
    });
    const after = await call("/getApiKeyMetaInfoForUser", `Bearer ${second.apiKey}`);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("Bearer");
    const body = (await after.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ errorType: "unauthorized", httpStatus: 401 });

    const again = await call("/revokeApiKey", authorization, "POST");
    expect(await again.json()).toEqual({
      revokementProcessSuccessful: false,
      revokementProcessMessage: MESSAGES.nothingToRevoke,
    });
  });

  it("refuses an expired key and says so", async () => {
    const user = await createUser(
      platform.database.db,
      { username: "expired_owner", email: "expired@openverde.example", password: "x", roles: ["ROLE_USER"] },
      { checkStrength: false },
    );
    const longAgo = new Date(Date.now() - 10 * 86400_000);
    const { apiKey } = await generateApiKey(platform.database.db, user, 2, longAgo);
    const response = await call("/getApiKeyMetaInfoForUser", `Bearer ${apiKey}`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).errors[0]?.message).toBe(MESSAGES.expired);
    const validated = await call(`/validateApiKey?apiKey=${apiKey}`);
    expect(await validated.json()).toMatchObject({ active: false, validationMessage: MESSAGES.expired });
  });

  it("refuses malformed, mistyped and made-up keys with 401 in the error format", async () => {
    const { userId } = await signIn(platform, { username: "victim", roles: ["ROLE_USER"] });
    const made = `${Buffer.from(userId).toString("base64url")}_${"ab".repeat(40)}`;
    const { crc32 } = await import("node:zlib");
    const forged = `${made}_${crc32(Buffer.from(made))}`;
    for (const key of ["nonsense", "a_b_c", `${made}_1`, forged]) {
      const response = await call("/getApiKeyMetaInfoForUser", `Bearer ${key}`);
      expect(response.status, key).toBe(401);
      expect(response.headers.get("www-authenticate"), key).toMatch(/^Bearer /);
      const body = (await response.json()) as ErrorBody;
      expect(body.errors[0], key).toMatchObject({ errorType: "unauthorized", httpStatus: 401 });
    }
    expect(parseApiKey(`${made}_1`)).toEqual({ problem: MESSAGES.checksum });
  });

  it("needs a sign-in for everything but validation", async () => {
    expect((await call("/generateApiKey")).status).toBe(401);
    expect((await call("/getApiKeyMetaInfoForUser")).status).toBe(401);
    expect((await call("/revokeApiKey", undefined, "POST")).status).toBe(401);
    expect((await call("/validateApiKey?apiKey=x")).status).toBe(200);
    const missing = await call("/validateApiKey");
    expect(missing.status).toBe(400);
  });

  it("publishes the reference's operations and component names", async () => {
    const document = (await (await platform.request("/api-keys/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.paths["/generateApiKey"]?.get?.operationId).toBe("generateApiKey");
    expect(document.paths["/getApiKeyMetaInfoForUser"]?.get?.operationId).toBe("getApiKeyMetaInfoForUser");
    expect(document.paths["/revokeApiKey"]?.post?.operationId).toBe("revokeApiKey");
    expect(document.paths["/validateApiKey"]?.get?.operationId).toBe("validateApiKey");
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["ApiKeyMetaInfo", "ApiKeyAndMetaInfo", "RevokeApiKeyResponse"]),
    );
  });
});
