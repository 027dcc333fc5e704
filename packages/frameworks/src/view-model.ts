/**
 * The read view of a dataset: sections (categories), sub-sections and one row per field with its
 * label, unit, formatted value, visibility and, for data points, quality, comment and source.
 */

import { getFramework } from "./catalogue.ts";
import { fieldAnswer, isFieldVisible } from "./conditions.ts";
import { formatFieldValue } from "./format-value.ts";
import { helpText } from "./help-texts.ts";
import type { DataPointWrapper, FieldKind, FrameworkId } from "./model.ts";
import { isPlainObject, valueAtPath } from "./paths.ts";

export interface ViewRow {
  path: string;
  label: string;
  help?: string;
  kind: FieldKind;
  wrapper: DataPointWrapper;
  unit?: string;
  /** The field's answer, unwrapped from its data point. */
  value: unknown;
  /** The answer formatted for reading; null when not provided. */
  display: string | null;
  /** False when a show-if condition hides the field for this dataset. */
  visible: boolean;
  quality?: string;
  comment?: string;
  dataSource?: Record<string, unknown>;
}

export interface ViewSubsection {
  label: string;
  rows: ViewRow[];
}

export interface ViewSection {
  label: string;
  subsections: ViewSubsection[];
}

export interface FrameworkView {
  frameworkId: FrameworkId;
  label: string;
  sections: ViewSection[];
}

export interface ViewOptions {
  /** Leave out rows hidden by a condition and rows without an answer (and then empty sections). */
  onlyProvided?: boolean;
}

export function buildFrameworkView(
  frameworkId: FrameworkId,
  data: unknown,
  options: ViewOptions = {},
): FrameworkView {
  const framework = getFramework(frameworkId);
  const sections = framework.categories.map((category) => ({
    label: category.label,
    subsections: category.subcategories.map((subcategory) => ({
      label: subcategory.label,
      rows: subcategory.fields
        .map((field): ViewRow => {
          const raw = valueAtPath(data, field.path);
          const wrapped = field.wrapper !== "plain" && isPlainObject(raw) ? raw : undefined;
          const value = fieldAnswer(field, data);
          const currency = typeof wrapped?.currency === "string" ? wrapped.currency : undefined;
          const help = helpText(field);
          return {
            path: field.path,
            label: field.label,
            ...(help ? { help } : {}),
            kind: field.kind,
            wrapper: field.wrapper,
            ...(field.unit ? { unit: field.unit } : {}),
            value: value ?? null,
            display: formatFieldValue(field, value, currency),
            visible: isFieldVisible(framework, field, data),
            ...(typeof wrapped?.quality === "string" ? { quality: wrapped.quality } : {}),
            ...(typeof wrapped?.comment === "string" ? { comment: wrapped.comment } : {}),
            ...(isPlainObject(wrapped?.dataSource) ? { dataSource: wrapped.dataSource } : {}),
          };
        })
        .filter((row) => !options.onlyProvided || (row.visible && row.display !== null)),
    })),
  }));
  return {
    frameworkId,
    label: framework.label,
    sections: options.onlyProvided
      ? sections
          .map((section) => ({
            ...section,
            subsections: section.subsections.filter((sub) => sub.rows.length > 0),
          }))
          .filter((section) => section.subsections.length > 0)
      : sections,
  };
}
