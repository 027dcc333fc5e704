/**
 * Company roles, ownership claims and e-mail checks. Data requests are the requests module's; it asks
 * this module for company roles through index.ts.
 */

import { randomUUID } from "node:crypto";
import { companyRolesAllow } from "@openverde/frameworks/access";
import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { badRequest, conflict, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import {
  type AuditActor,
  companySummary,
  findUserByEmail,
  getUserById,
  getUsersByIds,
  isCompany,
  recordAudit,
  type User,
  usersOfCompanyDomains,
} from "./lookups";
import { COMPANY_ROLES, type CompanyRole } from "./model";
import { can } from "./policy";
import {
  type AnyExecutor,
  communityDb,
  deleteRole,
  deleteRolesAndClaimsOfUser,
  insertClaim,
  inTransaction,
  resolveClaims,
  selectCompanyIdsWithRole,
  selectHasOwner,
  selectRoleOf,
  selectRoles,
  selectUserIdsAtCompany,
  upsertRole,
} from "./store";
import { toUserInfo, type WireUserInfo } from "./views";

export type { AnyExecutor, CompanyRole };

// ===================================================================================================
// Events this module publishes (docs/events.md)

export const COMPANY_ROLE_ASSIGNED = "company.roleAssigned";
export const COMPANY_OWNERSHIP_CLAIMED = "company.ownershipClaimed";

export interface CompanyRoleAssignedPayload {
  companyId: string;
  userId: string;
  role: CompanyRole;
  assignedByUserId: string | null;
}
export interface CompanyOwnershipClaimedPayload {
  companyId: string;
  userId: string;
  comment: string | null;
}

// ===================================================================================================
// Functions other modules call

/** The company roles the user holds at the company (at most one today; empty for malformed ids). */
export async function companyRolesOf(
  db: AnyExecutor,
  userId: string,
  companyId: string,
): Promise<CompanyRole[]> {
  if (!isUuid(userId) || !isUuid(companyId)) return [];
  const role = await selectRoleOf(communityDb(db), companyId, userId);
  return role ? [role] : [];
}

/** The company roles that manage the company's members. */
const MANAGING_ROLES = COMPANY_ROLES.filter((role) => companyRolesAllow(role, "manageMembers"));

/** The companies where the user holds one of the roles. */
export async function companyIdsWhereUserHasRole(
  db: AnyExecutor,
  userId: string,
  roles: readonly CompanyRole[],
): Promise<string[]> {
  if (!isUuid(userId)) return [];
  return selectCompanyIdsWithRole(communityDb(db), userId, roles);
}

/** Whether at least one user owns the company. */
export async function hasCompanyOwner(db: AnyExecutor, companyId: string): Promise<boolean> {
  if (!isUuid(companyId)) return false;
  return selectHasOwner(communityDb(db), companyId);
}

/** Whether a known company has an owner; 404 for an unknown company. */
export async function companyOwnership(
  db: AnyExecutor,
  companyId: string,
): Promise<{ companyId: string; hasOwner: boolean }> {
  await requireCompany(db, companyId);
  return { companyId, hasOwner: await selectHasOwner(communityDb(db), companyId) };
}

/** A user's account was deleted: their roles and ownership claims go with it. */
export async function forgetUser(db: AnyExecutor, userId: string): Promise<void> {
  if (!isUuid(userId)) return;
  await inTransaction(db, (trx) => deleteRolesAndClaimsOfUser(trx, userId));
}

// ===================================================================================================
// Company roles and ownership (the /community operations)

export interface CompanyRoleAssignment {
  companyRole: CompanyRole;
  companyId: string;
  userId: string;
}

export interface CompanyRoleAssignmentExtended extends CompanyRoleAssignment {
  email: string;
  firstName?: string;
  lastName?: string;
}

async function requireCompany(db: AnyExecutor, companyId: string): Promise<void> {
  if (!(await isCompany(db, companyId))) throw notFound(`There is no company with the id ${companyId}.`);
}

async function requireUserExists(db: AnyExecutor, userId: string): Promise<User> {
  const user = await getUserById(db, userId);
  if (!user) throw notFound(`There is no user with the id ${userId}.`);
  return user;
}

async function roleOf(db: AnyExecutor, userId: string, companyId: string): Promise<CompanyRole | undefined> {
  return (await companyRolesOf(db, userId, companyId))[0];
}

export async function assignCompanyRole(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: { role: CompanyRole; companyId: string; userId: string },
): Promise<CompanyRoleAssignment> {
  const { role, companyId, userId } = assignment;
  return inTransaction(db, async (trx) => {
    const actorRole = await roleOf(trx, actor.userId, companyId);
    const targetRole = await roleOf(trx, userId, companyId);
    authorize(
      actor,
      can(actor, "assignRole", { role, actorRole, targetRole }),
      role === "CompanyOwner"
        ? "Only admins make company owners."
        : "Only admins and the company's owners and member admins assign roles there, and not to its owners.",
    );
    return giveCompanyRole(trx, actor, assignment);
  });
}

/**
 * Gives the role, once the caller has made sure `by` may: an authorized user, or the operator at the
 * command line. Making someone an owner approves their open ownership claim for the company.
 */
export async function giveCompanyRole(
  db: AnyExecutor,
  by: AuditActor,
  assignment: { role: CompanyRole; companyId: string; userId: string },
): Promise<CompanyRoleAssignment> {
  const { role, companyId, userId } = assignment;
  const byUserId = userIdOf(by);
  return inTransaction(db, async (trx) => {
    await requireCompany(trx, companyId);
    await requireUserExists(trx, userId);
    const targetRole = await roleOf(trx, userId, companyId);
    if (targetRole !== role) {
      await upsertRole(trx, { companyId, userId, role, assignedByUserId: byUserId });
      await recordAudit(trx, by, {
        action: "company-role.assigned",
        objectType: "company",
        objectId: companyId,
        before: { userId, role: targetRole ?? null },
        after: { userId, role },
      });
      if (role === "CompanyOwner" && (await resolveClaims(trx, companyId, userId, byUserId)))
        await recordAudit(trx, by, {
          action: "ownership.decided",
          objectType: "company",
          objectId: companyId,
          after: { userId, decision: "approved" },
        });
      const payload: CompanyRoleAssignedPayload = { companyId, userId, role, assignedByUserId: byUserId };
      await publishEvent(trx as never, COMPANY_ROLE_ASSIGNED, payload);
    }
    return { companyRole: role, companyId, userId };
  });
}

/** Who is stored as having decided: the signed-in user, or no one for the operator at the command line. */
export const userIdOf = (actor: AuditActor): string | null => (actor.kind === "user" ? actor.userId : null);

export async function removeCompanyRole(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: { role: CompanyRole; companyId: string; userId: string },
): Promise<void> {
  const { role, companyId, userId } = assignment;
  await inTransaction(db, async (trx) => {
    const actorRole = await roleOf(trx, actor.userId, companyId);
    authorize(
      actor,
      can(actor, "removeRole", { role, actorRole, targetUserId: userId }),
      "Only admins, the user themselves and the company's owners and member admins remove roles there; owners only admins.",
    );
    const removed =
      isUuid(companyId) && isUuid(userId) && (await deleteRole(trx, { companyId, userId, role }));
    if (!removed)
      throw notFound(`The user ${userId} does not hold the role ${role} at the company ${companyId}.`);
    await recordAudit(trx, actor, {
      action: "company-role.removed",
      objectType: "company",
      objectId: companyId,
      before: { userId, role },
    });
  });
}

/** Whether the user holds the role at the company; for the HEAD check, where false is a 404. */
export async function checkCompanyRole(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: { role: CompanyRole; companyId: string; userId: string },
): Promise<boolean> {
  const actorRole = await roleOf(db, actor.userId, assignment.companyId);
  authorize(
    actor,
    can(actor, "checkRole", { actorRole, targetUserId: assignment.userId }),
    "Only admins, the user themselves and members of the company may ask for roles there.",
  );
  return (await roleOf(db, assignment.userId, assignment.companyId)) === assignment.role;
}

export async function listCompanyRoleAssignments(
  db: AnyExecutor,
  actor: SignedInActor,
  filter: { role?: CompanyRole; companyId?: string; userId?: string },
): Promise<CompanyRoleAssignmentExtended[]> {
  const visibleTo = can(actor, "seeAllRoleAssignments")
    ? undefined
    : {
        userId: actor.userId,
        companyIds: await companyIdsWhereUserHasRole(db, actor.userId, COMPANY_ROLES),
      };
  const rows = await selectRoles(communityDb(db), { ...filter, ...(visibleTo ? { visibleTo } : {}) });
  const users = new Map(
    (
      await getUsersByIds(
        db,
        rows.map((row) => row.userId),
      )
    ).map((user) => [user.userId, user]),
  );
  return rows.map((row) => {
    const user = users.get(row.userId);
    const info = user ? toUserInfo(user) : undefined;
    return {
      companyRole: row.role,
      companyId: row.companyId,
      userId: row.userId,
      email: user?.email ?? "",
      ...(info?.firstName ? { firstName: info.firstName } : {}),
      ...(info?.lastName ? { lastName: info.lastName } : {}),
    };
  });
}

export async function claimCompanyOwnership(
  db: AnyExecutor,
  actor: SignedInActor,
  companyId: string,
  comment: string | undefined,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await requireCompany(trx, companyId);
    if ((await roleOf(trx, actor.userId, companyId)) === "CompanyOwner")
      throw conflict("You own this company already.", "Already an owner");
    const text = comment?.trim() ? comment.trim() : null;
    const recorded = await insertClaim(trx, {
      id: randomUUID(),
      companyId,
      userId: actor.userId,
      comment: text,
    });
    if (recorded) {
      const payload: CompanyOwnershipClaimedPayload = { companyId, userId: actor.userId, comment: text };
      await publishEvent(trx as never, COMPANY_OWNERSHIP_CLAIMED, payload);
    }
  });
}

export async function recommendedUsers(
  db: AnyExecutor,
  actor: SignedInActor,
  companyId: string,
): Promise<WireUserInfo[]> {
  const actorRole = await roleOf(db, actor.userId, companyId);
  authorize(
    actor,
    can(actor, "seeRecommendedUsers", { actorRole }),
    "Only admins and the company's owners and member admins see whom to invite.",
  );
  const company = await companySummary(db, companyId);
  if (!company) throw notFound(`There is no company with the id ${companyId}.`);
  const members = new Set(await selectUserIdsAtCompany(communityDb(db), companyId));
  return (await usersOfCompanyDomains(db, company))
    .filter((user) => !members.has(user.userId))
    .map(toUserInfo);
}

// Spec §5: a local part of letters, digits and _ . ! + -; a domain of at most two subdomain labels
// before its name; a top-level domain of two or more letters; case does not matter.
const EMAIL_PATTERN = /^[A-Za-z0-9_.!+-]+@([A-Za-z0-9-]+\.){1,3}[A-Za-z]{2,}$/i;

export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email);

export async function validateEmailAddress(
  db: AnyExecutor,
  actor: SignedInActor,
  email: string,
): Promise<WireUserInfo> {
  const managed = await companyIdsWhereUserHasRole(db, actor.userId, MANAGING_ROLES);
  authorize(
    actor,
    can(actor, "lookUpUserByEmail", { managesSomeCompany: managed.length > 0 }),
    "Only admins and company owners and member admins look users up by e-mail address.",
  );
  const value = email.trim();
  if (!isValidEmail(value))
    throw badRequest(`"${value}" is not a valid e-mail address.`, "Invalid e-mail address");
  const user = await findUserByEmail(db, value);
  if (!user) throw notFound(`There is no user with the e-mail address ${value}.`, "Unknown e-mail address");
  return toUserInfo(user);
}
