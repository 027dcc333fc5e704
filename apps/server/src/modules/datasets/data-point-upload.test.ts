import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { company, json, storePdf, type TestUser, user } from "./test-helpers";

let platform: TestPlatform;
let admin: TestUser;
let uploader: TestUser;
let reviewer: TestUser;
let reader: TestUser;
let companyId: string;
let report: string;

const TYPE = "extendedEnumYesNoIsNfrdMandatory";
const value = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    value: "No",
    quality: "Reported",
    comment: "from the annual report",
    dataSource: { page: "12", fileName: "Annual report", fileReference: report },
    ...extra,
  });

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await user(platform, "dp-admin", ["ROLE_USER", "ROLE_UPLOADER", "ROLE_ADMIN"]);
  uploader = await user(platform, "dp-uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
  reviewer = await user(platform, "dp-reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
  reader = await user(platform, "dp-reader");
  companyId = (await company(platform)).companyId;
  report = await storePdf(platform, "data-point-report");
});
afterAll(async () => platform?.close());

const countRows = async (table: string) =>
  Number(
    (
      (await platform.database.db
        .withTables<Record<string, Record<string, unknown>>>()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst()) as { n: unknown }
    ).n,
  );

describe("POST /api/data-points", () => {
  it("stores a data point awaiting review, readable by its id and in the qa queue", async () => {
    const body = { companyId, reportingPeriod: "2024", dataPointType: TYPE, dataPoint: value() };
    const response = await platform.request("/api/data-points", json(uploader.authorization, body));
    const meta = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(meta)).toBe(200);
    expect(meta).toMatchObject({
      dataPointType: TYPE,
      companyId,
      reportingPeriod: "2024",
      uploaderUserId: uploader.userId,
      qaStatus: "Pending",
      currentlyActive: false,
    });
    const read = await platform.request(`/api/data-points/${meta.dataPointId}`, json(uploader.authorization));
    const stored = (await read.json()) as typeof body;
    expect({ ...stored, dataPoint: JSON.parse(stored.dataPoint) }).toEqual({
      ...body,
      dataPoint: JSON.parse(body.dataPoint),
    });
    // It is no dataset of a framework: lists of datasets leave its carrier out.
    const listed = await platform.request(`/api/metadata?companyId=${companyId}`, json(admin.authorization));
    expect(((await listed.json()) as { dataType: string }[]).map((meta) => meta.dataType)).not.toContain(
      "data-point",
    );
    // Not yet accepted: the uploader sees it, another user does not.
    const other = await platform.request(`/api/data-points/${meta.dataPointId}`, json(reader.authorization));
    expect(other.status).toBe(404);

    const review = await platform.request(
      `/qa/data-points/${meta.dataPointId}`,
      json(reviewer.authorization),
    );
    expect(review.status).toBe(200);
  });

  it("accepts and activates at once with bypassQa for an admin, and refuses bypassQa to others", async () => {
    const body = { companyId, reportingPeriod: "2023", dataPointType: TYPE, dataPoint: value() };
    const refused = await platform.request(
      "/api/data-points?bypassQa=true",
      json(uploader.authorization, body),
    );
    expect(refused.status).toBe(403);
    const response = await platform.request(
      "/api/data-points?bypassQa=true",
      json(admin.authorization, body),
    );
    const meta = (await response.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({ qaStatus: "Accepted", currentlyActive: true });
    const metadata = await platform.request(
      `/api/data-points/${meta.dataPointId}/metadata`,
      json(reader.authorization),
    );
    expect(await metadata.json()).toEqual(meta);

    // A newer accepted one takes over as the active data point of its type.
    const newer = (await (
      await platform.request("/api/data-points?bypassQa=true", json(admin.authorization, body))
    ).json()) as Record<string, unknown>;
    expect(newer.currentlyActive).toBe(true);
    const older = (await (
      await platform.request(`/api/data-points/${meta.dataPointId}/metadata`, json(reader.authorization))
    ).json()) as Record<string, unknown>;
    expect(older.currentlyActive).toBe(false);
  });

  it("answers 401 to a visitor and 403 to a user without an upload role", async () => {
    const body = { companyId, reportingPeriod: "2024", dataPointType: TYPE, dataPoint: value() };
    expect((await platform.request("/api/data-points", json("", body))).status).toBe(401);
    expect((await platform.request("/api/data-points", json(reader.authorization, body))).status).toBe(403);
  });

  it("refuses bad input with a 400 naming the field and stores nothing", async () => {
    const before = await countRows("dataset_data_point");
    const cases: [Record<string, unknown>, string][] = [
      [{ dataPoint: value({ value: "Maybe" }) }, "dataPoint.value"],
      [{ dataPoint: "{not json" }, "dataPoint"],
      [{ dataPointType: "noSuchType" }, "dataPointType"],
      [{ reportingPeriod: "last year" }, "reportingPeriod"],
      [{ companyId: "00000000-0000-4000-8000-00000000abcd" }, "companyId"],
      [{ dataPoint: value({ dataSource: { page: "1", fileReference: "f".repeat(64) } }) }, "fileReference"],
      [
        { dataPoint: value({ dataSource: { page: "0", fileReference: report } }) },
        "dataPoint.dataSource.page",
      ],
    ];
    for (const [change, field] of cases) {
      const body = { companyId, reportingPeriod: "2024", dataPointType: TYPE, dataPoint: value(), ...change };
      const response = await platform.request("/api/data-points", json(uploader.authorization, body));
      const answer = (await response.json()) as { errors: { summary: string; message: string }[] };
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(answer.errors[0]?.summary, JSON.stringify(answer)).toContain(field);
    }
    const missing = await platform.request(
      "/api/data-points",
      json(uploader.authorization, { companyId, dataPointType: TYPE }),
    );
    expect(missing.status).toBe(400);
    expect(await countRows("dataset_data_point")).toBe(before);
  });
});

describe("POST /api/data-points/validator", () => {
  it("answers 204 for a valid value and 400 naming what is wrong, storing nothing", async () => {
    const before = await countRows("dataset_data_point");
    const valid = await platform.request(
      "/api/data-points/validator",
      json(reader.authorization, { dataPointType: TYPE, dataPoint: value() }),
    );
    expect(valid.status).toBe(204);
    const invalid = await platform.request(
      "/api/data-points/validator",
      json(reader.authorization, { dataPointType: TYPE, dataPoint: value({ quality: "Guessed" }) }),
    );
    expect(invalid.status).toBe(400);
    const answer = (await invalid.json()) as { errors: { summary: string }[] };
    expect(answer.errors[0]?.summary).toContain("dataPoint.quality");
    const unknown = await platform.request(
      "/api/data-points/validator",
      json(reader.authorization, { dataPointType: "noSuchType", dataPoint: "{}" }),
    );
    expect(unknown.status).toBe(400);
    expect(
      (
        await platform.request(
          "/api/data-points/validator",
          json("", { dataPointType: TYPE, dataPoint: "{}" }),
        )
      ).status,
    ).toBe(401);
    expect(await countRows("dataset_data_point")).toBe(before);
  });
});
