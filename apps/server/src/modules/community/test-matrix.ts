/**
 * The permission matrix of /community: every operation called as every kind of user, with the status
 * each must get (docs/permissions.md says the same in words). The community module tests its company
 * role operations with it, the requests module its request operations.
 */
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { call, company, giveRole, type TestActor, user } from "./test-helpers";

export const KINDS = [
  "anonymous",
  "stranger",
  "requester",
  "member",
  "memberAdmin",
  "owner",
  "admin",
] as const;
export type Kind = (typeof KINDS)[number];

export interface Operation {
  name: string;
  /** Puts things back before each call, so every actor meets the same state. */
  reset?: () => Promise<void>;
  run: (auth: TestActor | undefined) => Promise<number>;
  expected: Record<Kind, number>;
}

export const everyoneSignedIn = (status: number): Record<Kind, number> => ({
  anonymous: 401,
  stranger: status,
  requester: status,
  member: status,
  memberAdmin: status,
  owner: status,
  admin: status,
});

export interface Matrix {
  platform: TestPlatform;
  actors: Record<Kind, TestActor | undefined>;
  /** A company where member, memberAdmin and owner hold those roles. */
  companyId: string;
  lei: string;
  /** The status a call gets. */
  status: (method: string, path: string, auth: TestActor | undefined, body?: unknown) => Promise<number>;
}

/** A platform with one user of each kind (requester holds no role) and their company. */
export async function startMatrix(): Promise<Matrix> {
  const platform = await startTestPlatform();
  const actors = {
    anonymous: undefined,
    stranger: await user(platform, "perm_stranger"),
    requester: await user(platform, "perm_requester"),
    member: await user(platform, "perm_member"),
    memberAdmin: await user(platform, "perm_member_admin"),
    owner: await user(platform, "perm_owner"),
    admin: await user(platform, "perm_admin", ["ROLE_USER", "ROLE_ADMIN"]),
  };
  const { companyId, lei } = await company(platform, { subdomains: ["test"] });
  await giveRole(platform, companyId, actors.member.userId, "Member");
  await giveRole(platform, companyId, actors.memberAdmin.userId, "MemberAdmin");
  await giveRole(platform, companyId, actors.owner.userId, "CompanyOwner");
  const status = async (method: string, path: string, auth: TestActor | undefined, body?: unknown) =>
    (await call(platform, method, path, { auth, ...(body !== undefined ? { body } : {}) })).status;
  return { platform, actors, companyId, lei, status };
}

/** Every operation as every kind of user; the calls whose status is not the expected one. */
export async function differencesFromExpected(matrix: Matrix, operations: Operation[]): Promise<string[]> {
  const differences: string[] = [];
  for (const operation of operations) {
    for (const kind of KINDS) {
      await operation.reset?.();
      const got = await operation.run(matrix.actors[kind]);
      if (got !== operation.expected[kind])
        differences.push(`${operation.name} as ${kind}: got ${got}, expected ${operation.expected[kind]}`);
    }
  }
  return differences;
}
