/**
 * Writing the downloads of the data views: the tables (wide or long, from
 * `@openverde/frameworks/tables`) as CSV through the one CSV writer, or as an Excel workbook with one
 * sheet per table, whose cells keep their types: numbers are number cells, dates date cells, and text
 * is a text cell (exceljs never turns a string into a formula).
 */
import { type DataTable, headerRows, isDateOnly, type TableCell } from "@openverde/frameworks/tables";
import type { DatasetColumn } from "./model";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_TYPE = "text/csv;charset=utf-8";

/** Accepted, or shown without a QA status: an inactive one of these is an earlier version. */
export function isJudgedAccepted(column: DatasetColumn): boolean {
  return column.qaStatus === undefined || column.qaStatus === "Accepted";
}

export function columnHeading(column: DatasetColumn): string {
  const parts = [column.label];
  if (!isJudgedAccepted(column)) parts.push(column.qaStatus as string);
  else if (column.currentlyActive === false) parts.push("inactive");
  return parts.join(" ");
}

/** Excel allows 31 characters in a sheet name, none of : \\ / ? * [ ], and each name once. */
export function sheetTitles(titles: readonly string[]): string[] {
  const used = new Set<string>();
  return titles.map((title) => {
    let base = title.replace(/[:\\/?*[\]]/g, "-").trim() || "Data";
    if (base.length > 31) base = base.replace(/EU Taxonomy/g, "EUT");
    base = base.slice(0, 31);
    let name = base;
    for (let count = 2; used.has(name.toLowerCase()); count++) name = `${base.slice(0, 27)} (${count})`;
    used.add(name.toLowerCase());
    return name;
  });
}

const DATE_FORMAT = "yyyy-mm-dd";
const DATE_TIME_FORMAT = "yyyy-mm-dd hh:mm:ss";

/** Column width in characters: enough for the heading's longest word and most values, within bounds. */
function columnWidth(heading: string, values: readonly TableCell[]): number {
  const longest = Math.max(
    ...heading.split(" ").map((word) => word.length),
    Math.min(heading.length, 24),
    ...values.slice(0, 200).map((value) => (value instanceof Date ? 19 : String(value ?? "").length)),
  );
  return Math.min(Math.max(longest + 2, 10), 48);
}

/**
 * A workbook with one sheet per table: the header rows bold and frozen, dates with a date format.
 * exceljs is loaded only when someone downloads a workbook, to keep it out of the page's bundle.
 */
export async function workbookBytes(tables: readonly DataTable[]): Promise<Uint8Array> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const titles = sheetTitles(tables.map((table) => table.title));
  tables.forEach((table, index) => {
    const header = headerRows(table);
    const sheet = workbook.addWorksheet(titles[index], {
      views: [{ state: "frozen", ySplit: header.length, xSplit: table.shape === "wide" ? 1 : 0 }],
    });
    sheet.addRows(header);
    for (let row = 1; row <= header.length; row++) sheet.getRow(row).font = { bold: row === 1 };
    for (const cells of table.rows) {
      const row = sheet.addRow(cells);
      cells.forEach((cell, column) => {
        if (cell instanceof Date)
          row.getCell(column + 1).numFmt = isDateOnly(cell) ? DATE_FORMAT : DATE_TIME_FORMAT;
      });
    }
    table.columns.forEach((column, index) => {
      sheet.getColumn(index + 1).width = columnWidth(
        column.heading,
        table.rows.map((row) => row[index] ?? null),
      );
    });
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Hands the bytes to the browser as a download. */
export function saveFile(bytes: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name without characters that file systems refuse. */
export function safeFileName(text: string): string {
  return (
    text
      .replace(/[<>:"/\\|?*]+/g, " ")
      .split("")
      .filter((char) => char.charCodeAt(0) >= 32)
      .join("")
      .replace(/\s+/g, "_")
      .replace(/[._]+$/, "") || "data"
  );
}
