/**
 * The vocabulary of the community module: the roles a user can hold at a company, the rights an admin
 * gives a company, and what users inherit from the rights of their company.
 */

export {
  COMPANY_RIGHTS,
  COMPANY_ROLES,
  type CompanyRight,
  type CompanyRole,
  INHERITED_ROLES,
} from "@openverde/frameworks/access";
