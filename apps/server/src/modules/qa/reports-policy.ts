/**
 * Who may do what with QA reports; docs/permissions.md (section /qa) lists the same rules per operation.
 */
import { isSignedIn } from "../../platform/auth/actor";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";

/** What the rules need to know of the dataset a report is about. */
interface ReportedData {
  uploaderUserId: string | null;
  qaStatus: string;
}

export const canReport = definePolicy({
  /** Only reviewers write reports (asked first, before anything is looked up). */
  write: (actor) => rolesAllow(actor, "review"),
  /** A reviewer never reports on their own upload. */
  writeOn: (actor, data: ReportedData) => rolesAllow(actor, "review") && !isUser(actor, data.uploaderUserId),
  /**
   * Whoever may read the dataset reads its reports: every signed-in user an accepted dataset; one under
   * review or rejected its uploader, reviewers and admins (the datasets module's rule for reading it).
   */
  read: (actor, data: ReportedData) =>
    isSignedIn(actor) &&
    (data.qaStatus === "Accepted" || rolesAllow(actor, "readReviews") || isUser(actor, data.uploaderUserId)),
  /** Reviewers and admins see reports on every dataset in the report metadata; others those they may read. */
  readEveryReport: (actor) => rolesAllow(actor, "readReviews"),
  /** A report is deactivated or reactivated by the reviewer who wrote it, or by an admin. */
  changeStatus: (actor, report: { reporterUserId: string }) =>
    isUser(actor, report.reporterUserId) || rolesAllow(actor, "administer"),
});
