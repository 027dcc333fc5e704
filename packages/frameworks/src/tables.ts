/**
 * Datasets as tables an analyst can calculate with, in the two shapes the downloads offer:
 *
 * - wide: one row per dataset (company and period), one column per data point, headed by the data
 *   point's label with its unit in words and, in a second header row, the data point's key;
 * - long: one row per company × period × data point with the value, its unit, quality, source
 *   document and page, comment, QA status and upload time.
 *
 * Cells are numbers where the answer is a number (never formatted, never with a unit), dates where it
 * is a date, text otherwise; the writers (CSV through `@openverde/frameworks/csv`, Excel through
 * exceljs) keep those types. Shared by every download so a framework view and a portfolio give the
 * same table for the same data.
 */
import { frameworkFields, getFramework } from "./catalogue.ts";
import { fieldAnswer, isFieldVisible } from "./conditions.ts";
import { type CsvCell, csvRows } from "./csv.ts";
import { formatFieldValue } from "./format-value.ts";
import { humanizeKey } from "./humanize.ts";
import type { FieldDefinition, FrameworkId } from "./model.ts";
import { isPlainObject, valueAtPath } from "./paths.ts";

/** A date cell is a Date at midnight UTC; a point in time (upload time) a Date at that instant. */
export type TableCell = string | number | Date | null;

export type TableShape = "wide" | "long";

export interface TableColumn {
  /** The heading in words, with the unit where there is one: `Scope 1 GHG emissions (Tonnes)`. */
  heading: string;
  /** The column's key: a data point's export alias (or wire path), or a name like `reportingPeriod`. */
  key: string;
}

export interface DataTable {
  shape: TableShape;
  /** The framework's name, e.g. for a sheet. */
  title: string;
  columns: TableColumn[];
  rows: TableCell[][];
}

/** One dataset with what the tables say about it beside its data. */
export interface DatasetRecord {
  companyName: string;
  companyId?: string;
  reportingPeriod: string;
  /** The framework data object (`data` of the API's CompanyAssociatedData). */
  data: unknown;
  qaStatus?: string;
  /** Milliseconds since 1970, as the meta information gives it. */
  uploadTime?: number;
}

const CURRENCY_KINDS = new Set(["currency", "amountWithCurrency"]);

/** The unit a number of this field is in, in words; undefined for fields without one. */
export function fieldUnit(field: FieldDefinition): string | undefined {
  if (field.kind === "percentage") return "%";
  return field.unit;
}

function withUnit(label: string, unit: string | undefined): string {
  return unit ? `${label} (${unit})` : label;
}

function fieldKey(field: FieldDefinition): string {
  return field.exportAlias ?? field.path;
}

/** `2024-12-31` as a Date at midnight UTC; anything else undefined. */
function isoDate(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The data point object of a wrapped field (`{ value, quality, comment, dataSource, currency }`). */
function wrapperOf(field: FieldDefinition, data: unknown): Record<string, unknown> | undefined {
  if (field.wrapper === "plain") return undefined;
  const raw = valueAtPath(data, field.path);
  return isPlainObject(raw) ? raw : undefined;
}

/** The currency of a currency amount, from its data point or its `{ amount, currency }` object. */
function currencyOf(field: FieldDefinition, data: unknown): string | null {
  if (!CURRENCY_KINDS.has(field.kind)) return null;
  const answer = fieldAnswer(field, data);
  const currency = isPlainObject(answer) ? answer.currency : wrapperOf(field, data)?.currency;
  return typeof currency === "string" ? currency : null;
}

/**
 * A field's answer as one cell: numbers as numbers, dates as dates, choices by their labels, lists of
 * choices joined, an amount with a currency by its amount; structured answers (lists of activities,
 * sites, ...) as JSON text, so nothing is lost.
 */
export function answerCell(field: FieldDefinition, answer: unknown): TableCell {
  if (answer === null || answer === undefined) return null;
  if (typeof answer === "number") return answer;
  if (typeof answer === "string")
    return (field.kind === "date" && isoDate(answer)) || formatFieldValue(field, answer);
  if (field.kind === "amountWithCurrency" && isPlainObject(answer) && typeof answer.amount === "number")
    return answer.amount;
  if (Array.isArray(answer) && answer.every((item) => typeof item === "string"))
    return formatFieldValue(field, answer);
  if (field.kind === "referencedReports") return formatFieldValue(field, answer);
  return JSON.stringify(answer);
}

const uploadDate = (record: DatasetRecord): Date | null =>
  record.uploadTime === undefined ? null : new Date(record.uploadTime);

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** A page given as digits is a number; ranges such as `4-6` stay text. */
function pageCell(value: unknown): TableCell {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return text(value);
}

const RECORD_COLUMNS: TableColumn[] = [
  { heading: "Company", key: "companyName" },
  { heading: "Company ID", key: "companyId" },
  { heading: "Reporting period", key: "reportingPeriod" },
];

const VERSION_COLUMNS: TableColumn[] = [
  { heading: "QA status", key: "qaStatus" },
  { heading: "Upload time (UTC)", key: "uploadTime" },
];

function recordCells(record: DatasetRecord): TableCell[] {
  return [record.companyName, record.companyId ?? null, record.reportingPeriod];
}

function versionCells(record: DatasetRecord): TableCell[] {
  return [record.qaStatus ?? null, uploadDate(record)];
}

/** One row per dataset, one column per data point (and one more for the currency of an amount). */
export function wideTable(frameworkId: FrameworkId, records: readonly DatasetRecord[]): DataTable {
  const framework = getFramework(frameworkId);
  const fields = frameworkFields(framework);
  const columns: TableColumn[] = [...RECORD_COLUMNS, ...VERSION_COLUMNS];
  for (const field of fields) {
    columns.push({ heading: withUnit(field.label, fieldUnit(field)), key: fieldKey(field) });
    if (CURRENCY_KINDS.has(field.kind))
      columns.push({ heading: `${field.label} (currency)`, key: `${fieldKey(field)}.currency` });
  }
  const rows = records.map((record) => {
    const cells = [...recordCells(record), ...versionCells(record)];
    for (const field of fields) {
      const visible = isFieldVisible(framework, field, record.data);
      cells.push(visible ? answerCell(field, fieldAnswer(field, record.data)) : null);
      if (CURRENCY_KINDS.has(field.kind)) cells.push(visible ? currencyOf(field, record.data) : null);
    }
    return cells;
  });
  return { shape: "wide", title: framework.label, columns, rows };
}

const LONG_COLUMNS: TableColumn[] = [
  { heading: "Framework", key: "framework" },
  ...RECORD_COLUMNS,
  { heading: "Category", key: "category" },
  { heading: "Sub-category", key: "subcategory" },
  { heading: "Data point", key: "dataPoint" },
  { heading: "Data point key", key: "dataPointKey" },
  { heading: "Value", key: "value" },
  { heading: "Unit", key: "unit" },
  { heading: "Quality", key: "quality" },
  { heading: "Data source document", key: "dataSource" },
  { heading: "Page", key: "page" },
  { heading: "Comment", key: "comment" },
  ...VERSION_COLUMNS,
];

/**
 * One row per data point a dataset answers (or gives a quality, comment or source for), in the
 * framework's order; data points that a condition hides for the dataset are left out.
 */
export function longTable(frameworkId: FrameworkId, records: readonly DatasetRecord[]): DataTable {
  const framework = getFramework(frameworkId);
  const rows: TableCell[][] = [];
  for (const record of records) {
    for (const category of framework.categories) {
      for (const subcategory of category.subcategories) {
        for (const field of subcategory.fields) {
          if (!isFieldVisible(framework, field, record.data)) continue;
          const wrapper = wrapperOf(field, record.data);
          const answer = fieldAnswer(field, record.data);
          const source = isPlainObject(wrapper?.dataSource) ? wrapper.dataSource : undefined;
          const quality = text(wrapper?.quality);
          const comment = text(wrapper?.comment);
          if ((answer === null || answer === undefined) && !quality && !comment && !source) continue;
          const value = answerCell(field, answer);
          rows.push([
            framework.label,
            ...recordCells(record),
            category.label,
            subcategory.label || null,
            field.label,
            fieldKey(field),
            value,
            (typeof value === "number" ? (currencyOf(field, record.data) ?? fieldUnit(field)) : undefined) ??
              null,
            quality && humanizeKey(quality),
            text(source?.fileName) ?? text(source?.fileReference),
            pageCell(source?.page),
            comment,
            ...versionCells(record),
          ]);
        }
      }
    }
  }
  return { shape: "long", title: framework.label, columns: LONG_COLUMNS, rows };
}

export function dataTable(
  shape: TableShape,
  frameworkId: FrameworkId,
  records: readonly DatasetRecord[],
): DataTable {
  return shape === "wide" ? wideTable(frameworkId, records) : longTable(frameworkId, records);
}

/** Long tables of several frameworks as one (the Framework column tells them apart). */
export function joinLongTables(tables: readonly DataTable[]): DataTable {
  return { shape: "long", title: "Data", columns: LONG_COLUMNS, rows: tables.flatMap((table) => table.rows) };
}

/** The header rows: the headings in words, and for a wide table the keys below them. */
export function headerRows(table: DataTable): string[][] {
  const headings = table.columns.map((column) => column.heading);
  return table.shape === "wide" ? [headings, table.columns.map((column) => column.key)] : [headings];
}

/** A date at midnight UTC carries no time of day; upload times do. */
export function isDateOnly(date: Date): boolean {
  return (
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0
  );
}

/** A date as a spreadsheet reads it from CSV: `2024-12-31`, or `2024-12-31 09:30:00` (UTC). */
function csvDate(date: Date): string {
  const iso = date.toISOString();
  return isDateOnly(date) ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * The table as CSV (with a byte order mark, so spreadsheet programs read umlauts): numbers as plain
 * numbers with a dot and no thousands separators, dates as ISO dates, text guarded against formulas.
 */
export function tableCsv(table: DataTable): string {
  const rows: CsvCell[][] = [
    ...headerRows(table),
    ...table.rows.map((row) => row.map((cell) => (cell instanceof Date ? csvDate(cell) : cell))),
  ];
  return csvRows(rows, { byteOrderMark: true });
}
