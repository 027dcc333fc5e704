import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { company, completeDataset, json, storePdf, type TestUser, user } from "../datasets/test-helpers";

describe("DELETE /documents/{documentId}/deletion-request", () => {
  let platform: TestPlatform;
  let admin: TestUser;
  let uploader: TestUser;
  let reader: TestUser;
  let companyId: string;
  let dataId: string;
  let cited: string;

  const remove = (documentId: string, who?: TestUser) =>
    platform.request(`/documents/${documentId}/deletion-request`, {
      method: "DELETE",
      headers: who ? { authorization: who.authorization } : {},
    });
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(platform.database.db)).rows[0]?.n);

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await user(platform, "deletion-admin", ["ROLE_USER", "ROLE_ADMIN"]);
    uploader = await user(platform, "deletion-uploader", ["ROLE_USER", "ROLE_UPLOADER"]);
    reader = await user(platform, "deletion-reader");
    companyId = (await company(platform)).companyId;
    const data = await completeDataset(platform, "sfdr");
    const upload = await platform.request(
      "/api/data/sfdr?bypassQa=true",
      json(admin.authorization, { companyId, reportingPeriod: "2024", data }),
    );
    const body = (await upload.json()) as { dataId: string };
    expect(upload.status, JSON.stringify(body)).toBe(200);
    dataId = body.dataId;
    cited = (/"fileReference":"([0-9a-f]{64})"/.exec(JSON.stringify(data)) ?? [])[1] as string;
    await platform.database.db
      .withTables<{ document_company: { document_id: string; company_id: string } }>()
      .insertInto("document_company")
      .values({ document_id: cited, company_id: companyId })
      .execute();
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("is for admins only and answers unknown ids with 404", async () => {
    expect((await remove(cited)).status).toBe(401);
    expect((await remove(cited, reader)).status).toBe(403);
    expect((await remove(cited, uploader)).status).toBe(403);
    expect((await remove("not-a-document", admin)).status).toBe(404);
    expect((await remove("ab".repeat(32), admin)).status).toBe(404);
    expect((await platform.request(`/documents/${cited}`, json(reader.authorization))).status).toBe(200);
  });

  it("removes bytes, metadata and company links at once, and keeps the datasets citing it", async () => {
    const blobs = await count(sql<{ n: number }>`select count(*)::int as n from document_blob`);
    const removed = await remove(cited, admin);
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    for (const path of [`/documents/${cited}`, `/documents/${cited}/metadata`])
      expect((await platform.request(path, json(admin.authorization))).status).toBe(404);
    expect(await count(sql<{ n: number }>`select count(*)::int as n from document_blob`)).toBe(blobs - 1);
    expect(
      await count(
        sql<{ n: number }>`select count(*)::int as n from document_company where document_id = ${cited}`,
      ),
    ).toBe(0);
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from document where document_id = ${cited}`),
    ).toBe(0);
    // The dataset keeps its values, the reference to the removed report among them.
    const dataset = await platform.request(`/api/data/sfdr/${dataId}`, json(reader.authorization));
    expect(dataset.status).toBe(200);
    expect(await dataset.text()).toContain(cited);
    expect((await remove(cited, admin)).status).toBe(404);
  });

  it("publishes the deletion and records it in the audit trail", async () => {
    const events = await sql<{ payload: Record<string, unknown> }>`
      select payload from platform_event where type = 'document.deleted'`.execute(platform.database.db);
    expect(events.rows.map((row) => row.payload)).toEqual([
      expect.objectContaining({ documentId: cited, companyIds: [companyId], deletedByUserId: admin.userId }),
    ]);
    const audit = await sql<{ action: string; actor_id: string; before: unknown }>`
      select action, actor_id, before from audit_entry where object_id = ${cited}`.execute(
      platform.database.db,
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({ action: "document.deleted", actor_id: admin.userId }),
    ]);
  });

  it("leaves other documents alone", async () => {
    const other = await storePdf(platform, "deletion-untouched", [companyId]);
    expect((await platform.request(`/documents/${other}/metadata`, json(reader.authorization))).status).toBe(
      200,
    );
  });
});
