/**
 * Who may do what with datasets; docs/permissions.md lists the rules per operation. Rules that depend
 * on company roles or access grants receive those facts from the service, which asks the community
 * and requests modules. Each of those rules only ever allows more when given more facts, so the
 * service may look the facts up one at a time and stop at the first that allows.
 */
import { companyRolesAllow } from "@openverde/frameworks/access";
import { isSignedIn } from "../../platform/auth/actor";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";
import type { CompanyRole } from "./neighbours";

/** What the actor is at the dataset's company, and whether a data request gave them its private data. */
export interface PrivateAccessFacts {
  uploaderUserId: string | null;
  rolesInCompany: readonly CompanyRole[];
  /** The user was granted access to this company's private data of the period through a data request. */
  grantedThroughRequest: boolean;
}

export const can = definePolicy({
  /** Reading framework data, metadata and data points, and exporting, needs a signed-in user. */
  read: (actor) => isSignedIn(actor),
  /** Uploaders and admins upload for any company; owners and data uploaders of a company for that company. */
  upload: (actor, company: { rolesInCompany: readonly CompanyRole[] }) =>
    rolesAllow(actor, "upload") || companyRolesAllow(company.rolesInCompany, "uploadForCompany"),
  /** Only admins may store a dataset as accepted without review. */
  bypassQa: (actor) => rolesAllow(actor, "acceptWithoutReview"),
  /** A dataset under review or rejected is seen by its uploader, reviewers and admins only. */
  seeUnaccepted: (actor, dataset: { uploaderUserId: string | null }) =>
    rolesAllow(actor, "readReviews") || isUser(actor, dataset.uploaderUserId),
  /**
   * A private (VSME) dataset is seen by its uploader, every member of the company (any company role),
   * users granted access through a data request, and admins. For anyone else it does not exist.
   */
  seePrivate: (actor, dataset: PrivateAccessFacts) =>
    rolesAllow(actor, "administer") ||
    isUser(actor, dataset.uploaderUserId) ||
    dataset.rolesInCompany.length > 0 ||
    dataset.grantedThroughRequest,
  /** Only admins may delete a dataset (with its data points and review). */
  deleteDataset: (actor) => rolesAllow(actor, "administer"),
  /** Only admins may change who is recorded as the uploader of a dataset. */
  changeUploader: (actor) => rolesAllow(actor, "administer"),
  /** A user sees the list of their own uploads; admins see anyone's. */
  listUploadsOf: (actor, uploader: { userId: string }) =>
    isUser(actor, uploader.userId) || rolesAllow(actor, "administer"),
  /** An export job is seen and downloaded by the user who asked for it, and by admins. */
  readExport: (actor, job: { ownerUserId: string }) =>
    isUser(actor, job.ownerUserId) || rolesAllow(actor, "administer"),
});
