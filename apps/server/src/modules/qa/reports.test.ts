import type { FrameworkId } from "@openverde/frameworks";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealmRole } from "../../platform/auth/actor";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { completeDataset, company as createCompany } from "../datasets/test-helpers";
import { listMails } from "../notifications/service";
import { dataPointReportsOfDataset } from "./reports";

interface User {
  userId: string;
  authorization: string;
  email: string;
}

interface ReportMeta {
  dataId: string;
  dataType: string;
  qaReportId: string;
  reporterUserId: string;
  uploadTime: number;
  active: boolean;
}

interface DataPointReport {
  dataPointId: string;
  dataPointType: string;
  qaReportId: string;
  reporterUserId: string;
  active: boolean;
  comment: string;
  verdict: string;
  correctedData?: string;
}

const SCOPE_1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";

describe("QA reports", () => {
  let platform: TestPlatform;
  let uploader: User;
  let reviewer: User;
  let secondReviewer: User;
  let reviewingUploader: User;
  let admin: User;
  let reader: User;
  let fileReference: string;
  let sfdr: Record<string, unknown>;

  const user = async (username: string, roles: RealmRole[]): Promise<User> => {
    const email = `${username}@reports.test.example`;
    return { ...(await signIn(platform, { username, roles, email, name: username })), email };
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    uploader = await user("rp_uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    reviewer = await user("rp_reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
    secondReviewer = await user("rp_reviewer_2", ["ROLE_USER", "ROLE_REVIEWER"]);
    reviewingUploader = await user("rp_reviewing_uploader", ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"]);
    admin = await user("rp_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    reader = await user("rp_reader", ["ROLE_USER"]);
    sfdr = await completeDataset(platform, "sfdr");
    const scope1 = valueAt(sfdr, SCOPE_1) as { dataSource: { fileReference: string } };
    fileReference = scope1.dataSource.fileReference;
  }, 120_000);

  afterAll(async () => {
    await platform?.close();
  });

  function valueAt(data: unknown, path: string): unknown {
    return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], data);
  }

  async function upload(who: User, framework: FrameworkId = "sfdr", period = "2023"): Promise<string> {
    const { companyId } = await createCompany(platform);
    const data = framework === "sfdr" ? sfdr : await completeDataset(platform, framework);
    const response = await platform.request(`/api/data/${framework}`, {
      method: "POST",
      headers: { authorization: who.authorization, "content-type": "application/json" },
      body: JSON.stringify({ companyId, reportingPeriod: period, data }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { dataId: string }).dataId;
  }

  async function call<T>(method: string, path: string, who?: User, body?: unknown) {
    const headers: Record<string, string> = {};
    if (who) headers.authorization = who.authorization;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await platform.request(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  const countRows = async () => {
    const reports = await sql<{ n: string }>`select count(*) as n from qa_report`.execute(
      platform.database.db,
    );
    const entries = await sql<{ n: string }>`select count(*) as n from qa_report_entry`.execute(
      platform.database.db,
    );
    return Number(reports.rows[0]?.n) + Number(entries.rows[0]?.n);
  };

  const correction = () => ({
    value: 1234.5,
    quality: "Audited",
    comment: "Scope 1 as on page 12 of the annual report",
    dataSource: { fileReference, fileName: "Annual report", page: "12" },
  });

  const sfdrReport = () => ({
    environmental: {
      greenhouseGasEmissions: {
        scope1GhgEmissionsInTonnes: {
          comment: "The report says 1,234.5 t on page 12.",
          verdict: "QaRejected",
          correctedData: correction(),
        },
        scope2GhgEmissionsInTonnes: { comment: "Right.", verdict: "QaAccepted" },
      },
      energyPerformance: {
        applicableHighImpactClimateSectors: {
          NaceCodeA: {
            highImpactClimateSectorEnergyConsumptionInGWh: {
              comment: "Agriculture used 12 GWh, page 40.",
              verdict: "QaRejected",
              correctedData: { ...correction(), value: 12 },
            },
          },
        },
      },
    },
    social: {
      humanRights: { humanRightsPolicy: { comment: "Not found in the report.", verdict: "QaInconclusive" } },
    },
  });

  it("round-trips a report with a corrected value in the reference's JSON, per dataset and per data point", async () => {
    const dataId = await upload(uploader);
    const posted = await call<ReportMeta>("POST", `/qa/data/sfdr/${dataId}/reports`, reviewer, sfdrReport());
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({
      dataId,
      dataType: "sfdr",
      reporterUserId: reviewer.userId,
      active: true,
    });
    expect(Object.keys(posted.body).sort()).toEqual(
      ["active", "dataId", "dataType", "qaReportId", "reporterUserId", "uploadTime"].sort(),
    );

    const listed = await call<{ metaInfo: ReportMeta; report: unknown }[]>(
      "GET",
      `/qa/data/sfdr/${dataId}/reports`,
      reviewer,
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ metaInfo: posted.body, report: sfdrReport() }]);

    const one = await call<{ metaInfo: ReportMeta; report: unknown }>(
      "GET",
      `/qa/data/sfdr/${dataId}/reports/${posted.body.qaReportId}`,
      uploader,
    );
    expect(one.body).toEqual({ metaInfo: posted.body, report: sfdrReport() });

    // The finding on scope 1 is a report on that data point too.
    const points = await dataPointReportsOfDataset(platform.database.db, dataId);
    expect(points).toHaveLength(3);
    const scope1 = points.find((point) => point.verdict === "QaRejected") as DataPointReport;
    expect(JSON.parse(scope1.correctedData as string)).toEqual(correction());
    const byPoint = await call<DataPointReport[]>(
      "GET",
      `/qa/data-points/${scope1.dataPointId}/reports`,
      reader,
    );
    // The dataset awaits review: a plain user may not read it, nor its reports.
    expect(byPoint.status).toBe(403);
    const asUploader = await call<DataPointReport[]>(
      "GET",
      `/qa/data-points/${scope1.dataPointId}/reports`,
      uploader,
    );
    expect(asUploader.body).toEqual([scope1]);
    expect(asUploader.body[0]).toMatchObject({
      dataPointType: "extendedDecimalScope1GhgEmissionsInTonnes",
      reporterUserId: reviewer.userId,
      active: true,
    });

    // Once accepted, every signed-in user reads the reports.
    expect((await call("POST", `/qa/datasets/${dataId}?qaStatus=Accepted`, secondReviewer)).status).toBe(200);
    expect((await call("GET", `/qa/data/sfdr/${dataId}/reports`, reader)).status).toBe(200);
    expect((await call("GET", `/qa/data-points/${scope1.dataPointId}/reports`, reader)).status).toBe(200);
    expect((await call("GET", `/qa/data/sfdr/${dataId}/reports`)).status).toBe(401);

    // The uploader is told: their data was rejected and corrected.
    await platform.background.settle();
    const mails = await listMails(platform.database.db, {
      recipientEmail: uploader.email,
      kind: "QaReportFindings",
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("QA report");
  });

  it("lets only reviewers write reports, never on their own upload, and stores nothing on bad input", async () => {
    const dataId = await upload(reviewingUploader);
    const before = await countRows();
    const attempts: [User | undefined, unknown, number, string?][] = [
      [undefined, sfdrReport(), 401],
      [reader, sfdrReport(), 403],
      [uploader, sfdrReport(), 403],
      [reviewingUploader, sfdrReport(), 403, "uploaded"],
      [
        reviewer,
        {
          environmental: {
            greenhouseGasEmissions: { scope1GhgEmissionsInTonnes: { comment: "x", verdict: "Wrong" } },
          },
        },
        400,
      ],
      [
        reviewer,
        {
          environmental: { greenhouseGasEmissions: { noSuchField: { comment: "x", verdict: "QaAccepted" } } },
        },
        400,
      ],
      [
        reviewer,
        {
          environmental: {
            greenhouseGasEmissions: { scope1GhgEmissionsInTonnes: { verdict: "QaAccepted" } },
          },
        },
        400,
      ],
      [
        reviewer,
        {
          environmental: {
            greenhouseGasEmissions: {
              scope1GhgEmissionsInTonnes: {
                comment: "x",
                verdict: "QaRejected",
                correctedData: { value: "many" },
              },
            },
          },
        },
        400,
      ],
      [reviewer, {}, 400],
    ];
    for (const [who, body, status, message] of attempts) {
      const response = await call<{ errors: { message: string }[] }>(
        "POST",
        `/qa/data/sfdr/${dataId}/reports`,
        who,
        body,
      );
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (status !== 401) expect(response.body.errors[0]?.message).toBeTruthy();
      if (message) expect(response.body.errors[0]?.message).toContain(message);
    }
    // Unknown, malformed and other frameworks' datasets are not found.
    for (const path of [
      "/qa/data/sfdr/0190a1b2-0000-7000-8000-000000000000/reports",
      "/qa/data/sfdr/not-an-id/reports",
    ])
      expect((await call("POST", path, reviewer, sfdrReport())).status).toBe(404);
    expect((await call("POST", `/qa/data/pcaf/${dataId}/reports`, reviewer, {})).status).toBe(404);
    expect(await countRows()).toBe(before);
  });

  it("deactivates and reactivates a report: its reporter or an admin", async () => {
    const dataId = await upload(uploader, "sfdr", "2022");
    const posted = await call<ReportMeta>("POST", `/qa/data/sfdr/${dataId}/reports`, reviewer, sfdrReport());
    const status = `/qa/data/sfdr/${dataId}/reports/${posted.body.qaReportId}/status`;
    expect((await call("PATCH", status, secondReviewer, { active: false })).status).toBe(403);
    expect((await call("PATCH", status, reviewer, { active: "no" })).status).toBe(400);
    expect((await call("PATCH", status, reviewer, { active: false })).status).toBe(200);
    const list = (query = "") =>
      call<{ metaInfo: ReportMeta }[]>("GET", `/qa/data/sfdr/${dataId}/reports${query}`, admin);
    expect((await list()).body).toEqual([]);
    expect((await list("?showInactive=true")).body.map((report) => report.metaInfo.active)).toEqual([false]);
    expect((await call("PATCH", status, admin, { active: true })).status).toBe(200);
    expect((await list()).body).toHaveLength(1);
    expect((await list(`?reporterUserId=${secondReviewer.userId}`)).body).toEqual([]);
    expect(
      (
        await call(
          "PATCH",
          `/qa/data/sfdr/${dataId}/reports/0190a1b2-0000-7000-8000-000000000000/status`,
          reviewer,
          { active: false },
        )
      ).status,
    ).toBe(404);
  });

  it("writes, reads and deactivates reports on a single data point, its correction checked against its type", async () => {
    const dataId = await upload(uploader, "sfdr", "2021");
    await platform.background.settle();
    const points = await call<{ dataPointId: string; dataPointType: string }[]>(
      "GET",
      `/qa/data-points?dataType=sfdr&reportingPeriod=2021&chunkSize=500`,
      admin,
    );
    expect(points.status).toBe(200);
    const scope1 = (
      await sql<{ data_point_id: string }>`select data_point_id from dataset_data_point
        where data_id = ${dataId} and data_point_type = 'extendedDecimalScope1GhgEmissionsInTonnes'`.execute(
        platform.database.db,
      )
    ).rows[0]?.data_point_id as string;
    const path = `/qa/data-points/${scope1}/reports`;
    const before = await countRows();
    for (const [body, status] of [
      [{ comment: "x", verdict: "QaRejected", correctedData: "{not json" }, 400],
      [{ comment: "x", verdict: "QaRejected", correctedData: JSON.stringify({ value: "many" }) }, 400],
      [{ comment: "x", verdict: "Nope" }, 400],
      [{ verdict: "QaAccepted" }, 400],
    ] as const)
      expect((await call("POST", path, reviewer, body)).status, JSON.stringify(body)).toBe(status);
    expect(
      (
        await call("POST", "/qa/data-points/0190a1b2-0000-7000-8000-000000000000/reports", reviewer, {
          comment: "x",
          verdict: "QaAccepted",
        })
      ).status,
    ).toBe(404);
    expect(await countRows()).toBe(before);

    const posted = await call<DataPointReport>("POST", path, reviewer, {
      comment: "Page 12 says otherwise.",
      verdict: "QaRejected",
      correctedData: JSON.stringify(correction()),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({
      dataPointId: scope1,
      dataPointType: "extendedDecimalScope1GhgEmissionsInTonnes",
      reporterUserId: reviewer.userId,
      verdict: "QaRejected",
      active: true,
    });
    expect(JSON.parse(posted.body.correctedData as string)).toEqual(correction());
    const one = await call<DataPointReport>("GET", `${path}/${posted.body.qaReportId}`, uploader);
    expect(one.body).toEqual(posted.body);
    expect(
      (await call("PATCH", `${path}/${posted.body.qaReportId}/status`, reviewer, { active: false })).status,
    ).toBe(200);
    expect((await call<DataPointReport[]>("GET", path, uploader)).body).toEqual([]);
    expect((await call<DataPointReport[]>("GET", `${path}?showInactive=true`, uploader)).body).toEqual([
      { ...posted.body, active: false },
    ]);
  });

  it("lists report metadata across datasets with its filters", async () => {
    const dataId = await upload(uploader, "sfdr", "2020");
    const posted = await call<ReportMeta>(
      "POST",
      `/qa/data/sfdr/${dataId}/reports`,
      secondReviewer,
      sfdrReport(),
    );
    type Found = { dataMetadata: { dataId: string; qaStatus: string }; qaReportMetadata: ReportMeta }[];
    const search = (query: string, who: User = admin) =>
      call<Found>("GET", `/qa/data/reports/metadata?${query}`, who);
    const mine = await search(`uploaderUserIds=${secondReviewer.userId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.map((found) => found.qaReportMetadata.qaReportId)).toContain(posted.body.qaReportId);
    expect(mine.body.every((found) => found.qaReportMetadata.reporterUserId === secondReviewer.userId)).toBe(
      true,
    );
    const entry = mine.body.find((found) => found.qaReportMetadata.qaReportId === posted.body.qaReportId);
    expect(entry?.dataMetadata).toMatchObject({ dataId, qaStatus: "Pending" });
    expect(
      (await search(`qaStatus=Accepted&uploaderUserIds=${secondReviewer.userId}`)).body.map(
        (f) => f.dataMetadata.dataId,
      ),
    ).not.toContain(dataId);
    expect((await search("minUploadDate=2000-01-01&maxUploadDate=2000-12-31")).body).toEqual([]);
    // A plain user sees no reports on data awaiting review.
    expect(
      (await search(`uploaderUserIds=${secondReviewer.userId}`, reader)).body.map(
        (f) => f.dataMetadata.dataId,
      ),
    ).not.toContain(dataId);
    expect((await search("uploaderUserIds=not-a-uuid")).status).toBe(400);
    expect((await search("companyIdentifier=NOSUCHCOMPANY")).body).toEqual([]);
  });
});
