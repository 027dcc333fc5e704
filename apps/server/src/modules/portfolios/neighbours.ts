/**
 * What portfolios asks other modules, through their index.ts: companies (identifiers, names,
 * fiscal years), datasets (available data, exports), requests (data requests), identity (users:
 * owners, readers, whom an e-mail address names), notifications (digests, support mails) and the
 * audit trail (admins changing someone else's portfolio).
 */
export { recordAudit } from "../audit";
export {
  DATA_TYPES,
  DEMO_COMPANY_LEI,
  getBasicCompanyInformation,
  getCompanyInformation,
  getCompanyNames,
  validateIdentifiers,
  withLeiCheckDigits,
} from "../companies";
export {
  availableDimensions,
  createExportJob,
  type ExportFormat,
  findActiveDataId,
  maySeePrivateData,
} from "../datasets";
export {
  findUserByEmail,
  findUserByUsername,
  getUserById,
  getUsersByIds,
  USER_DELETED,
  type User,
  type UserDeletedPayload,
} from "../identity";
export { queuePortfolioUpdate, sendSupportRequest } from "../notifications";
export { createDataRequest } from "../requests";
