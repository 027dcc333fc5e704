import { randomUUID } from "node:crypto";
import { countryCodes as ISO_COUNTRY_CODES } from "@openverde/frameworks/code-lists/countries";
import { ApiError, badRequest, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { invisibleCharacterProblem } from "../../platform/text/visible-text";
import { type AuditActor, recordAudit } from "../audit";
import type {
  BasicCompanyInformation,
  CompanyInformation,
  CompanyInformationPatch,
  DataType,
  IdentifierType,
  StoredCompany,
} from "./schemas";
import { DATA_TYPES, IDENTIFIER_TYPES } from "./schemas";
import {
  type BasicRow,
  type CompanyRow,
  type CompanyValues,
  companyIdExists,
  type IdentifierRow,
  type Queryable,
  replaceFrameworkData,
  selectBasic,
  selectByIdentifierValues,
  selectCompany,
  selectCompanyIdByIdentifier,
  selectCompanyNames,
  selectDistinctFilterValues,
  selectFrameworkData,
  selectIdentifierHolders,
  selectIdentifiers,
  selectSubsidiaries,
  selectTeaserIds,
  writeCompany,
} from "./store";

export { DEMO_COMPANY_ID, DEMO_COMPANY_LEI, DEMO_COMPANY_NAME } from "./demo-ids";
export type {
  BasicCompanyInformation,
  CompanyInformation,
  DataType,
  IdentifierType,
  StoredCompany,
} from "./schemas";
export { DATA_TYPES, IDENTIFIER_TYPES } from "./schemas";
export type { Queryable } from "./store";

/** Spec §5: letters, digits and _ . ! + - before the @; a domain of at most two subdomain labels and a top-level domain of two or more letters. */
export const CONTACT_EMAIL = /^[a-z0-9_.!+-]+@(?:[a-z0-9-]+\.){1,3}[a-z]{2,}$/i;
/** Identifier types compared in upper case, as they are written. */
const UPPER_CASE_TYPES: ReadonlySet<string> = new Set(["Lei", "Isin"]);

// ---------------------------------------------------------------------------------------------
// Extension points for modules built on top of this one

type DataRegisteredProvider = (db: Queryable, companyId: string) => Promise<unknown[]>;
type OwnershipCheck = (db: Queryable, userId: string, companyId: string) => Promise<boolean>;
let dataRegisteredProvider: DataRegisteredProvider = async () => [];
let ownershipCheck: OwnershipCheck = async () => false;

/** The datasets module tells what a stored company's `dataRegisteredByDataland` lists (its dataset meta information). */
export function provideDataRegisteredForCompany(provider: DataRegisteredProvider): void {
  dataRegisteredProvider = provider;
}

/** The community module tells whether a user owns a company (company role CompanyOwner). */
export function provideCompanyOwnershipCheck(check: OwnershipCheck): void {
  ownershipCheck = check;
}

export const isCompanyOwner = (db: Queryable, userId: string, companyId: string): Promise<boolean> =>
  ownershipCheck(db, userId, companyId);

// ---------------------------------------------------------------------------------------------
// Reading

function normalizeIdentifier(type: string, value: string): string {
  const trimmed = value.trim();
  return UPPER_CASE_TYPES.has(type) ? trimmed.toUpperCase() : trimmed;
}

function toInformation(row: CompanyRow, identifiers: IdentifierRow[]): CompanyInformation {
  const byType: Record<string, string[]> = Object.fromEntries(IDENTIFIER_TYPES.map((type) => [type, []]));
  for (const identifier of identifiers) {
    const values = byType[identifier.identifier_type] ?? [];
    values.push(identifier.identifier);
    byType[identifier.identifier_type] = values;
  }
  return {
    companyName: row.company_name,
    companyAlternativeNames: row.alternative_names,
    companyContactDetails: row.contact_details,
    companyLegalForm: row.legal_form,
    headquarters: row.headquarters,
    headquartersPostalCode: row.headquarters_postal_code,
    fiscalYearEnd: row.fiscal_year_end,
    reportingPeriodShift: row.reporting_period_shift,
    sector: row.sector,
    sectorCodeWz: row.sector_code_wz,
    identifiers: byType,
    countryCode: row.country_code,
    isTeaserCompany: row.is_teaser_company,
    website: row.website,
    parentCompanyLei: row.parent_company_lei,
    associatedSubdomains: row.associated_subdomains,
  };
}

export const toBasic = (row: BasicRow): BasicCompanyInformation => ({
  companyId: row.company_id,
  companyName: row.company_name,
  headquarters: row.headquarters,
  countryCode: row.country_code,
  sector: row.sector,
  lei: row.lei,
});

/** The company's information, or undefined when there is no company with this id. */
export async function getCompanyInformation(
  db: Queryable,
  companyId: string,
): Promise<CompanyInformation | undefined> {
  if (!isUuid(companyId)) return undefined;
  const row = await selectCompany(db, companyId);
  if (!row) return undefined;
  return toInformation(row, await selectIdentifiers(db, [companyId]));
}

/** The company as the API shows it, or undefined when there is no company with this id. */
export async function getCompany(db: Queryable, companyId: string): Promise<StoredCompany | undefined> {
  const companyInformation = await getCompanyInformation(db, companyId);
  if (!companyInformation) return undefined;
  return {
    companyId,
    companyInformation,
    dataRegisteredByDataland: await dataRegisteredProvider(db, companyId),
  };
}

export async function requireCompany(db: Queryable, companyId: string): Promise<StoredCompany> {
  const company = await getCompany(db, companyId);
  if (!company) throw companyNotFound(companyId);
  return company;
}

export const companyNotFound = (companyId: string) =>
  notFound(`There is no company with the id ${companyId}.`, "Company not found");

export async function companyExists(db: Queryable, companyId: string): Promise<boolean> {
  return isUuid(companyId) && companyIdExists(db, companyId);
}

/** Names by company id, for the ids that exist. */
export async function getCompanyNames(db: Queryable, companyIds: string[]): Promise<Map<string, string>> {
  return selectCompanyNames(db, [...new Set(companyIds.filter(isUuid))]);
}

/** Basic information of these companies in the order asked, leaving out ids that do not exist. */
export async function getBasicCompanyInformation(
  db: Queryable,
  companyIds: string[],
): Promise<BasicCompanyInformation[]> {
  return (await selectBasic(db, [...new Set(companyIds.filter(isUuid))])).map(toBasic);
}

export async function findCompanyIdByIdentifier(
  db: Queryable,
  identifierType: IdentifierType | string,
  identifier: string,
): Promise<string | undefined> {
  return selectCompanyIdByIdentifier(db, identifierType, normalizeIdentifier(identifierType, identifier));
}

/** For each identifier (of any type) or company id asked for, the company it names, if any; repeats removed. */
export async function validateIdentifiers(
  db: Queryable,
  identifiers: string[],
): Promise<{ identifier: string; companyInformation: BasicCompanyInformation | null }[]> {
  const asked = [...new Set(identifiers.map((identifier) => identifier.trim()).filter(Boolean))];
  const values = [...new Set(asked.flatMap((value) => [value, value.toUpperCase()]))];
  const holders = await selectByIdentifierValues(db, IDENTIFIER_TYPES, values);
  const companyByValue = new Map<string, string>();
  for (const holder of holders) companyByValue.set(holder.identifier, holder.company_id);
  const companyIdFor = (value: string): string | undefined =>
    companyByValue.get(value) ??
    companyByValue.get(value.toUpperCase()) ??
    (isUuid(value) ? value : undefined);
  const basics = await getBasicCompanyInformation(
    db,
    asked.map(companyIdFor).filter((id): id is string => id !== undefined),
  );
  const basicById = new Map(basics.map((basic) => [basic.companyId, basic]));
  return asked.map((identifier) => {
    const companyId = companyIdFor(identifier);
    return { identifier, companyInformation: (companyId && basicById.get(companyId)) || null };
  });
}

export async function getSubsidiaries(db: Queryable, companyId: string): Promise<BasicCompanyInformation[]> {
  const company = await getCompanyInformation(db, companyId);
  if (!company) throw companyNotFound(companyId);
  return (await selectSubsidiaries(db, company.identifiers.Lei ?? [])).map(toBasic);
}

export const getTeaserCompanyIds = (db: Queryable): Promise<string[]> => selectTeaserIds(db);

export const getAvailableFilterValues = (db: Queryable) => selectDistinctFilterValues(db);

/** Per framework, for how many reporting periods the company has active data (0 where it has none). */
export async function getAggregatedFrameworkDataSummary(
  db: Queryable,
  companyId: string,
): Promise<Record<DataType, { numberOfProvidedReportingPeriods: number }>> {
  if (!(await companyExists(db, companyId))) throw companyNotFound(companyId);
  const rows = await selectFrameworkData(db, companyId);
  const counts = new Map(rows.map((row) => [row.data_type, row.active_datasets]));
  return Object.fromEntries(
    DATA_TYPES.map((dataType) => [dataType, { numberOfProvidedReportingPeriods: counts.get(dataType) ?? 0 }]),
  ) as Record<DataType, { numberOfProvidedReportingPeriods: number }>;
}

/**
 * Called by the datasets module, in its own transaction, whenever the active datasets of a company
 * change: per framework, how many active datasets (reporting periods) the company now has. Frameworks
 * left out or with 0 have none. Companies with any active data rank up in search, and the
 * `dataTypes` filter and the aggregated framework data summary read these counts.
 */
export async function setCompanyFrameworksWithActiveData(
  trx: Queryable,
  companyId: string,
  activeDatasetsPerFramework: Partial<Record<DataType | string, number>>,
): Promise<void> {
  const entries = Object.entries(activeDatasetsPerFramework).filter(
    (entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0,
  );
  await replaceFrameworkData(trx, companyId, entries);
}

// ---------------------------------------------------------------------------------------------
// Writing

interface CheckedCompany {
  values: CompanyValues;
  identifiers: { type: IdentifierType; value: string }[];
}

const blank = (value: string | null | undefined): boolean =>
  value === undefined || value === null || !value.trim();
const optionalText = (value: string | null | undefined): string | null =>
  blank(value) ? null : (value as string).trim();
const cleanList = (values: string[] | null | undefined): string[] => [
  ...new Set((values ?? []).map((value) => value.trim()).filter(Boolean)),
];

/** The names a user writes, which others read: no invisible characters (platform/text/visible-text.ts). */
type WrittenNames = Pick<CompanyInformationPatch, "companyName" | "companyAlternativeNames">;

function invisibleCharacterProblems(names: WrittenNames): string[] {
  return [
    invisibleCharacterProblem("companyName", names.companyName),
    ...(names.companyAlternativeNames ?? []).map((name, index) =>
      invisibleCharacterProblem(`companyAlternativeNames[${index}]`, name),
    ),
  ].flatMap((problem) => (problem ? [`${problem}.`] : []));
}

/**
 * Checks company information and brings it into the stored form; throws a 400 naming the field. The
 * names are checked as `written`: a patch answers for the names it sends, not for those stored.
 */
export function checkCompanyInformation(
  information: CompanyInformation,
  written: WrittenNames = information,
): CheckedCompany {
  const problems: string[] = [];
  if (blank(information.companyName)) problems.push("companyName must not be empty.");
  problems.push(...invisibleCharacterProblems(written));
  if (blank(information.headquarters)) problems.push("headquarters must not be empty.");
  const countryCode = (information.countryCode ?? "").trim().toUpperCase();
  if (!ISO_COUNTRY_CODES.has(countryCode))
    problems.push(`countryCode "${information.countryCode}" is not an ISO 3166-1 alpha-2 country code.`);
  const contacts = cleanList(information.companyContactDetails);
  for (const email of contacts) {
    if (!CONTACT_EMAIL.test(email))
      problems.push(`companyContactDetails: "${email}" is not a valid e-mail address.`);
  }
  const identifiers: { type: IdentifierType; value: string }[] = [];
  for (const [type, values] of Object.entries(information.identifiers ?? {})) {
    if (!(IDENTIFIER_TYPES as readonly string[]).includes(type)) {
      problems.push(`identifiers.${type} is not an identifier type; use ${IDENTIFIER_TYPES.join(", ")}.`);
      continue;
    }
    const seen = new Set<string>();
    for (const raw of values ?? []) {
      const value = normalizeIdentifier(type, raw);
      if (!value) problems.push(`identifiers.${type} must not contain an empty value.`);
      else if (!seen.has(value)) {
        seen.add(value);
        identifiers.push({ type: type as IdentifierType, value });
      }
    }
  }
  if (problems.length > 0) throw invalid(problems);
  const leis = identifiers
    .filter((identifier) => identifier.type === "Lei")
    .map((identifier) => identifier.value);
  return {
    identifiers,
    values: {
      company_name: information.companyName.trim(),
      alternative_names: cleanList(information.companyAlternativeNames),
      contact_details: contacts,
      legal_form: optionalText(information.companyLegalForm),
      headquarters: information.headquarters.trim(),
      headquarters_postal_code: optionalText(information.headquartersPostalCode),
      fiscal_year_end: optionalText(information.fiscalYearEnd),
      reporting_period_shift: information.reportingPeriodShift ?? null,
      sector: optionalText(information.sector),
      sector_code_wz: optionalText(information.sectorCodeWz),
      country_code: countryCode,
      is_teaser_company: information.isTeaserCompany ?? false,
      website: optionalText(information.website),
      parent_company_lei: optionalText(information.parentCompanyLei)?.toUpperCase() ?? null,
      associated_subdomains: information.associatedSubdomains
        ? cleanList(information.associatedSubdomains)
        : null,
      lei: leis[0] ?? null,
    },
  };
}

function invalid(problems: string[]): ApiError {
  return new ApiError(
    400,
    "invalid-input",
    "Invalid company information",
    problems.join(" "),
    problems.map((message) => ({
      errorType: "invalid-input",
      summary: `Invalid ${message.split(/[ :]/)[0]}`,
      message,
      httpStatus: 400,
    })),
  );
}

/** Refuses identifiers another company holds, naming that company. */
async function assertIdentifiersFree(
  trx: Queryable,
  identifiers: { type: string; value: string }[],
  companyId: string | undefined,
): Promise<void> {
  const holders = await selectIdentifierHolders(trx, identifiers, companyId);
  if (holders.length === 0) return;
  throw invalid(
    holders.map(
      (holder) =>
        `identifiers.${holder.identifier_type}: ${holder.identifier} already belongs to the company "${holder.company_name}" (${holder.company_id}).`,
    ),
  );
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === "23505";
}

/** An edit of a company's master data, for the audit trail: who, and the information before it. */
interface CompanyEdit {
  by: AuditActor;
  before: CompanyInformation;
}

async function save(
  db: Queryable,
  companyId: string,
  checked: CheckedCompany,
  isNew: boolean,
  edit?: CompanyEdit,
): Promise<StoredCompany> {
  try {
    await db.transaction().execute(async (trx) => {
      if (!isNew && !(await companyIdExists(trx, companyId))) throw companyNotFound(companyId);
      await assertIdentifiersFree(trx, checked.identifiers, isNew ? undefined : companyId);
      await writeCompany(trx, companyId, checked.values, checked.identifiers, isNew);
      // "After" is what was stored, read back: never the request, whose unknown fields were dropped.
      if (edit)
        await recordAudit(trx, edit.by, {
          action: "company.edited",
          objectType: "company",
          objectId: companyId,
          before: edit.before,
          after: await getCompanyInformation(trx, companyId),
        });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw badRequest("One of the identifiers was just given to another company; check and send again.");
    throw error;
  }
  return requireCompany(db, companyId);
}

export async function createCompany(db: Queryable, information: CompanyInformation): Promise<StoredCompany> {
  return save(db, randomUUID(), checkCompanyInformation(information), true);
}

/** Adds a company with a chosen id (demo data and imports); does nothing when it exists already. */
export async function createCompanyWithId(
  db: Queryable,
  companyId: string,
  information: CompanyInformation,
): Promise<boolean> {
  if (await companyExists(db, companyId)) return false;
  await save(db, companyId, checkCompanyInformation(information), true);
  return true;
}

/** Replaces the company's information; `by` is named in the audit trail. */
export async function replaceCompany(
  db: Queryable,
  companyId: string,
  information: CompanyInformation,
  by?: AuditActor,
): Promise<StoredCompany> {
  if (!isUuid(companyId)) throw companyNotFound(companyId);
  const checked = checkCompanyInformation(information);
  const before = by && (await getCompanyInformation(db, companyId));
  const edit = by && before ? { by, before } : undefined;
  return save(db, companyId, checked, false, edit);
}

/** The fields a patch changes: the ones present and not null. */
export function patchedFields(patch: CompanyInformationPatch): string[] {
  return Object.entries(patch)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([field]) => field);
}

/** Changes the fields given (not null); for identifiers, the types given replace that type's values. */
export async function patchCompany(
  db: Queryable,
  companyId: string,
  patch: CompanyInformationPatch,
  by?: AuditActor,
): Promise<StoredCompany> {
  const current = await getCompanyInformation(db, companyId);
  if (!current) throw companyNotFound(companyId);
  const merged: CompanyInformation = { ...current };
  for (const field of patchedFields(patch)) {
    if (field === "identifiers") continue;
    (merged as Record<string, unknown>)[field] = (patch as Record<string, unknown>)[field];
  }
  if (patch.identifiers) merged.identifiers = { ...current.identifiers, ...patch.identifiers };
  const edit = by ? { by, before: current } : undefined;
  return save(db, companyId, checkCompanyInformation(merged, patch), false, edit);
}

export async function companyIdByIdentifierOrThrow(
  db: Queryable,
  identifierType: IdentifierType,
  identifier: string,
): Promise<string> {
  const companyId = await findCompanyIdByIdentifier(db, identifierType, identifier);
  if (!companyId)
    throw notFound(`No company has the ${identifierType} ${identifier}.`, "Identifier not found");
  return companyId;
}
