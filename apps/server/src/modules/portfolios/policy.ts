import { isSignedIn } from "../../platform/auth/actor";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";

/** Who may do what with portfolios. */
export const can = definePolicy({
  /** Anyone signed in keeps portfolios of their own, monitors them and asks for support. */
  keepPortfolios: (actor) => isSignedIn(actor),
  /** A portfolio is seen and changed by the user it belongs to, and by admins. */
  use: (actor, portfolio: { userId: string }) =>
    isUser(actor, portfolio.userId) || rolesAllow(actor, "administer"),
  /** Only admins list every portfolio. */
  listAll: (actor) => rolesAllow(actor, "administer"),
  /** Admins list any user's portfolios; a user may list their own. */
  listPortfoliosOf: (actor, owner: { userId: string }) =>
    isUser(actor, owner.userId) || rolesAllow(actor, "administer"),
});
