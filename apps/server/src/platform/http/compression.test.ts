import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD, registerCompression } from "./compression";

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ companyId: `company-${index}`, name: `Company ${index}` }));
const largeJson = rows(2000);
const smallJson = rows(3);
const binary = Buffer.alloc(64 * 1024, 7);

describe("response compression", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get("/small", async () => smallJson);
    app.get("/large", async () => largeJson);
    app.get("/report.pdf", async (_request, reply) => reply.type("application/pdf").send(binary));
    app.get("/sheet.xlsx", async (_request, reply) =>
      reply.type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet").send(binary),
    );
    app.get("/export.csv", async (_request, reply) =>
      reply.type("text/csv; charset=utf-8").send("a;b\n".repeat(5000)),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, encoding = "gzip, deflate") =>
    app.inject({ url, headers: { "accept-encoding": encoding } });

  it("sends small bodies as they are", async () => {
    const response = await get("/small");
    expect(JSON.stringify(smallJson).length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual(smallJson);
  });

  it("compresses large JSON in one piece, with its length", async () => {
    const response = await get("/large");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(largeJson).length / 4);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(largeJson);
  });

  it("prefers brotli when the client takes it", async () => {
    const response = await get("/large", "gzip, deflate, br");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(largeJson);
  });

  it("compresses text such as CSV", async () => {
    expect((await get("/export.csv")).headers["content-encoding"]).toBe("gzip");
  });

  it("leaves already compressed types alone", async () => {
    for (const url of ["/report.pdf", "/sheet.xlsx"]) {
      const response = await get(url);
      expect(response.headers["content-encoding"], url).toBeUndefined();
      expect(response.rawPayload.equals(binary), url).toBe(true);
    }
  });

  it("answers clients that take no encoding as they asked", async () => {
    const response = await app.inject({ url: "/large" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json()).toEqual(largeJson);
  });
});
