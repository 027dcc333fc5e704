import { generateCompleteDataset } from "@openverde/frameworks";
import { type DatasetRecord, longTable, wideTable } from "@openverde/frameworks/tables";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { sheetTitles, workbookBytes } from "./export";

const record = (companyName: string, data: unknown): DatasetRecord => ({
  companyName,
  companyId: "821b6cf3-e46f-55cb-84b6-115ba4c52aa1",
  reportingPeriod: "2024",
  data,
  qaStatus: "Accepted",
  uploadTime: Date.UTC(2025, 2, 14, 9, 30),
});

const sfdr = {
  general: { general: { dataDate: "2024-12-31" } },
  environmental: {
    greenhouseGasEmissions: {
      scope1GhgEmissionsInTonnes: {
        value: 66039.06,
        quality: "Reported",
        dataSource: { fileName: "Annual report", page: "4" },
      },
    },
  },
};

async function readBack(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  return workbook;
}

function columnOf(sheet: ExcelJS.Worksheet, heading: string): number {
  const values = sheet.getRow(1).values as unknown[];
  const index = values.indexOf(heading);
  if (index < 1) throw new Error(`No column ${heading}`);
  return index;
}

describe("Excel downloads", () => {
  it("write numbers as number cells under a heading with the unit, dates as date cells, keys in row 2", async () => {
    const workbook = await readBack(
      await workbookBytes([wideTable("sfdr", [record("Verdana Energie AG", sfdr)])]),
    );
    const sheet = workbook.getWorksheet("SFDR");
    if (!sheet) throw new Error("no SFDR sheet");
    const scope1 = columnOf(sheet, "Scope 1 GHG emissions (Tonnes)");
    expect(sheet.getRow(2).getCell(scope1).value).toBe("SCOPE_1_GHG_EMISSIONS_IN_T");
    const cell = sheet.getRow(3).getCell(scope1);
    expect(cell.type).toBe(ExcelJS.ValueType.Number);
    expect(cell.value).toBe(66039.06);
    const dataDate = sheet.getRow(3).getCell(columnOf(sheet, "Data Date"));
    expect(dataDate.type).toBe(ExcelJS.ValueType.Date);
    expect(dataDate.value).toEqual(new Date("2024-12-31T00:00:00Z"));
    expect(dataDate.numFmt).toBe("yyyy-mm-dd");
    expect(sheet.getRow(3).getCell(columnOf(sheet, "Upload time (UTC)")).type).toBe(ExcelJS.ValueType.Date);
  });

  it("write one sheet per framework, with every numeric answer of a complete dataset as a number cell", async () => {
    const workbook = await readBack(
      await workbookBytes([
        wideTable("pcaf", [record("A", generateCompleteDataset("pcaf", 1))]),
        longTable("sfdr", [record("B", sfdr)]),
        wideTable("eutaxonomy-non-financials", []),
        wideTable("eutaxonomy-non-financials-2026-73", []),
      ]),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "PCAF",
      "SFDR",
      "EU Taxonomy Non-Financials",
      "EUT Non-Financials (2026-73)",
    ]);
    const pcaf = workbook.getWorksheet("PCAF");
    if (!pcaf) throw new Error("no PCAF sheet");
    const headings = (pcaf.getRow(1).values as unknown[]).filter((value) => typeof value === "string");
    const unitColumns = headings.filter((heading) => / \((Tonnes|EUR)\)$/.test(heading as string));
    expect(unitColumns.length).toBeGreaterThan(0);
    for (const heading of unitColumns) {
      const cell = pcaf.getRow(3).getCell(columnOf(pcaf, heading as string));
      if (cell.value !== null) expect(cell.type, heading as string).toBe(ExcelJS.ValueType.Number);
    }
    const long = workbook.getWorksheet("SFDR");
    if (!long) throw new Error("no SFDR sheet");
    const keys = long.getColumn(columnOf(long, "Data point key")).values;
    const scope1 = long.getRow(keys.indexOf("SCOPE_1_GHG_EMISSIONS_IN_T"));
    expect(scope1.getCell(columnOf(long, "Value")).type).toBe(ExcelJS.ValueType.Number);
    expect(scope1.getCell(columnOf(long, "Unit")).value).toBe("Tonnes");
    expect(scope1.getCell(columnOf(long, "Page")).value).toBe(4);
    const dataDate = long.getRow(keys.indexOf("DATA_DATE")).getCell(columnOf(long, "Value"));
    expect(dataDate.type).toBe(ExcelJS.ValueType.Date);
  });

  it("keeps text that looks like a formula a text cell", async () => {
    const workbook = await readBack(
      await workbookBytes([wideTable("sfdr", [record('=HYPERLINK("http://x.example")', sfdr)])]),
    );
    const cell = workbook.worksheets[0]?.getRow(3).getCell(1);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe('=HYPERLINK("http://x.example")');
  });

  it("names sheets within Excel's rules, each once", () => {
    expect(sheetTitles(["SFDR: scope/overview", "SFDR: scope/overview", ""])).toEqual([
      "SFDR- scope-overview",
      "SFDR- scope-overview (2)",
      "Data",
    ]);
  });
});
