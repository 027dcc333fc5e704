import { generateCompleteDataset } from "@openverde/frameworks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REPORTED_ERRORS } from "../../platform/http/errors";
import { MAX_OBJECT_MEMBERS } from "../../platform/http/json-body";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { company, user } from "./test-helpers";

describe("the error report of a refused dataset", () => {
  let platform: TestPlatform;
  let uploader: string;
  let companyId: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ env: { RATE_LIMITS: "false" } });
    uploader = (await user(platform, "bounded_uploader", ["ROLE_USER", "ROLE_UPLOADER"])).authorization;
    companyId = (await company(platform)).companyId;
  });
  afterAll(() => platform?.close());

  const upload = (data: unknown) =>
    platform.app.inject({
      method: "POST",
      url: "/api/data/sfdr",
      headers: { authorization: uploader, "content-type": "application/json" },
      payload: JSON.stringify({ companyId, reportingPeriod: "2024", data }),
    });
  const withUnknownFields = (count: number) => ({
    ...generateCompleteDataset("sfdr", 3),
    ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`unknown${index}`, 1])),
  });

  it("lists every error when there are at most 100", async () => {
    const response = await upload(withUnknownFields(MAX_REPORTED_ERRORS - 10));
    expect(response.statusCode).toBe(400);
    const { errors } = response.json() as { errors: { message: string }[] };
    expect(errors.filter((error) => /Unknown field/.test(error.message))).toHaveLength(
      MAX_REPORTED_ERRORS - 10,
    );
  });

  it("lists the first 100 errors and counts the rest in one more entry", async () => {
    const unknown = MAX_OBJECT_MEMBERS - 200;
    const response = await upload(withUnknownFields(unknown));
    expect(response.statusCode).toBe(400);
    const { errors } = response.json() as { errors: { summary: string; message: string }[] };
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    // The referenced reports are not stored either: one more error besides the unknown fields, or none.
    expect(errors.at(-1)?.summary).toBe("More errors");
    expect(errors.at(-1)?.message).toMatch(/^4,[0-9]{3} more errors are not listed/);
    expect(response.body.length).toBeLessThan(64 * 1024);
  });

  it("refuses a body with an object of 400,000 fields before parsing it, within 500 ms", async () => {
    const payload = JSON.stringify({ companyId, reportingPeriod: "2024", data: withUnknownFields(400_000) });
    const started = performance.now();
    const response = await platform.app.inject({
      method: "POST",
      url: "/api/data/sfdr",
      headers: { authorization: uploader, "content-type": "application/json" },
      payload,
    });
    expect(performance.now() - started).toBeLessThan(500);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toHaveLength(1);
  });
});

describe("the error report of a request refused by its schema", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ env: { RATE_LIMITS: "false" } });
  });
  afterAll(() => platform?.close());

  it("lists at most 100 errors and counts the rest", async () => {
    const admin = (await user(platform, "bounded_admin", ["ROLE_USER", "ROLE_ADMIN"])).authorization;
    const response = await platform.app.inject({
      method: "POST",
      url: "/api/companies/validation",
      headers: { authorization: admin, "content-type": "application/json" },
      payload: JSON.stringify(Array.from({ length: 300 }, () => ({}))),
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json() as { errors: { message: string }[] };
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(errors.at(-1)?.message).toMatch(/^200 more errors are not listed/);
  });
});
