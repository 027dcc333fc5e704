/**
 * The explorer's table as a file: CSV, Excel or JSON, written while the rows are read page by page
 * (service.allValueRows, only the values; for JSON service.allRows, the cells), so a table of any size
 * needs the memory of one page. The columns are the table's: the company, its LEI, country and
 * sector, then one column per data point and period with the unit in the header.
 */
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { formatFieldValue } from "@openverde/frameworks";
import { type CsvCell, csvRows } from "@openverde/frameworks/csv";
import type { AnyDb } from "../../platform/db/database";
import type { ChosenDataPoint, ExplorerColumn } from "./columns";
import type { ActiveValue } from "./neighbours";
import { allRows, allValueRows, type PlannedQuery, type ValueRow } from "./service";

export type ExplorerExportFormat = "csv" | "xlsx" | "json";

const MEDIA: Record<ExplorerExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  json: "application/json; charset=utf-8",
};

export interface ExplorerFile {
  fileName: string;
  mediaType: string;
  stream: Readable;
}

const columnHeader = (column: ExplorerColumn) =>
  `${column.label}${column.unit ? ` (${column.unit})` : ""} ${column.reportingPeriod}`;

export const headerOf = (plan: PlannedQuery): string[] => [
  "Company",
  "LEI",
  "Country",
  "Sector",
  ...plan.columns.map(columnHeader),
];

/**
 * A cell as the table shows it: numbers stay numbers (the unit is in the header), an amount in a
 * currency of its own carries it, choices show their labels, and a missing value is an empty cell.
 */
function shownValue(point: ChosenDataPoint, stored: ActiveValue | undefined): CsvCell {
  const value = stored?.value;
  if (value === null || value === undefined) return null;
  const unit = stored?.currency ?? point.unit;
  if (typeof value === "number") return unit && unit !== point.unit ? `${value} ${unit}` : value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return formatFieldValue(point.field, value);
}

export function lineOf(plan: PlannedQuery, { company, values }: ValueRow): CsvCell[] {
  const perPoint = plan.periods.length;
  const line: CsvCell[] = [company.companyName, company.lei, company.countryCode, company.sector];
  for (let slot = 0; slot < plan.columns.length; slot++)
    line.push(shownValue(plan.points[Math.floor(slot / perPoint)] as ChosenDataPoint, values[slot]));
  return line;
}

async function* csvText(db: AnyDb, plan: PlannedQuery): AsyncGenerator<string> {
  yield csvRows([headerOf(plan)], { byteOrderMark: true });
  for await (const rows of allValueRows(db, plan)) yield csvRows(rows.map((row) => lineOf(plan, row)));
}

async function* jsonText(db: AnyDb, plan: PlannedQuery): AsyncGenerator<string> {
  yield `{"framework":${JSON.stringify(plan.framework)},"columns":${JSON.stringify(plan.columns)},"rows":[`;
  let first = true;
  for await (const rows of allRows(db, plan)) {
    yield `${first ? "" : ","}${rows.map((row) => JSON.stringify(row)).join(",")}`;
    first = false;
  }
  yield "]}";
}

/** Excel through exceljs's streaming writer: each row is committed (written out) as soon as it is added. */
function xlsxStream(db: AnyDb, plan: PlannedQuery): Readable {
  const out = new PassThrough();
  const write = async () => {
    // Loaded when the first Excel export runs: the library is large and most servers never need it.
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet("Explorer");
    // Cells are strings and numbers only: a string is a text cell, never a formula.
    sheet.addRow(headerOf(plan)).commit();
    for await (const rows of allValueRows(db, plan)) {
      for (const row of rows) sheet.addRow(lineOf(plan, row)).commit();
      // Waits for the client to take what was written before the next page is read.
      if (out.writableNeedDrain) await once(out, "drain");
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The file of a planned query; nothing is read before the stream is consumed. */
export function exportTable(db: AnyDb, plan: PlannedQuery, format: ExplorerExportFormat): ExplorerFile {
  const stamp = new Date().toISOString().slice(0, 10);
  const fileName = `explorer-${plan.framework}-${stamp}.${format}`;
  const stream =
    format === "xlsx"
      ? xlsxStream(db, plan)
      : Readable.from(format === "csv" ? csvText(db, plan) : jsonText(db, plan), { objectMode: false });
  return { fileName, mediaType: MEDIA[format], stream };
}
