import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser } from "../modules/identity/oidc-flow";
import { startTestPlatform, type TestPlatform } from "../testing/test-platform";
import { DEFAULT_REALM_PATH } from "./auth/realm";
import { ConfigError, loadConfig } from "./config";

describe("TRUST_PROXY", () => {
  const trustOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it("trusts no proxy by default, a hop count, or a list of addresses and ranges", () => {
    expect(trustOf(undefined)).toBe(false);
    expect(trustOf("")).toBe(false);
    expect(trustOf("false")).toBe(false);
    expect(trustOf("0")).toBe(false);
    expect(trustOf("1")).toBe(1);
    expect(trustOf(" 2 ")).toBe(2);
    expect(trustOf("10.0.0.5, 192.168.0.0/16,fd00::/8,::1,loopback")).toEqual([
      "10.0.0.5",
      "192.168.0.0/16",
      "fd00::/8",
      "::1",
      "loopback",
    ]);
  });

  it("refuses trusting everyone and anything that is no address or range, naming the setting", () => {
    for (const bad of [
      "true",
      "10.0.0.5,",
      "10.0.0.0/33",
      "::1/129",
      "proxy.example.org",
      "10.0.0.1/8/8",
      "-1",
    ])
      expect(() => trustOf(bad), bad).toThrow(ConfigError);
    expect(() => trustOf("10.0.0.5,nginx")).toThrow(/TRUST_PROXY.*"nginx"/);
  });
});

/** Spends a per-address budget from this machine, then asks again naming another address in the header. */
async function exhaust(platform: TestPlatform, path: string, init: RequestInit, budget: number) {
  for (let i = 0; i < budget; i++) {
    const response = await platform.request(path, init);
    expect(response.status, `${path} #${i + 1}`).not.toBe(429);
    await response.arrayBuffer();
  }
  expect((await platform.request(path, init)).status, path).toBe(429);
}

const form = (headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  body: "username=nobody&password=guess",
});

describe("the client's address", () => {
  describe("with the default setting", () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await startTestPlatform();
    });
    afterAll(async () => {
      await platform?.close();
    });

    const forged = { "x-forwarded-for": "203.0.113.77" };

    it("lets no forged X-Forwarded-Proto make the provider think the connection is secure", async () => {
      const client = browser(platform.baseUrl);
      const { response } = await client.authorize();
      const honest = response.headers.getSetCookie();
      const forgedProto = await fetch(response.url, {
        headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.77" },
        redirect: "manual",
      });
      expect(forgedProto.status).toBe(response.status);
      expect(forgedProto.headers.getSetCookie().join("\n")).not.toMatch(/;\s*secure/i);
      expect(honest.length).toBeGreaterThan(0);
    });

    it("ignores a forged X-Forwarded-For at the API key check", async () => {
      await exhaust(platform, "/api-keys/validateApiKey?apiKey=guess", {}, 60);
      const response = await platform.request("/api-keys/validateApiKey?apiKey=guess", { headers: forged });
      expect(response.status).toBe(429);
    });

    it("ignores a forged X-Forwarded-For at the sign-in form and the forgot-password form", async () => {
      const signIn = `${DEFAULT_REALM_PATH}/login-actions/some-sign-in/login`;
      await exhaust(platform, signIn, form(), 60);
      expect((await platform.request(signIn, form(forged))).status).toBe(429);
      const forgot = `${DEFAULT_REALM_PATH}/login-actions/some-sign-in/forgot-password`;
      await exhaust(platform, forgot, form(), 5);
      expect((await platform.request(forgot, form(forged))).status).toBe(429);
    });
  });

  describe("with TRUST_PROXY=1", () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await startTestPlatform({ env: { TRUST_PROXY: "1" } });
    });
    afterAll(async () => {
      await platform?.close();
    });

    it("counts the address the nearest proxy appended, not what the client wrote before it", async () => {
      const forgot = `${DEFAULT_REALM_PATH}/login-actions/some-sign-in/forgot-password`;
      const via = (chain: string) => form({ "x-forwarded-for": chain });
      await exhaust(platform, forgot, via("198.51.100.1"), 5);
      // A client's own entry comes first; the proxy appends the address it saw, which is what counts.
      expect((await platform.request(forgot, via("203.0.113.9, 198.51.100.1"))).status).toBe(429);
      expect((await platform.request(forgot, via("198.51.100.1, 198.51.100.2"))).status).toBe(200);
    });
  });
});
