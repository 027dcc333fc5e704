import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { companyRolesOf } from "./service";
import { call, company, type TestActor, user } from "./test-helpers";

interface Claim {
  claimId: string;
  companyId: string;
  companyName: string;
  userId: string;
  username: string;
  email: string;
  comment: string | null;
  status: string;
  decidedAt: string | null;
}

describe("ownership claims decided by admins", () => {
  let platform: TestPlatform;
  let admin: TestActor;
  let claimant: TestActor;
  let reader: TestActor;
  let acme: { companyId: string; name: string };

  const claimsOf = async (actor: TestActor, query = "") =>
    call<Claim[]>(platform, "GET", `/community/company-ownership-claims${query}`, { auth: actor });
  const claim = (actor: TestActor, companyId: string, comment: string) =>
    call(
      platform,
      "POST",
      `/community/company-ownership/${companyId}?comment=${encodeURIComponent(comment)}`,
      {
        auth: actor,
      },
    );
  const auditOf = async (companyId: string) =>
    (
      await call<{ entries: { action: string; after: unknown }[] }>(
        platform,
        "GET",
        `/admin-api/audit-trail?objectId=${companyId}&action=ownership.decided`,
        { auth: admin },
      )
    ).body.entries;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await user(platform, "claims_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    claimant = await user(platform, "claims_claimant", ["ROLE_USER"], { name: "Clara Claimant" });
    reader = await user(platform, "claims_reader");
    acme = await company(platform, { name: "Acme Claims AG" });
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("lists pending claims with company, user and comment, for admins only", async () => {
    expect((await claim(claimant, acme.companyId, "I run its sustainability team")).status).toBe(200);
    const listed = await claimsOf(admin, `?companyId=${acme.companyId}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({
      companyId: acme.companyId,
      companyName: "Acme Claims AG",
      userId: claimant.userId,
      username: "claims_claimant",
      email: claimant.email,
      comment: "I run its sustainability team",
      status: "Pending",
      decidedAt: null,
    });
    expect((await claimsOf(reader)).status).toBe(403);
    expect((await claimsOf(claimant)).status).toBe(403);
    expect((await call(platform, "GET", "/community/company-ownership-claims")).status).toBe(401);
    expect((await claimsOf(admin, "?status=Maybe")).status).toBe(400);
  });

  it("declines a claim: no role, an audit entry, and the user may claim again", async () => {
    const [pending] = (await claimsOf(admin, `?companyId=${acme.companyId}`)).body;
    const path = `/community/company-ownership-claims/${pending?.claimId}`;
    expect((await call(platform, "POST", `${path}/decline`, { auth: reader })).status).toBe(403);
    expect((await call(platform, "POST", `${path}/approval`, { auth: claimant })).status).toBe(403);

    const declined = await call<Claim>(platform, "POST", `${path}/decline`, { auth: admin });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("Declined");
    expect(declined.body.decidedAt).not.toBeNull();
    expect(await companyRolesOf(platform.database.db, claimant.userId, acme.companyId)).toEqual([]);
    expect((await call(platform, "POST", `${path}/decline`, { auth: admin })).status).toBe(409);
    expect((await call(platform, "POST", `${path}/approval`, { auth: admin })).status).toBe(409);
    expect(await auditOf(acme.companyId)).toEqual([
      expect.objectContaining({ after: { userId: claimant.userId, decision: "declined" } }),
    ]);
    const history = await claimsOf(admin, `?status=Declined&companyId=${acme.companyId}`);
    expect(history.body.map((row) => row.claimId)).toEqual([pending?.claimId]);
    expect((await claimsOf(admin, `?companyId=${acme.companyId}`)).body).toEqual([]);

    expect((await claim(claimant, acme.companyId, "Second try")).status).toBe(200);
    expect((await claimsOf(admin, `?companyId=${acme.companyId}`)).body).toHaveLength(1);
  });

  it("approves a claim: the user becomes an owner, in one step with its audit entry", async () => {
    const [pending] = (await claimsOf(admin, `?companyId=${acme.companyId}`)).body;
    const approved = await call<Claim>(
      platform,
      "POST",
      `/community/company-ownership-claims/${pending?.claimId}/approval`,
      { auth: admin },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("Approved");
    expect(await companyRolesOf(platform.database.db, claimant.userId, acme.companyId)).toEqual([
      "CompanyOwner",
    ]);
    expect((await auditOf(acme.companyId)).map((entry) => entry.after)).toContainEqual({
      userId: claimant.userId,
      decision: "approved",
    });
    expect((await claimsOf(admin, `?companyId=${acme.companyId}`)).body).toEqual([]);
  });

  it("answers 404 for a claim that does not exist", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000001", "not-a-claim"])
      expect(
        (await call(platform, "POST", `/community/company-ownership-claims/${id}/decline`, { auth: admin }))
          .status,
      ).toBe(404);
  });
});
