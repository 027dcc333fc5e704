/**
 * The parts of Openverde's access rules that depend on roles alone: what a realm role lets its holder
 * do anywhere, and what a company role lets its holder do for that company. The server's policies
 * build their rules on these, and the web app decides from the same lists what to show, so the two
 * cannot drift apart. Rules that depend on a resource (whose portfolio, who uploaded a dataset) stay in
 * the server module that owns it; docs/permissions.md lists every rule per operation.
 */

export const REALM_ROLES = [
  "ROLE_USER",
  "ROLE_UPLOADER",
  "ROLE_REVIEWER",
  "ROLE_ADMIN",
  "ROLE_PREMIUM_USER",
] as const;
export type RealmRole = (typeof REALM_ROLES)[number];

export const COMPANY_ROLES = ["CompanyOwner", "DataUploader", "MemberAdmin", "Member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** What a realm role allows anywhere on the platform, and which roles allow it. */
const REALM_ROLE_RULES = {
  /** Add and change companies, and upload data and documents for any company. */
  upload: ["ROLE_UPLOADER", "ROLE_ADMIN"],
  /** Give verdicts on datasets and data points. */
  review: ["ROLE_REVIEWER"],
  /** See the review queues, the review of anything, and datasets not yet accepted. */
  readReviews: ["ROLE_REVIEWER", "ROLE_ADMIN"],
  /** Store a dataset as accepted without review. */
  acceptWithoutReview: ["ROLE_ADMIN"],
  /** Everything else that is for admins: every request, portfolio and role assignment, anyone's uploads. */
  administer: ["ROLE_ADMIN"],
  /**
   * What membership gives (docs/permissions.md, "Members"): bulk requests beyond the free limit
   * (admins have that too) and one's own requests stored at High priority. Users of a member company
   * inherit ROLE_PREMIUM_USER; an admin may also give it to a user directly.
   */
  member: ["ROLE_PREMIUM_USER"],
} as const satisfies Record<string, readonly RealmRole[]>;

export type RealmRoleRule = keyof typeof REALM_ROLE_RULES;

/**
 * Whether one of the realm roles held allows it. The roles come as the server's actor holds them (a
 * set) or as the web app's user does (a list).
 */
export function realmRolesAllow(held: Iterable<string>, rule: RealmRoleRule): boolean {
  const allowing: readonly string[] = REALM_ROLE_RULES[rule];
  for (const role of held) if (allowing.includes(role)) return true;
  return false;
}

/** What a company role allows for its company, and which company roles allow it. */
const COMPANY_ROLE_RULES = {
  /** Upload data and documents for the company. */
  uploadForCompany: ["CompanyOwner", "DataUploader"],
  /** Manage the company's users: assign and remove roles (never an owner's), see whom to invite. */
  manageMembers: ["CompanyOwner", "MemberAdmin"],
} as const satisfies Record<string, readonly CompanyRole[]>;

export type CompanyRoleRule = keyof typeof COMPANY_ROLE_RULES;

/** Whether one of the roles held at a company allows it there. */
export function companyRolesAllow(
  held: CompanyRole | undefined | Iterable<CompanyRole>,
  rule: CompanyRoleRule,
): boolean {
  const allowing: readonly CompanyRole[] = COMPANY_ROLE_RULES[rule];
  if (held === undefined) return false;
  // A single role is a string, which is iterable too: its characters are no roles.
  if (typeof held === "string") return allowing.includes(held);
  for (const role of held) if (allowing.includes(role)) return true;
  return false;
}

/** The rights an admin gives a company (the reference's CompanyRight). */
export const COMPANY_RIGHTS = ["Member", "Provider"] as const;
export type CompanyRight = (typeof COMPANY_RIGHTS)[number];

/**
 * What every user holding a company role at a company with the right inherits, for as long as both
 * hold: the inherited role by the reference's name, and the realm role it brings. Provider marks a
 * company that collects documents or extracts data; as in the reference, it brings no role.
 */
export const INHERITED_ROLES: Readonly<
  Partial<Record<CompanyRight, { name: string; realmRole: RealmRole }>>
> = { Member: { name: "DatalandMember", realmRole: "ROLE_PREMIUM_USER" } };

/** How many combinations of company, framework and period one bulk request of a non-member may cover. */
export const FREE_BULK_COMBINATIONS = 100;

/** The roles a company's owners and member admins hand out there; only admins make (or unmake) owners. */
export const ROLES_MANAGERS_ASSIGN: readonly CompanyRole[] = ["Member", "DataUploader", "MemberAdmin"];
