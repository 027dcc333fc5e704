import { isSignedIn } from "../../platform/auth/actor";
import { definePolicy } from "../../platform/auth/policy";

/**
 * Who may do what with API keys. Anyone, signed in or not, may check a key they hold (validateApiKey):
 * the answer says nothing about keys they do not hold, so that operation needs no rule.
 */
export const can = definePolicy({
  /** Anyone signed in may create a key for themselves, but only after a real sign-in: a key cannot breed keys. */
  generate: (actor) => isSignedIn(actor) && actor.via === "token",
  /** Anyone signed in may see whether they have a key, and revoke it. */
  readOwn: (actor) => isSignedIn(actor),
  revokeOwn: (actor) => isSignedIn(actor),
});
