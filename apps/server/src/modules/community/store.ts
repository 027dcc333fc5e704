import { type Generated, type Kysely, sql } from "kysely";
import { PREPARED } from "../../platform/db/prepared-statements";
import { inTransaction as inTransactionOf } from "../../platform/db/transaction";
import type { CompanyRight, CompanyRole } from "./model";

export type ClaimDecision = "Approved" | "Declined";

/** The tables of the community module (migrations/001_create_community_tables.sql, 002_company_rights.sql, 003_ownership_decisions.sql). */
export interface CommunityTables {
  community_company_role: {
    company_id: string;
    user_id: string;
    role: CompanyRole;
    assigned_by_user_id: string | null;
    assigned_at: Generated<Date>;
  };
  community_ownership_claim: {
    id: string;
    company_id: string;
    user_id: string;
    comment: string | null;
    created_at: Generated<Date>;
    resolved_at: Date | null;
    decision: ClaimDecision | null;
    decided_by_user_id: string | null;
  };
  community_company_right: {
    company_id: string;
    company_right: CompanyRight;
    assigned_by_user_id: string | null;
    assigned_at: Generated<Date>;
  };
}

export type CommunityDb = Kysely<CommunityTables>;

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;

export const communityDb = (db: AnyExecutor): CommunityDb => db as unknown as CommunityDb;

/** Runs the work in a transaction, or in the caller's when there is one already. */
export const inTransaction = <T>(db: AnyExecutor, work: (trx: CommunityDb) => Promise<T>): Promise<T> =>
  inTransactionOf(communityDb(db), work);

// ---------------------------------------------------------------------------------------------------
// Company roles

export interface RoleRow {
  companyId: string;
  userId: string;
  role: CompanyRole;
}

export async function selectRoleOf(
  db: CommunityDb,
  companyId: string,
  userId: string,
): Promise<CompanyRole | undefined> {
  const row = await db
    .selectFrom("community_company_role")
    .select("role")
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role;
}

export async function upsertRole(
  db: CommunityDb,
  assignment: RoleRow & { assignedByUserId: string | null },
): Promise<void> {
  await db
    .insertInto("community_company_role")
    .values({
      company_id: assignment.companyId,
      user_id: assignment.userId,
      role: assignment.role,
      assigned_by_user_id: assignment.assignedByUserId,
    })
    .onConflict((conflict) =>
      conflict.columns(["company_id", "user_id"]).doUpdateSet({
        role: assignment.role,
        assigned_by_user_id: assignment.assignedByUserId,
        assigned_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export async function deleteRole(db: CommunityDb, assignment: RoleRow): Promise<boolean> {
  const result = await db
    .deleteFrom("community_company_role")
    .where("company_id", "=", assignment.companyId)
    .where("user_id", "=", assignment.userId)
    .where("role", "=", assignment.role)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface RoleFilter {
  role?: CompanyRole;
  companyId?: string;
  userId?: string;
  /** Only rows of these companies or of this user (what a non-admin may see). */
  visibleTo?: { userId: string; companyIds: string[] };
}

export async function selectRoles(db: CommunityDb, filter: RoleFilter): Promise<RoleRow[]> {
  let query = db.selectFrom("community_company_role").select(["company_id", "user_id", "role"]);
  if (filter.role) query = query.where("role", "=", filter.role);
  if (filter.companyId) query = query.where("company_id", "=", filter.companyId);
  if (filter.userId) query = query.where("user_id", "=", filter.userId);
  const visible = filter.visibleTo;
  if (visible) {
    query = query.where((eb) =>
      visible.companyIds.length > 0
        ? eb.or([eb("user_id", "=", visible.userId), eb("company_id", "in", visible.companyIds)])
        : eb("user_id", "=", visible.userId),
    );
  }
  const rows = await query.orderBy("company_id").orderBy("role").orderBy("assigned_at").execute();
  return rows.map((row) => ({ companyId: row.company_id, userId: row.user_id, role: row.role }));
}

export async function selectCompanyIdsWithRole(
  db: CommunityDb,
  userId: string,
  roles: readonly CompanyRole[],
): Promise<string[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom("community_company_role")
    .select("company_id")
    .where("user_id", "=", userId)
    .where("role", "in", [...roles])
    .orderBy("company_id")
    .execute();
  return rows.map((row) => row.company_id);
}

export async function selectHasOwner(db: CommunityDb, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("community_company_role")
    .select("user_id")
    .where("company_id", "=", companyId)
    .where("role", "=", "CompanyOwner")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function selectUserIdsAtCompany(db: CommunityDb, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("community_company_role")
    .select("user_id")
    .where("company_id", "=", companyId)
    .execute();
  return rows.map((row) => row.user_id);
}

// ---------------------------------------------------------------------------------------------------
// Ownership claims

/** Records a claim; false when the user has a pending claim for the company already. */
export async function insertClaim(
  db: CommunityDb,
  claim: { id: string; companyId: string; userId: string; comment: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto("community_ownership_claim")
    .values({ id: claim.id, company_id: claim.companyId, user_id: claim.userId, comment: claim.comment })
    .onConflict((conflict) =>
      conflict.columns(["company_id", "user_id"]).where(sql<boolean>`resolved_at is null`).doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Marks the user's open claims on the company approved (by making them owner); whether there was one. */
export async function resolveClaims(
  db: CommunityDb,
  companyId: string,
  userId: string,
  decidedByUserId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("community_ownership_claim")
    .set({ resolved_at: sql<Date>`now()`, decision: "Approved", decided_by_user_id: decidedByUserId })
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ClaimRow {
  id: string;
  companyId: string;
  userId: string;
  comment: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  decision: ClaimDecision | null;
}

const claimColumns = [
  "id",
  "company_id as companyId",
  "user_id as userId",
  "comment",
  "created_at as createdAt",
  "resolved_at as resolvedAt",
  "decision",
] as const;

/** Claims, oldest first: the open ones, or those decided so (newest decisions first). */
export async function selectClaims(
  db: CommunityDb,
  filter: { decision: ClaimDecision | null; companyId?: string; limit: number },
): Promise<ClaimRow[]> {
  let query = db.selectFrom("community_ownership_claim").select(claimColumns);
  query =
    filter.decision === null
      ? query.where("resolved_at", "is", null).orderBy("created_at")
      : query.where("decision", "=", filter.decision).orderBy("resolved_at", "desc");
  if (filter.companyId) query = query.where("company_id", "=", filter.companyId);
  return query.orderBy("id").limit(filter.limit).execute();
}

/** One claim, locked for its decision. */
export async function selectClaimForUpdate(db: CommunityDb, claimId: string): Promise<ClaimRow | undefined> {
  return db
    .selectFrom("community_ownership_claim")
    .select(claimColumns)
    .where("id", "=", claimId)
    .forUpdate()
    .executeTakeFirst();
}

export async function declineClaim(
  db: CommunityDb,
  claimId: string,
  decidedByUserId: string | null,
): Promise<void> {
  await db
    .updateTable("community_ownership_claim")
    .set({ resolved_at: sql<Date>`now()`, decision: "Declined", decided_by_user_id: decidedByUserId })
    .where("id", "=", claimId)
    .execute();
}

/** Removes a deleted user's roles and ownership claims. */
export async function deleteRolesAndClaimsOfUser(db: CommunityDb, userId: string): Promise<void> {
  await db.deleteFrom("community_company_role").where("user_id", "=", userId).execute();
  await db.deleteFrom("community_ownership_claim").where("user_id", "=", userId).execute();
}

// ---------------------------------------------------------------------------------------------------
// Company rights

/** Records the right; false when the company holds it already. */
export async function insertRight(
  db: CommunityDb,
  right: { companyId: string; companyRight: CompanyRight; assignedByUserId: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("community_company_right")
    .values({
      company_id: right.companyId,
      company_right: right.companyRight,
      assigned_by_user_id: right.assignedByUserId,
    })
    .onConflict((conflict) => conflict.columns(["company_id", "company_right"]).doNothing())
    .returning("company_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteRight(
  db: CommunityDb,
  right: { companyId: string; companyRight: CompanyRight },
): Promise<boolean> {
  const result = await db
    .deleteFrom("community_company_right")
    .where("company_id", "=", right.companyId)
    .where("company_right", "=", right.companyRight)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function selectRightsOf(db: CommunityDb, companyId: string): Promise<CompanyRight[]> {
  const rows = await db
    .selectFrom("community_company_right")
    .select("company_right")
    .where("company_id", "=", companyId)
    .orderBy("company_right")
    .execute();
  return rows.map((row) => row.company_right);
}

/** The companies where the user holds a role, each with the rights it holds (none: an empty list). */
export async function selectRightsAtUsersCompanies(
  db: CommunityDb,
  userId: string,
): Promise<Map<string, CompanyRight[]>> {
  const rows = await db
    .selectFrom("community_company_role as role")
    .leftJoin("community_company_right as right", "right.company_id", "role.company_id")
    .select(["role.company_id as companyId", "right.company_right as companyRight"])
    .where("role.user_id", "=", userId)
    .orderBy("role.company_id")
    .orderBy("right.company_right")
    .execute();
  const byCompany = new Map<string, CompanyRight[]>();
  for (const row of rows) {
    const rights = byCompany.get(row.companyId) ?? [];
    if (row.companyRight) rights.push(row.companyRight);
    byCompany.set(row.companyId, rights);
  }
  return byCompany;
}

/**
 * The rights held by the companies where the user holds a role: asked on every signed-in request, so
 * kept prepared on a PostgreSQL server.
 */
export async function selectRightsReachingUser(db: CommunityDb, userId: string): Promise<CompanyRight[]> {
  const result = await sql<{ company_right: CompanyRight }>`${sql.raw(PREPARED)}
    select distinct right_.company_right
    from community_company_role role_
    join community_company_right right_ on right_.company_id = role_.company_id
    where role_.user_id = ${userId}`.execute(db);
  return result.rows.map((row) => row.company_right);
}
