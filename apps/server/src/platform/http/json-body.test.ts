import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors";
import { registerInputGuard } from "./input-guard";
import { jsonShapeProblem, MAX_JSON_MEMBERS, MAX_OBJECT_MEMBERS, registerJsonBodyLimit } from "./json-body";

const limits = { members: 3, objectMembers: 2 };

describe("the shape of JSON text", () => {
  it("counts members outside strings, in all and per object", () => {
    expect(jsonShapeProblem('{"a":1,"b":{"c":2}}', limits)).toBeUndefined();
    expect(jsonShapeProblem('{"a":1,"b":2,"c":3}', limits)).toBe("objectMembers");
    expect(jsonShapeProblem('[{"a":1,"b":2},{"a":1,"b":2}]', limits)).toBe("members");
    expect(jsonShapeProblem('{"a:b:c:d":"e:f:g\\":h","i":[1,2,3]}', limits)).toBeUndefined();
    expect(jsonShapeProblem('{"a\\\\":1,"b":{"c":1,"d":2}}', limits)).toBe("members");
    expect(jsonShapeProblem('{"a":"unterminated', limits)).toBeUndefined();
  });
});

describe("the JSON body limit", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 20 * 1024 * 1024 });
    registerErrorHandling(app);
    registerJsonBodyLimit(app);
    app.post("/", async (request) => ({ keys: Object.keys(request.body as object).length }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (body: unknown) =>
    app.inject({
      method: "POST",
      url: "/",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
  const wide = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, 1]));

  it("parses a body within the limits as before, prototype checks included", async () => {
    expect((await post(wide(MAX_OBJECT_MEMBERS))).json()).toEqual({ keys: MAX_OBJECT_MEMBERS });
    const poisoned = await app.inject({
      method: "POST",
      url: "/",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it("refuses an object of too many fields, and too many fields in all, with a 413 before parsing", async () => {
    const tooWide = await post(wide(MAX_OBJECT_MEMBERS + 1));
    expect(tooWide.statusCode).toBe(413);
    expect(tooWide.json().errors[0].message).toMatch(/an object with more than 5,000 fields/);
    const many = Array.from({ length: MAX_JSON_MEMBERS / 4 + 1 }, () => ({ a: 1, b: 2, c: 3, d: 4 }));
    const tooMany = await post(many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().errors[0].message).toMatch(/more than 100,000 fields/);
    const hostile = JSON.stringify(wide(400_000));
    const started = performance.now();
    const refused = await app.inject({
      method: "POST",
      url: "/",
      headers: { "content-type": "application/json" },
      payload: hostile,
    });
    expect(refused.statusCode).toBe(413);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("JSON bodies and prototype poisoning", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    registerInputGuard(app);
    registerJsonBodyLimit(app);
    app.post("/", async (request) => ({
      body: request.body,
      prototypeIntact: Object.getPrototypeOf(request.body ?? {}) === Object.prototype,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: string) =>
    app.inject({ method: "POST", url: "/", headers: { "content-type": "application/json" }, payload });

  it("parses plain bodies as they are", async () => {
    const text = '{"a":[1,2.5,"x",null,true],"b":{"c":"Ünïcode ✓ \\"quoted\\""}}';
    const response = await post(text);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: JSON.parse(text), prototypeIntact: true });
  });

  it.each([
    ['{"__proto__":{"isAdmin":true}}'],
    ['{"a":{"b":[{"__proto__":{"isAdmin":true}}]}}'],
    ['{"\\u005f_proto__":{"isAdmin":true}}'],
    ['{"__pr\\u006fto__":{"isAdmin":true}}'],
    ['{"constructor":{"prototype":{"isAdmin":true}}}'],
    ['{"a":{"constructor":{"prototype":{"isAdmin":true}}}}'],
    ['{"\\u0063onstructor":{"prototype":{"isAdmin":true}}}'],
  ])("refuses %s with a 400", async (text) => {
    const response = await post(text);
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("accepts the words in values and a constructor without a prototype, as Fastify's parser does", async () => {
    for (const text of ['{"note":"__proto__ and constructor"}', '{"constructor":1}', '{"a":"\\u0041"}'])
      expect((await post(text)).statusCode, text).toBe(200);
  });

  it("answers malformed or empty JSON with Fastify's 400", async () => {
    for (const text of ['{"a":', "", "[1,]", '{"a":1}x']) {
      const response = await post(text);
      expect(response.statusCode, text).toBe(400);
    }
  });

  it("still refuses text PostgreSQL cannot store when it comes as an escape", async () => {
    for (const text of ['{"a":"bad\\u0000"}', '{"a":"\\ud800"}', '{"\\u0000":1}']) {
      const response = await post(text);
      expect(response.statusCode, text).toBe(400);
      expect(response.json().errors[0].message, text).toMatch(/NUL|surrogate/);
    }
  });
});
