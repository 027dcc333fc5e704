import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composition } from "../modules/registry";
import { startTestPlatform, type TestPlatform } from "../testing/test-platform";

describe("the platform foundation", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("reports UP on the health endpoint of every prefix while the database answers", async () => {
    for (const { prefix } of composition.groups) {
      const response = await platform.request(`${prefix}/actuator/health`);
      expect(response.status, prefix).toBe(200);
      expect(await response.json()).toEqual({ status: "UP" });
    }
  });

  it("names the build on the info endpoint and links the endpoints from the index", async () => {
    const info = (await (await platform.request("/api/actuator/info")).json()) as {
      app: Record<string, string>;
    };
    expect(info.app.name).toBe("openverde");
    expect(info.app.version).toMatch(/^\d+\.\d+\.\d+/);
    const index = (await (await platform.request("/api/actuator")).json()) as {
      _links: Record<string, unknown>;
    };
    expect(Object.keys(index._links)).toEqual(["self", "health", "info"]);
  });

  it("publishes an OpenAPI document per prefix with paths relative to that prefix", async () => {
    for (const { prefix } of composition.groups) {
      const response = await platform.request(`${prefix}/openapi.json`);
      expect(response.status, prefix).toBe(200);
      const document = (await response.json()) as {
        openapi: string;
        servers: { url: string }[];
        paths: object;
      };
      expect(document.openapi).toMatch(/^3\./);
      expect(document.servers).toEqual([{ url: prefix }]);
      expect(Object.keys(document.paths)).toContain("/actuator/health");
      expect(Object.keys(document.paths)).not.toContain(`${prefix}/actuator/health`);
    }
  });

  it("serves the interactive API page per prefix", async () => {
    const response = await platform.request("/community/swagger-ui/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("answers an unknown API path with 404 in the error format", async () => {
    const response = await platform.request("/api/no-such-thing?x=1", { headers: { accept: "text/html" } });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { errors: Record<string, unknown>[] };
    expect(body.errors[0]).toMatchObject({ errorType: "route-not-found", httpStatus: 404 });
    expect(body.errors[0]?.message).toBe("There is no GET /api/no-such-thing.");
  });

  it("refuses credentials it cannot check with 401 and a WWW-Authenticate header", async () => {
    const response = await platform.request("/api/actuator/health", {
      headers: { authorization: "Bearer nonsense" },
    });
    if (response.status === 200) return; // an identity provider is configured; its own tests cover tokens
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("sends the security headers with a refused credential, refused before any handler runs", async () => {
    const response = await platform.request("/api/actuator/health", {
      headers: { authorization: "Bearer not-a-key" },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("sends security headers and a request id on every response", async () => {
    const response = await platform.request("/api/actuator/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(response.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });
});
