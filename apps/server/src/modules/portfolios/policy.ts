import { type Actor, isSignedIn } from "../../platform/auth/actor";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";

/** What the rules need to know of a portfolio: its owner and its readers. */
interface Sharing {
  userId: string;
  sharedUserIds: readonly string[];
}

const isReader = (actor: Actor, portfolio: Sharing) =>
  isSignedIn(actor) && portfolio.sharedUserIds.includes(actor.userId);

/** Who may do what with portfolios. */
export const can = definePolicy({
  /** Anyone signed in keeps portfolios of their own, monitors them and asks for support. */
  keepPortfolios: (actor) => isSignedIn(actor),
  /** A portfolio is read (its view, enriched view and downloads) by its owner, its readers and admins. */
  read: (actor, portfolio: Sharing) =>
    isUser(actor, portfolio.userId) || isReader(actor, portfolio) || rolesAllow(actor, "administer"),
  /** Only its owner and admins change, share or delete it, and see who may read it. */
  change: (actor, portfolio: Sharing) => isUser(actor, portfolio.userId) || rolesAllow(actor, "administer"),
  /** A reader takes themselves off a portfolio shared with them. */
  leave: (actor, portfolio: Sharing) => isReader(actor, portfolio),
  /** Only admins list every portfolio. */
  listAll: (actor) => rolesAllow(actor, "administer"),
  /** Admins list any user's portfolios; a user may list their own. */
  listPortfoliosOf: (actor, owner: { userId: string }) =>
    isUser(actor, owner.userId) || rolesAllow(actor, "administer"),
  /** Reviewers see which monitored companies lack a fiscal year end (the reference's rule). */
  listIncompleteFiscalYears: (actor) => rolesAllow(actor, "review"),
});
