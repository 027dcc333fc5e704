import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { DEMO_USERS } from "../identity";

// Private (VSME) data is not under public review: a reviewer who may not see it must not learn of it
// through the review either (the datasets module answers 404 for it). Found by attacking the demo.
describe("the review of private data", () => {
  let platform: TestPlatform;
  const auth: Record<string, string> = {};
  let dataId: string;
  let dataPointId: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ demo: true });
    for (const username of ["data_reviewer", "data_admin", "company_owner"]) {
      const demo = DEMO_USERS.find((user) => user.username === username);
      if (!demo) throw new Error(`no demo user ${username}`);
      auth[username] = (await signIn(platform, { username, roles: demo.roles })).authorization;
    }
    const rows = await sql<{ dataId: string; dataPointId: string }>`
      select d.data_id as "dataId", p.data_point_id as "dataPointId"
      from dataset d join dataset_data_point p on p.data_id = d.data_id
      where d.data_type = 'vsme' and d.currently_active limit 1`.execute(platform.database.db);
    const row = rows.rows[0];
    if (!row) throw new Error("the demo has no VSME dataset");
    ({ dataId, dataPointId } = row);
  });
  afterAll(() => platform?.close());

  const call = (who: string, path: string, method = "GET") =>
    platform.request(path, { method, headers: { authorization: auth[who] ?? "" } });

  it("is hidden from a reviewer who may not see the data, as the data itself is", async () => {
    expect((await call("data_reviewer", `/api/data/vsme/${dataId}`)).status).toBe(404);
    for (const path of [
      `/qa/datasets/${dataId}`,
      `/qa/datasets/${dataId}/history`,
      `/qa/data-points/${dataPointId}`,
    ]) {
      const answer = await call("data_reviewer", path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain("Verdana");
    }
  });

  it("cannot be judged by a reviewer who may not see it", async () => {
    const dataset = await call("data_reviewer", `/qa/datasets/${dataId}?qaStatus=Rejected`, "POST");
    expect(dataset.status).toBe(404);
    const dataPoint = await call("data_reviewer", `/qa/data-points/${dataPointId}?qaStatus=Rejected`, "POST");
    expect(dataPoint.status).toBe(404);
    const state = await sql<{ qaStatus: string }>`select qa_status as "qaStatus" from dataset
      where data_id = ${dataId}`.execute(platform.database.db);
    expect(state.rows[0]?.qaStatus).toBe("Accepted");
  });

  it("stays readable for those who may see the data", async () => {
    for (const who of ["data_admin", "company_owner"])
      expect((await call(who, `/qa/datasets/${dataId}`)).status, who).toBe(200);
  });
});
