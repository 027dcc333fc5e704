import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser } from "./modules/identity/oidc-flow";
import { composition } from "./modules/registry";
import type { ServerModule } from "./platform/module";
import { isErrorFormat } from "./testing/openapi-operations";
import { bearerFor } from "./testing/sign-in";
import { startTestPlatform, type TestPlatform } from "./testing/test-platform";

const REALM = "/keycloak/realms/openverdesecurity";
const OIDC = `${REALM}/protocol/openid-connect`;

/** A module whose only route fails, to see the headers of a 500. */
const failingModule: ServerModule = {
  name: "failing-for-tests",
  routes: () => async (app) => {
    app.get("/test-only/fail", async () => {
      throw new Error("boom: this message must not reach the client");
    });
  },
};

function cspDirectives(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** The headers every response carries; `framing` says whether the same origin may frame it. */
function expectSecurityHeaders(response: Response, what: string, framing: "deny" | "same-origin" = "deny") {
  const headers = response.headers;
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer|same-origin)$/,
  );
  const csp = cspDirectives(headers.get("content-security-policy"));
  expect(csp.size, `${what}: a Content-Security-Policy`).toBeGreaterThan(0);
  const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
  expect(scripts, `${what}: scripts only from files`).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(scripts, what).not.toContain("*");
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  if (framing === "deny") {
    expect(headers.get("x-frame-options"), what).toBe("DENY");
    expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  } else {
    expect(headers.get("x-frame-options"), what).toBe("SAMEORIGIN");
    expect(csp.get("frame-ancestors"), what).toEqual(["'self'"]);
  }
  expect(headers.get("x-powered-by"), what).toBeNull();
}

describe("security headers on every kind of response", () => {
  let platform: TestPlatform;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), "openverde-web-"));
    mkdirSync(join(webDir, "assets"));
    writeFileSync(
      join(webDir, "index.html"),
      '<!doctype html><html><head><script type="module" src="/assets/app-1234.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(webDir, "assets", "app-1234.js"), "console.log('app');");
    writeFileSync(
      join(webDir, "silent-check-sso.html"),
      '<!doctype html><html><body><script src="/silent-check-sso.js"></script></body></html>',
    );
    writeFileSync(join(webDir, "silent-check-sso.js"), "parent.postMessage(location.href, location.origin);");
    platform = await startTestPlatform({
      demo: true,
      env: { WEB_DIST_DIR: webDir },
      composition: { ...composition, standalone: [...composition.standalone, failingModule] },
    });
  });

  afterAll(async () => {
    await platform?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("API JSON, its 4xx and 5xx errors, router errors and 429s", async () => {
    const reader = await bearerFor(platform, { username: "headers_reader", roles: ["ROLE_USER"] });
    const json = await platform.request("/api/companies?searchString=Verdana");
    expect(json.status).toBe(200);
    expectSecurityHeaders(json, "API JSON");
    const signedIn = await platform.request("/api/metadata", { headers: { authorization: reader } });
    expectSecurityHeaders(signedIn, "signed-in API JSON");

    for (const [path, status] of [
      ["/api/no-such-operation", 404],
      ["/qa/datasets", 401],
      ["/api/companies/%ZZ", 400],
      [`/api/companies/${"a".repeat(600)}`, 414],
    ] as const) {
      const response = await platform.request(path);
      expect(response.status, path).toBe(status);
      expect(isErrorFormat(await response.json()), path).toBe(true);
      expectSecurityHeaders(response, `${status} ${path}`);
    }
    const forbidden = await platform.request("/qa/datasets", { headers: { authorization: reader } });
    expect(forbidden.status).toBe(403);
    expectSecurityHeaders(forbidden, "403");

    const failed = await platform.request("/test-only/fail");
    expect(failed.status).toBe(500);
    const body = await failed.text();
    expect(isErrorFormat(JSON.parse(body))).toBe(true);
    expect(body).not.toContain("boom");
    expectSecurityHeaders(failed, "500");

    const validation = await platform.request("/api/companies/validation", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(validation.status).toBe(400);
    expectSecurityHeaders(validation, "400 of a body that does not parse");
  });

  it("static files of the web app, the index.html fallback and the silent sign-in check page", async () => {
    const index = await platform.request("/", { headers: { accept: "text/html" } });
    expect(index.status).toBe(200);
    expectSecurityHeaders(index, "index.html");
    const deepLink = await platform.request("/companies/some-company", { headers: { accept: "text/html" } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<div id="root">');
    expectSecurityHeaders(deepLink, "index.html fallback");
    const asset = await platform.request("/assets/app-1234.js");
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset, "static asset");
    const missingAsset = await platform.request("/assets/missing.js", { headers: { accept: "text/html" } });
    expect(missingAsset.status).toBe(404);
    expectSecurityHeaders(missingAsset, "missing asset");
    const silent = await platform.request("/silent-check-sso.html");
    expect(silent.status).toBe(200);
    expectSecurityHeaders(silent, "silent-check-sso.html", "same-origin");
  });

  it("the interactive API pages and the OpenAPI documents", async () => {
    const page = await platform.request("/api/swagger-ui/");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toMatch(/<script>[^<]/);
    expectSecurityHeaders(page, "swagger-ui");
    const document = await platform.request("/api/openapi.json");
    expectSecurityHeaders(document, "openapi.json");
  });

  it("the identity provider's pages, documents and check frames", async () => {
    const discovery = await platform.request(`${REALM}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expectSecurityHeaders(discovery, "discovery");
    const client = browser(platform.baseUrl);
    const { response } = await client.authorize();
    const login = await client.follow(response);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain("<form");
    expect(html).not.toMatch(/<script>[^<]/);
    expect(html).not.toMatch(/\son[a-z]+="/);
    expectSecurityHeaders(login, "sign-in page");
    const token = await platform.request(`${OIDC}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=password&username=data_admin&password=password&client_id=openverde-web",
    });
    expect(token.status).toBeGreaterThanOrEqual(400);
    expectSecurityHeaders(token, "token endpoint error");
    for (const frame of [`${OIDC}/login-status-iframe.html`, `${OIDC}/3p-cookies/step1.html`]) {
      const response = await platform.request(frame);
      expect(response.status, frame).toBe(200);
      expectSecurityHeaders(response, frame, "same-origin");
    }
  });
});

describe("rate limits", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  // The provider's pages answer with a page, the API in the one error format.
  const expectLimited = async (
    responses: Response[],
    what: string,
    answer: "error format" | "page" = "error format",
  ) => {
    const statuses = responses.map((response) => response.status);
    const limited = responses.find((response) => response.status === 429);
    expect(limited, `${what}: ${statuses.join(",")}`).toBeDefined();
    if (!limited) return;
    if (answer === "page") expect(await limited.text()).toContain("Too many requests");
    else expect(isErrorFormat(await limited.json())).toBe(true);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expectSecurityHeaders(limited, `${what} 429`);
  };

  it("limits API key checks per address", async () => {
    const responses: Response[] = [];
    for (let n = 0; n < 65; n++)
      responses.push(await platform.request("/api-keys/validateApiKey?apiKey=guess"));
    expect(responses[0]?.status).toBe(200);
    await expectLimited(responses, "validateApiKey");
  });

  // A reader's budgets: an uploader's and an admin's are far larger (rate-limits.test.ts).
  it("limits document and dataset uploads per user, not for everyone", async () => {
    const uploader = await bearerFor(platform, { username: "eager_reader", roles: ["ROLE_USER"] });
    const other = await bearerFor(platform, { username: "patient_reader", roles: ["ROLE_USER"] });
    const documents: Response[] = [];
    for (let n = 0; n < 62; n++)
      documents.push(
        await platform.request("/documents/", {
          method: "POST",
          headers: { authorization: uploader, "content-type": "application/json" },
          body: "{}",
        }),
      );
    await expectLimited(documents, "POST /documents");
    const datasets: Response[] = [];
    for (let n = 0; n < 122; n++)
      datasets.push(
        await platform.request("/api/data/sfdr", {
          method: "POST",
          headers: { authorization: uploader, "content-type": "application/json" },
          body: "{}",
        }),
      );
    await expectLimited(datasets, "POST /api/data/sfdr");
    // Someone else is not held back by the eager uploader.
    const fresh = await platform.request("/api/data/sfdr", {
      method: "POST",
      headers: { authorization: other, "content-type": "application/json" },
      body: "{}",
    });
    expect(fresh.status).toBe(403);
  });

  it("limits sign-in attempts per address on top of the per-account lock", async () => {
    const responses: Response[] = [];
    for (let n = 0; n < 62; n++) {
      responses.push(
        await platform.request(`${REALM}/login-actions/not-a-real-interaction/login`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "username=someone&password=guess",
        }),
      );
    }
    await expectLimited(responses, "sign-in", "page");
  });
});
