/**
 * What a framework view shows, as a grid of text: one row per data point, one column per dataset.
 * Written as CSV (UTF-8 with byte order mark, so spreadsheet programs read umlauts; text that a
 * spreadsheet would run as a formula is guarded by the shared writer) or as an Excel workbook, whose
 * cells are text cells: exceljs never turns a string into a formula.
 */
import { csvRows } from "@openverde/frameworks/csv";
import { type ComparisonModel, cellText } from "./model";

export function columnHeading(column: ComparisonModel["columns"][number]): string {
  const parts = [column.label];
  if (column.qaStatus && column.qaStatus !== "Accepted") parts.push(column.qaStatus);
  if (column.currentlyActive === false) parts.push("inactive");
  return parts.join(" ");
}

export function exportGrid(model: ComparisonModel): string[][] {
  const header = ["Category", "Sub-category", "Data point", "Unit", ...model.columns.map(columnHeading)];
  const rows: string[][] = [header];
  for (const section of model.sections) {
    for (const subsection of section.subsections) {
      for (const row of subsection.rows) {
        rows.push([section.label, subsection.label, row.label, row.unit ?? "", ...row.cells.map(cellText)]);
      }
    }
  }
  return rows;
}

export function toCsv(grid: string[][]): string {
  return csvRows(grid, { byteOrderMark: true });
}

/** Excel allows 31 characters in a sheet name and none of : \\ / ? * [ ]. */
function sheetTitle(text: string): string {
  return text.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Data";
}

/** exceljs is loaded only when someone downloads a workbook, to keep it out of the page's bundle. */
export async function toXlsx(grid: string[][], sheetName: string): Promise<Uint8Array> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetTitle(sheetName));
  sheet.addRows(grid);
  sheet.getRow(1).font = { bold: true };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
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
