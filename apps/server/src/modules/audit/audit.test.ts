import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedInActor } from "../../platform/auth/actor";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { readAuditTrail, recordAudit } from ".";

const admin: SignedInActor = {
  kind: "user",
  userId: "0b6f1c1e-8a53-4d6a-9a51-3f3c2f1f0a01",
  username: "ada",
  email: "ada@example.com",
  name: "Ada Admin",
  roles: new Set(["ROLE_USER", "ROLE_ADMIN"]),
  via: "token",
};

describe("the audit trail", () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => platform?.close());

  it("records who changed what, before and after, and pages it newest first", async () => {
    const db = platform.database.db;
    await recordAudit(db, admin, {
      action: "user.role-granted",
      objectType: "user",
      objectId: "u-1",
      before: { roles: ["ROLE_USER"] },
      after: { roles: ["ROLE_USER", "ROLE_REVIEWER"] },
    });
    await recordAudit(
      db,
      { kind: "operator", name: "cli" },
      { action: "api-key.revoked", objectType: "api-key", objectId: "u-1" },
    );

    const all = await readAuditTrail(db, {}, { limit: 10, offset: 0 });
    expect(all.totalCount).toBe(2);
    expect(all.entries.map((entry) => entry.action)).toEqual(["api-key.revoked", "user.role-granted"]);
    expect(all.entries[0]).toMatchObject({ actorId: null, actorName: "cli", before: null, after: null });
    expect(all.entries[1]).toMatchObject({
      actorId: admin.userId,
      actorName: "Ada Admin (ada)",
      objectType: "user",
      objectId: "u-1",
      after: { roles: ["ROLE_USER", "ROLE_REVIEWER"] },
    });

    const byActor = await readAuditTrail(db, { actorId: admin.userId }, { limit: 10, offset: 0 });
    expect(byActor.entries.map((entry) => entry.action)).toEqual(["user.role-granted"]);
    const secondPage = await readAuditTrail(db, {}, { limit: 1, offset: 1 });
    expect(secondPage).toMatchObject({ totalCount: 2, entries: [{ action: "user.role-granted" }] });
  });

  it("is kept or lost with the transaction of the change", async () => {
    const db = platform.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, admin, { action: "company.edited", objectType: "company", objectId: "c-1" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const found = await readAuditTrail(db, { action: "company.edited" }, { limit: 10, offset: 0 });
    expect(found.totalCount).toBe(0);
  });

  it("cannot be edited or deleted, not even by SQL", async () => {
    const db = platform.database.db;
    await recordAudit(db, admin, { action: "user.disabled", objectType: "user", objectId: "u-2" });
    await expect(sql`update audit_entry set actor_name = 'someone else'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_entry`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_entry`.execute(db)).rejects.toThrow(/append-only/);
    const after = await readAuditTrail(db, { action: "user.disabled" }, { limit: 10, offset: 0 });
    expect(after.entries[0]?.actorName).toBe("Ada Admin (ada)");
  });
});
