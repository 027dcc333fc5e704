/**
 * The data points a reader can pick in the explorer, grouped as the framework groups them (category,
 * then sub-category), with their units; found by the words of their label or group.
 */
import {
  type FieldDefinition,
  type FieldKind,
  type FrameworkId,
  getFramework,
  NUMBER_FIELD_KINDS,
} from "@openverde/frameworks";

export interface DataPointChoice {
  path: string;
  label: string;
  /** Where it sits in the framework: "Environmental › Greenhouse gas emissions". */
  group: string;
  unit: string | undefined;
  numeric: boolean;
}

export interface DataPointGroup {
  label: string;
  choices: DataPointChoice[];
}

/** Numbers, and amounts with their currency (charted by their amount). */
const NUMERIC_KINDS: ReadonlySet<FieldKind> = new Set([...NUMBER_FIELD_KINDS, "amountWithCurrency"]);

/** The unit a reader sees beside a data point: %, a currency amount's "currency", or the field's own. */
export function unitOf(field: FieldDefinition): string | undefined {
  if (field.kind === "percentage") return "%";
  if (field.kind === "currency" || field.kind === "amountWithCurrency") return field.unit ?? "currency";
  return field.unit;
}

export const isNumericField = (field: FieldDefinition) => NUMERIC_KINDS.has(field.kind);

const groupLabel = (category: string, subcategory: string) =>
  subcategory && subcategory !== category ? `${category} › ${subcategory}` : category;

const catalogues = new Map<FrameworkId, DataPointGroup[]>();

/** Every data point of a framework that has a value to show in a table (not the reports list). */
export function dataPointGroups(frameworkId: FrameworkId): DataPointGroup[] {
  const known = catalogues.get(frameworkId);
  if (known) return known;
  const groups = getFramework(frameworkId).categories.flatMap((category) =>
    category.subcategories.map((subcategory) => {
      const label = groupLabel(category.label, subcategory.label);
      return {
        label,
        choices: subcategory.fields
          .filter((field) => field.kind !== "referencedReports")
          .map((field) => ({
            path: field.path,
            label: field.label,
            group: label,
            unit: unitOf(field),
            numeric: isNumericField(field),
          })),
      };
    }),
  );
  const built = groups.filter((group) => group.choices.length > 0);
  catalogues.set(frameworkId, built);
  return built;
}

/** The groups with the data points whose label or group holds every word of `text` (any case). */
export function findDataPoints(groups: DataPointGroup[], text: string): DataPointGroup[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      choices: group.choices.filter((choice) => {
        const haystack = `${choice.label} ${choice.group} ${choice.unit ?? ""}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.choices.length > 0);
}

/** A chosen data point with its label, group and unit; undefined for a path the framework lacks. */
export function dataPointChoice(frameworkId: FrameworkId, path: string): DataPointChoice | undefined {
  for (const group of dataPointGroups(frameworkId)) {
    const found = group.choices.find((choice) => choice.path === path);
    if (found) return found;
  }
  return undefined;
}
