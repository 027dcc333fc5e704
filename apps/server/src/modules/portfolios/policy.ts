import { type Actor, isAdmin, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";

/** Anyone signed in keeps portfolios of their own, monitors them and asks for support. */
export const mayKeepPortfolios = (actor: Actor): SignedInActor => requireSignedIn(actor);

/** A portfolio is seen and changed by the user it belongs to, and by admins. */
export function mayUsePortfolio(actor: Actor, portfolio: { userId: string }): SignedInActor {
  const user = requireSignedIn(actor);
  if (user.userId !== portfolio.userId && !isAdmin(user))
    throw forbidden("Only the portfolio's owner and admins may see or change it.");
  return user;
}

/** Only admins list every portfolio. */
export function mayListAllPortfolios(actor: Actor): SignedInActor {
  const user = requireSignedIn(actor);
  if (!isAdmin(user)) throw forbidden("Only admins list every portfolio.");
  return user;
}

/** Admins list any user's portfolios; a user may list their own. */
export function mayListPortfoliosOf(actor: Actor, userId: string): SignedInActor {
  const user = requireSignedIn(actor);
  if (user.userId !== userId && !isAdmin(user)) throw forbidden("Only admins list other users' portfolios.");
  return user;
}
