import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { createDataRequest, findDataRequests } from "../requests";
import { qaTestKit, type User } from "./test-judgement-setup";

interface Review {
  nonSourceabilityId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  qaStatus: string;
  reason?: string;
  uploaderUserId: string;
  uploadTime: number;
  reviewerUserId?: string;
  qaComment?: string;
}

describe("the review of non-sourceability claims", () => {
  let platform: TestPlatform;
  const kit = qaTestKit(() => platform, "nonsrc");
  let uploader: User;
  let reviewingUploader: User;
  let reviewer: User;
  let reader: User;
  let companyId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    uploader = await kit.user("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    reviewingUploader = await kit.user("reviewing_uploader", ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"]);
    reviewer = await kit.user("reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
    reader = await kit.user("reader", ["ROLE_USER"]);
    companyId = await kit.company("Unauffindbar Daten AG");
  }, 240_000);
  afterAll(() => platform?.close());

  async function claim(who: User, reportingPeriod: string): Promise<Review> {
    const response = await kit.call<Review>("POST", "/api/metadata/nonSourceable", who, {
      companyId,
      dataType: "sfdr",
      reportingPeriod,
      reason: `No report for ${reportingPeriod}.`,
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  async function waitingRequest(reportingPeriod: string): Promise<string> {
    const created = await createDataRequest(platform.database.db, {
      userId: reader.userId,
      companyId,
      dataType: "sfdr",
      reportingPeriod,
      notifyMeImmediately: false,
    } as never);
    return (created as { request: { dataRequestId: string } }).request.dataRequestId;
  }

  async function requestState(reportingPeriod: string): Promise<string | undefined> {
    await platform.background.settle();
    const [request] = await findDataRequests(platform.database.db, {
      companyIds: [companyId],
      reportingPeriods: [reportingPeriod],
    });
    return request?.state;
  }

  const isNonSourceable = async (reportingPeriod: string) =>
    (
      await platform.request(`/api/metadata/nonSourceable/${companyId}/sfdr/${reportingPeriod}`, {
        method: "HEAD",
        headers: { authorization: reader.authorization },
      })
    ).status === 200;

  const decide = (who: User | undefined, id: string, body: unknown) =>
    kit.call<Review & { errors?: unknown[] }>("POST", `/qa/nonSourceable/${id}`, who, body);

  it("queues a claim until a reviewer confirms it; then the waiting requests end as NonSourceable", async () => {
    await waitingRequest("2015");
    const made = await claim(uploader, "2015");
    expect(made).toMatchObject({ qaStatus: "Pending", currentlyActive: false });
    expect(await isNonSourceable("2015")).toBe(false);
    expect(await requestState("2015")).toBe("Open");

    const queue = await kit.call<Review[]>("GET", "/qa/nonSourceable/queue", reviewer);
    expect(queue.status).toBe(200);
    expect(queue.body).toEqual([
      {
        nonSourceabilityId: made.nonSourceabilityId,
        companyId,
        dataType: "sfdr",
        reportingPeriod: "2015",
        qaStatus: "Pending",
        reason: "No report for 2015.",
        uploaderUserId: uploader.userId,
        uploadTime: made.uploadTime,
      },
    ]);

    const decided = await decide(reviewer, made.nonSourceabilityId, {
      qaStatus: "Accepted",
      qaComment: "Checked the company's website: nothing for 2015.",
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      nonSourceabilityId: made.nonSourceabilityId,
      qaStatus: "Accepted",
      reviewerUserId: reviewer.userId,
      qaComment: "Checked the company's website: nothing for 2015.",
    });
    expect(await isNonSourceable("2015")).toBe(true);
    expect(await requestState("2015")).toBe("NonSourceable");
    expect((await kit.call<Review[]>("GET", "/qa/nonSourceable/queue", reviewer)).body).toEqual([]);

    const listed = await kit.call<Review[]>(
      "GET",
      `/qa/nonSourceable?companyId=${companyId}&qaStatus=Accepted`,
      reviewer,
    );
    expect(listed.body.map((entry) => [entry.nonSourceabilityId, entry.reviewerUserId])).toEqual([
      [made.nonSourceabilityId, reviewer.userId],
    ]);
    const events = await sql<{ payload: Record<string, unknown> }>`
      select payload from platform_event where type = 'nonSourceability.reviewed'`.execute(
      platform.database.db,
    );
    expect(events.rows.map((row) => row.payload)).toEqual([
      {
        nonSourceabilityId: made.nonSourceabilityId,
        companyId,
        dataType: "sfdr",
        reportingPeriod: "2015",
        qaStatus: "Accepted",
        claimantUserId: uploader.userId,
        reviewerUserId: reviewer.userId,
        comment: "Checked the company's website: nothing for 2015.",
      },
    ]);

    // Decided once, decided for good.
    expect((await decide(reviewer, made.nonSourceabilityId, { qaStatus: "Rejected" })).status).toBe(409);
  });

  it("leaves the requests as they are when a reviewer rejects the claim", async () => {
    await waitingRequest("2016");
    const made = await claim(uploader, "2016");
    const decided = await decide(reviewer, made.nonSourceabilityId, { qaStatus: "Rejected" });
    expect(decided.body).toMatchObject({ qaStatus: "Rejected", reviewerUserId: reviewer.userId });
    expect(decided.body.qaComment).toBeUndefined();
    expect(await isNonSourceable("2016")).toBe(false);
    expect(await requestState("2016")).toBe("Open");
  });

  it("refuses bad decisions in the error format and changes nothing", async () => {
    const made = await claim(reviewingUploader, "2017");
    const attempts: [User | undefined, string, unknown, number][] = [
      [undefined, made.nonSourceabilityId, { qaStatus: "Accepted" }, 401],
      [reader, made.nonSourceabilityId, { qaStatus: "Accepted" }, 403],
      [reviewingUploader, made.nonSourceabilityId, { qaStatus: "Accepted" }, 403],
      [reviewer, made.nonSourceabilityId, { qaStatus: "Pending" }, 400],
      [reviewer, made.nonSourceabilityId, { qaStatus: "Maybe" }, 400],
      [reviewer, made.nonSourceabilityId, {}, 400],
      [reviewer, made.nonSourceabilityId, { qaStatus: "Accepted", qaComment: "x".repeat(10_001) }, 400],
      [reviewer, "00000000-0000-4000-8000-000000000000", { qaStatus: "Accepted" }, 404],
      [reviewer, "not-an-id", { qaStatus: "Accepted" }, 404],
    ];
    for (const [who, id, body, status] of attempts) {
      const refused = await decide(who, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      if (status !== 401) expect(refused.body.errors).toBeDefined();
    }
    expect((await kit.call("GET", "/qa/nonSourceable/queue", reader)).status).toBe(403);
    expect((await kit.call("GET", "/qa/nonSourceable", reader)).status).toBe(403);
    const still = await kit.call<Review[]>("GET", "/qa/nonSourceable/queue", reviewer);
    expect(still.body.map((entry) => [entry.nonSourceabilityId, entry.qaStatus])).toEqual([
      [made.nonSourceabilityId, "Pending"],
    ]);
  });
});
