import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors";
import { registerInputGuard } from "./input-guard";

describe("the NUL guard", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    registerInputGuard(app);
    app.post("/echo/:name", async (request) => request.body);
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, body: unknown) => app.inject({ method: "POST", url, payload: body as object });
  const messageOf = async (response: Awaited<ReturnType<typeof post>>) =>
    (response.json() as { errors: { message: string }[] }).errors[0]?.message;

  it("lets text without NUL through, however it is nested", async () => {
    const body = {
      items: [
        { name: "Acme", tags: ["a", "b"] },
        { name: "Ünïcode ✓", deep: [[["x"]]] },
      ],
    };
    const response = await post("/echo/acme?q=1", body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
  });

  it("names where in the body the NUL character is", async () => {
    const response = await post("/echo/acme", { items: [{ name: "ok" }, { name: "bad\u0000name" }] });
    expect(response.statusCode).toBe(400);
    expect(await messageOf(response)).toBe(
      "body.items[1].name contains the NUL character (U+0000), which is not allowed in text.",
    );
  });

  it("refuses NUL in keys, query and path parameters", async () => {
    expect((await post("/echo/acme", { "bad\u0000key": 1 })).statusCode).toBe(400);
    const query = await post("/echo/acme?q=a%00b", {});
    expect(query.statusCode).toBe(400);
    expect(await messageOf(query)).toMatch(/^query parameter.q contains the NUL character/);
    const path = await post("/echo/a%00b", {});
    expect(path.statusCode).toBe(400);
    expect(await messageOf(path)).toMatch(/^path parameter.name contains the NUL character/);
  });
});
