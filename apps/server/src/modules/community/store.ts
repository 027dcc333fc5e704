import { type Generated, type Kysely, sql } from "kysely";
import { inTransaction as inTransactionOf } from "../../platform/db/transaction";
import type { CompanyRole } from "./model";

/** The tables of the community module (migrations/001_create_community_tables.sql). */
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

export async function resolveClaims(db: CommunityDb, companyId: string, userId: string): Promise<void> {
  await db
    .updateTable("community_ownership_claim")
    .set({ resolved_at: sql<Date>`now()` })
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .where("resolved_at", "is", null)
    .execute();
}

/** Removes a deleted user's roles and ownership claims. */
export async function deleteRolesAndClaimsOfUser(db: CommunityDb, userId: string): Promise<void> {
  await db.deleteFrom("community_company_role").where("user_id", "=", userId).execute();
  await db.deleteFrom("community_ownership_claim").where("user_id", "=", userId).execute();
}
