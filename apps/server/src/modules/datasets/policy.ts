/**
 * Who may do what with datasets. Each rule is one small function; docs/permissions.md lists them.
 * Rules that depend on company roles or access grants receive those facts from the service, which
 * asks the community module.
 */
import { type Actor, hasRole, isAdmin, isSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden, unauthorized } from "../../platform/http/errors";
import type { CompanyRole } from "./neighbours";

/** Reading framework data, metadata and data points needs a signed-in user. */
export function mayReadData(actor: Actor): SignedInActor {
  if (!isSignedIn(actor)) throw unauthorized();
  return actor;
}

const UPLOADING_COMPANY_ROLES: readonly CompanyRole[] = ["CompanyOwner", "DataUploader"];

/** Uploaders and admins may upload for any company; owners and data uploaders of a company for that company. */
export function mayUploadFor(actor: SignedInActor, rolesInCompany: readonly CompanyRole[]): boolean {
  return (
    hasRole(actor, "ROLE_UPLOADER") ||
    isAdmin(actor) ||
    rolesInCompany.some((role) => UPLOADING_COMPANY_ROLES.includes(role))
  );
}

/** Only admins may store a dataset as accepted without review. */
export const mayBypassQa = (actor: Actor): boolean => isAdmin(actor);

/** A dataset under review or rejected is seen by its uploader, reviewers and admins only. */
export function maySeeUnaccepted(actor: SignedInActor, uploaderUserId: string | null): boolean {
  return isAdmin(actor) || hasRole(actor, "ROLE_REVIEWER") || actor.userId === uploaderUserId;
}

export interface PrivateAccessFacts {
  rolesInCompany: readonly CompanyRole[];
  /** The user was granted access to this company's private data of the period through a data request. */
  grantedThroughRequest: boolean;
}

/**
 * A private (VSME) dataset is seen by its uploader, every member of the company (any company role),
 * users granted access through a data request, and admins. For anyone else it does not exist.
 */
export function maySeePrivate(
  actor: SignedInActor,
  uploaderUserId: string | null,
  facts: PrivateAccessFacts,
): boolean {
  return (
    isAdmin(actor) ||
    actor.userId === uploaderUserId ||
    facts.rolesInCompany.length > 0 ||
    facts.grantedThroughRequest
  );
}

/** Only admins may change who is recorded as the uploader of a dataset. */
export function mayChangeUploader(actor: Actor): SignedInActor {
  const user = mayReadData(actor);
  if (!isAdmin(user)) throw forbidden("Only admins may change the uploader of a dataset.");
  return user;
}

/** A user sees the list of their own uploads; admins see anyone's. */
export function mayListUploadsOf(actor: Actor, userId: string): SignedInActor {
  const user = mayReadData(actor);
  if (user.userId !== userId && !isAdmin(user)) throw forbidden("You may only list your own uploads.");
  return user;
}

/** An export job is seen and downloaded by the user who asked for it, and by admins. */
export const mayReadExport = (actor: SignedInActor, ownerUserId: string): boolean =>
  actor.userId === ownerUserId || isAdmin(actor);
