import { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { WithContext } from "../../platform/module";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { readAuditTrail } from "../audit";
import { commands } from "./commands";
import { companyRolesOf } from "./service";
import { communityDb } from "./store";
import { call, company, type TestActor, user } from "./test-helpers";

interface Run {
  out: string;
  err: string;
  exitCode: number;
}

describe("npm run cli -- ownership-claims", () => {
  let platform: TestPlatform;
  let claimant: TestActor;
  let acme: { companyId: string; name: string };
  let bolt: { companyId: string; name: string };

  /** Runs one command the way `npm run cli` does, on the test platform's database. */
  async function cli(...args: string[]): Promise<Run> {
    const program = new Command().exitOverride();
    const withContext: WithContext = (work) => work(platform.context);
    commands(program, withContext);
    const out: string[] = [];
    const err: string[] = [];
    const stdout = vi
      .spyOn(process.stdout, "write")
      .mockImplementation((chunk) => out.push(String(chunk)) > 0);
    const stderr = vi
      .spyOn(process.stderr, "write")
      .mockImplementation((chunk) => err.push(String(chunk)) > 0);
    try {
      await program.parseAsync(args, { from: "user" });
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
    }
    const exitCode = Number(process.exitCode ?? 0);
    process.exitCode = undefined;
    return { out: out.join(""), err: err.join(""), exitCode };
  }

  const claim = (companyId: string, comment: string) =>
    call(
      platform,
      "POST",
      `/community/company-ownership/${companyId}?comment=${encodeURIComponent(comment)}`,
      {
        auth: claimant,
      },
    );
  const claimRow = (companyId: string) =>
    communityDb(platform.database.db)
      .selectFrom("community_ownership_claim")
      .selectAll()
      .where("company_id", "=", companyId)
      .executeTakeFirstOrThrow();
  const auditOf = async (companyId: string) =>
    (await readAuditTrail(platform.database.db, { objectId: companyId }, { limit: 50, offset: 0 })).entries;

  beforeAll(async () => {
    platform = await startTestPlatform();
    claimant = await user(platform, "cli_claimant", ["ROLE_USER"]);
    acme = await company(platform, { name: "Acme Operator AG" });
    bolt = await company(platform, { name: "Bolt Operator SE" });
    expect((await claim(acme.companyId, "I run its reporting")).status).toBe(200);
    expect((await claim(bolt.companyId, "Me too")).status).toBe(200);
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("lists the open claims of a company with user and comment", async () => {
    const listed = await cli("ownership-claims", "list", "--company", acme.companyId);
    expect(listed.exitCode).toBe(0);
    const { id } = await claimRow(acme.companyId);
    expect(listed.out.trim().split("\t")).toEqual([
      id,
      "Pending",
      expect.any(String),
      `Acme Operator AG (${acme.companyId})`,
      `cli_claimant <${claimant.email}>`,
      '"I run its reporting"',
    ]);
    expect(
      (await cli("ownership-claims", "list", "--status", "Approved", "--company", acme.companyId)).out,
    ).toBe("There are no approved ownership claims.\n");
  });

  it("approves as the operator: owner role, claim resolved with no user as decider, both audit entries", async () => {
    const { id } = await claimRow(acme.companyId);
    const approved = await cli("ownership-claims", "approve", id);
    expect(approved).toMatchObject({ exitCode: 0, err: "" });
    expect(approved.out).toBe(
      `Approved the claim to Acme Operator AG of cli_claimant <${claimant.email}>, who owns it now (CompanyOwner).\n`,
    );

    expect(await companyRolesOf(platform.database.db, claimant.userId, acme.companyId)).toEqual([
      "CompanyOwner",
    ]);
    const row = await claimRow(acme.companyId);
    expect(row).toMatchObject({ decision: "Approved", decided_by_user_id: null });
    expect(row.resolved_at).not.toBeNull();
    const role = await communityDb(platform.database.db)
      .selectFrom("community_company_role")
      .select("assigned_by_user_id")
      .where("company_id", "=", acme.companyId)
      .executeTakeFirstOrThrow();
    expect(role.assigned_by_user_id).toBeNull();

    const audit = await auditOf(acme.companyId);
    expect(audit.map((entry) => entry.action).sort()).toEqual(["company-role.assigned", "ownership.decided"]);
    for (const entry of audit) {
      expect(entry.actorId).toBeNull();
      expect(entry.actorName).toMatch(/^command line \(.+\)$/);
    }
    expect(audit.find((entry) => entry.action === "ownership.decided")?.after).toEqual({
      userId: claimant.userId,
      decision: "approved",
    });
    expect(
      (await cli("ownership-claims", "list", "--status", "approved", "--company", acme.companyId)).out,
    ).toContain(`${id}\tApproved`);
  });

  it("declines as the operator: no role, an audit entry, and the user may claim again", async () => {
    const { id } = await claimRow(bolt.companyId);
    const declined = await cli("ownership-claims", "decline", id);
    expect(declined).toEqual({
      out: `Declined the claim to Bolt Operator SE of cli_claimant <${claimant.email}>; they may claim again.\n`,
      err: "",
      exitCode: 0,
    });
    expect(await companyRolesOf(platform.database.db, claimant.userId, bolt.companyId)).toEqual([]);
    expect(await claimRow(bolt.companyId)).toMatchObject({ decision: "Declined", decided_by_user_id: null });
    const audit = await auditOf(bolt.companyId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "ownership.decided",
        actorId: null,
        after: { userId: claimant.userId, decision: "declined" },
      }),
    ]);
    expect((await claim(bolt.companyId, "Second try")).status).toBe(200);
  });

  it("says in a sentence what is wrong: a decided claim, an unknown one, a bad status or company", async () => {
    const { id } = await claimRow(acme.companyId);
    expect(await cli("ownership-claims", "decline", id)).toEqual({
      out: "",
      err: "This claim was approved already.\n",
      exitCode: 1,
    });
    const unknown = await cli("ownership-claims", "approve", "not-a-claim");
    expect(unknown).toMatchObject({
      exitCode: 1,
      err: "There is no ownership claim with the id not-a-claim.\n",
    });
    expect((await cli("ownership-claims", "list", "--status", "Maybe")).err).toContain(
      "Pending, Approved or Declined",
    );
    expect((await cli("ownership-claims", "list", "--company", "acme")).err).toContain("takes a company id");
    expect(await auditOf(acme.companyId)).toHaveLength(2);
  });
});
