/** The company form's model: what the user typed → CompanyInformation, with its checks. Pure. */
import { countryCodes } from "@openverde/frameworks";
import type { components } from "../../api/generated/backend";

export type CompanyInformation = components["schemas"]["CompanyInformation"];
export type IdentifierType = components["schemas"]["IdentifierType"];
export type IdentifierValidationResult = components["schemas"]["CompanyIdentifierValidationResult"];

export const IDENTIFIER_TYPES: readonly { type: IdentifierType; label: string }[] = [
  { type: "Lei", label: "LEI" },
  { type: "Isin", label: "ISIN" },
  { type: "PermId", label: "PermID" },
  { type: "Ticker", label: "Ticker" },
  { type: "Duns", label: "DUNS" },
  { type: "CompanyRegistrationNumber", label: "Company registration number" },
  { type: "VatNumber", label: "VAT number" },
];

export interface IdentifierRow {
  type: IdentifierType;
  value: string;
}

export interface CompanyDraft {
  companyName: string;
  headquarters: string;
  countryCode: string;
  identifiers: IdentifierRow[];
  alternativeNames: string;
  legalForm: string;
  postalCode: string;
  sector: string;
  website: string;
}

export const emptyCompanyDraft = (): CompanyDraft => ({
  companyName: "",
  headquarters: "",
  countryCode: "",
  identifiers: [{ type: "Lei", value: "" }],
  alternativeNames: "",
  legalForm: "",
  postalCode: "",
  sector: "",
  website: "",
});

const formats: Partial<Record<IdentifierType, { pattern: RegExp; message: string }>> = {
  Lei: {
    pattern: /^[A-Z0-9]{18}\d{2}$/,
    message: "An LEI has 20 characters: 18 letters or digits and 2 check digits.",
  },
  Isin: {
    pattern: /^[A-Z]{2}[A-Z0-9]{9}\d$/,
    message: "An ISIN has 12 characters: a country code, 9 letters or digits and a check digit.",
  },
};

/** Problems by form key (`companyName`, `identifiers.0`, ...); empty means the company can be checked. */
export function companyDraftProblems(draft: CompanyDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.companyName.trim()) problems.companyName = "Enter the company's legal name.";
  if (!draft.headquarters.trim()) problems.headquarters = "Enter the city of the registered office.";
  if (!draft.countryCode) problems.countryCode = "Choose the country.";
  else if (!countryCodes.has(draft.countryCode)) problems.countryCode = "Choose a country from the list.";
  const seen = new Map<string, number>();
  draft.identifiers.forEach((row, index) => {
    const value = row.value.trim().toUpperCase();
    if (!value) return;
    const format = formats[row.type];
    if (format && !format.pattern.test(value)) problems[`identifiers.${index}`] = format.message;
    const key = `${row.type}:${value}`;
    if (seen.has(key)) problems[`identifiers.${index}`] = "This identifier is given twice.";
    seen.set(key, index);
  });
  if (draft.website.trim() && /\s/.test(draft.website.trim()))
    problems.website = "A web address has no spaces.";
  return problems;
}

function list(text: string): string[] {
  return text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The identifiers typed, normalised as stored (LEI and ISIN in upper case). */
export function identifierValues(draft: CompanyDraft): string[] {
  return draft.identifiers.map((row) => normalise(row)).filter(Boolean);
}

function normalise(row: IdentifierRow): string {
  const value = row.value.trim();
  return row.type === "Lei" || row.type === "Isin" ? value.toUpperCase() : value;
}

export function toCompanyInformation(draft: CompanyDraft): CompanyInformation {
  const identifiers: Record<string, string[]> = {};
  for (const row of draft.identifiers) {
    const value = normalise(row);
    if (!value) continue;
    identifiers[row.type] = [...new Set([...(identifiers[row.type] ?? []), value])];
  }
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  const info: CompanyInformation = {
    companyName: draft.companyName.trim(),
    headquarters: draft.headquarters.trim(),
    countryCode: draft.countryCode,
    identifiers,
  };
  const alternativeNames = list(draft.alternativeNames);
  if (alternativeNames.length > 0) info.companyAlternativeNames = alternativeNames;
  const legalForm = optional(draft.legalForm);
  if (legalForm) info.companyLegalForm = legalForm;
  const postalCode = optional(draft.postalCode);
  if (postalCode) info.headquartersPostalCode = postalCode;
  const sector = optional(draft.sector);
  if (sector) info.sector = sector;
  const website = optional(draft.website);
  if (website) info.website = website;
  return info;
}

/** Identifier rows that already belong to a company, by row index, with that company. */
export function identifierConflicts(
  draft: CompanyDraft,
  results: readonly IdentifierValidationResult[],
): Map<number, { companyId: string; companyName: string }> {
  const holders = new Map<string, { companyId: string; companyName: string }>();
  for (const result of results) {
    const holder = result.companyInformation;
    if (holder)
      holders.set(result.identifier.trim().toUpperCase(), {
        companyId: holder.companyId,
        companyName: holder.companyName,
      });
  }
  const conflicts = new Map<number, { companyId: string; companyName: string }>();
  draft.identifiers.forEach((row, index) => {
    const holder = holders.get(normalise(row).toUpperCase());
    if (normalise(row) && holder) conflicts.set(index, holder);
  });
  return conflicts;
}
