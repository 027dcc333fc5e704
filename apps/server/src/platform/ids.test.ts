import { Type } from "@sinclair/typebox";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedValidators } from "./http/bounded-validation";
import { registerErrorHandling } from "./http/errors";
import { uuidString } from "./ids";

describe("ids in queries and bodies", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ schemaController: { compilersFactory: { buildValidator: boundedValidators() } } });
    registerErrorHandling(app);
    app.post(
      "/things",
      {
        schema: {
          querystring: Type.Object({ ownerId: Type.Optional(uuidString()) }),
          body: Type.Object({ companyIds: Type.Array(uuidString()) }),
        },
      },
      async (request) => request.body,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (body: unknown, query = "") =>
    app.inject({ method: "POST", url: `/things${query}`, payload: body as object });

  it("accepts ids of any version, as the one rule says", async () => {
    const ids = ["01890a5d-ac96-774b-bcce-b302099a8057", "821B6CF3-E46F-55CB-84B6-115BA4C52AA1"];
    const response = await post({ companyIds: ids }, "?ownerId=6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ companyIds: ids });
  });

  it("refuses other shapes with a 400 naming the field, a urn: prefix included", async () => {
    for (const [body, query, field] of [
      [{ companyIds: ["urn:uuid:6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10"] }, "", "companyIds.0"],
      [{ companyIds: [] }, "?ownerId=not-a-uuid", "ownerId"],
    ] as const) {
      const response = await post(body, query);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });
});
