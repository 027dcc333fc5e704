/** Who may use the explorer. Which data each user sees is the datasets module's rule (private VSME data). */
import { isSignedIn } from "../../platform/auth/actor";
import { definePolicy } from "../../platform/auth/policy";

export const can = definePolicy({
  /** Anyone signed in explores the data they may read; visitors sign in first. */
  explore: (actor) => isSignedIn(actor),
});
