import { definePolicy, rolesAllow } from "../../platform/auth/policy";

/**
 * Who may do what with companies. The register is public: anyone, signed in or not, may read and
 * search it and check identifiers, so those operations need no rule.
 */

/** The fields a company's owner may change without being an uploader or admin. */
export const OWNER_CHANGEABLE_FIELDS: readonly string[] = ["website", "companyContactDetails"];

export const can = definePolicy({
  /** Uploaders and admins add companies. */
  add: (actor) => rolesAllow(actor, "upload"),
  /** Uploaders and admins replace or change any of a company's information. */
  change: (actor) => rolesAllow(actor, "upload"),
  /** A company's owner may change its website and contact e-mails, and nothing else. */
  changeAsOwner: (_actor, change: { ownsCompany: boolean; fields: readonly string[] }) =>
    change.ownsCompany && change.fields.every((field) => OWNER_CHANGEABLE_FIELDS.includes(field)),
  /** Admins replace the whole ISIN-LEI mapping. */
  replaceIsinLeiMapping: (actor) => rolesAllow(actor, "administer"),
  /** Admins record, read one by one, replace and remove company proxies; any signed-in user searches them. */
  administerProxies: (actor) => rolesAllow(actor, "administer"),
});
