import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { qaTestKit, type User } from "./test-judgement-setup";

interface QaReview {
  dataId: string;
  companyName: string;
  qaStatus: string;
  numberQaReports: number;
}

describe("the pending-dataset queue", () => {
  let platform: TestPlatform;
  const kit = qaTestKit(() => platform, "queue");
  let uploader: User;
  let reviewer: User;
  let admin: User;
  let reader: User;

  beforeAll(async () => {
    platform = await startTestPlatform();
    uploader = await kit.user("uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    reviewer = await kit.user("reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
    admin = await kit.user("admin", ["ROLE_USER", "ROLE_ADMIN"]);
    reader = await kit.user("reader", ["ROLE_USER"]);
  }, 240_000);
  afterAll(() => platform?.close());

  it("lists datasets awaiting review oldest first, by company name, for reviewers and admins", async () => {
    const alpha = await kit.company("Warteschlange Ålpha AG");
    const beta = await kit.company("Warteschlange Beta GmbH");
    const first = await kit.upload(uploader, "pcaf", alpha, "2023");
    const second = await kit.upload(uploader, "nuclear-and-gas", beta, "2023");
    const judged = await kit.upload(uploader, "pcaf", beta, "2022");
    expect((await kit.call("POST", `/qa/datasets/${judged.dataId}?qaStatus=Accepted`, reviewer)).status).toBe(
      200,
    );

    const all = await kit.call<QaReview[]>("GET", "/qa/datasets/queue", reviewer);
    expect(all.status).toBe(200);
    expect(all.body.map((entry) => entry.dataId)).toEqual([first.dataId, second.dataId]);
    expect(all.body[0]).toMatchObject({ companyName: "Warteschlange Ålpha AG", qaStatus: "Pending" });

    const filtered = await kit.call<QaReview[]>("GET", "/qa/datasets/queue?companyName=ALPHA", admin);
    expect(filtered.body.map((entry) => entry.dataId)).toEqual([first.dataId]);
    expect((await kit.call<QaReview[]>("GET", "/qa/datasets/queue?companyName=nobody", admin)).body).toEqual(
      [],
    );
  });

  it("refuses everyone else in the error format", async () => {
    const refused = await kit.call<{ errors: { summary: string }[] }>("GET", "/qa/datasets/queue", reader);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toHaveLength(1);
    expect((await kit.call("GET", "/qa/datasets/queue")).status).toBe(401);
    const tooLong = await kit.call("GET", `/qa/datasets/queue?companyName=${"x".repeat(401)}`, reviewer);
    expect(tooLong.status).toBe(400);
  });
});
