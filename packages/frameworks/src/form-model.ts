/**
 * The upload form of a framework: sections and fields with their kinds, options, ranges, conditions
 * and, for lists and tables, the fields of one entry. Pure data, so any UI can render it.
 */
import { getFramework } from "./catalogue.ts";
import { isFieldVisible } from "./conditions.ts";
import { helpText } from "./help-texts.ts";
import { humanizeKey } from "./humanize.ts";
import type {
  DataPointWrapper,
  FieldDefinition,
  FieldKind,
  FieldOption,
  FrameworkId,
  ShowIfCondition,
  ValueRange,
} from "./model.ts";
import { type OpenApiSchema, referencedName, valueType } from "./value-types.ts";
import { parseWireType, type WireType } from "./wire-type.ts";

/** One input inside an entry of a list or table field (e.g. the address of a production site). */
export interface FormEntryField {
  key: string;
  label: string;
  type: "string" | "number" | "integer" | "date" | "choice" | "list" | "object";
  required: boolean;
  options?: FieldOption[];
  /** For `object` and `list` of objects: the fields inside. */
  fields?: FormEntryField[];
}

export interface FormField {
  path: string;
  label: string;
  help?: string;
  kind: FieldKind;
  wrapper: DataPointWrapper;
  unit?: string;
  options?: FieldOption[];
  range?: ValueRange;
  /** The upload is refused without this field. */
  required: boolean;
  showIf?: ShowIfCondition;
  /** The fields of one entry, for list, map and table kinds. */
  entryFields?: FormEntryField[];
}

export interface FormSection {
  label: string;
  subsections: { label: string; fields: FormField[] }[];
}

export interface FrameworkForm {
  frameworkId: FrameworkId;
  label: string;
  sections: FormSection[];
}

const dataPointKeys = new Set(["quality", "comment", "dataSource"]);

function entrySchema(type: WireType): OpenApiSchema | undefined {
  switch (type.kind) {
    case "array":
      return entrySchema(type.items);
    case "map":
      return entrySchema(type.values);
    case "ref": {
      const schema = valueType(type.name);
      // A data point's own entry is its value; quality, comment and source are shown by the wrapper.
      const value = schema.properties?.value;
      if (value && schema.properties?.quality) {
        const inner = referencedName(value.items ?? value);
        return inner ? valueType(inner) : undefined;
      }
      return schema.properties ? schema : undefined;
    }
    default:
      return undefined;
  }
}

function entryField(key: string, schema: OpenApiSchema, required: boolean): FormEntryField {
  const name = referencedName(schema);
  const resolved = name ? valueType(name) : schema;
  const base = { key, label: humanizeKey(key), required };
  if (resolved.enum)
    return { ...base, type: "choice", options: resolved.enum.map((value) => ({ value, label: value })) };
  if (resolved.type === "object" && resolved.properties)
    return { ...base, type: "object", fields: entryFields(resolved) };
  if (resolved.type === "array" || resolved.type === "object") return { ...base, type: "list" };
  if (resolved.type === "string") return { ...base, type: resolved.format === "date" ? "date" : "string" };
  return { ...base, type: resolved.type === "integer" ? "integer" : "number" };
}

function entryFields(schema: OpenApiSchema): FormEntryField[] {
  return Object.entries(schema.properties ?? {})
    .filter(([key]) => !dataPointKeys.has(key))
    .map(([key, property]) => entryField(key, property, schema.required?.includes(key) ?? false));
}

function formField(field: FieldDefinition): FormField {
  const entry = entrySchema(parseWireType(field.wire));
  const help = helpText(field);
  return {
    path: field.path,
    label: field.label,
    ...(help ? { help } : {}),
    kind: field.kind,
    wrapper: field.wrapper,
    ...(field.unit ? { unit: field.unit } : {}),
    ...(field.options ? { options: field.options } : {}),
    ...(field.range ? { range: field.range } : {}),
    required: Boolean(field.required || field.mandatory),
    ...(field.showIf ? { showIf: field.showIf } : {}),
    ...(entry && field.kind !== "referencedReports" ? { entryFields: entryFields(entry) } : {}),
  };
}

const forms = new Map<FrameworkId, FrameworkForm>();

export function buildFrameworkForm(frameworkId: FrameworkId): FrameworkForm {
  let form = forms.get(frameworkId);
  if (!form) {
    const framework = getFramework(frameworkId);
    form = {
      frameworkId,
      label: framework.label,
      sections: framework.categories.map((category) => ({
        label: category.label,
        subsections: category.subcategories.map((sub) => ({
          label: sub.label,
          fields: sub.fields.map(formField),
        })),
      })),
    };
    forms.set(frameworkId, form);
  }
  return structuredClone(form);
}

/** Paths of the fields a form shows for the answers given so far. */
export function visibleFieldPaths(frameworkId: FrameworkId, data: unknown): string[] {
  const framework = getFramework(frameworkId);
  return framework.categories
    .flatMap((category) => category.subcategories.flatMap((sub) => sub.fields))
    .filter((field) => isFieldVisible(framework, field, data))
    .map((field) => field.path);
}
