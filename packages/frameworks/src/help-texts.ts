/**
 * Short help texts in our own words. Most labels speak for themselves; where they do not, the help
 * says what kind of answer is expected, derived from the field's kind, unit and range.
 */
import type { FieldDefinition, FieldKind } from "./model.ts";

const byKind: Partial<Record<FieldKind, string>> = {
  referencedReports: "The reports this dataset is taken from; data sources point into them.",
  assurance: "How far an auditor checked the disclosure, and who did.",
  countryCodes: "Countries as two-letter ISO codes.",
  naceCodes: "Industries as NACE Rev. 2 codes.",
  euTaxonomyAlignedActivities: "Each taxonomy-aligned activity with its NACE codes, share and contributions.",
  euTaxonomyNonAlignedActivities: "Each eligible but not aligned activity with its NACE codes and share.",
  euTaxonomyEligibleOrAlignedActivities:
    "Each taxonomy-eligible or aligned activity with its NACE codes, shares and contributions.",
  highImpactClimateSectors: "Energy consumption per high impact climate sector (NACE sections A to H and L).",
  subcontractingCompanies: "Countries of subcontractors, each with the industries (NACE codes) they work in.",
  yesNoNa: "Answer N/A when the question does not apply to the company.",
};

export function helpText(field: FieldDefinition): string | undefined {
  if (field.help) return field.help;
  if (field.kind === "percentage" && field.range?.min === 0 && field.range.max === 100) {
    return "A percentage between 0 and 100.";
  }
  const known = byKind[field.kind];
  if (known) return known;
  if (field.range?.min === 0 && field.range.max === undefined && field.unit)
    return `Zero or more, in ${field.unit}.`;
  return undefined;
}
