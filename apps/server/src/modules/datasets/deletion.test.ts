import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { company, completeDataset, json, type TestUser, user } from "./test-helpers";

let platform: TestPlatform;
let admin: TestUser;
let uploader: TestUser;
let reviewer: TestUser;
let sfdr: Record<string, unknown>;

const call = async (path: string, init: RequestInit = {}) => {
  const response = await platform.request(path, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};
const remove = (who: TestUser | undefined, dataId: string) =>
  call(`/api/data/${dataId}`, { method: "DELETE", headers: who ? { authorization: who.authorization } : {} });
const upload = async (companyId: string, reportingPeriod: string, bypassQa: boolean): Promise<string> => {
  const { status, body } = await call(
    `/api/data/sfdr${bypassQa ? "?bypassQa=true" : ""}`,
    json(admin.authorization, { companyId, reportingPeriod, data: sfdr }),
  );
  expect(status).toBe(200);
  return body.dataId;
};
const rows = async (query: string, dataId: string) =>
  Number(
    (
      await sql<{
        n: unknown;
      }>`select count(*) as n from ${sql.raw(query)} where data_id = ${dataId}`.execute(platform.database.db)
    ).rows[0]?.n,
  );
const deletedEvents = async (dataId: string) =>
  (
    await sql<{ payload: Record<string, unknown> }>`
      select payload from platform_event where type = 'dataset.deleted' and payload->>'dataId' = ${dataId}`.execute(
      platform.database.db,
    )
  ).rows.map((row) => row.payload);

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await user(platform, "del-admin", ["ROLE_USER", "ROLE_UPLOADER", "ROLE_ADMIN"]);
  uploader = await user(platform, "del-uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
  reviewer = await user(platform, "del-reviewer", ["ROLE_USER", "ROLE_REVIEWER"]);
  sfdr = await completeDataset(platform, "sfdr");
});
afterAll(async () => platform?.close());

describe("DELETE /api/data/{dataId}", () => {
  it("removes the active version with its data points and review; the next newest accepted one takes over", async () => {
    const { companyId } = await company(platform);
    const older = await upload(companyId, "2024", true);
    const pending = await upload(companyId, "2024", false);
    const newest = await upload(companyId, "2024", true);
    // The review of the newest has started (as the upload event would start it).
    expect((await call(`/qa/datasets/${newest}`, json(reviewer.authorization))).status).toBe(200);
    expect(await rows("qa_dataset", newest)).toBe(1);

    const { status } = await remove(admin, newest);
    expect(status).toBe(200);
    expect((await call(`/api/data/sfdr/${newest}`, json(admin.authorization))).status).toBe(404);
    expect(await rows("dataset_data_point", newest)).toBe(0);
    expect(await rows("dataset_document", newest)).toBe(0);
    expect(await rows("qa_dataset", newest)).toBe(0);
    expect(await rows("qa_data_point_review", newest)).toBe(0);
    expect((await call(`/qa/datasets/${newest}`, json(reviewer.authorization))).status).toBe(404);

    // The older accepted version is active again (the pending one stays pending), data points included.
    const meta = await call(`/api/metadata/${older}`, json(admin.authorization));
    expect(meta.body).toMatchObject({ currentlyActive: true, qaStatus: "Accepted" });
    expect((await call(`/api/metadata/${pending}`, json(admin.authorization))).body.currentlyActive).toBe(
      false,
    );
    const points = await call(`/api/metadata/${older}/data-points`, json(admin.authorization));
    const firstPoint = Object.values(points.body as Record<string, string>)[0];
    const pointMeta = await call(`/api/data-points/${firstPoint}/metadata`, json(admin.authorization));
    expect(pointMeta.body.currentlyActive).toBe(true);

    expect(await deletedEvents(newest)).toEqual([
      {
        dataId: newest,
        companyId,
        dataType: "sfdr",
        reportingPeriod: "2024",
        wasActive: true,
        deletedByUserId: admin.userId,
      },
    ]);
    const audit = await sql<{ action: string; actor_id: string; object_id: string }>`
      select action, actor_id::text as actor_id from audit_entry where object_id = ${newest}`.execute(
      platform.database.db,
    );
    expect(audit.rows).toMatchObject([{ action: "dataset.deleted", actor_id: admin.userId }]);
    const activated = await sql<{ payload: Record<string, unknown> }>`
      select payload from platform_event where type = 'dataset.activated' and payload->>'dataId' = ${older}
      order by id desc limit 1`.execute(platform.database.db);
    expect(activated.rows[0]?.payload).toEqual({
      dataId: older,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2024",
      previousActiveDataId: newest,
    });
  });

  it("leaves a company without active data of the framework when the only version goes", async () => {
    const { companyId } = await company(platform);
    const only = await upload(companyId, "2023", true);
    const before = await sql<{ n: unknown }>`
      select count(*) as n from company_framework_data where company_id = ${companyId}`.execute(
      platform.database.db,
    );
    expect(Number(before.rows[0]?.n)).toBe(1);
    expect((await remove(admin, only)).status).toBe(200);
    const after = await sql<{ n: unknown }>`
      select count(*) as n from company_framework_data where company_id = ${companyId}`.execute(
      platform.database.db,
    );
    expect(Number(after.rows[0]?.n)).toBe(0);
    expect(await deletedEvents(only)).toHaveLength(1);
  });

  it("is for admins only, answers 404 for unknown ids and changes nothing when refused", async () => {
    const { companyId } = await company(platform);
    const dataId = await upload(companyId, "2022", true);
    expect((await remove(undefined, dataId)).status).toBe(401);
    const refused = await remove(uploader, dataId);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toContain("Only admins");
    expect((await remove(admin, "00000000-0000-4000-8000-00000000dead")).status).toBe(404);
    const malformed = await remove(admin, "not-an-id");
    expect(malformed.status).toBe(404);
    expect(malformed.body.errors).toHaveLength(1);
    expect((await call(`/api/metadata/${dataId}`, json(admin.authorization))).body.currentlyActive).toBe(
      true,
    );
    expect(await rows("dataset_data_point", dataId)).toBeGreaterThan(0);
    expect(await deletedEvents(dataId)).toEqual([]);
  });

  it("keeps every data point tied to a stored dataset, as a foreign key would (migration 008)", async () => {
    const { companyId } = await company(platform);
    const dataId = await upload(companyId, "2021", false);
    const db = platform.database.db;
    const unknownDataset = "00000000-0000-4000-8000-0000000000aa";
    await expect(
      sql`insert into dataset_data_point (data_point_id, data_id, data_type, data_point_type, company_id,
          reporting_period, value, qa_status)
        values (gen_random_uuid(), ${unknownDataset}, 'sfdr', 'extendedDecimalScope1GhgEmissionsInTonnes',
          ${companyId}, '2021', '1', 'Pending')`.execute(db),
    ).rejects.toThrow("names a dataset that does not exist");
    // The citations go first, so that only the data points stand in the way.
    await sql`delete from dataset_document where data_id = ${dataId}`.execute(db);
    await expect(sql`delete from dataset where data_id = ${dataId}`.execute(db)).rejects.toThrow(
      "cannot be removed while data points name it",
    );
    await expect(
      sql`update dataset_data_point set data_id = ${unknownDataset} where data_id = ${dataId}`.execute(db),
    ).rejects.toThrow("cannot change");
    expect(await rows("dataset_data_point", dataId)).toBeGreaterThan(0);
    expect(await rows("dataset_data_point", unknownDataset)).toBe(0);
  });
});
