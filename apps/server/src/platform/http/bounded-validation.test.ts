import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedValidators, FULL_REPORT_MAX_VALUES, valueCountAbove } from "./bounded-validation";
import { registerErrorHandling } from "./errors";

describe("request validation with a bounded error report", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ schemaController: { compilersFactory: { buildValidator: boundedValidators() } } });
    registerErrorHandling(app);
    app.addSchema({ $id: "Kind", type: "string", enum: ["a", "b"] });
    // The nested reference keeps Ajv from inlining Filter, as with the platform's shared schemas.
    app.addSchema({
      $id: "Filter",
      type: "object",
      required: ["kind"],
      properties: { kind: { $ref: "Kind" }, id: { type: "string", format: "uuid" } },
    });
    app.post(
      "/filters",
      { schema: { body: { type: "array", items: { $ref: "Filter" } } } },
      async (request) => ({
        count: (request.body as unknown[]).length,
      }),
    );
    app.post(
      "/names",
      { schema: { body: { type: "array", items: { type: "string" } } } },
      async (request) => ({
        names: request.body,
      }),
    );
    app.get(
      "/items",
      {
        schema: {
          querystring: { type: "object", properties: { ids: { type: "array", items: { type: "string" } } } },
        },
      },
      async (request) => request.query,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (body: unknown) => app.inject({ method: "POST", url: "/filters", payload: body as object });
  const errorsOf = (response: Awaited<ReturnType<typeof post>>) =>
    (response.json() as { errors: { message: string }[] }).errors.map((error) => error.message);

  it("accepts a valid body and still checks formats and shared schemas", async () => {
    const valid = await post([{ kind: "a" }, { kind: "b", id: "00000000-0000-4000-8000-000000000001" }]);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ count: 2 });
    const badFormat = await post([{ kind: "a", id: "not-a-uuid" }]);
    expect(badFormat.statusCode).toBe(400);
    expect(errorsOf(badFormat)).toEqual(['0.id must match format "uuid".']);
  });

  it("lists every problem of a refused body of ordinary size", async () => {
    const response = await post([{ kind: "a" }, { kind: "c" }, {}, 7]);
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([
      "1.kind must be equal to one of the allowed values.",
      "2.kind must have required property 'kind'.",
      "3 must be object.",
    ]);
  });

  it("names only the first problem of a huge refused body, and answers it", async () => {
    const response = await post(Array.from({ length: 200_000 }, () => 1));
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual(["0 must be object."]);
  });

  it("still turns a single value into the array the schema asks for, in the query and as a whole body", async () => {
    const query = await app.inject({ method: "GET", url: "/items?ids=x" });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toEqual({ ids: ["x"] });
    const body = await app.inject({
      method: "POST",
      url: "/names",
      headers: { "content-type": "application/json" },
      payload: '"Acme"',
    });
    expect(body.statusCode).toBe(200);
    expect(body.json()).toEqual({ names: ["Acme"] });
  });

  it("counts the values of a request part up to the bound", () => {
    expect(valueCountAbove({ a: [1, 2, { b: "c" }] }, 5)).toBe(true);
    expect(valueCountAbove({ a: [1, 2, { b: "c" }] }, 6)).toBe(false);
    expect(
      valueCountAbove(
        Array.from({ length: FULL_REPORT_MAX_VALUES }, () => 0),
        FULL_REPORT_MAX_VALUES,
      ),
    ).toBe(true);
    expect(valueCountAbove("text", 1)).toBe(false);
  });
});
