/** The vocabulary of the community module: the roles a user can hold at a company. */

export { COMPANY_ROLES, type CompanyRole } from "@openverde/frameworks/access";
