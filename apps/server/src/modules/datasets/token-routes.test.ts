import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { user } from "./test-helpers";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => platform?.close());

it("GET /api/token answers 200 with an empty body to a signed-in caller and 401 to anyone else", async () => {
  const { authorization } = await user(platform, "token-user");
  const valid = await platform.request("/api/token", { headers: { authorization } });
  expect(valid.status).toBe(200);
  expect(await valid.text()).toBe("");
  const visitor = await platform.request("/api/token");
  expect(visitor.status).toBe(401);
  expect(((await visitor.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  const forged = await platform.request("/api/token", { headers: { authorization: "Bearer not-a-token" } });
  expect(forged.status).toBe(401);
});
