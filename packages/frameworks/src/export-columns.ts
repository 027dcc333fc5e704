/** Export columns: one per field, named by the export alias (or, where the reference has none, by the wire path). */
import { frameworkFields, getFramework } from "./catalogue.ts";
import { fieldAnswer } from "./conditions.ts";
import type { FieldDefinition, FrameworkId } from "./model.ts";

export interface ExportColumn {
  /** Column name in exports, e.g. `SCOPE_1_GHG_EMISSIONS`. */
  alias: string;
  path: string;
  label: string;
  unit?: string;
}

function columnAlias(field: FieldDefinition): string {
  return field.exportAlias ?? field.path;
}

export function exportColumns(frameworkId: FrameworkId): ExportColumn[] {
  return frameworkFields(getFramework(frameworkId)).map((field) => ({
    alias: columnAlias(field),
    path: field.path,
    label: field.label,
    ...(field.unit ? { unit: field.unit } : {}),
  }));
}

/**
 * One export row: alias → answer. Numbers, text and dates stay as they are; lists and objects
 * become JSON text so every cell is a scalar; missing answers are null.
 */
export function exportRow(frameworkId: FrameworkId, data: unknown): Record<string, string | number | null> {
  const row: Record<string, string | number | null> = {};
  for (const field of frameworkFields(getFramework(frameworkId))) {
    const answer = fieldAnswer(field, data);
    row[columnAlias(field)] =
      answer === undefined || answer === null
        ? null
        : typeof answer === "number" || typeof answer === "string"
          ? answer
          : JSON.stringify(answer);
  }
  return row;
}
