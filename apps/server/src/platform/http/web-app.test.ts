import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerCompression } from "./compression";
import { registerWebApp } from "./web-app";

// The build's copy carries a marker, so a test can tell it from the plugin compressing on the fly.
const bundle = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, index) => `row ${index}`))};\n`;

describe("web app files", () => {
  let app: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), "openverde-web-app-"));
    mkdirSync(join(distDir, "assets"));
    writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Openverde</title>");
    writeFileSync(join(distDir, "assets", "app-abc123.js"), bundle);
    writeFileSync(join(distDir, "assets", "app-abc123.js.br"), brotliCompressSync(`${bundle}//built`));
    app = Fastify();
    await registerCompression(app);
    app.get("/documents/:documentId", async () => ({ bytes: "of the document" }));
    await registerWebApp(app, {
      distDir,
      reservedPrefixes: ["/api", "/documents"],
      publicUrl: "http://127.0.0.1:8080",
      appPagesUnderApiPrefixes: [/^\/documents\/[^/]+$/],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("sends the build's brotli copy of a bundle to browsers that accept it", async () => {
    const response = await app.inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${bundle}//built`);
  });

  it("sends the plain bundle to clients that accept no encoding", async () => {
    const response = await app.inject({
      url: "/assets/app-abc123.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(bundle);
  });

  it("answers a deep link with the app and an unknown API path with JSON", async () => {
    const page = await app.inject({ url: "/companies/123", headers: { accept: "text/html" } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Openverde</title>");
    const api = await app.inject({ url: "/api/nothing", headers: { accept: "text/html" } });
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toContain("application/json");
  });

  it("sends a page opened under another name of this machine to the public address, and nothing else", async () => {
    const page = (host: string, url = "/companies/123?tab=sfdr") =>
      app.inject({ url, headers: { host, accept: "text/html" } });
    const elsewhere = await page("localhost:8080");
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe("http://127.0.0.1:8080/companies/123?tab=sfdr");
    expect((await page("[::1]:8080")).headers.location).toBe("http://127.0.0.1:8080/companies/123?tab=sfdr");
    expect((await page("127.0.0.1:8080")).statusCode).toBe(200);
    // Another port is another server; another name is not this machine; the API is never redirected.
    expect((await page("localhost:9090")).statusCode).toBe(200);
    expect((await page("openverde.example.org")).statusCode).toBe(200);
    expect((await page("localhost:8080", "/api/nothing")).statusCode).toBe(404);
  });

  it("answers a browser opening a document link with the app, and API callers with the document", async () => {
    const navigation = await app.inject({ url: "/documents/abc", headers: { accept: "text/html,*/*" } });
    expect(navigation.body).toContain("<title>Openverde</title>");
    const withToken = await app.inject({
      url: "/documents/abc",
      headers: { accept: "text/html,*/*", authorization: "Bearer token" },
    });
    expect(withToken.json()).toEqual({ bytes: "of the document" });
    expect((await app.inject({ url: "/documents/abc" })).json()).toEqual({ bytes: "of the document" });
    const metadata = await app.inject({ url: "/documents/abc/metadata", headers: { accept: "text/html" } });
    expect(metadata.headers["content-type"]).toContain("application/json");
  });
});
