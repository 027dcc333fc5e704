/** The admin's master data form: a stored company as the company form's draft, and the draft back. Pure. */
import type {
  CompanyDraft,
  CompanyInformation,
  IdentifierRow,
  IdentifierType,
} from "../companies/company-form";

/** The stored company information as the draft the form edits. */
export function draftOfCompany(info: CompanyInformation): CompanyDraft {
  const identifiers: IdentifierRow[] = Object.entries(info.identifiers ?? {}).flatMap(([type, values]) =>
    (values ?? []).map((value) => ({ type: type as IdentifierType, value })),
  );
  return {
    companyName: info.companyName,
    headquarters: info.headquarters,
    countryCode: info.countryCode,
    identifiers,
    alternativeNames: (info.companyAlternativeNames ?? []).join(", "),
    legalForm: info.companyLegalForm ?? "",
    postalCode: info.headquartersPostalCode ?? "",
    sector: info.sector ?? "",
    website: info.website ?? "",
  };
}

/** The fields the form edits; an emptied one is cleared, not kept. */
const FORM_FIELDS = [
  "companyName",
  "headquarters",
  "countryCode",
  "identifiers",
  "companyAlternativeNames",
  "companyLegalForm",
  "headquartersPostalCode",
  "sector",
  "website",
] as const;

/** The stored information with the form's fields replaced by the edited ones; the others kept. */
export function withDraft(
  stored: CompanyInformation | undefined,
  edited: CompanyInformation,
): CompanyInformation {
  const kept: Partial<CompanyInformation> = { ...stored };
  for (const key of FORM_FIELDS) delete kept[key];
  return { ...kept, ...edited };
}
