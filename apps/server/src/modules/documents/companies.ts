/**
 * What this module asks of the companies module, in one place: whether a company exists, and the
 * demo company the demo reports belong to.
 */
export { companyExists, DEMO_COMPANY_ID, DEMO_COMPANY_NAME } from "../companies";
