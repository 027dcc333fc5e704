import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerFor } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { DEFAULT_BUDGETS, parseRateLimitBudgets } from "./rate-limit-budgets";
import { RATE_LIMIT_RULES } from "./rate-limits";

const fail = (message: string) => new Error(message);

describe("rate limit settings", () => {
  it("has budgets by default that let an uploader's or an admin's pipeline send 50 datasets a second", () => {
    const { budgets, raised } = parseRateLimitBudgets(undefined, undefined, fail);
    expect(budgets).toEqual(DEFAULT_BUDGETS);
    expect(budgets["dataset-uploads"].uploader / 60).toBeGreaterThanOrEqual(50);
    expect(budgets["dataset-uploads"].admin / 60).toBeGreaterThanOrEqual(50);
    expect(raised.size).toBe(0);
  });

  it("changes the budgets named and keeps the others", () => {
    const { budgets } = parseRateLimitBudgets(
      " dataset-uploads.reader=600, document-uploads.admin=1200 ",
      "",
      fail,
    );
    expect(budgets["dataset-uploads"]).toEqual({ ...DEFAULT_BUDGETS["dataset-uploads"], reader: 600 });
    expect(budgets["document-uploads"]).toEqual({ ...DEFAULT_BUDGETS["document-uploads"], admin: 1200 });
    expect(budgets["non-sourceable"]).toEqual(DEFAULT_BUDGETS["non-sourceable"]);
  });

  it("counts the admin console's changes, ownership decisions among them, in one budget", () => {
    const ruleOf = (method: string, path: string) =>
      RATE_LIMIT_RULES.find((rule) => rule.method === method && rule.path.test(path))?.name;
    const claim = "/community/company-ownership-claims/0b7f3a52-8c1d-4e6f-9a2b-3c4d5e6f7a8b";
    expect(ruleOf("POST", `${claim}/approval`)).toBe("admin-changes");
    expect(ruleOf("POST", `${claim}/decline`)).toBe("admin-changes");
    expect(ruleOf("PUT", "/admin-api/users/0b7f3a52-8c1d-4e6f-9a2b-3c4d5e6f7a8b/roles")).toBe(
      "admin-changes",
    );
    expect(ruleOf("GET", "/community/company-ownership-claims")).toBeUndefined();
    expect(ruleOf("GET", "/admin-api/users")).toBeUndefined();
  });

  it("reads the users given more by username or id", () => {
    const { raised } = parseRateLimitBudgets(
      undefined,
      "pipeline_bot=10, 0b7f3a52-8c1d-4e6f-9a2b-3c4d5e6f7a8b=4",
      fail,
    );
    expect([...raised]).toEqual([
      ["pipeline_bot", 10],
      ["0b7f3a52-8c1d-4e6f-9a2b-3c4d5e6f7a8b", 4],
    ]);
  });

  it.each([
    ["sign-in.visitor=1000", undefined, /RATE_LIMIT_BUDGETS .*"sign-in.visitor=1000"/],
    ["dataset-uploads.robot=10", undefined, /RATE_LIMIT_BUDGETS .*callers: visitor, reader, uploader, admin/],
    ["dataset-uploads.reader=0", undefined, /RATE_LIMIT_BUDGETS/],
    ["dataset-uploads.reader=1.5", undefined, /RATE_LIMIT_BUDGETS/],
    [undefined, "pipeline_bot", /RATE_LIMIT_RAISED .*"pipeline_bot"/],
    [undefined, "pipeline_bot=0", /RATE_LIMIT_RAISED/],
    [undefined, "=5", /RATE_LIMIT_RAISED/],
  ])("refuses %s / %s with a message naming the setting", (budgets, raised, message) => {
    expect(() => parseRateLimitBudgets(budgets, raised, fail)).toThrow(message);
  });
});

describe("rate limits per kind of caller", () => {
  let platform: TestPlatform;
  const auth: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startTestPlatform({
      env: { RATE_LIMIT_BUDGETS: "non-sourceable.reader=3", RATE_LIMIT_RAISED: "raised_reader=2" },
    });
    auth.reader = await bearerFor(platform, { username: "budget_reader", roles: ["ROLE_USER"] });
    auth.raised = await bearerFor(platform, { username: "raised_reader", roles: ["ROLE_USER"] });
    auth.uploader = await bearerFor(platform, {
      username: "budget_uploader",
      roles: ["ROLE_USER", "ROLE_UPLOADER"],
    });
    auth.admin = await bearerFor(platform, { username: "budget_admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  });
  afterAll(() => platform?.close());

  // An empty body: refused (400, or 403 for a reader) after the limit has counted it; nothing is written.
  const upload = (path: string, authorization: string | undefined) =>
    platform.request(path, {
      method: "POST",
      headers: { ...(authorization ? { authorization } : {}), "content-type": "application/json" },
      body: "{}",
    });

  async function statuses(path: string, authorization: string | undefined, count: number) {
    const answers = await Promise.all(Array.from({ length: count }, () => upload(path, authorization)));
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    return answers;
  }

  it("tells a caller its policy and what is left of it on every limited request", async () => {
    const first = await upload("/api/data/sfdr", auth.reader);
    expect(first.status).toBe(403);
    expect(first.headers.get("ratelimit-policy")).toBe('"dataset-uploads";q=120;w=60');
    expect(first.headers.get("ratelimit")).toMatch(/^"dataset-uploads";r=119;t=(59|60)$/);
    const unlimited = await platform.request("/api/companies?searchString=x", {
      headers: { authorization: auth.reader ?? "" },
    });
    expect(unlimited.headers.get("ratelimit-policy")).toBeNull();
  });

  it("holds a reader's browser to 120 dataset uploads a minute, with the headers and Retry-After on the 429", async () => {
    const answers = await statuses("/api/data/lksg", auth.reader, 125);
    // The first request of the test before counts too.
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
    const limited = answers.find((answer) => answer.status === 429) as Response;
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit")).toBe(`"dataset-uploads";r=0;t=${wait}`);
    expect(limited.headers.get("ratelimit-policy")).toBe('"dataset-uploads";q=120;w=60');
  });

  it("lets an uploader's and an admin's pipeline send 300 datasets at once", async () => {
    for (const who of ["uploader", "admin"]) {
      const answers = await statuses("/api/data/sfdr", auth[who], 300);
      expect(answers.map((answer) => answer.status).filter((status) => status === 429)).toEqual([]);
      expect(answers[0]?.headers.get("ratelimit-policy")).toBe('"dataset-uploads";q=6000;w=60');
    }
  });

  it("counts a user's API key apart from their browser", async () => {
    const created = await platform.request("/api-keys/generateApiKey?daysValid=1", {
      headers: { authorization: auth.reader ?? "" },
    });
    const { apiKey } = (await created.json()) as { apiKey: string };
    expect((await upload("/api/data/lksg", auth.reader)).status).toBe(429);
    const viaKey = await upload("/api/data/lksg", `Bearer ${apiKey}`);
    expect(viaKey.status).toBe(403);
    expect(viaKey.headers.get("ratelimit")).toMatch(/^"dataset-uploads";r=119;/);
  });

  it("takes the budgets the configuration sets, and multiplies them for the users it names", async () => {
    const reader = await statuses("/api/metadata/nonSourceable", auth.reader, 4);
    // Sent at once, they may reach the limiter in any order: three are let through, one is refused.
    expect(reader.map((answer) => answer.status).sort()).toEqual([400, 400, 400, 429]);
    expect(reader.find((answer) => answer.status === 400)?.headers.get("ratelimit-policy")).toBe(
      '"non-sourceable";q=3;w=60',
    );
    const raised = await statuses("/api/metadata/nonSourceable", auth.raised, 7);
    expect(raised.filter((answer) => answer.status === 429)).toHaveLength(1);
    expect(raised[0]?.headers.get("ratelimit-policy")).toBe('"non-sourceable";q=6;w=60');
  });

  it("keeps the API key check as strict for a raised user and an admin as for anyone", async () => {
    for (const who of ["raised", "admin"]) {
      const check = await platform.request("/api-keys/validateApiKey?apiKey=guess", {
        headers: { authorization: auth[who] ?? "" },
      });
      expect(check.headers.get("ratelimit-policy")).toBe('"api-key-checks";q=60;w=60');
    }
  });
});
