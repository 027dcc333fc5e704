/**
 * An upload writes no review entry per data point: each data point's review is its dataset's upload
 * until a verdict changes the dataset or one of its data points, which writes those entries first.
 * Readers see no difference, and a version read before that first change still holds after it.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import type { DataPointQaReviewInformation } from "./data-point-reviews";
import { startDatasetReview } from "./service";
import { qaTestKit, type User } from "./test-judgement-setup";

type DataPointReview = DataPointQaReviewInformation;

describe("data point review entries written on the first change", () => {
  let platform: TestPlatform;
  const kit = qaTestKit(() => platform, "entries");
  let uploader: User;
  let reviewer: User;
  let secondReviewer: User;

  beforeAll(async () => {
    platform = await startTestPlatform();
    uploader = await kit.user("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    reviewer = await kit.user("reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
    secondReviewer = await kit.user("reviewer_2", ["ROLE_USER", "ROLE_REVIEWER"]);
  }, 240_000);
  afterAll(() => platform?.close());

  async function request<T>(method: string, path: string, who: User, ifMatch?: string | null) {
    const headers: Record<string, string> = { authorization: who.authorization };
    if (ifMatch) headers["if-match"] = ifMatch;
    const response = await platform.request(path, { method, headers });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      etag: response.headers.get("etag"),
    };
  }

  const points = async (companyId: string, extra = "") =>
    (
      await request<DataPointReview[]>(
        "GET",
        `/qa/data-points?companyId=${companyId}&chunkSize=1000${extra}`,
        reviewer,
      )
    ).body;
  const history = (dataPointId: string) =>
    request<DataPointReview[]>("GET", `/qa/data-points/${dataPointId}`, reviewer);
  const judgePoint = (dataPointId: string, who: User, qaStatus: string, ifMatch?: string | null) =>
    request("POST", `/qa/data-points/${dataPointId}?qaStatus=${qaStatus}`, who, ifMatch);

  /** The data points of a dataset as the datasets module keeps them, by type. */
  async function dataPointsOf(dataId: string): Promise<{ data_point_id: string; data_point_type: string }[]> {
    const { rows } = await sql<{ data_point_id: string; data_point_type: string }>`
      select data_point_id, data_point_type from dataset_data_point where data_id = ${dataId}
      order by data_point_type`.execute(platform.database.db);
    return rows;
  }

  async function storedEntries(
    dataId: string,
  ): Promise<{ uploads: number; verdicts: number; flag: boolean }> {
    const { rows } = await sql<{ uploads: number; verdicts: number; flag: boolean }>`
      select (select count(*) from qa_data_point_review where data_id = ${dataId} and is_upload)::int as uploads,
        (select count(*) from qa_data_point_review where data_id = ${dataId} and not is_upload)::int as verdicts,
        (select data_points_materialized from qa_dataset where data_id = ${dataId}) as flag`.execute(
      platform.database.db,
    );
    return rows[0] as { uploads: number; verdicts: number; flag: boolean };
  }

  it("shows an upload's data points in lists, the queue and their history without writing an entry each", async () => {
    const companyId = await kit.company("Eintrag Später AG");
    const { dataId } = await kit.upload(uploader, "nuclear-and-gas", companyId, "2023");
    // However often the upload's event comes.
    await platform.database.db.transaction().execute((trx) => startDatasetReview(trx, dataId));
    expect(await storedEntries(dataId)).toEqual({ uploads: 0, verdicts: 0, flag: false });

    const keys = await dataPointsOf(dataId);
    expect(keys.length).toBeGreaterThan(3);
    const uploadTime = (await request<{ uploadTime: number }>("GET", `/api/metadata/${dataId}`, reviewer))
      .body.uploadTime;
    const listed = await points(companyId);
    expect(listed.map((entry) => entry.dataPointId).sort()).toEqual(
      keys.map((key) => key.data_point_id).sort(),
    );
    for (const entry of listed) {
      expect(entry).toMatchObject({
        companyId,
        companyName: "Eintrag Später AG",
        reportingPeriod: "2023",
        timestamp: uploadTime,
        qaStatus: "Pending",
      });
      expect(entry.reviewerId).toBeUndefined();
      expect(entry.comment).toBeUndefined();
    }
    // Entries of one moment: by data point type within the dataset.
    expect(listed.map((entry) => entry.dataPointType)).toEqual(keys.map((key) => key.data_point_type));
    expect((await points(companyId, "&qaStatus=Accepted")).length).toBe(0);
    expect((await points(companyId, "&showOnlyActive=false")).length).toBe(keys.length);
    const first = keys[0] as { data_point_id: string; data_point_type: string };
    const byType = await request<DataPointReview[]>(
      "GET",
      `/qa/data-points?dataType=${first.data_point_type}&reportingPeriod=2023&companyId=${companyId}`,
      reviewer,
    );
    expect(byType.body.map((entry) => entry.dataPointId)).toEqual([first.data_point_id]);

    const queue = await request<DataPointReview[]>("GET", "/qa/data-points/queue?chunkSize=1000", reviewer);
    expect(queue.body.map((entry) => entry.dataPointId)).toEqual(keys.map((key) => key.data_point_id));

    const read = await history(first.data_point_id);
    expect(read.status).toBe(200);
    expect(read.etag).toBe('"0"');
    expect(read.body).toEqual([expect.objectContaining({ qaStatus: "Pending", timestamp: uploadTime })]);
  }, 120_000);

  it("writes the upload entries on a data point's first verdict, keeps the others' and the version read before", async () => {
    const companyId = await kit.company("Eintrag Urteil GmbH");
    const { dataId } = await kit.upload(uploader, "nuclear-and-gas", companyId, "2023");
    const [first, second] = (await dataPointsOf(dataId)).map((key) => key.data_point_id) as [string, string];
    const before = await points(companyId);
    const read = await history(first);
    expect(read.etag).toBe('"0"');

    const judged = await judgePoint(first, reviewer, "Accepted", read.etag);
    expect(judged.status).toBe(200);
    expect(judged.etag).not.toBe('"0"');
    expect(await storedEntries(dataId)).toEqual({ uploads: before.length, verdicts: 1, flag: true });

    // The other data points read as before, the judged one is newest.
    const after = await points(companyId);
    expect(after[0]).toMatchObject({ dataPointId: first, qaStatus: "Accepted", reviewerId: reviewer.userId });
    expect(after.slice(1)).toEqual(before.filter((entry) => entry.dataPointId !== first));
    const judgedHistory = await history(first);
    expect(judgedHistory.etag).toBe(judged.etag);
    expect(judgedHistory.body.map((entry) => [entry.qaStatus, entry.reviewerId])).toEqual([
      ["Accepted", reviewer.userId],
      ["Pending", undefined],
    ]);
    expect((await points(companyId, "&showOnlyActive=false")).length).toBe(before.length + 1);

    // The version read before the entries were written: stale for the judged data point, still the
    // current one for another.
    expect((await judgePoint(first, secondReviewer, "Rejected", read.etag)).status).toBe(409);
    const other = await history(second);
    expect(other.etag).toBe('"0"');
    expect((await judgePoint(second, secondReviewer, "Rejected", '"0"')).status).toBe(200);
    expect((await judgePoint(first, secondReviewer, "Rejected", judged.etag)).status).toBe(200);
    expect(await storedEntries(dataId)).toEqual({ uploads: before.length, verdicts: 3, flag: true });
  }, 120_000);

  it("writes them before a dataset verdict, with or without carrying it to the data points", async () => {
    const companyId = await kit.company("Eintrag Datensatz KG");
    const kept = await kit.upload(uploader, "nuclear-and-gas", companyId, "2022");
    const carried = await kit.upload(uploader, "nuclear-and-gas", companyId, "2023");
    const count = (await dataPointsOf(kept.dataId)).length;

    expect((await request("POST", `/qa/datasets/${kept.dataId}?qaStatus=Accepted`, reviewer)).status).toBe(
      200,
    );
    expect(await storedEntries(kept.dataId)).toEqual({ uploads: count, verdicts: 0, flag: true });
    // Without overwriteDataPointQaStatus the data points stay as uploaded, with the version of the upload.
    const [keptPoint] = (await dataPointsOf(kept.dataId)).map((key) => key.data_point_id) as [string];
    const keptHistory = await history(keptPoint);
    expect(keptHistory.etag).toBe('"0"');
    expect(keptHistory.body.map((entry) => entry.qaStatus)).toEqual(["Pending"]);
    expect((await points(companyId, "&reportingPeriod=2022&qaStatus=Pending")).length).toBe(count);

    const [carriedPoint] = (await dataPointsOf(carried.dataId)).map((key) => key.data_point_id) as [string];
    const read = await history(carriedPoint);
    expect(
      (
        await request(
          "POST",
          `/qa/datasets/${carried.dataId}?qaStatus=Rejected&comment=wrong&overwriteDataPointQaStatus=true`,
          reviewer,
        )
      ).status,
    ).toBe(200);
    expect(await storedEntries(carried.dataId)).toEqual({ uploads: count, verdicts: count, flag: true });
    const rejected = await points(companyId, "&reportingPeriod=2023");
    expect(rejected).toHaveLength(count);
    for (const entry of rejected)
      expect(entry).toMatchObject({ qaStatus: "Rejected", comment: "wrong", reviewerId: reviewer.userId });
    expect((await history(carriedPoint)).body.map((entry) => entry.qaStatus)).toEqual([
      "Rejected",
      "Pending",
    ]);
    // The version read before the dataset verdict is stale now.
    expect((await judgePoint(carriedPoint, secondReviewer, "Accepted", read.etag)).status).toBe(409);
  }, 120_000);

  it("lets two verdicts on two data points of one dataset at once both succeed, writing the entries once", async () => {
    const companyId = await kit.company("Eintrag Gleichzeitig SE");
    const { dataId } = await kit.upload(uploader, "nuclear-and-gas", companyId, "2023");
    const keys = (await dataPointsOf(dataId)).map((key) => key.data_point_id);
    const [first, second] = keys as [string, string];
    const [a, b] = await Promise.all([
      judgePoint(first, reviewer, "Accepted", '"0"'),
      judgePoint(second, secondReviewer, "Rejected"),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await storedEntries(dataId)).toEqual({ uploads: keys.length, verdicts: 2, flag: true });
    expect((await history(first)).body.map((entry) => entry.qaStatus)).toEqual(["Accepted", "Pending"]);
    expect((await history(second)).body.map((entry) => entry.qaStatus)).toEqual(["Rejected", "Pending"]);
  }, 120_000);
});
