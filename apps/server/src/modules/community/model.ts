/** The vocabulary of the community module: the roles a user can hold at a company. */

export const COMPANY_ROLES = ["CompanyOwner", "DataUploader", "MemberAdmin", "Member"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
