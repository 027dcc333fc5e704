/**
 * Tables that users upload (positions, currency rates), read into rows of text cells: CSV (comma or
 * semicolon separated, quoted as RFC 4180 quotes) and Excel workbooks (the first sheet). Plus the
 * readings of a cell both files share: an amount, a date.
 */
import type ExcelJS from "exceljs";

/** Rows of a CSV text; the separator is the one of `,` and `;` the first line uses more of. */
export function csvTable(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index] as string;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[index + 1] === "\n") index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
  }
  return String(value);
}

/** Rows of the first sheet of an Excel workbook (.xlsx), each cell as text. */
export async function xlsxTable(bytes: Buffer): Promise<string[][]> {
  // Loaded with the first uploaded workbook, as the exports load it.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column).value));
    rows[rowNumber - 1] = cells;
  });
  return Array.from(rows, (row) => row ?? []);
}

/** An XLSX file is a ZIP archive: it starts with PK\x03\x04. */
export const isZip = (bytes: Buffer) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * An amount as people write it: `1500000`, `1500000.50`, `1,500,000.50`, `1 500 000`. A comma is
 * taken as a thousands separator only in groups of three digits; `1,5` is not an amount.
 */
export function amountOf(text: string): number | undefined {
  const compact = text.trim().replace(/[\s\u00a0']/g, "");
  if (!/^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(compact)) return undefined;
  const value = Number(compact.replaceAll(",", ""));
  return Number.isFinite(value) ? value : undefined;
}

/** The ISO date (YYYY-MM-DD) a cell holds, if it is a real date of that form. */
export function isoDate(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const date = new Date(`${match[0]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[0] ? undefined : match[0];
}
