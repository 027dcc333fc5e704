import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";

describe("the admin console's platform state", () => {
  let platform: TestPlatform;
  let admin: { userId: string; authorization: string };

  const call = async (authorization: string | undefined, method: string, path: string) => {
    const response = await platform.request(path, {
      method,
      headers: authorization ? { authorization } : {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read the answers loosely.
    return { status: response.status, json: (await response.json().catch(() => undefined)) as any };
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await signIn(platform, { username: "state_admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("is for admins only", async () => {
    const reviewer = await signIn(platform, {
      username: "state_reviewer",
      roles: ["ROLE_USER", "ROLE_REVIEWER", "ROLE_UPLOADER"],
    });
    expect((await call(undefined, "GET", "/admin-api/platform-state")).status).toBe(401);
    expect((await call(reviewer.authorization, "GET", "/admin-api/platform-state")).status).toBe(403);
    expect((await call(reviewer.authorization, "POST", "/admin-api/platform-state/mails/retry")).status).toBe(
      403,
    );
  });

  it("reports health, every module's part, version and uptime", async () => {
    const { status, json } = await call(admin.authorization, "GET", "/admin-api/platform-state");
    expect(status).toBe(200);
    expect(json.database).toEqual({ status: "UP" });
    // The test platform has no SMTP server: mails stay in the outbox.
    expect(json.mailer).toEqual({ status: "NOT_CONFIGURED", lastError: null });
    expect(json.reviewQueue).toEqual({ length: 0, oldestSince: null });
    expect(json.dataRequests).toEqual([]);
    expect(json.exportJobs).toEqual({ running: 0, failed: 0 });
    expect(json.mails).toEqual({ waiting: 0, failed: 0 });
    expect(json.signInLocks).toEqual({ locked: 0, counting: 0 });
    expect(json.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(json.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(json.startedAt)).toBeLessThanOrEqual(Date.parse(json.checkedAt));
  });

  it("counts the review queue with its oldest upload, and data requests per state", async () => {
    const company = "6f1c8c52-5e0e-4f0b-9a53-000000000001";
    const uploaded = Date.parse("2026-03-02T09:30:00Z");
    for (const [index, time] of [uploaded + 60_000, uploaded].entries())
      await sql`insert into qa_dataset (data_id, company_id, data_type, reporting_period, qa_status, upload_time, status_time)
        values (${`0190a000-0000-7000-8000-00000000000${index}`}, ${company}, 'sfdr', '2024', 'Pending', ${time}, ${time})`.execute(
        platform.database.db,
      );
    for (const [index, state] of ["Open", "Open", "Processing", "Answered"].entries())
      await sql`insert into community_data_request (id, user_id, company_id, data_type, reporting_period, state)
        values (${`6f1c8c52-5e0e-4f0b-9a53-10000000000${index}`}, ${admin.userId}, ${company}, 'sfdr', ${`202${index}`}, ${state})`.execute(
        platform.database.db,
      );
    const { json } = await call(admin.authorization, "GET", "/admin-api/platform-state");
    expect(json.reviewQueue).toEqual({ length: 2, oldestSince: new Date(uploaded).toISOString() });
    expect(json.dataRequests).toEqual([
      { state: "Answered", count: 1 },
      { state: "Open", count: 2 },
      { state: "Processing", count: 1 },
    ]);
  });

  it("counts failed e-mails, sends them again on request and records that in the audit trail", async () => {
    // A password reset mail from the console is one mail in the outbox; make it a given-up one.
    const invited = await signIn(platform, { username: "state_person", roles: ["ROLE_USER"] });
    expect(
      (await call(admin.authorization, "POST", `/admin-api/users/${invited.userId}/password-reset`)).status,
    ).toBe(204);
    let state = await call(admin.authorization, "GET", "/admin-api/platform-state");
    for (let tries = 0; state.json.mails.waiting === 0 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await call(admin.authorization, "GET", "/admin-api/platform-state");
    }
    expect(state.json.mails.waiting).toBe(1);
    await sql`update notification_mail set status = 'Failed', attempts = 8, last_error = 'connection refused'`.execute(
      platform.database.db,
    );
    state = await call(admin.authorization, "GET", "/admin-api/platform-state");
    expect(state.json.mails).toEqual({ waiting: 0, failed: 1 });

    const retried = await call(admin.authorization, "POST", "/admin-api/platform-state/mails/retry");
    expect(retried).toEqual({ status: 200, json: { retried: 1 } });
    state = await call(admin.authorization, "GET", "/admin-api/platform-state");
    expect(state.json.mails).toEqual({ waiting: 1, failed: 0 });
    const trail = await call(admin.authorization, "GET", "/admin-api/audit-trail?action=mails.retried");
    expect(trail.json.entries).toEqual([
      expect.objectContaining({ actorId: admin.userId, after: { retried: 1 } }),
    ]);
  });
});
