import type { FrameworkId } from "@openverde/frameworks";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealmRole } from "../../platform/auth/actor";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { createCompany } from "../companies/service";
import { completeDataset } from "../datasets/test-helpers";
import { createDataRequest } from "../requests";
import type { DataPointQaReviewInformation } from "./data-point-reviews";
import { startDatasetReview } from "./service";

interface QaReview {
  dataId: string;
  companyId: string;
  companyName: string;
  framework: string;
  reportingPeriod: string;
  timestamp: number;
  qaStatus: string;
  numberQaReports: number;
  comment?: string;
  triggeringUserId?: string;
  priorityOfAssociatedDataSourcing?: number;
}

type DataPointReview = DataPointQaReviewInformation;

interface User {
  userId: string;
  authorization: string;
}

describe("quality assurance", () => {
  let platform: TestPlatform;
  let uploader: User;
  let otherUploader: User;
  let reviewer: User;
  let secondReviewer: User;
  let reviewingUploader: User;
  let admin: User;
  let plainUser: User;

  const user = (username: string, roles: RealmRole[]) =>
    signIn(platform, { username, roles, email: `${username}@qa.test.example`, name: username });

  beforeAll(async () => {
    platform = await startTestPlatform();
    uploader = await user("qa_uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    otherUploader = await user("qa_uploader_2", ["ROLE_USER", "ROLE_UPLOADER"]);
    reviewer = await user("qa_reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
    secondReviewer = await user("qa_reviewer_2", ["ROLE_USER", "ROLE_REVIEWER"]);
    reviewingUploader = await user("qa_reviewing_uploader", ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"]);
    admin = await user("qa_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    plainUser = await user("qa_plain", ["ROLE_USER"]);
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  let companies = 0;
  async function company(name: string): Promise<string> {
    companies++;
    const lei =
      `5299QA${String(process.pid % 10000).padStart(4, "0")}${String(companies).padStart(8, "0")}`.slice(
        0,
        20,
      );
    const stored = await createCompany(platform.database.db, {
      companyName: name,
      headquarters: "Bremen",
      countryCode: "DE",
      identifiers: { Lei: [lei] },
    } as never);
    return stored.companyId;
  }

  const datasets = new Map<string, Record<string, unknown>>();
  async function upload(
    who: User,
    framework: FrameworkId,
    companyId: string,
    reportingPeriod: string,
  ): Promise<string> {
    let data = datasets.get(framework);
    if (!data) {
      data = await completeDataset(platform, framework);
      datasets.set(framework, data);
    }
    const response = await platform.request(`/api/data/${framework}`, {
      method: "POST",
      headers: { authorization: who.authorization, "content-type": "application/json" },
      body: JSON.stringify({ companyId, reportingPeriod, data }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { dataId: string }).dataId;
  }

  async function get<T>(path: string, who?: User): Promise<{ status: number; body: T; etag: string | null }> {
    const response = await platform.request(path, {
      headers: who ? { authorization: who.authorization } : {},
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      etag: response.headers.get("etag"),
    };
  }

  async function post(path: string, who?: User, ifMatch?: string | null) {
    const headers: Record<string, string> = {};
    if (who) headers.authorization = who.authorization;
    if (ifMatch) headers["if-match"] = ifMatch;
    const response = await platform.request(path, { method: "POST", headers });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as { errors?: { message: string }[] } | undefined,
      etag: response.headers.get("etag"),
    };
  }

  const judge = (dataId: string, who: User, qaStatus: string, extra = "", ifMatch?: string | null) =>
    post(`/qa/datasets/${dataId}?qaStatus=${qaStatus}${extra}`, who, ifMatch);

  async function meta(dataId: string): Promise<{ qaStatus: string; currentlyActive: boolean }> {
    const response = await get<{ qaStatus: string; currentlyActive: boolean }>(
      `/api/metadata/${dataId}`,
      admin,
    );
    expect(response.status).toBe(200);
    return response.body;
  }

  async function events(type: string, dataId: string): Promise<Record<string, unknown>[]> {
    const rows = await sql<{ payload: Record<string, unknown> }>`
      select payload from platform_event where type = ${type} and payload->>'dataId' = ${dataId} order by id`.execute(
      platform.database.db,
    );
    return rows.rows.map((row) => row.payload);
  }

  const settle = () => platform.background.settle();

  it("lists the queue oldest first, filtered and paged, with company names and waiting priorities", async () => {
    const alpha = await company("Queuetest Alpha Werke AG");
    const beta = await company("Queuetest Bêta Bau GmbH");
    const first = await upload(uploader, "nuclear-and-gas", alpha, "2023");
    const second = await upload(uploader, "pcaf", beta, "2023");
    const third = await upload(otherUploader, "nuclear-and-gas", beta, "2022");
    await createDataRequest(platform.database.db, {
      userId: plainUser.userId,
      companyId: alpha,
      dataType: "nuclear-and-gas",
      reportingPeriod: "2023",
      notifyMeImmediately: false,
      priority: "High",
    });
    await createDataRequest(platform.database.db, {
      userId: otherUploader.userId,
      companyId: alpha,
      dataType: "nuclear-and-gas",
      reportingPeriod: "2023",
      notifyMeImmediately: false,
      priority: "Low",
    });
    await settle();

    const queue = await get<QaReview[]>("/qa/datasets?companyName=queuetest", reviewer);
    expect(queue.status).toBe(200);
    expect(queue.body.map((entry) => entry.dataId)).toEqual([first, second, third]);
    expect(queue.body[0]).toMatchObject({
      dataId: first,
      companyId: alpha,
      companyName: "Queuetest Alpha Werke AG",
      framework: "nuclear-and-gas",
      reportingPeriod: "2023",
      qaStatus: "Pending",
      numberQaReports: 0,
      triggeringUserId: uploader.userId,
      priorityOfAssociatedDataSourcing: 2,
    });
    expect(queue.body[1]?.priorityOfAssociatedDataSourcing).toBeUndefined();
    expect(queue.body[0]?.timestamp).toBeLessThanOrEqual(queue.body[1]?.timestamp ?? 0);

    const ids = async (query: string) =>
      (await get<QaReview[]>(`/qa/datasets?companyName=queuetest&${query}`, reviewer)).body.map(
        (entry) => entry.dataId,
      );
    expect(await ids("dataTypes=nuclear-and-gas")).toEqual([first, third]);
    expect(await ids("dataTypes=nuclear-and-gas&dataTypes=pcaf")).toEqual([first, second, third]);
    expect(await ids("reportingPeriods=2022")).toEqual([third]);
    expect(await ids("reportingPeriods=2022&reportingPeriods=2023&dataTypes=pcaf")).toEqual([second]);
    // Case and accents are ignored in the company name.
    expect(
      (await get<QaReview[]>("/qa/datasets?companyName=BETA%20BAU", reviewer)).body.map((e) => e.dataId),
    ).toEqual([second, third]);
    expect(await ids("chunkSize=2&chunkIndex=0")).toEqual([first, second]);
    expect(await ids("chunkSize=2&chunkIndex=1")).toEqual([third]);
    expect(await ids("chunkSize=2&chunkIndex=2")).toEqual([]);

    const count = await get<number>("/qa/numberOfUnreviewedDatasets?companyName=queuetest", reviewer);
    expect(count).toMatchObject({ status: 200, body: 3 });
    expect(
      (await get<number>("/qa/numberOfUnreviewedDatasets?companyName=queuetest&dataTypes=pcaf", admin)).body,
    ).toBe(1);
    expect(
      (await get<number>("/qa/numberOfUnreviewedDatasets?companyName=nobody-is-called-this", reviewer)).body,
    ).toBe(0);

    // Judged datasets leave the queue and show up under their status.
    expect((await judge(second, reviewer, "Accepted", "&comment=fine")).status).toBe(200);
    expect(await ids("")).toEqual([first, third]);
    const accepted = await get<QaReview[]>("/qa/datasets?companyName=queuetest&qaStatus=Accepted", reviewer);
    expect(accepted.body).toHaveLength(1);
    expect(accepted.body[0]).toMatchObject({
      dataId: second,
      qaStatus: "Accepted",
      comment: "fine",
      triggeringUserId: reviewer.userId,
    });
    expect((await get<number>("/qa/numberOfUnreviewedDatasets?companyName=queuetest", reviewer)).body).toBe(
      2,
    );

    // Bad filters are 400s naming the parameter.
    const bad = await get<{ errors: { message: string }[] }>("/qa/datasets?dataTypes=nonsense", reviewer);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.message).toContain("dataTypes");
    expect((await get("/qa/datasets?chunkSize=0", reviewer)).status).toBe(400);
    expect((await get("/qa/datasets?qaStatus=Maybe", reviewer)).status).toBe(400);
  }, 60_000);

  it("goes through every transition, keeps the full history and publishes the events", async () => {
    const companyId = await company("Transition Test SE");
    const dataId = await upload(uploader, "pcaf", companyId, "2024");

    // The review is readable at once, even before the upload event is handled.
    const fresh = await get<QaReview>(`/qa/datasets/${dataId}`, reviewer);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ qaStatus: "Pending", triggeringUserId: uploader.userId });
    expect(fresh.etag).toBe('"0"');

    // Pending -> Pending is nothing to do.
    expect((await judge(dataId, reviewer, "Pending")).status).toBe(409);

    // Pending -> Accepted.
    const accepted = await judge(dataId, reviewer, "Accepted", "&comment=looks%20right");
    expect(accepted.status).toBe(200);
    expect(accepted.etag).toBe('"1"');
    expect(await meta(dataId)).toMatchObject({ qaStatus: "Accepted", currentlyActive: true });
    expect(await events("dataset.accepted", dataId)).toEqual([
      {
        dataId,
        companyId,
        dataType: "pcaf",
        reportingPeriod: "2024",
        reviewerUserId: reviewer.userId,
        comment: "looks right",
      },
    ]);

    // A verdict already given is not changed without If-Match, and not over a stale one.
    const unasked = await judge(dataId, secondReviewer, "Rejected");
    expect(unasked.status).toBe(409);
    expect(unasked.body?.errors?.[0]?.message).toContain(`Accepted by user ${reviewer.userId}`);
    expect((await judge(dataId, secondReviewer, "Rejected", "", '"0"')).status).toBe(409);

    // Accepted -> Rejected with the current version.
    const current = await get<QaReview>(`/qa/datasets/${dataId}`, secondReviewer);
    expect(current.etag).toBe('"1"');
    const rejected = await judge(dataId, secondReviewer, "Rejected", "&comment=wrong%20year", current.etag);
    expect(rejected.status).toBe(200);
    expect(await meta(dataId)).toMatchObject({ qaStatus: "Rejected", currentlyActive: false });
    expect(await events("dataset.rejected", dataId)).toEqual([
      {
        dataId,
        companyId,
        dataType: "pcaf",
        reportingPeriod: "2024",
        uploaderUserId: uploader.userId,
        reviewerUserId: secondReviewer.userId,
        comment: "wrong year",
      },
    ]);

    // Rejected -> Pending (back to review) -> Accepted.
    expect((await judge(dataId, reviewer, "Pending", "&comment=again", rejected.etag)).status).toBe(200);
    expect(await meta(dataId)).toMatchObject({ qaStatus: "Pending", currentlyActive: false });
    const again = await judge(dataId, secondReviewer, "Accepted");
    expect(again.status).toBe(200);
    expect(await meta(dataId)).toMatchObject({ qaStatus: "Accepted", currentlyActive: true });

    // Rejected -> Accepted directly, with If-Match (after another rejection).
    const rejectedAgain = await judge(dataId, reviewer, "Rejected", "", again.etag);
    expect(rejectedAgain.status).toBe(200);
    expect(
      (await judge(dataId, reviewer, "Accepted", "&comment=ok%20after%20all", rejectedAgain.etag)).status,
    ).toBe(200);
    expect(await events("dataset.accepted", dataId)).toHaveLength(3);
    expect(await events("dataset.rejected", dataId)).toHaveLength(2);

    const history = await get<QaReview[]>(`/qa/datasets/${dataId}/history`, uploader);
    expect(history.status).toBe(200);
    expect(history.body.map((entry) => [entry.qaStatus, entry.triggeringUserId, entry.comment])).toEqual([
      ["Pending", uploader.userId, undefined],
      ["Accepted", reviewer.userId, "looks right"],
      ["Rejected", secondReviewer.userId, "wrong year"],
      ["Pending", reviewer.userId, "again"],
      ["Accepted", secondReviewer.userId, undefined],
      ["Rejected", reviewer.userId, undefined],
      ["Accepted", reviewer.userId, "ok after all"],
    ]);
    const times = history.body.map((entry) => entry.timestamp);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Unknown datasets and bad If-Match values.
    expect((await judge("00000000-0000-4000-8000-000000000000", reviewer, "Accepted")).status).toBe(404);
    expect((await judge("not-a-uuid", reviewer, "Accepted")).status).toBe(404);
    expect((await get("/qa/datasets/00000000-0000-4000-8000-000000000000", reviewer)).status).toBe(404);
    expect((await judge(dataId, reviewer, "Rejected", "", "*")).status).toBe(400);
    expect((await post(`/qa/datasets/${dataId}`, reviewer)).status).toBe(400);
  }, 60_000);

  it("refuses a reviewer judging their own upload", async () => {
    const companyId = await company("Self Review KG");
    const dataId = await upload(reviewingUploader, "nuclear-and-gas", companyId, "2023");
    const own = await judge(dataId, reviewingUploader, "Accepted");
    expect(own.status).toBe(403);
    expect(await meta(dataId)).toMatchObject({ qaStatus: "Pending", currentlyActive: false });
    await settle();
    const points = await get<DataPointReview[]>(`/qa/data-points?companyId=${companyId}`, reviewingUploader);
    expect(points.body.length).toBeGreaterThan(0);
    const point = points.body[0] as DataPointReview;
    expect(
      (await post(`/qa/data-points/${point.dataPointId}?qaStatus=Accepted`, reviewingUploader)).status,
    ).toBe(403);
    // Someone else may.
    expect((await judge(dataId, reviewer, "Accepted")).status).toBe(200);
  }, 60_000);

  it("starts an upload's review once, however often its event comes; the first verdict writes an entry per data point", async () => {
    const companyId = await company("Review Start GmbH");
    const dataId = await upload(uploader, "nuclear-and-gas", companyId, "2023");
    await settle();
    await platform.database.db.transaction().execute((trx) => startDatasetReview(trx, dataId));
    const expected = await sql<Record<string, unknown>>`
      select p.data_point_id, p.data_point_type, p.company_id, p.data_type, p.reporting_period, p.qa_status,
        d.uploader_user_id, d.upload_time
      from dataset_data_point p join dataset d on d.data_id = p.data_id
      where p.data_id = ${dataId} order by p.data_point_id`.execute(platform.database.db);
    // The upload entries are written (as the upload used to write them) when a verdict changes the dataset.
    expect((await judge(dataId, reviewer, "Accepted")).status).toBe(200);
    const entries = await sql<Record<string, unknown>>`
      select data_point_id, data_point_type, company_id, data_type, reporting_period, qa_status,
        user_id as uploader_user_id, upload_time
      from qa_data_point_review
      where data_id = ${dataId} and is_upload and latest and reviewed_at = upload_time
        and comment is null and dataset_review_id is null
      order by data_point_id`.execute(platform.database.db);
    expect(expected.rows.length).toBeGreaterThan(0);
    expect(entries.rows).toEqual(expected.rows);
    const history = await get<QaReview[]>(`/qa/datasets/${dataId}/history`, reviewer);
    expect(history.body).toMatchObject([
      { dataId, qaStatus: "Pending", triggeringUserId: uploader.userId },
      { dataId, qaStatus: "Accepted", triggeringUserId: reviewer.userId },
    ]);
  }, 60_000);

  it("activates the newest accepted version; a rejected newer one leaves the older active", async () => {
    const companyId = await company("Activation Test AG");
    const v1 = await upload(uploader, "nuclear-and-gas", companyId, "2023");
    const v2 = await upload(uploader, "nuclear-and-gas", companyId, "2023");
    expect(await meta(v1)).toMatchObject({ currentlyActive: false });

    expect((await judge(v1, reviewer, "Accepted")).status).toBe(200);
    expect(await meta(v1)).toMatchObject({ qaStatus: "Accepted", currentlyActive: true });

    expect((await judge(v2, reviewer, "Rejected", "&comment=numbers%20do%20not%20add%20up")).status).toBe(
      200,
    );
    expect(await meta(v2)).toMatchObject({ qaStatus: "Rejected", currentlyActive: false });
    expect(await meta(v1)).toMatchObject({ qaStatus: "Accepted", currentlyActive: true });

    const v3 = await upload(otherUploader, "nuclear-and-gas", companyId, "2023");
    expect((await judge(v3, secondReviewer, "Accepted")).status).toBe(200);
    expect(await meta(v3)).toMatchObject({ currentlyActive: true });
    expect(await meta(v1)).toMatchObject({ qaStatus: "Accepted", currentlyActive: false });

    // Sending the newest back to review makes the older accepted one active again.
    const state = await get<QaReview>(`/qa/datasets/${v3}`, reviewer);
    expect((await judge(v3, reviewer, "Pending", "", state.etag)).status).toBe(200);
    expect(await meta(v3)).toMatchObject({ qaStatus: "Pending", currentlyActive: false });
    expect(await meta(v1)).toMatchObject({ currentlyActive: true });
  }, 60_000);

  it("carries a verdict to the data points and judges data points one by one", async () => {
    const companyId = await company("Datapoint Test GmbH");
    const carried = await upload(uploader, "pcaf", companyId, "2023");
    const single = await upload(uploader, "nuclear-and-gas", companyId, "2023");
    await settle();

    const pending = await get<DataPointReview[]>(
      `/qa/data-points?companyId=${companyId}&dataType=pcaf&qaStatus=Pending&chunkSize=1000`,
      reviewer,
    );
    expect(pending.status).toBe(200);
    expect(pending.body.length).toBeGreaterThan(3);
    expect(pending.body[0]).toMatchObject({ companyName: "Datapoint Test GmbH", reportingPeriod: "2023" });
    expect(pending.body[0]?.reviewerId).toBeUndefined();

    const queue = await get<DataPointReview[]>("/qa/data-points/queue", reviewer);
    const queued = new Set(queue.body.map((entry) => entry.dataPointId));
    for (const entry of pending.body) expect(queued.has(entry.dataPointId)).toBe(true);

    // Without overwriteDataPointQaStatus the data points keep their own status.
    expect((await judge(carried, reviewer, "Accepted", "&overwriteDataPointQaStatus=false")).status).toBe(
      200,
    );
    const untouched = await get<DataPointReview[]>(
      `/qa/data-points?companyId=${companyId}&dataType=pcaf&qaStatus=Pending&chunkSize=1000`,
      reviewer,
    );
    expect(untouched.body).toHaveLength(pending.body.length);
    const state = await get<QaReview>(`/qa/datasets/${carried}`, reviewer);
    expect(
      (
        await judge(
          carried,
          secondReviewer,
          "Accepted",
          "&comment=all%20checked&overwriteDataPointQaStatus=true",
          state.etag,
        )
      ).status,
    ).toBe(200);
    const acceptedPoints = await get<DataPointReview[]>(
      `/qa/data-points?companyId=${companyId}&dataType=pcaf&chunkSize=1000`,
      reviewer,
    );
    expect(acceptedPoints.body).toHaveLength(pending.body.length);
    for (const entry of acceptedPoints.body)
      expect(entry).toMatchObject({
        qaStatus: "Accepted",
        reviewerId: secondReviewer.userId,
        comment: "all checked",
      });
    const everything = await get<DataPointReview[]>(
      `/qa/data-points?companyId=${companyId}&dataType=pcaf&showOnlyActive=false&chunkSize=1000`,
      reviewer,
    );
    expect(everything.body).toHaveLength(2 * pending.body.length);

    // One data point of the other dataset, judged by itself.
    const points = await get<DataPointReview[]>(
      `/qa/data-points?companyId=${companyId}&dataType=nuclear-and-gas&chunkSize=1000`,
      reviewer,
    );
    const point = points.body[0] as DataPointReview;
    const byType = await get<DataPointReview[]>(
      `/qa/data-points?companyId=${companyId}&dataType=${point.dataPointType}&reportingPeriod=2023`,
      reviewer,
    );
    expect(byType.body.map((entry) => entry.dataPointId)).toContain(point.dataPointId);

    const judged = await post(
      `/qa/data-points/${point.dataPointId}?qaStatus=Accepted&comment=source%20checked`,
      reviewer,
    );
    expect(judged.status).toBe(200);
    const { getDataPoint } = await import("../datasets/service");
    expect(await getDataPoint(platform.database.db, point.dataPointId)).toMatchObject({
      qaStatus: "Accepted",
      currentlyActive: true,
    });
    // The dataset itself is still awaiting review.
    expect(await meta(single)).toMatchObject({ qaStatus: "Pending" });

    // Changing it needs If-Match; a stale one is refused.
    expect(
      (await post(`/qa/data-points/${point.dataPointId}?qaStatus=Rejected`, secondReviewer)).status,
    ).toBe(409);
    const history = await get<DataPointReview[]>(`/qa/data-points/${point.dataPointId}`, uploader);
    expect(history.status).toBe(200);
    expect(history.body.map((entry) => [entry.qaStatus, entry.reviewerId, entry.comment])).toEqual([
      ["Accepted", reviewer.userId, "source checked"],
      ["Pending", undefined, undefined],
    ]);
    const rejected = await post(
      `/qa/data-points/${point.dataPointId}?qaStatus=Rejected`,
      secondReviewer,
      history.etag,
    );
    expect(rejected.status).toBe(200);
    expect(
      (await post(`/qa/data-points/${point.dataPointId}?qaStatus=Accepted`, reviewer, history.etag)).status,
    ).toBe(409);
    expect(await getDataPoint(platform.database.db, point.dataPointId)).toMatchObject({
      qaStatus: "Rejected",
      currentlyActive: false,
    });
    expect(
      (await get<DataPointReview[]>(`/qa/data-points/${point.dataPointId}`, reviewer)).body,
    ).toHaveLength(3);
    expect(
      (await post("/qa/data-points/00000000-0000-4000-8000-000000000000?qaStatus=Accepted", reviewer)).status,
    ).toBe(404);
    expect((await get("/qa/data-points/00000000-0000-4000-8000-000000000000", reviewer)).status).toBe(404);
  }, 60_000);

  it("lets one of two reviewers judging at once win; the other gets 409 and nothing is lost", async () => {
    const companyId = await company("Concurrency Test AG");
    for (let round = 0; round < 3; round++) {
      const dataId = await upload(uploader, "nuclear-and-gas", companyId, String(2020 + round));
      if (round === 1) await settle();
      const [a, b] = await Promise.all([
        judge(dataId, reviewer, "Accepted", "&comment=first"),
        judge(dataId, secondReviewer, "Rejected", "&comment=second"),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner =
        a.status === 200 ? { status: "Accepted", by: reviewer } : { status: "Rejected", by: secondReviewer };
      const loser = a.status === 200 ? b : a;
      expect(loser.body?.errors?.[0]?.message).toContain(`${winner.status} by user ${winner.by.userId}`);
      expect(await meta(dataId)).toMatchObject({
        qaStatus: winner.status,
        currentlyActive: winner.status === "Accepted",
      });
      const history = await get<QaReview[]>(`/qa/datasets/${dataId}/history`, reviewer);
      expect(history.body.map((entry) => entry.qaStatus)).toEqual(["Pending", winner.status]);
      expect(
        (await events("dataset.accepted", dataId)).length + (await events("dataset.rejected", dataId)).length,
      ).toBe(1);
    }
  }, 60_000);

  it("lets each kind of user do exactly what docs/permissions.md says", async () => {
    const companyId = await company("Access Matrix AG");
    const dataId = await upload(uploader, "nuclear-and-gas", companyId, "2023");
    await settle();
    const point = (await get<DataPointReview[]>(`/qa/data-points?companyId=${companyId}`, admin))
      .body[0] as DataPointReview;

    const reads = [
      "/qa/datasets",
      "/qa/numberOfUnreviewedDatasets",
      "/qa/data-points",
      "/qa/data-points/queue",
    ];
    const own = [
      `/qa/datasets/${dataId}`,
      `/qa/datasets/${dataId}/history`,
      `/qa/data-points/${point.dataPointId}`,
    ];
    const expectations: [string, User | undefined, number, number, number][] = [
      // who, queue reads, reads of this upload, verdicts
      ["visitor", undefined, 401, 401, 401],
      ["user", plainUser, 403, 403, 403],
      ["other uploader", otherUploader, 403, 403, 403],
      ["uploader", uploader, 403, 200, 403],
      ["admin", admin, 200, 200, 403],
      ["reviewer", reviewer, 200, 200, 200],
    ];
    for (const [label, who, queueStatus, ownStatus, verdictStatus] of expectations) {
      for (const path of reads)
        expect([label, path, (await get(path, who)).status]).toEqual([label, path, queueStatus]);
      for (const path of own)
        expect([label, path, (await get(path, who)).status]).toEqual([label, path, ownStatus]);
      if (verdictStatus !== 200) {
        expect([label, (await judge(dataId, who as User, "Accepted")).status]).toEqual([
          label,
          verdictStatus,
        ]);
        expect([
          label,
          (await post(`/qa/data-points/${point.dataPointId}?qaStatus=Accepted`, who)).status,
        ]).toEqual([label, verdictStatus]);
      }
    }
    // The uploader sees no request priority; reviewers do (when there is one).
    expect(
      (await get<QaReview>(`/qa/datasets/${dataId}`, uploader)).body.priorityOfAssociatedDataSourcing,
    ).toBeUndefined();
    expect((await post(`/qa/data-points/${point.dataPointId}?qaStatus=Accepted`, reviewer)).status).toBe(200);
    expect((await judge(dataId, reviewer, "Accepted")).status).toBe(200);
    // The OpenAPI document is public and names the reference's operations and schemas.
    const document = await get<{
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    }>("/qa/openapi.json");
    expect(document.status).toBe(200);
    expect(document.body.paths["/datasets/{dataId}"]?.post?.operationId).toBe("changeQaStatus");
    expect(document.body.paths["/data-points/queue"]?.get?.operationId).toBe("getDataPointReviewQueue");
    expect(Object.keys(document.body.components.schemas)).toEqual(
      expect.arrayContaining(["QaStatus", "QaReviewResponse", "DataPointQaReviewInformation"]),
    );
  }, 60_000);
});
