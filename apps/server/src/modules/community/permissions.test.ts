import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { requestsDb } from "../requests/store";
import { communityDb } from "./store";
import { call, company, giveRole, type TestActor, user } from "./test-helpers";

/**
 * Every /community operation (company roles here, requests in the requests module) called as every kind of user, with the status each must get
 * (docs/permissions.md says the same in words).
 */
const KINDS = ["anonymous", "stranger", "requester", "member", "memberAdmin", "owner", "admin"] as const;
type Kind = (typeof KINDS)[number];

interface Operation {
  name: string;
  /** Puts things back before each call, so every actor meets the same state. */
  reset?: () => Promise<void>;
  run: (auth: TestActor | undefined) => Promise<number>;
  expected: Record<Kind, number>;
}

const everyoneSignedIn = (status: number): Record<Kind, number> => ({
  anonymous: 401,
  stranger: status,
  requester: status,
  member: status,
  memberAdmin: status,
  owner: status,
  admin: status,
});

describe("who may call which community operation", () => {
  let platform: TestPlatform;
  const actors = {} as Record<Kind, TestActor | undefined>;
  let companyId: string;
  let lei: string;
  let target: TestActor;
  let ownerTarget: TestActor;
  let publicRequestId: string;
  let privateRequestId: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    actors.anonymous = undefined;
    actors.stranger = await user(platform, "perm_stranger");
    actors.requester = await user(platform, "perm_requester");
    actors.member = await user(platform, "perm_member");
    actors.memberAdmin = await user(platform, "perm_member_admin");
    actors.owner = await user(platform, "perm_owner");
    actors.admin = await user(platform, "perm_admin", ["ROLE_USER", "ROLE_ADMIN"]);
    target = await user(platform, "perm_target");
    ownerTarget = await user(platform, "perm_owner_target");
    ({ companyId, lei } = await company(platform, { subdomains: ["test"] }));
    await giveRole(platform, companyId, (actors.member as TestActor).userId, "Member");
    await giveRole(platform, companyId, (actors.memberAdmin as TestActor).userId, "MemberAdmin");
    await giveRole(platform, companyId, (actors.owner as TestActor).userId, "CompanyOwner");
    const requester = actors.requester as TestActor;
    for (const dataType of ["sfdr", "vsme"]) {
      const asked = await call(platform, "POST", "/community/requests/single", {
        auth: requester,
        body: { companyIdentifier: lei, dataType, reportingPeriods: ["2024"], notifyMeImmediately: false },
      });
      expect(asked.status).toBe(200);
    }
    const own = await call<{ dataRequestId: string; dataType: string }[]>(
      platform,
      "GET",
      "/community/requests/user",
      {
        auth: requester,
      },
    );
    publicRequestId = own.body.find((entry) => entry.dataType === "sfdr")?.dataRequestId as string;
    privateRequestId = own.body.find((entry) => entry.dataType === "vsme")?.dataRequestId as string;
  });

  afterAll(async () => {
    await platform?.close();
  });

  const status = async (method: string, path: string, auth: TestActor | undefined, body?: unknown) =>
    (await call(platform, method, path, { auth, ...(body !== undefined ? { body } : {}) })).status;
  const resetRequest = (id: string, values: Record<string, string>) => async () => {
    await requestsDb(platform.database.db)
      .updateTable("community_data_request")
      .set(values as never)
      .where("id", "=", id)
      .execute();
  };

  const operations = (): Operation[] => [
    {
      name: "HEAD a member's role",
      run: (auth) =>
        status(
          "HEAD",
          `/community/company-role-assignments/Member/${companyId}/${actors.member?.userId}`,
          auth,
        ),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 200,
        memberAdmin: 200,
        owner: 200,
        admin: 200,
      },
    },
    {
      name: "GET role assignments",
      run: (auth) => status("GET", "/community/company-role-assignments", auth),
      expected: everyoneSignedIn(200),
    },
    {
      name: "POST Member role",
      run: (auth) =>
        status("POST", `/community/company-role-assignments/Member/${companyId}/${target.userId}`, auth),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 403,
        memberAdmin: 200,
        owner: 200,
        admin: 200,
      },
    },
    {
      name: "POST CompanyOwner role",
      run: (auth) =>
        status(
          "POST",
          `/community/company-role-assignments/CompanyOwner/${companyId}/${ownerTarget.userId}`,
          auth,
        ),
      reset: async () => {
        await communityDb(platform.database.db)
          .deleteFrom("community_company_role")
          .where("user_id", "=", ownerTarget.userId)
          .execute();
      },
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 403,
        memberAdmin: 403,
        owner: 403,
        admin: 200,
      },
    },
    {
      name: "DELETE Member role",
      reset: () => giveRole(platform, companyId, target.userId, "Member"),
      run: (auth) =>
        status("DELETE", `/community/company-role-assignments/Member/${companyId}/${target.userId}`, auth),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 403,
        memberAdmin: 200,
        owner: 200,
        admin: 200,
      },
    },
    {
      name: "HEAD ownership",
      run: (auth) => status("HEAD", `/community/company-ownership/${companyId}`, auth),
      expected: everyoneSignedIn(200),
    },
    {
      name: "POST ownership claim",
      run: (auth) => status("POST", `/community/company-ownership/${companyId}`, auth),
      expected: { ...everyoneSignedIn(200), owner: 409 },
    },
    {
      name: "GET recommended users",
      run: (auth) => status("GET", `/community/emails/${companyId}/recommended-users`, auth),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 403,
        memberAdmin: 200,
        owner: 200,
        admin: 200,
      },
    },
    {
      name: "POST e-mail validation",
      run: (auth) => status("POST", "/community/emails/validation", auth, { email: target.email }),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 403,
        memberAdmin: 200,
        owner: 200,
        admin: 200,
      },
    },
    {
      name: "POST single request",
      run: (auth) =>
        status("POST", "/community/requests/single", auth, {
          companyIdentifier: lei,
          dataType: "lksg",
          reportingPeriods: ["2023"],
          notifyMeImmediately: false,
        }),
      expected: everyoneSignedIn(200),
    },
    {
      name: "POST bulk request",
      run: (auth) =>
        status("POST", "/community/requests/bulk", auth, {
          companyIdentifiers: [lei],
          dataTypes: ["pcaf"],
          reportingPeriods: ["2023"],
          notifyMeImmediately: false,
        }),
      expected: everyoneSignedIn(200),
    },
    {
      name: "GET one request",
      run: (auth) => status("GET", `/community/requests/${publicRequestId}`, auth),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 200,
        member: 403,
        memberAdmin: 403,
        owner: 200,
        admin: 200,
      },
    },
    {
      name: "GET requests",
      run: (auth) => status("GET", "/community/requests", auth),
      expected: everyoneSignedIn(200),
    },
    {
      name: "GET own requests",
      run: (auth) => status("GET", "/community/requests/user", auth),
      expected: everyoneSignedIn(200),
    },
    {
      name: "GET number of requests",
      run: (auth) => status("GET", "/community/requests/numberOfRequests", auth),
      expected: everyoneSignedIn(200),
    },
    {
      name: "GET aggregated requests",
      run: (auth) => status("GET", "/community/requests/aggregated", auth),
      expected: everyoneSignedIn(200),
    },
    {
      name: "PATCH access to private data",
      reset: resetRequest(privateRequestId, { access_status: "Pending" }),
      run: (auth) =>
        status("PATCH", `/community/requests/${privateRequestId}`, auth, { accessStatus: "Granted" }),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 403,
        memberAdmin: 403,
        owner: 200,
        admin: 200,
      },
    },
    {
      name: "PATCH withdraw",
      reset: resetRequest(publicRequestId, { state: "Open" }),
      run: (auth) =>
        status("PATCH", `/community/requests/${publicRequestId}`, auth, { requestStatus: "Withdrawn" }),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 200,
        member: 403,
        memberAdmin: 403,
        owner: 403,
        admin: 200,
      },
    },
    {
      name: "PATCH priority",
      run: (auth) =>
        status("PATCH", `/community/requests/${publicRequestId}`, auth, { requestPriority: "High" }),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 403,
        member: 403,
        memberAdmin: 403,
        owner: 403,
        admin: 200,
      },
    },
    {
      name: "HEAD dataset access",
      run: (auth) =>
        status(
          "HEAD",
          `/community/requests/dataset-access/${companyId}/vsme/2024/${actors.requester?.userId}`,
          auth,
        ),
      reset: resetRequest(privateRequestId, { access_status: "Pending" }),
      expected: {
        anonymous: 401,
        stranger: 403,
        requester: 404,
        member: 403,
        memberAdmin: 403,
        owner: 404,
        admin: 404,
      },
    },
  ];

  it("answers every operation as the rules say, for every kind of user", async () => {
    const differences: string[] = [];
    for (const operation of operations()) {
      for (const kind of KINDS) {
        await operation.reset?.();
        const got = await operation.run(actors[kind]);
        if (got !== operation.expected[kind])
          differences.push(`${operation.name} as ${kind}: got ${got}, expected ${operation.expected[kind]}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
