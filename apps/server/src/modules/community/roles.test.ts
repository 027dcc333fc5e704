import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { companyIdsWhereUserHasRole, companyRolesOf, hasCompanyOwner } from "./service";
import { call, company, eventsOf, giveRole, type TestActor, user } from "./test-helpers";

describe("company roles, ownership and e-mail checks", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let owner: TestActor;
  let memberAdmin: TestActor;
  let member: TestActor;
  let stranger: TestActor;
  let colleague: TestActor;
  let companyId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await user(platform, "roles_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    owner = await user(platform, "roles_owner", ["ROLE_USER"], {
      email: "owner@verdant.example",
      name: "Olga Owner",
    });
    memberAdmin = await user(platform, "roles_member_admin");
    member = await user(platform, "roles_member");
    stranger = await user(platform, "roles_stranger");
    colleague = await user(platform, "roles_colleague", ["ROLE_USER"], {
      email: "colleague@verdant.example",
      name: "Carla Maria Colleague",
    });
    ({ companyId } = await company(platform, { subdomains: ["verdant"] }));
  });

  afterAll(async () => {
    await platform?.close();
  });

  const path = (role: string, userId: string, company = companyId) =>
    `/community/company-role-assignments/${role}/${company}/${userId}`;

  it("lets only admins make owners, and publishes the assignment", async () => {
    expect(
      (await call(platform, "POST", path("CompanyOwner", owner.userId), { auth: stranger })).status,
    ).toBe(403);
    const made = await call(platform, "POST", path("CompanyOwner", owner.userId), { auth: admin });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ companyRole: "CompanyOwner", companyId, userId: owner.userId });
    expect(await companyRolesOf(platform.database.db, owner.userId, companyId)).toEqual(["CompanyOwner"]);
    expect(await hasCompanyOwner(platform.database.db, companyId)).toBe(true);
    expect(await eventsOf(platform, "company.roleAssigned")).toContainEqual({
      companyId,
      userId: owner.userId,
      role: "CompanyOwner",
      assignedByUserId: admin.userId,
    });
    // An owner cannot make another owner either.
    expect((await call(platform, "POST", path("CompanyOwner", member.userId), { auth: owner })).status).toBe(
      403,
    );
  });

  it("lets owners and member admins manage members, uploaders and member admins", async () => {
    expect(
      (await call(platform, "POST", path("MemberAdmin", memberAdmin.userId), { auth: owner })).status,
    ).toBe(200);
    expect((await call(platform, "POST", path("Member", member.userId), { auth: memberAdmin })).status).toBe(
      200,
    );
    expect(
      (await call(platform, "POST", path("DataUploader", member.userId), { auth: memberAdmin })).status,
    ).toBe(200);
    // One role per company: the new one replaced the old one.
    expect(await companyRolesOf(platform.database.db, member.userId, companyId)).toEqual(["DataUploader"]);
    // A member cannot assign, and nobody but admins touches an owner's role.
    expect((await call(platform, "POST", path("Member", stranger.userId), { auth: member })).status).toBe(
      403,
    );
    expect((await call(platform, "POST", path("Member", owner.userId), { auth: memberAdmin })).status).toBe(
      403,
    );
    expect(
      (await call(platform, "DELETE", path("CompanyOwner", owner.userId), { auth: memberAdmin })).status,
    ).toBe(403);
    expect(await companyIdsWhereUserHasRole(platform.database.db, member.userId, ["DataUploader"])).toEqual([
      companyId,
    ]);
  });

  it("answers HEAD with 200 for a held role and 404 otherwise", async () => {
    expect((await call(platform, "HEAD", path("DataUploader", member.userId), { auth: member })).status).toBe(
      200,
    );
    expect((await call(platform, "HEAD", path("Member", member.userId), { auth: member })).status).toBe(404);
    expect((await call(platform, "HEAD", path("CompanyOwner", owner.userId), { auth: member })).status).toBe(
      200,
    );
    // Strangers may ask about themselves only.
    expect((await call(platform, "HEAD", path("Member", stranger.userId), { auth: stranger })).status).toBe(
      404,
    );
    expect(
      (await call(platform, "HEAD", path("CompanyOwner", owner.userId), { auth: stranger })).status,
    ).toBe(403);
    expect((await call(platform, "HEAD", path("CompanyOwner", owner.userId))).status).toBe(401);
  });

  it("answers ids in the path that are not UUIDs like unknown ones, and refuses unknown roles", async () => {
    expect((await call(platform, "POST", path("Member", "not-a-uuid"), { auth: admin })).status).toBe(404);
    expect((await call(platform, "HEAD", path("Member", member.userId, "123"), { auth: admin })).status).toBe(
      404,
    );
    expect((await call(platform, "DELETE", path("Member", "not-a-uuid"), { auth: admin })).status).toBe(404);
    // Any UUID version is an id (platform/ids): a version-7 id is an unknown user, not bad input.
    const v7 = "01890a5d-ac96-774b-bcce-b302099a8057";
    expect((await call(platform, "HEAD", path("Member", v7), { auth: admin })).status).toBe(404);
    expect((await call(platform, "POST", path("Analyst", member.userId), { auth: admin })).status).toBe(400);
    const unknown = "6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10";
    expect(
      (await call(platform, "POST", path("Member", member.userId, unknown), { auth: admin })).status,
    ).toBe(404);
    expect((await call(platform, "POST", path("Member", unknown), { auth: admin })).status).toBe(404);
  });

  it("lists assignments with e-mail and name, and only what the caller may see", async () => {
    const all = await call<Record<string, unknown>[]>(
      platform,
      "GET",
      `/community/company-role-assignments?companyId=${companyId}`,
      {
        auth: admin,
      },
    );
    expect(all.status).toBe(200);
    expect(all.body).toContainEqual({
      companyRole: "CompanyOwner",
      companyId,
      userId: owner.userId,
      email: "owner@verdant.example",
      firstName: "Olga",
      lastName: "Owner",
    });
    const byRole = await call<unknown[]>(
      platform,
      "GET",
      `/community/company-role-assignments?role=MemberAdmin&userId=${memberAdmin.userId}`,
      { auth: admin },
    );
    expect(byRole.body).toHaveLength(1);
    // A member sees the company's assignments; a stranger sees none of them.
    expect(
      (await call<unknown[]>(platform, "GET", "/community/company-role-assignments", { auth: member })).body,
    ).toHaveLength(3);
    expect(
      (await call<unknown[]>(platform, "GET", "/community/company-role-assignments", { auth: stranger }))
        .body,
    ).toEqual([]);
  });

  it("lets users give up their own role and managers remove members", async () => {
    const temp = await user(platform, "roles_temp");
    expect((await call(platform, "POST", path("Member", temp.userId), { auth: owner })).status).toBe(200);
    expect((await call(platform, "DELETE", path("Member", temp.userId), { auth: stranger })).status).toBe(
      403,
    );
    expect((await call(platform, "DELETE", path("Member", temp.userId), { auth: temp })).status).toBe(200);
    expect((await call(platform, "DELETE", path("Member", temp.userId), { auth: admin })).status).toBe(404);
    await giveRole(platform, companyId, temp.userId, "Member");
    expect((await call(platform, "DELETE", path("Member", temp.userId), { auth: memberAdmin })).status).toBe(
      200,
    );
  });

  it("tells whether a company has an owner and records ownership claims", async () => {
    const { companyId: orphan } = await company(platform);
    expect(
      (await call(platform, "HEAD", `/community/company-ownership/${orphan}`, { auth: stranger })).status,
    ).toBe(404);
    expect(
      (await call(platform, "HEAD", `/community/company-ownership/${companyId}`, { auth: stranger })).status,
    ).toBe(200);
    // The same answer as a body, for the web app: "no owner" is no failed request.
    const asked = await call(platform, "GET", `/community/company-ownership/${orphan}`, { auth: stranger });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ companyId: orphan, hasOwner: false });
    const owned = await call(platform, "GET", `/community/company-ownership/${companyId}`, {
      auth: stranger,
    });
    expect(owned.body).toEqual({ companyId, hasOwner: true });
    expect(
      (
        await call(platform, "GET", "/community/company-ownership/6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10", {
          auth: stranger,
        })
      ).status,
    ).toBe(404);
    const claim = await call(
      platform,
      "POST",
      `/community/company-ownership/${orphan}?comment=I%20run%20it`,
      {
        auth: stranger,
      },
    );
    expect(claim.status).toBe(200);
    // A second claim while the first is pending is accepted but announced only once.
    expect(
      (await call(platform, "POST", `/community/company-ownership/${orphan}`, { auth: stranger })).status,
    ).toBe(200);
    const claims = (await eventsOf(platform, "company.ownershipClaimed")).filter(
      (event) => event.companyId === orphan,
    );
    expect(claims).toEqual([{ companyId: orphan, userId: stranger.userId, comment: "I run it" }]);
    expect(
      (
        await call(platform, "POST", "/community/company-ownership/6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10", {
          auth: stranger,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(platform, "POST", `/community/company-ownership/${companyId}`, { auth: owner })).status,
    ).toBe(409);
    // The admin approves by making the claimant an owner.
    expect(
      (await call(platform, "POST", path("CompanyOwner", stranger.userId, orphan), { auth: admin })).status,
    ).toBe(200);
    expect(
      (await call(platform, "HEAD", `/community/company-ownership/${orphan}`, { auth: member })).status,
    ).toBe(200);
  });

  it("recommends users of the company's e-mail domain who hold no role there yet", async () => {
    const recommended = await call<Record<string, unknown>[]>(
      platform,
      "GET",
      `/community/emails/${companyId}/recommended-users`,
      { auth: owner },
    );
    expect(recommended.status).toBe(200);
    expect(recommended.body).toEqual([
      {
        id: colleague.userId,
        email: "colleague@verdant.example",
        firstName: "Carla",
        lastName: "Maria Colleague",
      },
    ]);
    expect(
      (await call(platform, "GET", `/community/emails/${companyId}/recommended-users`, { auth: member }))
        .status,
    ).toBe(403);
    expect(
      (await call(platform, "GET", `/community/emails/${companyId}/recommended-users`, { auth: admin }))
        .status,
    ).toBe(200);
  });

  it("validates e-mail addresses with the specification's pattern and finds their users", async () => {
    const found = await call(platform, "POST", "/community/emails/validation", {
      auth: owner,
      body: { email: "Colleague@verdant.example" },
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: colleague.userId, email: "colleague@verdant.example" });
    for (const bad of [
      "no-at-sign",
      "a b@example.com",
      "x@a.b.c.d.example",
      "x@example.c",
      "x#y@example.com",
    ]) {
      const answer = await call(platform, "POST", "/community/emails/validation", {
        auth: owner,
        body: { email: bad },
      });
      expect(answer.status, bad).toBe(400);
    }
    expect(
      (
        await call(platform, "POST", "/community/emails/validation", {
          auth: owner,
          body: { email: "nobody@example.com" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(platform, "POST", "/community/emails/validation", {
          auth: member,
          body: { email: "owner@verdant.example" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(platform, "POST", "/community/emails/validation", { body: { email: "a@b.cd" } })).status,
    ).toBe(401);
  });
});
