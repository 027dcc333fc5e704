/**
 * Ownership claims as admins decide them in the admin console: the open claims with who asks for
 * which company and why, approving (the user becomes the company's CompanyOwner, as assigning the
 * role does) and declining. Each decision is one transaction with its audit entry. The operator decides
 * the same way at the command line (commands.ts), trusted as the one holding the database.
 */
import { authorize } from "../../platform/auth/policy";
import { conflict, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { type AuditActor, getCompanyNames, getUsersByIds, recordAudit } from "./lookups";
import { can } from "./policy";
import { giveCompanyRole, userIdOf } from "./service";
import {
  type AnyExecutor,
  type ClaimDecision,
  type ClaimRow,
  communityDb,
  declineClaim,
  inTransaction,
  selectClaimForUpdate,
  selectClaims,
} from "./store";

export type ClaimStatus = "Pending" | ClaimDecision;

export interface OwnershipClaim {
  claimId: string;
  companyId: string;
  companyName: string;
  userId: string;
  username: string;
  name: string;
  email: string;
  comment: string | null;
  claimedAt: string;
  status: ClaimStatus;
  decidedAt: string | null;
}

const DENIED = "Only admins decide ownership claims.";

/** Signed-in users must be admins; the operator at the command line is trusted. */
function mayDecide(actor: AuditActor): void {
  if (actor.kind === "user") authorize(actor, can(actor, "decideOwnershipClaims"), DENIED);
}

/** More open claims than this on one page would not be read anyway; narrow by company. */
const CLAIMS_LIMIT = 500;

async function toClaims(db: AnyExecutor, rows: ClaimRow[]): Promise<OwnershipClaim[]> {
  const companies = await getCompanyNames(
    db,
    rows.map((row) => row.companyId),
  );
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
    return {
      claimId: row.id,
      companyId: row.companyId,
      companyName: companies.get(row.companyId) ?? "",
      userId: row.userId,
      username: user?.username ?? "",
      name: user?.name ?? "",
      email: user?.email ?? "",
      comment: row.comment,
      claimedAt: new Date(row.createdAt).toISOString(),
      status: row.decision ?? "Pending",
      decidedAt: row.resolvedAt ? new Date(row.resolvedAt).toISOString() : null,
    };
  });
}

export async function listOwnershipClaims(
  db: AnyExecutor,
  actor: AuditActor,
  filter: { status?: ClaimStatus; companyId?: string },
): Promise<OwnershipClaim[]> {
  mayDecide(actor);
  const status = filter.status ?? "Pending";
  const rows = await selectClaims(communityDb(db), {
    decision: status === "Pending" ? null : status,
    ...(filter.companyId ? { companyId: filter.companyId } : {}),
    limit: CLAIMS_LIMIT,
  });
  return toClaims(db, rows);
}

/** The claim, locked; 404 when there is none, 409 when it is decided already. */
async function openClaim(trx: AnyExecutor, claimId: string): Promise<ClaimRow> {
  const claim = isUuid(claimId) ? await selectClaimForUpdate(communityDb(trx), claimId) : undefined;
  if (!claim) throw notFound(`There is no ownership claim with the id ${claimId}.`);
  if (claim.decision)
    throw conflict(`This claim was ${claim.decision.toLowerCase()} already.`, "Claim decided already");
  return claim;
}

/** Approves the claim: the user becomes an owner of the company, which resolves the claim. */
export async function approveOwnershipClaim(
  db: AnyExecutor,
  actor: AuditActor,
  claimId: string,
): Promise<OwnershipClaim> {
  mayDecide(actor);
  return inTransaction(db, async (trx) => {
    const claim = await openClaim(trx, claimId);
    await giveCompanyRole(trx, actor, {
      role: "CompanyOwner",
      companyId: claim.companyId,
      userId: claim.userId,
    });
    const decided = await selectClaimForUpdate(trx, claimId);
    return (await toClaims(trx, decided ? [decided] : [claim]))[0] as OwnershipClaim;
  });
}

/** Declines the claim: the user stays what they were at the company, and may claim again. */
export async function declineOwnershipClaim(
  db: AnyExecutor,
  actor: AuditActor,
  claimId: string,
): Promise<OwnershipClaim> {
  mayDecide(actor);
  return inTransaction(db, async (trx) => {
    const claim = await openClaim(trx, claimId);
    await declineClaim(trx, claimId, userIdOf(actor));
    await recordAudit(trx, actor, {
      action: "ownership.decided",
      objectType: "company",
      objectId: claim.companyId,
      after: { userId: claim.userId, decision: "declined" },
    });
    const decided = await selectClaimForUpdate(trx, claimId);
    return (await toClaims(trx, decided ? [decided] : [claim]))[0] as OwnershipClaim;
  });
}
