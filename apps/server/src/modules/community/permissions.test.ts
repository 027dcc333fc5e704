import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityDb } from "./store";
import { giveRole, type TestActor, user } from "./test-helpers";
import {
  differencesFromExpected,
  everyoneSignedIn,
  type Matrix,
  type Operation,
  startMatrix,
} from "./test-matrix";

/** The company role, ownership and e-mail operations of /community (the request operations: requests/permissions.test.ts). */
describe("who may call which community operation", () => {
  let matrix: Matrix;
  let target: TestActor;
  let ownerTarget: TestActor;

  beforeAll(async () => {
    matrix = await startMatrix();
    target = await user(matrix.platform, "perm_target");
    ownerTarget = await user(matrix.platform, "perm_owner_target");
  });

  afterAll(async () => {
    await matrix?.platform.close();
  });

  const operations = (): Operation[] => {
    const { platform, actors, companyId, status } = matrix;
    return [
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
    ];
  };

  it("answers every operation as the rules say, for every kind of user", async () => {
    expect(await differencesFromExpected(matrix, operations())).toEqual([]);
  });
});
