/**
 * The comparison model behind every framework data view: the framework's own view model
 * (`buildFrameworkView` of @openverde/frameworks) for each dataset, zipped into rows with one cell per
 * dataset (column). Pure, so the rules on placeholders, show-if conditions and empty rows are tested
 * without a browser.
 */
import {
  buildFrameworkView,
  type FieldKind,
  type FrameworkId,
  NUMBER_FIELD_KINDS,
  type ViewRow,
} from "@openverde/frameworks";
import type { CorrectionMark } from "./CorrectionBadge";
import type { QaFinding } from "./QaFindingBadge";

/** Placeholder texts of spec §9. */
export const NO_DATA_PROVIDED = "No data provided";
export const ONLY_AUXILIARY_DATA_PROVIDED = "Only auxiliary data provided";

/** One dataset shown as one column. */
export interface DatasetColumn {
  /** Unique per view: the data id, or a synthetic key for sample data. */
  key: string;
  /** Column heading, usually the reporting period. */
  label: string;
  /** The framework data object (`data` of the API's CompanyAssociatedData). */
  data: unknown;
  dataId?: string;
  reportingPeriod?: string;
  qaStatus?: string;
  currentlyActive?: boolean;
  /** Milliseconds since 1970, as the metadata gives it. */
  uploadTime?: number;
  /** The newest QA report finding per field path, shown next to the value. */
  qaFindings?: ReadonlyMap<string, QaFinding>;
  /** The values a dataset judgement corrected in this dataset, per field path. */
  corrections?: ReadonlyMap<string, CorrectionMark>;
}

export interface ComparisonRow {
  /** The field's wire path; unique within a framework. */
  path: string;
  label: string;
  help?: string;
  unit?: string;
  kind: FieldKind;
  /** One cell per column, in column order. */
  cells: ViewRow[];
  /** The numeric answers per column when at least two columns hold a number; drives the trend chart. */
  series: (number | null)[] | null;
}

export interface ComparisonSubsection {
  id: string;
  label: string;
  rows: ComparisonRow[];
}

export interface ComparisonSection {
  id: string;
  label: string;
  subsections: ComparisonSubsection[];
  rowCount: number;
}

export interface ComparisonModel {
  frameworkId: FrameworkId;
  label: string;
  columns: DatasetColumn[];
  sections: ComparisonSection[];
  rowCount: number;
}

export interface ComparisonOptions {
  /** Leave out rows without an answer (nor auxiliary data) in every column. */
  hideEmpty?: boolean;
  /** Keep only rows whose label, help text or shown value contains this text (case-insensitive). */
  filter?: string;
}

/** Quality, comment or a data source without an answer. */
export function hasAuxiliaryData(cell: ViewRow): boolean {
  return cell.quality !== undefined || cell.comment !== undefined || cell.dataSource !== undefined;
}

/** The text shown instead of a value, or null when the cell has a value to show. */
export function cellPlaceholder(cell: ViewRow): string | null {
  if (cell.visible && cell.display !== null) return null;
  return cell.visible && hasAuxiliaryData(cell) ? ONLY_AUXILIARY_DATA_PROVIDED : NO_DATA_PROVIDED;
}

/** The text a cell shows: its formatted value or its placeholder. */
export function cellText(cell: ViewRow): string {
  return cellPlaceholder(cell) ?? (cell.display as string);
}

function isProvided(cell: ViewRow): boolean {
  return cell.visible && (cell.display !== null || hasAuxiliaryData(cell));
}

function slug(text: string, fallback: string): string {
  const base = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return base || fallback;
}

function numericSeries(kind: FieldKind, cells: ViewRow[]): (number | null)[] | null {
  if (!NUMBER_FIELD_KINDS.has(kind)) return null;
  const values = cells.map((cell) => (cell.visible && typeof cell.value === "number" ? cell.value : null));
  return values.filter((value) => value !== null).length >= 2 ? values : null;
}

function matches(row: ComparisonRow, needle: string): boolean {
  if (!needle) return true;
  const haystack = [row.label, row.help ?? "", ...row.cells.map((cell) => cell.display ?? "")]
    .join(" ")
    .toLowerCase();
  return haystack.includes(needle);
}

export function buildComparison(
  frameworkId: FrameworkId,
  columns: DatasetColumn[],
  options: ComparisonOptions = {},
): ComparisonModel {
  const views = columns.map((column) => buildFrameworkView(frameworkId, column.data));
  const template = buildFrameworkView(frameworkId, undefined);
  const needle = options.filter?.trim().toLowerCase() ?? "";
  let rowCount = 0;
  const sections = template.sections
    .map((section, sectionIndex): ComparisonSection => {
      const subsections = section.subsections
        .map((subsection, subIndex): ComparisonSubsection => {
          const rows = subsection.rows
            .map((templateRow, rowIndex): ComparisonRow => {
              const cells = views.map(
                (view) => view.sections[sectionIndex]?.subsections[subIndex]?.rows[rowIndex] ?? templateRow,
              );
              return {
                path: templateRow.path,
                label: templateRow.label,
                ...(templateRow.help ? { help: templateRow.help } : {}),
                ...(templateRow.unit ? { unit: templateRow.unit } : {}),
                kind: templateRow.kind,
                cells,
                series: numericSeries(templateRow.kind, cells),
              };
            })
            .filter((row) => row.cells.length === 0 || row.cells.some((cell) => cell.visible))
            .filter((row) => !options.hideEmpty || row.cells.some(isProvided))
            .filter((row) => matches(row, needle));
          return {
            id: `${slug(section.label, `s${sectionIndex}`)}--${slug(subsection.label, `sub${subIndex}`)}`,
            label: subsection.label,
            rows,
          };
        })
        .filter((subsection) => subsection.rows.length > 0);
      const count = subsections.reduce((sum, subsection) => sum + subsection.rows.length, 0);
      rowCount += count;
      return {
        id: slug(section.label, `s${sectionIndex}`),
        label: section.label,
        subsections,
        rowCount: count,
      };
    })
    .filter((section) => section.rowCount > 0);
  return { frameworkId, label: template.label, columns, sections, rowCount };
}

/** Newest reporting period first; within a period the active version first, then the newest upload. */
export function compareColumns(a: DatasetColumn, b: DatasetColumn): number {
  const period = (b.reportingPeriod ?? b.label).localeCompare(a.reportingPeriod ?? a.label, undefined, {
    numeric: true,
  });
  if (period !== 0) return period;
  if (a.currentlyActive !== b.currentlyActive) return a.currentlyActive ? -1 : 1;
  return (b.uploadTime ?? 0) - (a.uploadTime ?? 0);
}
