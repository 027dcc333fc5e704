import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";

interface Link {
  id: string;
  ref: string;
}

describe("the specifications API", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });

  afterAll(async () => {
    await platform?.close();
  });

  const get = async (path: string) => platform.request(`/specifications${path}`);

  it("lists the specified frameworks with links that lead to them", async () => {
    const response = await get("/frameworks");
    expect(response.status).toBe(200);
    const frameworks = (await response.json()) as { framework: Link; name: string }[];
    const ids = frameworks.map((entry) => entry.framework.id);
    expect(ids).toContain("sfdr");
    const sfdr = frameworks.find((entry) => entry.framework.id === "sfdr");
    expect(sfdr?.framework.ref).toBe(`${platform.baseUrl}/specifications/frameworks/sfdr`);
  });

  it("gives a framework's tree as JSON text whose leaves are data point type ids", async () => {
    const response = await get("/frameworks/sfdr");
    expect(response.status).toBe(200);
    const specification = (await response.json()) as { schema: string; businessDefinition: string };
    const tree = JSON.parse(specification.schema) as Record<string, Record<string, Record<string, unknown>>>;
    expect(tree.environmental?.greenhouseGasEmissions?.scope1GhgEmissionsInTonnes).toBe(
      "extendedDecimalScope1GhgEmissionsInTonnes",
    );
    expect(specification.businessDefinition.length).toBeGreaterThan(0);
  });

  it("answers HEAD for a framework with 200 or 404", async () => {
    expect((await platform.request("/specifications/frameworks/sfdr", { method: "HEAD" })).status).toBe(200);
    expect((await platform.request("/specifications/frameworks/nothing", { method: "HEAD" })).status).toBe(
      404,
    );
  });

  it("follows a framework down to a data point type, its base type and their validators", async () => {
    const framework = (await (await get("/frameworks/sfdr")).json()) as { schema: string };
    const typeId = /"(extendedDecimal[A-Za-z0-9]+)"/.exec(framework.schema)?.[1] ?? "";
    const type = (await (await get(`/data-point-types/${typeId}`)).json()) as {
      dataPointBaseType: Link;
      usedBy: Link[];
    };
    expect(type.usedBy.map((link) => link.id)).toContain("sfdr");
    const base = await get(`/data-point-base-types/${type.dataPointBaseType.id}`);
    expect(base.status).toBe(200);
    const validator = await get(`/data-point-types/${typeId}/validated-by`);
    expect(validator.headers.get("content-type")).toContain("text/plain");
    expect(await validator.text()).toBe(
      await (await get(`/data-point-base-types/${type.dataPointBaseType.id}/validated-by`)).text(),
    );
  });

  it("resolves a framework's tree with value schemas in place", async () => {
    const response = await get("/frameworks/pcaf/resolved-schema");
    expect(response.status).toBe(200);
    const resolved = (await response.json()) as { resolvedSchema: Record<string, unknown> };
    // Each data point's type id is replaced by the shape of its value (value, quality, source, ...).
    expect(JSON.stringify(resolved.resolvedSchema)).toContain('"dataSource"');
  });

  it("answers unknown ids with 404 in the error format", async () => {
    for (const path of [
      "/frameworks/nothing",
      "/data-point-types/nothing",
      "/data-point-base-types/nothing/validated-by",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const body = (await response.json()) as { errors: { httpStatus: number }[] };
      expect(body.errors[0]?.httpStatus).toBe(404);
    }
  });

  it("is public: anyone reads it without signing in", async () => {
    expect((await get("/frameworks")).status).toBe(200);
  });
});
