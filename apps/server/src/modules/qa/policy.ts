/**
 * Who may do what in quality assurance. One small rule per function, read like a sentence;
 * docs/permissions.md (section /qa) lists the same rules per operation.
 */
import { type Actor, hasRole, isAdmin, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";

const isReviewer = (actor: Actor): boolean => hasRole(actor, "ROLE_REVIEWER");

/** Reviewers and admins see the review queues and the review state of any dataset or data point. */
export function mayReadReviews(actor: Actor): SignedInActor {
  const user = requireSignedIn(actor);
  if (!isReviewer(user) && !isAdmin(user)) throw forbidden("The review queues are for reviewers and admins.");
  return user;
}

/** A user may read the review state of what they uploaded; reviewers and admins that of anything. */
export function mayReadReviewOf(actor: Actor, uploaderUserId: string | null): SignedInActor {
  const user = requireSignedIn(actor);
  if (isReviewer(user) || isAdmin(user) || (uploaderUserId !== null && user.userId === uploaderUserId))
    return user;
  throw forbidden("Only the uploader, reviewers and admins may read the review of this data.");
}

/** Only reviewers give verdicts (the first check, before anything is looked up). */
export function mayJudgeAtAll(actor: Actor): SignedInActor {
  const user = requireSignedIn(actor);
  if (!isReviewer(user))
    throw forbidden("Only reviewers (ROLE_REVIEWER) may judge datasets and data points.");
  return user;
}

/** A reviewer never judges their own upload. */
export function mayJudge(actor: Actor, uploaderUserId: string | null): SignedInActor {
  const user = mayJudgeAtAll(actor);
  if (uploaderUserId !== null && user.userId === uploaderUserId)
    throw forbidden("You uploaded this data; another reviewer has to judge it.");
  return user;
}

/** The priority of waiting data requests is shown to reviewers and admins only. */
export const maySeeRequestPriority = (actor: Actor): boolean => isReviewer(actor) || isAdmin(actor);
