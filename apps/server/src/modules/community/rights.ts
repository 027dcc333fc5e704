/**
 * Company rights and the roles their users inherit: an admin gives a company the right Member or
 * Provider, and every user holding a company role there inherits what the right brings
 * (INHERITED_ROLES) for as long as both hold. Nothing is copied onto the users: the inherited roles
 * are read from the two tables whenever they are asked for, so they follow every change at once.
 */

import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { recordAudit } from "../audit";
import { getUserById, isCompany } from "./lookups";
import { type CompanyRight, INHERITED_ROLES } from "./model";
import { can } from "./policy";
import {
  type AnyExecutor,
  communityDb,
  deleteRight,
  insertRight,
  inTransaction,
  selectRightsAtUsersCompanies,
  selectRightsOf,
  selectRightsReachingUser,
} from "./store";

// ===================================================================================================
// Events this module publishes (docs/events.md)

export const COMPANY_RIGHT_ASSIGNED = "company.rightAssigned";
export const COMPANY_RIGHT_REMOVED = "company.rightRemoved";

export interface CompanyRightChangedPayload {
  companyId: string;
  companyRight: CompanyRight;
  /** The admin who gave or took away the right. */
  changedByUserId: string;
}

// ===================================================================================================
// What the platform asks: the realm roles a user inherits

/** The realm roles the user inherits from the rights of the companies where they hold a role. */
export async function inheritedRealmRoles(db: AnyExecutor, userId: string) {
  if (!isUuid(userId)) return [];
  const rights = await selectRightsReachingUser(communityDb(db), userId);
  return rights.flatMap((right) => {
    const inherited = INHERITED_ROLES[right];
    return inherited ? [inherited.realmRole] : [];
  });
}

// ===================================================================================================
// The /community operations

export interface CompanyRightAssignment {
  companyId: string;
  companyRight: CompanyRight;
}

const refusal = "Only admins give, take away and read company rights.";

async function requireCompany(db: AnyExecutor, companyId: string): Promise<void> {
  if (!(await isCompany(db, companyId))) throw notFound(`There is no company with the id ${companyId}.`);
}

/** Gives the company the right; giving a right it holds already changes nothing. */
export async function assignCompanyRight(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: CompanyRightAssignment,
): Promise<CompanyRightAssignment> {
  authorize(actor, can(actor, "manageCompanyRights"), refusal);
  const { companyId, companyRight } = assignment;
  await inTransaction(db, async (trx) => {
    await requireCompany(trx, companyId);
    if (await insertRight(trx, { companyId, companyRight, assignedByUserId: actor.userId })) {
      const payload: CompanyRightChangedPayload = { companyId, companyRight, changedByUserId: actor.userId };
      await publishEvent(trx as never, COMPANY_RIGHT_ASSIGNED, payload);
      await recordAudit(trx, actor, {
        action: "company.right-granted",
        objectType: "company",
        objectId: companyId,
        after: { companyRight },
      });
    }
  });
  return { companyId, companyRight };
}

/** Takes the right away; 404 when the company does not hold it. */
export async function removeCompanyRight(
  db: AnyExecutor,
  actor: SignedInActor,
  assignment: CompanyRightAssignment,
): Promise<void> {
  authorize(actor, can(actor, "manageCompanyRights"), refusal);
  const { companyId, companyRight } = assignment;
  await inTransaction(db, async (trx) => {
    if (!(await deleteRight(trx, { companyId, companyRight })))
      throw notFound(`The company ${companyId} does not hold the right ${companyRight}.`);
    const payload: CompanyRightChangedPayload = { companyId, companyRight, changedByUserId: actor.userId };
    await publishEvent(trx as never, COMPANY_RIGHT_REMOVED, payload);
    await recordAudit(trx, actor, {
      action: "company.right-removed",
      objectType: "company",
      objectId: companyId,
      before: { companyRight },
    });
  });
}

export async function listCompanyRights(
  db: AnyExecutor,
  actor: SignedInActor,
  companyId: string,
): Promise<CompanyRight[]> {
  authorize(actor, can(actor, "manageCompanyRights"), refusal);
  await requireCompany(db, companyId);
  return selectRightsOf(communityDb(db), companyId);
}

/**
 * The reference's map from each company where the user holds a role to the roles they inherit there
 * (an empty list where the company holds no right that brings one).
 */
export async function inheritedRolesOf(
  db: AnyExecutor,
  actor: SignedInActor,
  userId: string,
): Promise<Record<string, string[]>> {
  authorize(
    actor,
    can(actor, "readInheritedRoles", { userId }),
    "Only admins read the inherited roles of other users.",
  );
  const known = isUuid(userId) && (actor.userId === userId || (await getUserById(db, userId)) !== undefined);
  if (!known) throw notFound(`There is no user with the id ${userId}.`);
  const byCompany = await selectRightsAtUsersCompanies(communityDb(db), userId);
  const map: Record<string, string[]> = {};
  for (const [companyId, rights] of byCompany)
    map[companyId] = rights.flatMap((right) => {
      const inherited = INHERITED_ROLES[right];
      return inherited ? [inherited.name] : [];
    });
  return map;
}
