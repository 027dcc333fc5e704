import { type Actor, hasRole, isAdmin, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";

/**
 * Who may do what with companies. The register is public: anyone, signed in or not, may read and
 * search it. Adding and changing companies is for uploaders and admins; a company's owner may change
 * its website and contact e-mails.
 */

/** Anyone may read company information, search the register and check identifiers. */
export const mayReadCompanies = (_actor: Actor): true => true;

const isUploaderOrAdmin = (actor: Actor): boolean => isAdmin(actor) || hasRole(actor, "ROLE_UPLOADER");

/** Uploaders and admins may add a company. */
export function mayCreateCompany(actor: Actor): SignedInActor {
  const user = requireSignedIn(actor);
  if (!isUploaderOrAdmin(user))
    throw forbidden("Adding a company needs the role ROLE_UPLOADER or ROLE_ADMIN.");
  return user;
}

/** Uploaders and admins may replace a company's information. */
export function mayReplaceCompany(actor: Actor): SignedInActor {
  const user = requireSignedIn(actor);
  if (!isUploaderOrAdmin(user))
    throw forbidden("Changing a company needs the role ROLE_UPLOADER or ROLE_ADMIN.");
  return user;
}

/** The fields a company's owner may change without being an uploader or admin. */
export const OWNER_CHANGEABLE_FIELDS = ["website", "companyContactDetails"] as const;

/**
 * Uploaders and admins may change any field; a company owner only the website and contact e-mails.
 * `isOwner` is asked only when the role does not already decide.
 */
export async function mayPatchCompany(
  actor: Actor,
  changedFields: string[],
  isOwner: (user: SignedInActor) => Promise<boolean>,
): Promise<SignedInActor> {
  const user = requireSignedIn(actor);
  if (isUploaderOrAdmin(user)) return user;
  if (await isOwner(user)) {
    const others = changedFields.filter(
      (field) => !(OWNER_CHANGEABLE_FIELDS as readonly string[]).includes(field),
    );
    if (others.length === 0) return user;
    throw forbidden(
      `As the company's owner you may change only ${OWNER_CHANGEABLE_FIELDS.join(" and ")}, not ${others.join(", ")}.`,
    );
  }
  throw forbidden(
    "Changing a company needs the role ROLE_UPLOADER or ROLE_ADMIN, or ownership of the company.",
  );
}
