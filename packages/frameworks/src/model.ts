/**
 * The definition model: framework → categories → sub-categories → fields.
 * Definitions are plain data (committed JSON under ./definitions), so every consumer
 * (validation, schemas, views, forms, exports, specifications) reads the same facts.
 */

/** Every framework, in the order of the reference's DataTypeEnum (each 2026/73 version after its framework). */
export const frameworkIds = [
  "sfdr",
  "eutaxonomy-financials",
  "eutaxonomy-financials-2026-73",
  "eutaxonomy-non-financials",
  "eutaxonomy-non-financials-2026-73",
  "nuclear-and-gas",
  "lksg",
  "pcaf",
  "vsme",
] as const;

export type FrameworkId = (typeof frameworkIds)[number];

/** A data type on the wire (the reference's DataTypeEnum): every framework is one. */
export type DataType = FrameworkId;

/** Every data type, in the reference's order. */
export const dataTypes: readonly DataType[] = frameworkIds;

/** What a field holds and how it is entered and shown; one kind per component of the reference. */
export type FieldKind =
  | "decimal"
  | "integer"
  | "percentage"
  | "currency"
  | "amountWithCurrency"
  | "date"
  | "yesNo"
  | "yesNoNa"
  | "singleChoice"
  | "multipleChoice"
  | "text"
  | "freeText"
  | "countryCodes"
  | "naceCodes"
  | "referencedReports"
  | "assurance"
  | "documentsWithDescriptions"
  | "euTaxonomyAlignedActivities"
  | "euTaxonomyNonAlignedActivities"
  | "euTaxonomyEligibleOrAlignedActivities"
  | "nuclearAndGasAlignedDenominator"
  | "nuclearAndGasAlignedNumerator"
  | "nuclearAndGasEligibleButNotAligned"
  | "nuclearAndGasNonEligible"
  | "highImpactClimateSectors"
  | "subcontractingCompanies"
  | "productionSites"
  | "mostImportantProducts"
  | "procurementCategories"
  | "riskPositionAssessments"
  | "grievanceMechanismAssessments"
  | "generalViolationsAssessments"
  | "subsidiaries"
  | "pollutionEmissions"
  | "sitesAndAreas"
  | "wasteClassifications"
  | "employeesPerCountry";

/** The kinds whose value is a plain number (an amount's currency, if any, is a field of its own). */
export const NUMBER_FIELD_KINDS: ReadonlySet<FieldKind> = new Set([
  "decimal",
  "integer",
  "percentage",
  "currency",
]);

/**
 * How the value is wrapped on the wire:
 * - plain: the value itself
 * - document: `{ value, dataSource }` with a document reference
 * - extended: `{ value, quality, comment, dataSource }` (currency amounts add `currency`)
 */
export type DataPointWrapper = "plain" | "document" | "extended";

export interface FieldOption {
  /** The enum value on the wire. */
  value: string;
  label: string;
}

export interface ValueRange {
  min?: number;
  max?: number;
}

/** Show the field only when another field of the same dataset has a given value. */
export type ShowIfCondition = { field: string; equals: string } | { field: string; atLeast: number };

export interface FieldDefinition {
  /** Dotted wire path inside the framework data object, e.g. `general.general.dataDate`. */
  path: string;
  label: string;
  /** A short explanation in our own words, only where the label needs one. */
  help?: string;
  kind: FieldKind;
  wrapper: DataPointWrapper;
  /**
   * The wire type: a component name of ./definitions/value-types.json (capitalised), a primitive
   * (`string`, `number`, `integer`, `date`), or `array<T>` / `map<T>` of those.
   */
  wire: string;
  /** The wire schema lists the key as required (not nullable). */
  required?: boolean;
  unit?: string;
  options?: FieldOption[];
  range?: ValueRange;
  showIf?: ShowIfCondition;
  mandatory?: boolean;
  exportAlias?: string;
  dataPointTypeId?: string;
}

export interface SubcategoryDefinition {
  /** Empty when the reference puts fields directly under the category. */
  label: string;
  fields: FieldDefinition[];
}

export interface CategoryDefinition {
  label: string;
  subcategories: SubcategoryDefinition[];
}

/** An object on the wire between the data root and the fields, with its OpenAPI component name. */
export interface GroupDefinition {
  /** Dotted wire path; empty string for the data root. */
  path: string;
  schemaName: string;
  required?: boolean;
}

export interface FrameworkDefinition {
  id: FrameworkId;
  label: string;
  /** The regulation whose disclosures the framework carries, where versions of a framework differ by it. */
  regulation?: string;
  /** Component name of the data object, e.g. `SfdrData`. */
  schemaName: string;
  /** Wire path of the referenced reports map, when the framework has one. */
  referencedReportsPath?: string;
  groups: GroupDefinition[];
  categories: CategoryDefinition[];
}
