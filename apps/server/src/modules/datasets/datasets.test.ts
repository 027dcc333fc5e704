import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { recordQaVerdict } from "./service";
import { company, completeDataset, json, storePdf, type TestUser, user } from "./test-helpers";

let platform: TestPlatform;
let uploader: TestUser;
let admin: TestUser;
let reviewer: TestUser;
let reader: TestUser;
let owner: TestUser;
let companyId: string;
let lei: string;
let sfdr: Record<string, unknown>;

const call = async (path: string, init: RequestInit = {}) => {
  const response = await platform.request(path, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
};
const upload = (who: TestUser, body: unknown, query = "") =>
  call(`/api/data/sfdr${query}`, json(who.authorization, body));
const events = async (type: string) =>
  (
    await sql<{
      payload: Record<string, unknown>;
    }>`select payload from platform_event where type = ${type} order by id`.execute(platform.database.db)
  ).rows.map((row) => row.payload);

beforeAll(async () => {
  platform = await startTestPlatform();
  uploader = await user(platform, "ds-uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
  admin = await user(platform, "ds-admin", ["ROLE_USER", "ROLE_ADMIN"]);
  reviewer = await user(platform, "ds-reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
  reader = await user(platform, "ds-reader", ["ROLE_USER"]);
  owner = await user(platform, "ds-owner", ["ROLE_USER"]);
  ({ companyId, lei } = await company(platform));
  sfdr = await completeDataset(platform, "sfdr");
});
afterAll(async () => platform?.close());

describe("uploading", () => {
  it("stores a pending version with uploader, time and a link to its page", async () => {
    const before = Date.now();
    const { status, body } = await upload(uploader, { companyId, reportingPeriod: "2019", data: sfdr });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2019",
      uploaderUserId: uploader.userId,
      qaStatus: "Pending",
      currentlyActive: false,
      ref: `${platform.baseUrl}/companies/${companyId}/frameworks/sfdr/${body.dataId}`,
    });
    expect(body.uploadTime).toBeGreaterThanOrEqual(before);
    const uploaded = (await events("dataset.uploaded")).find((event) => event.dataId === body.dataId);
    expect(uploaded).toEqual({
      dataId: body.dataId,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2019",
      uploaderUserId: uploader.userId,
      qaStatus: "Pending",
    });
  });

  it("inserts a dataset's data points in the order of their type key, with ids increasing in that order", async () => {
    // So that an upload's entries go to the end of the index by dataset and type key (store.ts).
    const { body } = await upload(uploader, { companyId, reportingPeriod: "2018", data: sfdr });
    // In the order the rows were written (their place in the table: the table only grows here).
    const { rows } = await sql<{ id: string; key: number; type: string }>`
      select data_point_id as id, data_point_type_key(data_point_type) as key, data_point_type as type
      from dataset_data_point where data_id = ${body.dataId} order by ctid`.execute(platform.database.db);
    expect(rows.length).toBeGreaterThan(100);
    const inKeyOrder = [...rows].sort((a, b) => a.key - b.key || (a.type < b.type ? -1 : 1));
    expect(rows).toEqual(inKeyOrder);
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort());
  });

  it("needs a signed-in user with the right to upload", async () => {
    const anonymous = await call("/api/data/sfdr", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ companyId, reportingPeriod: "2020", data: sfdr }),
    });
    expect(anonymous.status).toBe(401);
    expect((await upload(reader, { companyId, reportingPeriod: "2020", data: sfdr })).status).toBe(403);
  });

  it("lets company owners and data uploaders upload for their company only", async () => {
    const assigned = await call(
      `/community/company-role-assignments/CompanyOwner/${companyId}/${owner.userId}`,
      { method: "POST", headers: { authorization: admin.authorization } },
    );
    expect(assigned.status).toBe(200);
    expect((await upload(owner, { companyId, reportingPeriod: "2018", data: sfdr })).status).toBe(200);
    const other = await company(platform);
    expect(
      (await upload(owner, { companyId: other.companyId, reportingPeriod: "2018", data: sfdr })).status,
    ).toBe(403);
  });

  it("lets only admins bypass the review", async () => {
    expect(
      (await upload(uploader, { companyId, reportingPeriod: "2020", data: sfdr }, "?bypassQa=true")).status,
    ).toBe(403);
    const { status, body } = await upload(
      admin,
      { companyId, reportingPeriod: "2017", data: sfdr },
      "?bypassQa=true",
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ qaStatus: "Accepted", currentlyActive: true });
  });

  it("reports every problem of the data with its JSON path, and stores nothing", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the test breaks the data on purpose.
    const broken = structuredClone(sfdr) as any;
    broken.general.general.dataDate = "31.12.2023";
    broken.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes = { value: -5 };
    broken.general.unknownField = 1;
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from dataset`.execute(platform.database.db)).rows[0]
          ?.n,
      );
    const before = await count();
    const { status, body } = await upload(uploader, { companyId, reportingPeriod: "2021", data: broken });
    expect(status).toBe(400);
    const messages = body.errors.map((error: { message: string }) => error.message).join("\n");
    expect(body.errors.length).toBeGreaterThanOrEqual(3);
    expect(messages).toContain("data.general.general.dataDate");
    expect(messages).toContain("data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.value");
    expect(messages).toContain("data.general.unknownField");
    for (const error of body.errors)
      expect(error).toMatchObject({ errorType: "invalid-input", httpStatus: 400 });
    expect(await count()).toBe(before);
  });

  it("rejects an unknown company, a period that is not a year and a missing body part", async () => {
    const { status, body } = await upload(uploader, {
      companyId: "6b0c1c8e-0000-4000-8000-000000000000",
      reportingPeriod: "FY23",
      data: sfdr,
    });
    expect(status).toBe(400);
    const summaries = body.errors.map((error: { summary: string }) => error.summary);
    expect(summaries).toEqual(expect.arrayContaining(["Invalid companyId", "Invalid reportingPeriod"]));
    expect((await upload(uploader, { companyId, reportingPeriod: "2021" })).status).toBe(400);
    expect((await upload(uploader, [])).status).toBe(400);
  });

  it("needs every cited document to be stored and the sources to agree with the referenced reports", async () => {
    const missing = "ab".repeat(32);
    const text = JSON.stringify(sfdr);
    const [, someReference] = /"fileReference":"([0-9a-f]{64})"/.exec(text) ?? [];
    const unstored = JSON.parse(text.replaceAll(someReference as string, missing));
    const { status, body } = await upload(uploader, { companyId, reportingPeriod: "2021", data: unstored });
    expect(status).toBe(400);
    expect(JSON.stringify(body.errors)).toContain(missing);

    const references = [...new Set(text.match(/[0-9a-f]{64}/g))];
    expect(references.length).toBeGreaterThanOrEqual(2);
    let noneStored = text;
    for (const [i, reference] of references.entries())
      noneStored = noneStored.replaceAll(reference, String(i).padStart(2, "0").repeat(32));
    const all = await upload(uploader, {
      companyId: "6b0c1c8e-0000-4000-8000-000000000001",
      reportingPeriod: "2021",
      data: JSON.parse(noneStored),
    });
    expect(all.status).toBe(400);
    expect(all.body.errors[0].summary).toBe("Invalid companyId");
    expect(
      all.body.errors.filter((error: { summary: string }) => error.summary === "Invalid fileReference"),
    ).toHaveLength(references.length);

    const other = await storePdf(platform, "a report nobody lists");
    const disagreeing = structuredClone(sfdr) as Record<
      string,
      Record<string, Record<string, Record<string, unknown>>>
    >;
    const point = disagreeing.environmental?.greenhouseGasEmissions?.scope1GhgEmissionsInTonnes as Record<
      string,
      unknown
    >;
    point.dataSource = { fileReference: other, fileName: "NotAReport", page: "1" };
    const second = await upload(uploader, { companyId, reportingPeriod: "2021", data: disagreeing });
    expect(second.status).toBe(400);
    expect(JSON.stringify(second.body.errors)).toContain("scope1GhgEmissionsInTonnes.dataSource");
  });
});

describe("the active dataset", () => {
  it("is the newest accepted version of a company, framework and period", async () => {
    const first = await upload(admin, { companyId, reportingPeriod: "2022", data: sfdr }, "?bypassQa=true");
    expect(first.body.currentlyActive).toBe(true);
    const pending = await upload(uploader, { companyId, reportingPeriod: "2022", data: sfdr });
    expect(pending.body.currentlyActive).toBe(false);
    const second = await upload(admin, { companyId, reportingPeriod: "2022", data: sfdr }, "?bypassQa=true");
    expect(second.body.currentlyActive).toBe(true);
    expect(
      (await call(`/api/metadata/${first.body.dataId}`, json(reader.authorization))).body.currentlyActive,
    ).toBe(false);
    const activated = (await events("dataset.activated")).find(
      (event) => event.dataId === second.body.dataId,
    );
    expect(activated).toEqual({
      dataId: second.body.dataId,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2022",
      previousActiveDataId: first.body.dataId,
    });

    // Accepting the older pending version does not displace the newer accepted one.
    await platform.database.db
      .transaction()
      .execute((trx) => recordQaVerdict(trx, pending.body.dataId, "Accepted"));
    expect(
      (await call(`/api/metadata/${second.body.dataId}`, json(reader.authorization))).body.currentlyActive,
    ).toBe(true);
    // Rejecting the active one hands activity back to the newest accepted one left.
    await platform.database.db
      .transaction()
      .execute((trx) => recordQaVerdict(trx, second.body.dataId, "Rejected"));
    const active = await call(
      `/api/metadata?companyId=${companyId}&reportingPeriod=2022`,
      json(reader.authorization),
    );
    expect(active.body.map((meta: { dataId: string }) => meta.dataId)).toEqual([pending.body.dataId]);
    const summary = await call(`/api/companies/${companyId}/aggregated-framework-data-summary`);
    expect(summary.body.sfdr.numberOfProvidedReportingPeriods).toBeGreaterThanOrEqual(2);
  });

  it("moves the active data points along and lists them per dataset", async () => {
    const accepted = await upload(
      admin,
      { companyId, reportingPeriod: "2016", data: sfdr },
      "?bypassQa=true",
    );
    const points = await call(
      `/api/metadata/${accepted.body.dataId}/data-points`,
      json(reader.authorization),
    );
    expect(points.status).toBe(200);
    const entries = Object.entries(points.body as Record<string, string>);
    expect(entries.length).toBeGreaterThan(100);
    const [type, dataPointId] =
      entries.find(([name]) => name === "extendedDecimalScope1GhgEmissionsInTonnes") ?? [];
    const point = await call(`/api/data-points/${dataPointId}`, json(reader.authorization));
    expect(point.body).toEqual({
      dataPoint: expect.any(String),
      dataPointType: type,
      companyId,
      reportingPeriod: "2016",
    });
    const environmental = sfdr.environmental as Record<string, Record<string, unknown>>;
    expect(JSON.parse(point.body.dataPoint)).toEqual(
      environmental.greenhouseGasEmissions?.scope1GhgEmissionsInTonnes,
    );
    const meta = await call(`/api/data-points/${dataPointId}/metadata`, json(reader.authorization));
    expect(meta.body).toMatchObject({
      dataPointId,
      currentlyActive: true,
      qaStatus: "Accepted",
      uploaderUserId: admin.userId,
    });
    const newer = await upload(admin, { companyId, reportingPeriod: "2016", data: sfdr }, "?bypassQa=true");
    expect(newer.status).toBe(200);
    expect(
      (await call(`/api/data-points/${dataPointId}/metadata`, json(reader.authorization))).body
        .currentlyActive,
    ).toBe(false);
    expect((await call("/api/data-points/not-an-id", json(reader.authorization))).status).toBe(404);
  });
});

describe("reading framework data", () => {
  it("answers by id, by company, by dimensions and by identifier, for signed-in users", async () => {
    const stored = await upload(admin, { companyId, reportingPeriod: "2024", data: sfdr }, "?bypassQa=true");
    const byId = await call(`/api/data/sfdr/${stored.body.dataId}`, json(reader.authorization));
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ companyId, reportingPeriod: "2024", data: sfdr });
    expect((await call(`/api/data/sfdr/${stored.body.dataId}`)).status).toBe(401);
    expect((await call(`/api/data/lksg/${stored.body.dataId}`, json(reader.authorization))).status).toBe(404);

    const list = await call(`/api/data/sfdr/companies/${companyId}`, json(reader.authorization));
    expect(list.status).toBe(200);
    expect(
      list.body.every((entry: { metaInfo: { currentlyActive: boolean } }) => entry.metaInfo.currentlyActive),
    ).toBe(true);
    expect(list.body[0].metaInfo.reportingPeriod).toBe("2024");
    const all = await call(
      `/api/data/sfdr/companies/${companyId}?showOnlyActive=false&reportingPeriod=2022`,
      json(admin.authorization),
    );
    expect(all.body.length).toBe(3);
    const asReader = await call(
      `/api/data/sfdr/companies/${companyId}?showOnlyActive=false&reportingPeriod=2022`,
      json(reader.authorization),
    );
    expect(asReader.body.length).toBe(2);
    expect(
      (
        await call(
          `/api/data/sfdr/companies/6b0c1c8e-0000-4000-8000-000000000000`,
          json(reader.authorization),
        )
      ).status,
    ).toBe(404);

    const byDimensions = await call(
      `/api/data/sfdr/?companyId=${companyId}&reportingPeriod=2024`,
      json(reader.authorization),
    );
    expect(byDimensions.body.data).toEqual(sfdr);
    expect(
      (await call(`/api/data/sfdr/?companyId=${companyId}&reportingPeriod=1999`, json(reader.authorization)))
        .status,
    ).toBe(404);

    const latest = await call(`/api/data/sfdr/latest?identifier=${lei}`, json(reader.authorization));
    expect(latest.body.reportingPeriod).toBe("2024");
    expect((await call("/api/data/sfdr/latest?identifier=NOPE", json(reader.authorization))).status).toBe(
      404,
    );
  });

  it("hides versions under review from everyone but their uploader, reviewers and admins", async () => {
    const pending = await upload(uploader, { companyId, reportingPeriod: "2015", data: sfdr });
    const path = `/api/data/sfdr/${pending.body.dataId}`;
    expect((await call(path, json(reader.authorization))).status).toBe(404);
    expect((await call(path, json(uploader.authorization))).status).toBe(200);
    expect((await call(path, json(reviewer.authorization))).status).toBe(200);
    expect((await call(path, json(admin.authorization))).status).toBe(200);
  });
});

describe("meta information", () => {
  it("lists, filters and reads meta information", async () => {
    const all = await call(
      `/api/metadata?companyId=${companyId}&dataType=sfdr&showOnlyActive=false`,
      json(admin.authorization),
    );
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(5);
    const mine = await call(
      `/api/metadata?showOnlyActive=false&uploaderUserIds=${uploader.userId}&qaStatus=Pending`,
      json(uploader.authorization),
    );
    expect(mine.body.length).toBeGreaterThan(0);
    expect(
      mine.body.every(
        (meta: { uploaderUserId: string; qaStatus: string }) =>
          meta.uploaderUserId === uploader.userId && meta.qaStatus === "Pending",
      ),
    ).toBe(true);
    expect((await call("/api/metadata?dataType=nonsense", json(reader.authorization))).status).toBe(400);
    expect((await call("/api/metadata?qaStatus=Maybe", json(reader.authorization))).status).toBe(400);
    expect((await call("/api/metadata")).status).toBe(401);

    const filters = await call(
      "/api/metadata/filters",
      json(reader.authorization, [
        { companyId, dataType: "sfdr", reportingPeriod: "2024", onlyActive: true },
        { companyId, reportingPeriod: "2017", onlyActive: true, qaStatus: null },
      ]),
    );
    expect(filters.body.map((meta: { reportingPeriod: string }) => meta.reportingPeriod).sort()).toEqual([
      "2017",
      "2024",
    ]);
    expect((await call("/api/metadata/filters", json(reader.authorization, [{ companyId }]))).status).toBe(
      400,
    );

    expect((await call("/api/metadata/not-a-data-id", json(reader.authorization))).status).toBe(404);
  });

  it("lets only admins change the uploader", async () => {
    const stored = await upload(uploader, { companyId, reportingPeriod: "2014", data: sfdr });
    const path = `/api/metadata/${stored.body.dataId}`;
    const patch = (who: TestUser, body: unknown) =>
      call(path, {
        method: "PATCH",
        headers: { authorization: who.authorization, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await patch(uploader, { uploaderUserId: reader.userId })).status).toBe(403);
    expect((await patch(admin, {})).status).toBe(400);
    const changed = await patch(admin, { uploaderUserId: reader.userId });
    expect(changed.status).toBe(200);
    expect(changed.body.uploaderUserId).toBe(reader.userId);
  });

  it("answers available dimensions and active dataset searches", async () => {
    const dimensions = await call(
      `/api/metadata/available-data-dimensions?companyIds=${companyId}&frameworksOrDataPointTypes=sfdr&frameworksOrDataPointTypes=extendedDecimalScope1GhgEmissionsInTonnes&reportingPeriods=2024`,
      json(reader.authorization),
    );
    expect(dimensions.status).toBe(200);
    expect(dimensions.body).toEqual(
      expect.arrayContaining([
        { companyId, dataType: "sfdr", reportingPeriod: "2024" },
        { companyId, dataType: "extendedDecimalScope1GhgEmissionsInTonnes", reportingPeriod: "2024" },
      ]),
    );
    const search = await call(
      "/api/metadata/active-dataset-search",
      json(reader.authorization, [
        { companyId, dataType: "sfdr", reportingPeriod: "2024" },
        { companyId, dataType: "sfdr", reportingPeriod: "1990" },
        { companyId: "x", dataType: "sfdr", reportingPeriod: "2024" },
      ]),
    );
    expect(search.body).toHaveLength(1);
    expect(search.body[0]).toMatchObject({ reportingPeriod: "2024", currentlyActive: true });
  });

  it("lists a user's own uploads with company names", async () => {
    const uploads = await call(`/api/users/${uploader.userId}/uploads`, json(uploader.authorization));
    expect(uploads.status).toBe(200);
    expect(uploads.body[0]).toMatchObject({
      companyId,
      dataType: "sfdr",
      companyName: expect.stringContaining("Testfirma"),
    });
    expect(uploads.body[0].qualityStatus).toBeDefined();
    expect((await call(`/api/users/${uploader.userId}/uploads`, json(reader.authorization))).status).toBe(
      403,
    );
    expect((await call(`/api/users/${uploader.userId}/uploads`, json(admin.authorization))).status).toBe(200);
  });
});

describe("non-sourceability", () => {
  it("records who said data cannot be found and why, until a dataset becomes active", async () => {
    const dimension = { companyId, dataType: "sfdr", reportingPeriod: "2013" };
    const head = () =>
      platform.request(`/api/metadata/nonSourceable/${companyId}/sfdr/2013`, {
        method: "HEAD",
        headers: { authorization: reader.authorization },
      });
    expect((await head()).status).toBe(404);
    expect(
      (
        await call(
          "/api/metadata/nonSourceable",
          json(reader.authorization, { ...dimension, reason: "no report" }),
        )
      ).status,
    ).toBe(403);
    const marked = await call(
      "/api/metadata/nonSourceable",
      json(uploader.authorization, { ...dimension, reason: "No report published." }),
    );
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({
      ...dimension,
      reason: "No report published.",
      uploaderUserId: uploader.userId,
      qaStatus: "Pending",
      currentlyActive: false,
      bypassQa: false,
    });
    // Awaiting review (qa/non-sourceable.test.ts), the statement holds nothing yet; an admin's does at once.
    expect((await head()).status).toBe(404);
    const aboutDimension = async () =>
      (await events("dataset.nonSourceable")).filter(
        (event) => event.companyId === companyId && event.reportingPeriod === "2013",
      );
    expect(await aboutDimension()).toEqual([]);
    const confirmed = await call(
      "/api/metadata/nonSourceable?bypassQa=true",
      json(admin.authorization, { ...dimension, reason: "No report published." }),
    );
    expect(confirmed.body).toMatchObject({ qaStatus: "Accepted", currentlyActive: true, bypassQa: true });
    expect((await head()).status).toBe(200);
    const listed = await call(
      `/api/metadata/nonSourceable?companyId=${companyId}&dataType=sfdr`,
      json(reader.authorization),
    );
    expect(listed.body).toHaveLength(2);
    expect((await events("dataset.nonSourceable")).at(-1)).toEqual({
      ...dimension,
      nonSourceable: true,
      reason: "No report published.",
      userId: admin.userId,
    });
    expect(
      (
        await call(
          "/api/metadata/nonSourceable",
          json(uploader.authorization, { ...dimension, reportingPeriod: "x", reason: "r" }),
        )
      ).status,
    ).toBe(400);

    await upload(admin, { companyId, reportingPeriod: "2013", data: sfdr }, "?bypassQa=true");
    expect((await head()).status).toBe(404);
    expect((await events("dataset.nonSourceable")).at(-1)).toMatchObject({
      ...dimension,
      nonSourceable: false,
    });
  });
});

describe("the published document", () => {
  it("shows the operations with the reference's names and the framework components", async () => {
    const { body } = await call("/api/openapi.json");
    expect(body.paths["/data/sfdr"].post.operationId).toBe("postCompanyAssociatedSfdrData");
    expect(body.paths["/data/sfdr"].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/CompanyAssociatedDataSfdrData",
    );
    expect(body.paths["/metadata/{dataId}/data-points"].get.operationId).toBe("getContainedDataPoints");
    expect(body.paths["/export/{exportJobId}/download"].get.operationId).toBe(
      "exportCompanyAssociatedDataById",
    );
    for (const name of [
      "SfdrData",
      "DataAndMetaInformationLksgData",
      "DataMetaInformation",
      "ExportRequestData",
      "QaStatus",
    ])
      expect(body.components.schemas[name]).toBeDefined();
  });
});
