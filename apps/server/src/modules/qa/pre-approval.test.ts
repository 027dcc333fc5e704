import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { uploadSkipsReview } from "./pre-approval";
import { qaTestKit, type User } from "./test-judgement-setup";

describe("the pre-approval configuration", () => {
  let platform: TestPlatform;
  const kit = qaTestKit(() => platform, "preappr");
  let uploader: User;
  let reviewer: User;
  let admin: User;

  beforeAll(async () => {
    platform = await startTestPlatform();
    uploader = await kit.user("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    reviewer = await kit.user("reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
    admin = await kit.user("admin", ["ROLE_USER", "ROLE_ADMIN"]);
  }, 240_000);
  afterAll(() => platform?.close());

  const config = (who?: User) =>
    kit.call<{ samplingProbability: number }>("GET", "/qa/pre-approval/config", who);
  const change = (who: User | undefined, body: unknown) =>
    kit.call<{ samplingProbability: number }>("PATCH", "/qa/pre-approval/config", who, body);

  it("reviews every upload until an admin says otherwise, then accepts the uploads not drawn", async () => {
    expect(await config(admin)).toEqual({ status: 200, body: { samplingProbability: 1 } });
    const companyId = await kit.company("Vorabfreigabe Werke AG");
    expect((await kit.upload(uploader, "pcaf", companyId, "2021")).qaStatus).toBe("Pending");

    expect(await change(admin, { samplingProbability: 0 })).toEqual({
      status: 200,
      body: { samplingProbability: 0 },
    });
    const skipped = await kit.upload(uploader, "pcaf", companyId, "2022");
    expect(skipped.qaStatus).toBe("Accepted");
    const meta = await kit.call<{ currentlyActive: boolean }>(
      "GET",
      `/api/metadata/${skipped.dataId}`,
      admin,
    );
    expect(meta.body.currentlyActive).toBe(true);
    const review = await kit.call<{ qaStatus: string }>("GET", `/qa/datasets/${skipped.dataId}`, reviewer);
    expect(review.body.qaStatus).toBe("Accepted");
    // A single data point goes the same way as a dataset.
    const single = await kit.call<{ qaStatus: string }>("POST", "/api/data-points", uploader, {
      companyId,
      reportingPeriod: "2022",
      dataPointType: "extendedEnumYesNoIsNfrdMandatory",
      dataPoint: JSON.stringify({ value: "No", quality: "Estimated" }),
    });
    expect(single.status).toBe(200);
    expect(single.body.qaStatus).toBe("Accepted");

    // A share in between draws: 0.25 reviews a quarter of the uploads.
    expect((await change(admin, { samplingProbability: 0.25 })).status).toBe(200);
    expect(await uploadSkipsReview(platform.database.db, 0.1)).toBe(false);
    expect(await uploadSkipsReview(platform.database.db, 0.6)).toBe(true);

    expect((await change(admin, { samplingProbability: 1 })).status).toBe(200);
    expect((await kit.upload(uploader, "pcaf", companyId, "2023")).qaStatus).toBe("Pending");
    const reviewed = await kit.call<{ qaStatus: string }>("POST", "/api/data-points", uploader, {
      companyId,
      reportingPeriod: "2023",
      dataPointType: "extendedEnumYesNoIsNfrdMandatory",
      dataPoint: JSON.stringify({ value: "No", quality: "Estimated" }),
    });
    expect(reviewed.body.qaStatus).toBe("Pending");
    const audited = await sql<{ after: unknown }>`
      select after from audit_entry where action = 'pre-approval.changed' order by 1`.execute(
      platform.database.db,
    );
    expect(audited.rows).toHaveLength(3);
  });

  it("is for admins only, and refuses values outside 0 to 1 without changing anything", async () => {
    expect((await config(reviewer)).status).toBe(403);
    expect((await change(reviewer, { samplingProbability: 0 })).status).toBe(403);
    expect((await config()).status).toBe(401);
    for (const body of [
      { samplingProbability: 1.5 },
      { samplingProbability: -0.1 },
      {},
      { samplingProbability: "x" },
    ]) {
      const refused = await change(admin, body);
      expect(refused.status).toBe(400);
      expect(refused.body).toHaveProperty("errors");
    }
    expect((await config(admin)).body).toEqual({ samplingProbability: 1 });
  });
});
