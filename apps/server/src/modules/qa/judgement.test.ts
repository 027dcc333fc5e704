import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { extractDataPoints } from "../datasets/framework-data";
import { qaTestKit, type User } from "./test-judgement-setup";

interface DataPointJudgement {
  dataPointType: string;
  dataPointId: string;
  qaReports: { reporterUserId: string; correctedData?: string }[];
  acceptedSource?: string;
  reporterUserIdOfAcceptedQaReport?: string;
  customValue?: string;
  reasonForCustomDataPoint?: string;
}

interface Judgement {
  dataSetJudgementId: string;
  datasetId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  judgementState: string;
  qaJudgeUserId?: string;
  qaJudgeUserName?: string;
  qaReporters: { reporterUserId: string; reporterUserName?: string; reporterEmailAddress?: string }[];
  dataPoints: Record<string, DataPointJudgement>;
}

type Errors = { errors?: { message: string }[] };

interface Corrections {
  dataId: string;
  dataSetJudgementId?: string;
  judgedDataId?: string;
  qaJudgeUserId?: string;
  qaJudgeUserName?: string;
  judgedAt?: number;
  corrections: { dataPointType: string; acceptedSource: string; comment: string }[];
}

describe("dataset judgements", () => {
  let platform: TestPlatform;
  const kit = qaTestKit(() => platform, "judge");
  let uploader: User;
  let reviewingUploader: User;
  let judge: User;
  let otherReviewer: User;
  let reporter: User;
  let reader: User;

  beforeAll(async () => {
    platform = await startTestPlatform();
    uploader = await kit.user("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    reviewingUploader = await kit.user("reviewing_uploader", ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"]);
    judge = await kit.user("judge", ["ROLE_USER", "ROLE_REVIEWER"]);
    otherReviewer = await kit.user("other", ["ROLE_USER", "ROLE_REVIEWER"]);
    reporter = await kit.user("reporter", ["ROLE_USER", "ROLE_REVIEWER"]);
    reader = await kit.user("reader", ["ROLE_USER"]);
  }, 240_000);
  afterAll(() => platform?.close());

  const path = (judgementId: string, rest = "") => `/qa/dataset-judgements/${judgementId}${rest}`;
  const decide = (who: User, judgementId: string, type: string, body: unknown) =>
    kit.call<Judgement & Errors>("PATCH", path(judgementId, `/data-points/${type}`), who, body);
  const finish = (who: User, judgementId: string, state: string) =>
    kit.call<Judgement & Errors>("PATCH", path(judgementId, `/state?datasetJudgementState=${state}`), who);

  /** Three numeric data points of a complete SFDR dataset, with their uploaded values. */
  function numericPoints(data: Record<string, unknown>) {
    const points = extractDataPoints("sfdr", data).filter(
      (point) => typeof (point.value as { value?: unknown }).value === "number",
    );
    expect(points.length).toBeGreaterThanOrEqual(3);
    return points.slice(0, 3) as { dataPointType: string; path: string; value: Record<string, unknown> }[];
  }

  it("ends in one accepted dataset made of the original, a QA report's and a custom value", async () => {
    const companyId = await kit.company("Urteil Werke AG");
    const data = await kit.data("sfdr");
    const { dataId } = await kit.upload(uploader, "sfdr", companyId, "2020", data);
    const [kept, corrected, custom] = numericPoints(data);
    if (!kept || !corrected || !custom) throw new Error("no numeric data points");

    const created = await kit.call<Judgement>("POST", `/qa/dataset-judgements/${dataId}`, judge);
    expect(created.status).toBe(201);
    const judgementId = created.body.dataSetJudgementId;
    expect(created.body).toMatchObject({
      datasetId: dataId,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2020",
      judgementState: "Pending",
      qaJudgeUserId: judge.userId,
      qaJudgeUserName: "judge judge",
      qaReporters: [],
    });
    expect(Object.keys(created.body.dataPoints)).toEqual(
      expect.arrayContaining([kept.dataPointType, corrected.dataPointType, custom.dataPointType]),
    );
    expect(
      (await kit.call("POST", `/qa/dataset-judgements/${dataId}`, otherReviewer)).status,
      "one pending judgement per dataset",
    ).toBe(409);

    // A QA report corrects one data point.
    const correctedValue = { ...corrected.value, value: (corrected.value.value as number) + 1 };
    const dataPointId = created.body.dataPoints[corrected.dataPointType]?.dataPointId;
    const report = await kit.call("POST", `/qa/data-points/${dataPointId}/reports`, reporter, {
      verdict: "QaRejected",
      comment: "Page 3 says otherwise.",
      correctedData: JSON.stringify(correctedValue),
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);

    const customValue = { ...custom.value, value: 4242.5, comment: "Entered by the judge" };
    expect(
      (await decide(judge, judgementId, kept.dataPointType, { acceptedSource: "Original" })).status,
    ).toBe(200);
    expect(
      (
        await decide(judge, judgementId, corrected.dataPointType, {
          acceptedSource: "Qa",
          reporterUserIdOfAcceptedQaReport: reporter.userId,
        })
      ).status,
    ).toBe(200);
    const decided = await decide(judge, judgementId, custom.dataPointType, {
      acceptedSource: "Custom",
      customDataPoint: JSON.stringify(customValue),
      reasonForCustomDataPoint: "Both values were wrong.",
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.qaReporters).toEqual([
      {
        reporterUserId: reporter.userId,
        reporterUserName: "judge reporter",
        reporterEmailAddress: "judge_reporter@qa.test.example",
      },
    ]);
    expect(decided.body.dataPoints[corrected.dataPointType]).toMatchObject({
      acceptedSource: "Qa",
      reporterUserIdOfAcceptedQaReport: reporter.userId,
      qaReports: [expect.objectContaining({ reporterUserId: reporter.userId })],
    });
    expect(decided.body.dataPoints[custom.dataPointType]).toMatchObject({
      acceptedSource: "Custom",
      customValue: JSON.stringify(customValue),
      reasonForCustomDataPoint: "Both values were wrong.",
    });

    const finished = await finish(judge, judgementId, "FinishedWithDatasetAcceptance");
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body.judgementState).toBe("FinishedWithDatasetAcceptance");
    await platform.background.settle();

    const link = await sql<{ accepted: string }>`
      select accepted_data_id::text as accepted from qa_dataset_judgement
      where judgement_id = ${judgementId}::uuid`.execute(platform.database.db);
    const acceptedId = link.rows[0]?.accepted ?? "";
    expect(acceptedId).not.toBe(dataId);
    const accepted = await kit.call<{ data: Record<string, unknown> }>(
      "GET",
      `/api/data/sfdr/${acceptedId}`,
      reader,
    );
    expect(accepted.status).toBe(200);
    const expected = new Map(
      extractDataPoints("sfdr", data).map((point) => [point.dataPointType, point.value]),
    );
    expected.set(corrected.dataPointType, correctedValue);
    expected.set(custom.dataPointType, customValue);
    expect(
      new Map(
        extractDataPoints("sfdr", accepted.body.data).map((point) => [point.dataPointType, point.value]),
      ),
    ).toEqual(expected);

    // Readers of the accepted version see what the judgement corrected, with the uploaded values.
    const corrections = await kit.call<Corrections>(
      "GET",
      `/qa/judged-versions/${acceptedId}/corrections`,
      reader,
    );
    expect(corrections.status, JSON.stringify(corrections.body)).toBe(200);
    expect(corrections.body).toMatchObject({
      dataId: acceptedId,
      dataSetJudgementId: judgementId,
      judgedDataId: dataId,
      qaJudgeUserId: judge.userId,
      qaJudgeUserName: "judge judge",
    });
    expect(corrections.body.judgedAt).toBeGreaterThan(Date.now() - 600_000);
    const byType = new Map(corrections.body.corrections.map((entry) => [entry.dataPointType, entry]));
    expect([...byType.keys()].sort()).toEqual([corrected.dataPointType, custom.dataPointType].sort());
    expect(byType.get(corrected.dataPointType)).toEqual({
      dataPointType: corrected.dataPointType,
      fieldPath: corrected.path,
      acceptedSource: "Qa",
      originalDataPoint: corrected.value,
      reporterUserId: reporter.userId,
      reporterUserName: "judge reporter",
      comment: "Page 3 says otherwise.",
    });
    expect(byType.get(custom.dataPointType)).toEqual({
      dataPointType: custom.dataPointType,
      fieldPath: custom.path,
      acceptedSource: "Custom",
      originalDataPoint: custom.value,
      comment: "Both values were wrong.",
    });
    // The finding stays named after its report is deactivated.
    const reportId = (report.body as { qaReportId: string }).qaReportId;
    const deactivated = await kit.call(
      "PATCH",
      `/qa/data-points/${dataPointId}/reports/${reportId}/status`,
      reporter,
      {
        active: false,
      },
    );
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBeLessThan(300);
    const later = await kit.call<Corrections>("GET", `/qa/judged-versions/${acceptedId}/corrections`, reader);
    expect(later.body).toEqual(corrections.body);
    // The judged upload itself is no judged version; unknown ids and visitors are refused.
    expect(
      (await kit.call<Corrections>("GET", `/qa/judged-versions/${dataId}/corrections`, reader)).body,
    ).toEqual({ dataId, corrections: [] });
    expect((await kit.call("GET", `/qa/judged-versions/${acceptedId}/corrections`)).status).toBe(401);
    for (const unknown of ["00000000-0000-4000-8000-000000000000", "no-id"])
      expect((await kit.call("GET", `/qa/judged-versions/${unknown}/corrections`, reader)).status).toBe(404);

    const active = await kit.call<{ dataId: string; currentlyActive: boolean; qaStatus: string }[]>(
      "GET",
      `/api/metadata?companyId=${companyId}&dataType=sfdr&reportingPeriod=2020&showOnlyActive=true`,
      reader,
    );
    expect(active.body.map((meta) => meta.dataId)).toEqual([acceptedId]);
    const original = await kit.call<{ qaStatus: string }>("GET", `/qa/datasets/${dataId}`, judge);
    expect(original.body.qaStatus).toBe("Accepted");
    expect((await finish(judge, judgementId, "FinishedWithDatasetRejection")).status).toBe(409);
    const byDataset = await kit.call<Judgement[]>(
      "GET",
      `/qa/dataset-judgements/${dataId}/datasetId`,
      otherReviewer,
    );
    expect(byDataset.body.map((judgement) => judgement.judgementState)).toEqual([
      "FinishedWithDatasetAcceptance",
    ]);
  });

  it("takes a dataset's judgements along when the dataset is deleted", async () => {
    const admin = await kit.user("admin", ["ROLE_USER", "ROLE_ADMIN"]);
    const companyId = await kit.company("Urteil Loeschung AG");
    const data = await kit.data("sfdr");
    const { dataId } = await kit.upload(uploader, "sfdr", companyId, "2021", data);
    const [point] = numericPoints(data);
    if (!point) throw new Error("no numeric data point");
    const created = await kit.call<Judgement>("POST", `/qa/dataset-judgements/${dataId}`, judge);
    const judgementId = created.body.dataSetJudgementId;
    await decide(judge, judgementId, point.dataPointType, {
      acceptedSource: "Custom",
      customDataPoint: JSON.stringify({ ...point.value, value: 7 }),
      reasonForCustomDataPoint: "Table 2.",
    });
    expect((await finish(judge, judgementId, "FinishedWithDatasetAcceptance")).status).toBe(200);
    await platform.background.settle();
    const rows = async () =>
      (
        await sql<{ judgements: number; points: number; linked: number }>`
          select
            (select count(*)::int from qa_dataset_judgement where judgement_id = ${judgementId}::uuid) as judgements,
            (select count(*)::int from qa_data_point_judgement where judgement_id = ${judgementId}::uuid) as points,
            (select count(*)::int from qa_dataset_judgement
              where judgement_id = ${judgementId}::uuid and accepted_data_id is not null) as linked`.execute(
          platform.database.db,
        )
      ).rows[0];
    expect(await rows()).toMatchObject({ judgements: 1, linked: 1 });
    const acceptedId = (
      await sql<{ id: string }>`select accepted_data_id::text as id from qa_dataset_judgement
        where judgement_id = ${judgementId}::uuid`.execute(platform.database.db)
    ).rows[0]?.id;

    // The accepted version goes: the judgement stays, without a link to it.
    expect((await kit.call("DELETE", `/api/data/${acceptedId}`, admin)).status).toBe(200);
    expect(await rows()).toMatchObject({ judgements: 1, linked: 0 });
    expect(
      (await kit.call<Judgement[]>("GET", `/qa/dataset-judgements/${dataId}/datasetId`, judge)).body,
    ).toHaveLength(1);
    // The judged dataset goes: its judgement and the decisions on its data points go with it.
    expect((await kit.call("DELETE", `/api/data/${dataId}`, admin)).status).toBe(200);
    expect(await rows()).toEqual({ judgements: 0, points: 0, linked: 0 });
    expect((await kit.call("GET", path(judgementId), judge)).status).toBe(404);
  });

  it("rejects the dataset when the judge finishes with rejection", async () => {
    const companyId = await kit.company("Urteil Ablehnung AG");
    const { dataId } = await kit.upload(uploader, "sfdr", companyId, "2020");
    const created = await kit.call<Judgement>("POST", `/qa/dataset-judgements/${dataId}`, judge);
    // Another reviewer takes the judgement over; the first one may no longer change it.
    const taken = await kit.call<Judgement>(
      "PATCH",
      path(created.body.dataSetJudgementId, "/judge"),
      otherReviewer,
    );
    expect(taken.body.qaJudgeUserId).toBe(otherReviewer.userId);
    expect(
      (await finish(judge, created.body.dataSetJudgementId, "FinishedWithDatasetRejection")).status,
    ).toBe(403);
    const finished = await finish(
      otherReviewer,
      created.body.dataSetJudgementId,
      "FinishedWithDatasetRejection",
    );
    expect(finished.body.judgementState).toBe("FinishedWithDatasetRejection");
    const review = await kit.call<{ qaStatus: string }>("GET", `/qa/datasets/${dataId}`, judge);
    expect(review.body.qaStatus).toBe("Rejected");
  });

  it("refuses bad input in the error format and changes nothing", async () => {
    const companyId = await kit.company("Urteil Fehler AG");
    const data = await kit.data("sfdr");
    const { dataId } = await kit.upload(reviewingUploader, "sfdr", companyId, "2020", data);
    const [point] = numericPoints(data);
    if (!point) throw new Error("no numeric data point");
    expect((await kit.call("POST", `/qa/dataset-judgements/${dataId}`, reviewingUploader)).status).toBe(403);
    expect((await kit.call("POST", `/qa/dataset-judgements/${dataId}`, reader)).status).toBe(403);
    expect((await kit.call("POST", `/qa/dataset-judgements/${dataId}`)).status).toBe(401);
    for (const unknown of ["00000000-0000-4000-8000-000000000000", "no-id"]) {
      const refused = await kit.call<Errors>("POST", `/qa/dataset-judgements/${unknown}`, judge);
      expect(refused.status).toBe(404);
      expect(refused.body.errors).toHaveLength(1);
      expect((await kit.call("GET", path(unknown), judge)).status).toBe(404);
    }
    const created = await kit.call<Judgement>("POST", `/qa/dataset-judgements/${dataId}`, judge);
    const judgementId = created.body.dataSetJudgementId;
    const before = await kit.call<Judgement>("GET", path(judgementId), judge);
    const good = JSON.stringify({ ...point.value, value: 1 });
    const attempts: [User, string, unknown, number][] = [
      [judge, "noSuchDataPointType", { acceptedSource: "Original" }, 404],
      [otherReviewer, point.dataPointType, { acceptedSource: "Original" }, 403],
      [reader, point.dataPointType, { acceptedSource: "Original" }, 403],
      [judge, point.dataPointType, {}, 400],
      [judge, point.dataPointType, { acceptedSource: "Elsewhere" }, 400],
      [
        judge,
        point.dataPointType,
        { acceptedSource: "Qa", reporterUserIdOfAcceptedQaReport: reporter.userId },
        400,
      ],
      [judge, point.dataPointType, { acceptedSource: "Qa" }, 400],
      [judge, point.dataPointType, { acceptedSource: "Custom" }, 400],
      [judge, point.dataPointType, { acceptedSource: "Custom", customDataPoint: "{not json" }, 400],
      [
        judge,
        point.dataPointType,
        { acceptedSource: "Custom", customDataPoint: JSON.stringify({ value: "many" }) },
        400,
      ],
      [
        judge,
        point.dataPointType,
        { acceptedSource: "Custom", customDataPoint: good, reasonForCustomDataPoint: "x".repeat(10_001) },
        400,
      ],
    ];
    for (const [who, type, body, status] of attempts) {
      const refused = await decide(who, judgementId, type, body);
      expect(refused.status, `${type} ${JSON.stringify(body)}`).toBe(status);
      expect(refused.body.errors?.length).toBeGreaterThan(0);
    }
    expect((await kit.call("PATCH", path(judgementId, "/judge"), reviewingUploader)).status).toBe(403);
    expect((await finish(judge, judgementId, "Pending")).status).toBe(409);
    expect((await finish(judge, judgementId, "Finished")).status).toBe(400);
    expect((await kit.call("GET", path(judgementId), reader)).status).toBe(403);
    expect(await kit.call<Judgement>("GET", path(judgementId), judge)).toEqual(before);
    const review = await kit.call<{ qaStatus: string }>("GET", `/qa/datasets/${dataId}`, judge);
    expect(review.body.qaStatus).toBe("Pending");
  });
});
