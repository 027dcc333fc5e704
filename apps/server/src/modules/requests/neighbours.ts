/**
 * What the requests module asks of other modules, in one place and only through their index.ts:
 * companies (existence, names, identifiers), datasets (whether data is there, non-sourceable data),
 * documents (whether a document exists), identity (users) and community (company roles).
 */
import { isUuid } from "../../platform/ids";
import {
  COMPANY_ROLES,
  type CompanyRole,
  companyIdsWhereUserHasRole,
  companyRolesOf,
  inheritedRealmRoles,
  isValidEmail,
} from "../community";
import {
  companyExists,
  DEMO_COMPANY_ID,
  findCompanyIdByIdentifier,
  getCompanyInformation,
  getCompanyNames,
  IDENTIFIER_TYPES,
  validateIdentifiers,
} from "../companies";
import { findActiveDataId, isNonSourceable, isPrivateFramework, markNonSourceable } from "../datasets";
import { documentExists } from "../documents";
import {
  findUserByUsername,
  getUserById,
  getUsersByIds,
  type User,
  userIdsWithEmailContaining,
} from "../identity";
import type { AnyExecutor } from "./store";

export type { CompanyRole, User };
export {
  COMPANY_ROLES,
  companyExists,
  companyIdsWhereUserHasRole,
  companyRolesOf,
  DEMO_COMPANY_ID,
  documentExists,
  findUserByUsername,
  getCompanyNames,
  getUserById,
  getUsersByIds,
  inheritedRealmRoles,
  isNonSourceable,
  isPrivateFramework,
  isValidEmail,
  markNonSourceable,
  userIdsWithEmailContaining,
};

export interface CompanySummary {
  companyId: string;
  companyName: string;
}

export async function companySummary(
  db: AnyExecutor,
  companyId: string,
): Promise<CompanySummary | undefined> {
  if (!isUuid(companyId)) return undefined;
  const info = await getCompanyInformation(db, companyId);
  return info && { companyId, companyName: info.companyName };
}

/** Names of the companies that exist among the ids, by id. */
export async function companyNames(
  db: AnyExecutor,
  companyIds: readonly string[],
): Promise<Map<string, string>> {
  return getCompanyNames(db, [...new Set(companyIds)]);
}

/** /community: the company an identifier a user typed stands for, its id or any of its identifiers. */
export async function resolveCompanyIdentifier(
  db: AnyExecutor,
  identifier: string,
): Promise<string | undefined> {
  const value = identifier.trim();
  if (value === "") return undefined;
  if (isUuid(value) && (await companyExists(db, value.toLowerCase()))) return value.toLowerCase();
  for (const type of IDENTIFIER_TYPES) {
    const companyId = await findCompanyIdByIdentifier(db, type, value);
    if (companyId) return companyId;
  }
  return undefined;
}

/** /data-sourcing: company ids by identifier (Openverde id, LEI, ISIN, ...), for those that name one. */
export async function resolveCompanies(db: AnyExecutor, identifiers: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  const trimmed = [...new Set(identifiers.map((identifier) => identifier.trim()).filter(Boolean))];
  if (trimmed.length === 0) return result;
  for (const entry of await validateIdentifiers(db, trimmed))
    if (entry.companyInformation) result.set(entry.identifier, entry.companyInformation.companyId);
  return result;
}

/** The id of the active dataset for the company, framework and period, if there is one. */
export async function activeDataIdFor(
  db: AnyExecutor,
  dimension: { companyId: string; dataType: string; reportingPeriod: string },
): Promise<string | undefined> {
  return findActiveDataId(db, dimension.companyId, dimension.dataType, dimension.reportingPeriod);
}
