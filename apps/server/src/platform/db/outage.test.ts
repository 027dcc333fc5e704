import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerFor } from "../../testing/sign-in";
import { startTcpProxy, type TcpProxy } from "../../testing/tcp-proxy";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { isDatabaseUnavailable } from "./unavailable";

const SERVER_URL = process.env.TEST_DATABASE_URL;

describe("what counts as the database being unavailable", () => {
  it("knows refused and lost connections, server shutdowns and timeouts, and nothing else", () => {
    const withCode = (code: string) => Object.assign(new Error("x"), { code });
    expect(isDatabaseUnavailable(withCode("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("57014"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("22P02"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
  });
});

/**
 * The platform reaches PostgreSQL through a TCP proxy the test controls: frozen, it stands for a
 * database whose processes are stopped (SIGSTOP); stopped, for one that refuses connections. The
 * machine's own PostgreSQL is never touched.
 */
describe.skipIf(!SERVER_URL)("a database outage", () => {
  let proxy: TcpProxy;
  let platform: TestPlatform;
  let admin: string;
  const CONNECT_MS = 1_000;
  const STATEMENT_MS = 1_500;

  beforeAll(async () => {
    const server = new URL(SERVER_URL as string);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const throughProxy = new URL(SERVER_URL as string);
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(proxy.port);
    // startTestPlatform creates its database on TEST_DATABASE_URL: here, through the proxy.
    process.env.TEST_DATABASE_URL = throughProxy.toString();
    try {
      platform = await startTestPlatform({
        env: { DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS), DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS) },
      });
    } finally {
      process.env.TEST_DATABASE_URL = SERVER_URL;
    }
    admin = await bearerFor(platform, { username: "outage_admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  });

  afterAll(async () => {
    proxy?.thaw();
    await proxy?.start().catch(() => {});
    await platform?.close();
    await proxy?.close();
  });

  const timed = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const response = await platform.request(path, init);
    const body = await response.text();
    return { response, body, ms: performance.now() - started };
  };
  const search = () => timed("/api/companies?searchString=outage", { headers: { authorization: admin } });
  const health = () => timed("/api/actuator/health");

  const expectOutageAnswer = (answer: Awaited<ReturnType<typeof timed>>) => {
    expect(answer.response.status, answer.body).toBe(503);
    expect(answer.response.headers.get("retry-after")).toBe("5");
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({
      errorType: "service-unavailable",
      httpStatus: 503,
    });
  };

  const expectRecovered = async () => {
    // The pool opens fresh connections on its own; no restart.
    let answer = await search();
    for (let attempt = 0; attempt < 20 && answer.response.status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await search();
    }
    expect(answer.response.status, answer.body).toBe(200);
    expect((await health()).response.status).toBe(200);
  };

  it("answers while the database is up", async () => {
    expect((await search()).response.status).toBe(200);
    expect(JSON.parse((await health()).body)).toEqual({ status: "UP" });
  });

  it("answers 503 with Retry-After within the timeouts while the database is frozen, and recovers", async () => {
    proxy.freeze();
    try {
      const [first, second, state] = await Promise.all([search(), search(), health()]);
      for (const answer of [first, second]) {
        expectOutageAnswer(answer);
        expect(answer.ms).toBeLessThan(STATEMENT_MS + CONNECT_MS + 3_000);
      }
      expect(state.response.status).toBe(503);
      expect(JSON.parse(state.body)).toEqual({ status: "DOWN" });
      expect(state.ms).toBeLessThan(2_000);
      // Connections opened while frozen time out on connecting.
      const later = await search();
      expectOutageAnswer(later);
      // Documents are read through a binary COPY, which has a read timeout of its own.
      const copy = platform.database.selectBinary?.(
        platform.database.db.selectNoFrom(sql`1`.as("one")).compile(),
      );
      await expect(copy).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      proxy.thaw();
    }
    await expectRecovered();
  });

  it("answers 503 with Retry-After at once while the database refuses connections, and recovers", async () => {
    await proxy.stop();
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await search();
        expectOutageAnswer(answer);
        expect(answer.ms).toBeLessThan(CONNECT_MS + 1_000);
      }
      const state = await health();
      expect(JSON.parse(state.body)).toEqual({ status: "DOWN" });
      expect(state.ms).toBeLessThan(2_000);
    } finally {
      await proxy.start();
    }
    await expectRecovered();
  });

  it("answers 503 with Retry-After from the identity provider's token endpoint and pages, and recovers", async () => {
    const realm = "/keycloak/realms/openverdesecurity/protocol/openid-connect";
    const refresh = () =>
      timed(`${realm}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          client_id: "openverde-web",
          refresh_token: "no-such-token",
        }).toString(),
      });
    const signIn = () =>
      timed(
        `${realm}/auth?${new URLSearchParams({
          client_id: "openverde-web",
          response_type: "code",
          scope: "openid",
          redirect_uri: `${platform.baseUrl}/platform-redirect`,
          code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
          code_challenge_method: "S256",
        })}`,
        { headers: { accept: "text/html" }, redirect: "manual" },
      );
    await proxy.stop();
    try {
      const token = await refresh();
      expect(token.response.status, token.body).toBe(503);
      expect(token.response.headers.get("retry-after")).toBe("5");
      expect(JSON.parse(token.body)).toEqual({
        error: "temporarily_unavailable",
        error_description: expect.stringContaining("database"),
      });
      const page = await signIn();
      expect(page.response.status, page.body).toBe(503);
      expect(page.response.headers.get("retry-after")).toBe("5");
      expect(page.response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.body).toContain("unavailable for a moment");
    } finally {
      await proxy.start();
    }
    await expectRecovered();
    // An unknown refresh token is what it was before the outage: OAuth's invalid_grant.
    const after = await refresh();
    expect(after.response.status).toBe(400);
    expect(JSON.parse(after.body).error).toBe("invalid_grant");
  });
});
