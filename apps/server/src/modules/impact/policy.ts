import { type Actor, isSignedIn } from "../../platform/auth/actor";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";

/** What the rules need to know of a portfolio: its owner and its readers. */
interface Sharing {
  userId: string;
  sharedUserIds: readonly string[];
}

const isReader = (actor: Actor, portfolio: Sharing) =>
  isSignedIn(actor) && portfolio.sharedUserIds.includes(actor.userId);

/** Who may do what with positions, impact reports and currency rates. */
export const can = definePolicy({
  /** A portfolio's positions and impact report are read by whoever reads it: owner, readers, admins. */
  readImpact: (actor, portfolio: Sharing) =>
    isUser(actor, portfolio.userId) || isReader(actor, portfolio) || rolesAllow(actor, "administer"),
  /** Its positions are set by whoever changes it: its owner and admins. */
  changePositions: (actor, portfolio: Sharing) =>
    isUser(actor, portfolio.userId) || rolesAllow(actor, "administer"),
  /** Anyone signed in reads the currency rates: they explain every report's figures. */
  readRates: (actor) => isSignedIn(actor),
  /** Only admins set the currency rates. */
  setRates: (actor) => rolesAllow(actor, "administer"),
});
