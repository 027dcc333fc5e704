import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { call, company, eventsOf, giveRole, type TestActor, user } from "./test-helpers";

describe("company rights and the roles their users inherit", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let staff: TestActor;
  let outsider: TestActor;
  let companyId: string;
  let lei: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await user(platform, "rights_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    staff = await user(platform, "rights_staff");
    outsider = await user(platform, "rights_outsider");
    ({ companyId, lei } = await company(platform));
    await giveRole(platform, companyId, staff.userId, "DataUploader");
  });

  afterAll(async () => {
    await platform?.close();
  });

  const right = (companyRight: string, id = companyId) => ({ companyId: id, companyRight });

  /** A bulk request over 101 unknown identifiers: beyond the free limit, cheap to answer. */
  const largeBulk = (auth: TestActor) =>
    call(platform, "POST", "/community/requests/bulk", {
      auth,
      body: {
        companyIdentifiers: Array.from({ length: 101 }, (_, i) => `unknown-${i}`),
        dataTypes: ["sfdr"],
        reportingPeriods: ["2024"],
        notifyMeImmediately: false,
      },
    });

  it("lets only admins give, read and take away rights", async () => {
    expect(
      (await call(platform, "POST", "/community/company-rights", { body: right("Member") })).status,
    ).toBe(401);
    for (const method of ["POST", "DELETE"])
      expect(
        (await call(platform, method, "/community/company-rights", { auth: staff, body: right("Member") }))
          .status,
      ).toBe(403);
    expect(
      (await call(platform, "GET", `/community/company-rights/${companyId}`, { auth: staff })).status,
    ).toBe(403);
    const none = await call(platform, "GET", `/community/company-rights/${companyId}`, { auth: admin });
    expect(none).toEqual({ status: 200, body: [] });
    const given = await call(platform, "POST", "/community/company-rights", {
      auth: admin,
      body: right("Provider"),
    });
    expect(given).toEqual({ status: 200, body: right("Provider") });
    expect(
      (await call(platform, "GET", `/community/company-rights/${companyId}`, { auth: admin })).body,
    ).toEqual(["Provider"]);
    expect(
      (await call(platform, "DELETE", "/community/company-rights", { auth: admin, body: right("Provider") }))
        .status,
    ).toBe(200);
    expect(
      (await call(platform, "DELETE", "/community/company-rights", { auth: admin, body: right("Provider") }))
        .status,
    ).toBe(404);
  });

  it("answers unknown companies with 404 and unknown rights with 400", async () => {
    const unknown = "00000000-0000-4000-8000-00000000abcd";
    expect(
      (
        await call(platform, "POST", "/community/company-rights", {
          auth: admin,
          body: right("Member", unknown),
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(platform, "GET", `/community/company-rights/${unknown}`, { auth: admin })).status,
    ).toBe(404);
    expect((await call(platform, "GET", "/community/company-rights/not-an-id", { auth: admin })).status).toBe(
      404,
    );
    expect(
      (await call(platform, "POST", "/community/company-rights", { auth: admin, body: right("Premium") }))
        .status,
    ).toBe(400);
    expect(
      (await call(platform, "POST", "/community/company-rights", { auth: admin, body: right("Member", "x") }))
        .status,
    ).toBe(400);
  });

  it("gives the company's users membership from the next request on, and takes it away as fast", async () => {
    // The same token throughout: the inherited role is not in it, it is looked up per request.
    expect((await largeBulk(staff)).status).toBe(403);
    expect(
      (await call(platform, "GET", `/community/inherited-roles/${staff.userId}`, { auth: staff })).body,
    ).toEqual({ [companyId]: [] });

    await call(platform, "POST", "/community/company-rights", { auth: admin, body: right("Member") });
    const allowed = await largeBulk(staff);
    expect(allowed.status).toBe(200);
    expect(
      (allowed.body as { rejectedCompanyIdentifiers: string[] }).rejectedCompanyIdentifiers,
    ).toHaveLength(101);
    expect(
      (await call(platform, "GET", `/community/inherited-roles/${staff.userId}`, { auth: staff })).body,
    ).toEqual({ [companyId]: ["DatalandMember"] });
    // Members' requests are stored at High priority; others' at Baseline.
    for (const [auth, period] of [
      [staff, "2023"],
      [outsider, "2023"],
    ] as const)
      expect(
        (
          await call(platform, "POST", "/community/requests/single", {
            auth,
            body: {
              companyIdentifier: lei,
              dataType: "sfdr",
              reportingPeriods: [period],
              notifyMeImmediately: false,
            },
          })
        ).status,
      ).toBe(200);
    const priorities = async (auth: TestActor) =>
      (
        (await call(platform, "GET", "/community/requests/user", { auth })).body as {
          requestPriority: string;
        }[]
      ).map((request) => request.requestPriority);
    expect(await priorities(staff)).toEqual(["High"]);
    expect(await priorities(outsider)).toEqual(["Baseline"]);
    // An admin asking in a member's name stores the request at the member's priority.
    const onBehalf = async (userId: string) => {
      const created = await call<{ requestId: string }>(
        platform,
        "POST",
        `/data-sourcing/requests?userId=${userId}`,
        { auth: admin, body: { companyIdentifier: lei, dataType: "lksg", reportingPeriod: "2022" } },
      );
      expect(created.status).toBe(200);
      const stored = await call<{ requestPriority: string }>(
        platform,
        "GET",
        `/data-sourcing/requests/${created.body.requestId}`,
        { auth: admin },
      );
      return stored.body.requestPriority;
    };
    expect(await onBehalf(staff.userId)).toBe("High");
    expect(await onBehalf(outsider.userId)).toBe("Baseline");
    // Outsiders of the company inherit nothing.
    expect((await largeBulk(outsider)).status).toBe(403);

    await call(platform, "DELETE", "/community/company-rights", { auth: admin, body: right("Member") });
    expect((await largeBulk(staff)).status).toBe(403);
    expect(
      (await call(platform, "GET", `/community/inherited-roles/${staff.userId}`, { auth: staff })).body,
    ).toEqual({ [companyId]: [] });
  });

  it("ends the inheritance when the user leaves the company", async () => {
    await call(platform, "POST", "/community/company-rights", { auth: admin, body: right("Member") });
    expect((await largeBulk(staff)).status).toBe(200);
    const leave = `/community/company-role-assignments/DataUploader/${companyId}/${staff.userId}`;
    expect((await call(platform, "DELETE", leave, { auth: staff })).status).toBe(200);
    expect((await largeBulk(staff)).status).toBe(403);
    expect(
      (await call(platform, "GET", `/community/inherited-roles/${staff.userId}`, { auth: staff })).body,
    ).toEqual({});
    await giveRole(platform, companyId, staff.userId, "DataUploader");
    await call(platform, "DELETE", "/community/company-rights", { auth: admin, body: right("Member") });
  });

  it("shows users their own inherited roles and admins anyone's", async () => {
    const path = `/community/inherited-roles/${staff.userId}`;
    expect((await call(platform, "GET", path)).status).toBe(401);
    expect((await call(platform, "GET", path, { auth: outsider })).status).toBe(403);
    expect((await call(platform, "GET", path, { auth: admin })).status).toBe(200);
    expect(
      (
        await call(platform, "GET", "/community/inherited-roles/00000000-0000-4000-8000-00000000abcd", {
          auth: admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(platform, "GET", "/community/inherited-roles/not-an-id", { auth: admin })).status,
    ).toBe(404);
  });

  it("publishes and audits every change of a right", async () => {
    expect(await eventsOf(platform, "company.rightAssigned")).toContainEqual({
      companyId,
      companyRight: "Member",
      changedByUserId: admin.userId,
    });
    expect(await eventsOf(platform, "company.rightRemoved")).toContainEqual({
      companyId,
      companyRight: "Member",
      changedByUserId: admin.userId,
    });
    const audited = await sql<{ action: string }>`
      select action from audit_entry
      where object_id = ${companyId} and action like 'company.right-%' order by id`.execute(
      platform.database.db,
    );
    expect(audited.rows.map((row) => row.action)).toEqual([
      "company.right-granted",
      "company.right-removed",
      "company.right-granted",
      "company.right-removed",
      "company.right-granted",
      "company.right-removed",
    ]);
  });
});
