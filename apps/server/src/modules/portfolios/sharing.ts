/**
 * Sharing a portfolio: its owner names the users who may read it (its readers); they find it among the
 * portfolios shared with them, with the owner's name, and may take themselves off it. Who may do what
 * is in policy.ts (read, change, leave); reading a shared portfolio goes through service.ts as any read.
 */
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { badRequest, notFound } from "../../platform/http/errors";
import { findUserByEmail, getUsersByIds, type User } from "./neighbours";
import { can } from "./policy";
import {
  auditAdminChange,
  type BasePortfolio,
  checkReaders,
  portfolioToChange,
  readPortfolio,
  toBasePortfolio,
} from "./service";
import {
  type AnyExecutor,
  deleteReader,
  inTransaction,
  type PortfolioRow,
  portfoliosDb,
  selectPortfolio,
  selectPortfoliosSharedWith,
  updatePortfolio,
} from "./store";

export type PortfolioAccessRole = "Owner" | "Reader";

export interface PortfolioUserAccessRight {
  userId: string;
  userEmail?: string;
  portfolioAccessRole: PortfolioAccessRole;
}

/** A portfolio shared with the user, with the name of its owner (an Openverde addition to the wire). */
export type SharedPortfolio = BasePortfolio & { ownerName?: string };

/** The name a reader is shown for a user: their name, else their username. */
const shownName = (user: User) => user.name.trim() || user.username;

/** Replaces the portfolio's readers with the users given (existing users, not the owner). */
export async function patchSharing(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  patch: { sharedUserIds: string[] },
): Promise<PortfolioRow> {
  const row = await portfolioToChange(db, actor, portfolioId);
  const sharedUserIds = await checkReaders(db, row.userId, patch.sharedUserIds);
  return inTransaction(db, async (trx) => {
    await updatePortfolio(trx, portfolioId, { sharedUserIds });
    await auditAdminChange(trx, actor, row, {
      action: "sharing-changed",
      before: { sharedUserIds: row.sharedUserIds },
      after: { sharedUserIds },
    });
    return (await selectPortfolio(trx, portfolioId)) as PortfolioRow;
  });
}

/** The portfolios shared with the signed-in user, each with its owner's name. */
export async function portfoliosSharedWithCurrentUser(
  db: AnyExecutor,
  actor: Actor,
): Promise<SharedPortfolio[]> {
  const user = authorize(actor, can(actor, "keepPortfolios"));
  const rows = await selectPortfoliosSharedWith(portfoliosDb(db), user.userId);
  const owners = new Map(
    (
      await getUsersByIds(
        db,
        rows.map((row) => row.userId),
      )
    ).map((owner) => [owner.userId, owner]),
  );
  return rows.map((row) => {
    const owner = owners.get(row.userId);
    return { ...toBasePortfolio(row), ...(owner ? { ownerName: shownName(owner) } : {}) };
  });
}

export async function sharedPortfolioNamesOfCurrentUser(
  db: AnyExecutor,
  actor: Actor,
): Promise<{ portfolioId: string; portfolioName: string }[]> {
  const user = authorize(actor, can(actor, "keepPortfolios"));
  return (await selectPortfoliosSharedWith(portfoliosDb(db), user.userId)).map((row) => ({
    portfolioId: row.portfolioId,
    portfolioName: row.portfolioName,
  }));
}

/** A reader takes themselves off the portfolio; its owner and admins are refused (403), strangers get 404. */
export async function leaveSharedPortfolio(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<void> {
  const row = await readPortfolio(db, actor, portfolioId);
  const user = authorize(
    actor,
    can(actor, "leave", row),
    "You can only take yourself off portfolios that are shared with you.",
  );
  await deleteReader(portfoliosDb(db), portfolioId, user.userId);
}

/** Who may use the portfolio: its owner first, then its readers in the order given, with their e-mails. */
export async function accessRights(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<PortfolioUserAccessRight[]> {
  const row = await portfolioToChange(db, actor, portfolioId);
  const users = new Map(
    (await getUsersByIds(db, [row.userId, ...row.sharedUserIds])).map((user) => [user.userId, user]),
  );
  const right = (userId: string, portfolioAccessRole: PortfolioAccessRole): PortfolioUserAccessRight => {
    const email = users.get(userId)?.email;
    return { userId, ...(email ? { userEmail: email } : {}), portfolioAccessRole };
  };
  return [right(row.userId, "Owner"), ...row.sharedUserIds.map((userId) => right(userId, "Reader"))];
}

export interface SharingRecipient {
  userId: string;
  userEmail: string;
  userName: string;
}

/**
 * The user an e-mail address names, for the owner who wants to share the portfolio with them. Only an
 * exact address finds someone, and only for whoever may share this portfolio, so it lists nobody.
 */
export async function findSharingRecipient(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  email: string,
): Promise<SharingRecipient> {
  const row = await portfolioToChange(db, actor, portfolioId);
  const address = email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(address))
    throw badRequest("email must be an e-mail address such as jane@example.com.", "Invalid email");
  const user = await findUserByEmail(db, address);
  if (!user)
    throw notFound(
      `No Openverde user has the e-mail address ${address}.`,
      "No user with this e-mail address",
    );
  if (user.userId === row.userId)
    throw badRequest("That is the portfolio's owner, who reads it anyway.", "Owner's e-mail address");
  return { userId: user.userId, userEmail: user.email, userName: shownName(user) };
}
