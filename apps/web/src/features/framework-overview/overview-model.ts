import {
  buildFrameworkForm,
  type FieldKind,
  type FormEntryField,
  type FrameworkId,
  frameworkIds,
  getFramework,
} from "@openverde/frameworks";

/** One data point of a framework as the overview lists it. */
export interface OverviewRow {
  frameworkId: FrameworkId;
  frameworkLabel: string;
  path: string;
  label: string;
  help?: string;
  section: string;
  type: string;
  extended: boolean;
  required: boolean;
  conditional: boolean;
  unit?: string;
  range?: string;
  options: string[];
  /** Columns of one entry, for lists and tables of objects. */
  entryFields: string[];
  /** Lower-case text the search looks in. */
  haystack: string;
}

const kindLabels: Record<FieldKind, string> = {
  decimal: "Decimal number",
  integer: "Whole number",
  percentage: "Percentage",
  currency: "Currency code",
  amountWithCurrency: "Amount with currency",
  date: "Date",
  yesNo: "Yes / No",
  yesNoNa: "Yes / No / N/A",
  singleChoice: "Single choice",
  multipleChoice: "Multiple choice",
  text: "Text",
  freeText: "Free text",
  countryCodes: "Country codes",
  naceCodes: "NACE codes",
  referencedReports: "Referenced reports",
  assurance: "Assurance",
  documentsWithDescriptions: "Documents with descriptions",
  euTaxonomyAlignedActivities: "Aligned activities (table)",
  euTaxonomyNonAlignedActivities: "Non-aligned activities (table)",
  euTaxonomyEligibleOrAlignedActivities: "Eligible or aligned activities (table)",
  nuclearAndGasAlignedDenominator: "Nuclear and gas table",
  nuclearAndGasAlignedNumerator: "Nuclear and gas table",
  nuclearAndGasEligibleButNotAligned: "Nuclear and gas table",
  nuclearAndGasNonEligible: "Nuclear and gas table",
  highImpactClimateSectors: "High impact climate sectors (table)",
  subcontractingCompanies: "Subcontracting companies (list)",
  productionSites: "Production sites (list)",
  mostImportantProducts: "Most important products (list)",
  procurementCategories: "Procurement categories (table)",
  riskPositionAssessments: "Risk position assessments (list)",
  grievanceMechanismAssessments: "Grievance mechanism assessments (list)",
  generalViolationsAssessments: "General violations assessments (list)",
  subsidiaries: "Subsidiaries (list)",
  pollutionEmissions: "Pollution emissions (list)",
  sitesAndAreas: "Sites and areas (list)",
  wasteClassifications: "Waste classifications (list)",
  employeesPerCountry: "Employees per country (list)",
};

export function kindLabel(kind: FieldKind): string {
  return kindLabels[kind];
}

const fixedOptions: Partial<Record<FieldKind, string[]>> = {
  yesNo: ["Yes", "No"],
  yesNoNa: ["Yes", "No", "NA"],
};

function entryLabels(fields: FormEntryField[] | undefined, prefix = ""): string[] {
  return (fields ?? []).flatMap((field) =>
    field.type === "object" && field.fields
      ? entryLabels(field.fields, `${prefix}${field.label} › `)
      : [`${prefix}${field.label}`],
  );
}

function rangeText(range: { min?: number; max?: number } | undefined): string | undefined {
  if (!range || (range.min === undefined && range.max === undefined)) return undefined;
  if (range.min !== undefined && range.max !== undefined) return `${range.min} to ${range.max}`;
  return range.min !== undefined ? `at least ${range.min}` : `at most ${range.max}`;
}

const rowsByFramework = new Map<FrameworkId, OverviewRow[]>();

/** Every data point of one framework, from the framework definitions of `@openverde/frameworks`. */
export function overviewRows(frameworkId: FrameworkId): OverviewRow[] {
  const cached = rowsByFramework.get(frameworkId);
  if (cached) return cached;
  const form = buildFrameworkForm(frameworkId);
  const rows: OverviewRow[] = [];
  for (const section of form.sections) {
    for (const sub of section.subsections) {
      for (const field of sub.fields) {
        const options = field.options?.map((option) => option.label) ?? fixedOptions[field.kind] ?? [];
        const entryFields = entryLabels(field.entryFields);
        const type = kindLabel(field.kind);
        const range = rangeText(field.range);
        const sectionLabel = sub.label ? `${section.label} › ${sub.label}` : section.label;
        rows.push({
          frameworkId,
          frameworkLabel: form.label,
          path: field.path,
          label: field.label,
          ...(field.help ? { help: field.help } : {}),
          section: sectionLabel,
          type,
          extended: field.wrapper !== "plain",
          required: field.required,
          conditional: Boolean(field.showIf),
          ...(field.unit ? { unit: field.unit } : {}),
          ...(range ? { range } : {}),
          options,
          entryFields,
          haystack: [
            field.label,
            field.path,
            field.help,
            sectionLabel,
            type,
            field.unit,
            form.label,
            ...options,
            ...entryFields,
          ]
            .filter(Boolean)
            .join(" ")
            .toLowerCase(),
        });
      }
    }
  }
  rowsByFramework.set(frameworkId, rows);
  return rows;
}

export interface OverviewFramework {
  id: FrameworkId;
  label: string;
}

export const overviewFrameworks: OverviewFramework[] = frameworkIds.map((id) => ({
  id,
  label: getFramework(id).label,
}));

/** Rows whose text contains every word of the query (case-insensitive). */
export function filterRows(rows: OverviewRow[], query: string): OverviewRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => words.every((word) => row.haystack.includes(word)));
}

/**
 * The specifications API gives a framework as a tree (wire path → data point type id) in JSON text;
 * this flattens it to dotted paths, the same paths the framework definitions use.
 */
export function dataPointTypeIds(schemaText: string): Map<string, string> {
  const ids = new Map<string, string>();
  let tree: unknown;
  try {
    tree = JSON.parse(schemaText);
  } catch {
    return ids;
  }
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") {
      ids.set(prefix, node);
      return;
    }
    if (node && typeof node === "object")
      for (const [key, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  walk(tree, "");
  return ids;
}
