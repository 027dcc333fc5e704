/**
 * What portfolios asks other modules, through their exported functions: companies (identifiers,
 * names, fiscal years), datasets (available data, exports), community (data requests), identity
 * (users) and notifications (digests, support mails).
 */
export { withLeiCheckDigits } from "../companies/identifiers";
export {
  DATA_TYPES,
  DEMO_COMPANY_LEI,
  getBasicCompanyInformation,
  getCompanyInformation,
  getCompanyNames,
  validateIdentifiers,
} from "../companies/service";
export { createExportJob, type ExportFormat } from "../datasets/exports";
export { availableDimensions, findActiveDataId, maySeePrivateData } from "../datasets/service";
export { findUserByUsername, getUserById, USER_DELETED, type UserDeletedPayload } from "../identity/service";
export { queuePortfolioUpdate, sendSupportRequest } from "../notifications/service";
export { createDataRequest } from "../requests";
