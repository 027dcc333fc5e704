/**
 * Who may do what in quality assurance; docs/permissions.md (section /qa) lists the same rules per
 * operation.
 */
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";

/** What a rule needs to know of a dataset or data point under review. */
interface Upload {
  uploaderUserId: string | null;
}

export const can = definePolicy({
  /** Reviewers and admins see the review queues and the review state of any dataset or data point. */
  readReviews: (actor) => rolesAllow(actor, "readReviews"),
  /** A user may read the review state of what they uploaded; reviewers and admins that of anything. */
  readReviewOf: (actor, upload: Upload) =>
    rolesAllow(actor, "readReviews") || isUser(actor, upload.uploaderUserId),
  /** Only reviewers give verdicts (asked first, before anything is looked up). */
  judge: (actor) => rolesAllow(actor, "review"),
  /** A reviewer never judges their own upload. */
  judgeUpload: (actor, upload: Upload) =>
    rolesAllow(actor, "review") && !isUser(actor, upload.uploaderUserId),
  /** The priority of waiting data requests is shown to reviewers and admins only. */
  seeRequestPriority: (actor) => rolesAllow(actor, "readReviews"),
  /** Which uploads skip review is the admins' decision. */
  configurePreApproval: (actor) => rolesAllow(actor, "administer"),
});
