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

describe("the unpaired surrogate guard", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    registerInputGuard(app);
    app.post("/echo/:name", async (request) => request.body);
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const json = (text: string) =>
    app.inject({
      method: "POST",
      url: "/echo/x",
      headers: { "content-type": "application/json" },
      payload: text,
    });

  it("names the field of a JSON body that holds a lone low or high surrogate", async () => {
    for (const lone of ["\\udfff", "\\ud800", "a\\ud800b", "\\udc00\\ud800"]) {
      const response = await json(`{"data":{"comment":"${lone}"}}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toMatch(
        /^body\.data\.comment contains an unpaired UTF-16 surrogate/,
      );
    }
  });

  it("lets astral characters, bidi controls and combining marks through", async () => {
    const body = { name: "𝕆𝕡𝕖𝕟 \u202Egnp.exe e\u0301 \uD83D\uDE00 \uFEFF" };
    const response = await json(JSON.stringify(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
  });

  it("refuses a lone surrogate in a key, and checks form bodies the same way", async () => {
    expect((await json('{"\\udfff":1}')).statusCode).toBe(400);
    const form = (payload: string) =>
      app.inject({
        method: "POST",
        url: "/echo/x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload,
      });
    const nul = await form("username=a%00b");
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].message).toMatch(/^body\.username contains the NUL character/);
    // Form bodies are UTF-8 bytes: an encoded lone surrogate decodes to U+FFFD, which is valid text.
    const surrogate = await form("username=%ED%B3%BF");
    expect(surrogate.statusCode).toBe(200);
    expect(surrogate.json()).toEqual({ username: "\uFFFD\uFFFD\uFFFD" });
  });
});
