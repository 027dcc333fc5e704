import { generateCompleteDataset } from "@openverde/frameworks";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { type DatasetFacts, type ExportedDataset, formatProblem, portfolioFile } from "./portfolio-download";

const ALPHA = "11111111-1111-4111-8111-111111111111";
const BETA = "22222222-2222-4222-8222-222222222222";
const names = new Map([
  [ALPHA, "Alpha AG"],
  [BETA, "Beta SE"],
]);

const sfdr = (scope1: number) => ({
  environmental: {
    greenhouseGasEmissions: { scope1GhgEmissionsInTonnes: { value: scope1, quality: "Reported" } },
  },
});

const exported = new Map<string, ExportedDataset[]>([
  [
    "sfdr",
    [
      { companyId: BETA, reportingPeriod: "2024", data: sfdr(1200.5) },
      { companyId: ALPHA, reportingPeriod: "2023", data: sfdr(66039.06) },
    ],
  ],
  ["pcaf", [{ companyId: ALPHA, reportingPeriod: "2024", data: generateCompleteDataset("pcaf", 1) }]],
]);

const facts: DatasetFacts[] = [
  {
    companyId: ALPHA,
    dataType: "sfdr",
    reportingPeriod: "2023",
    qaStatus: "Accepted",
    uploadTime: Date.UTC(2024, 4, 2),
  },
];

async function readBack(bytes: BlobPart): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((bytes as Uint8Array).buffer as ArrayBuffer);
  return workbook;
}

describe("portfolio downloads", () => {
  it("write one workbook with a sheet per framework and number cells under unit headings", async () => {
    const file = await portfolioFile("My portfolio", "EXCEL", "wide", exported, facts, names);
    expect(file.fileName).toBe("My_portfolio_wide.xlsx");
    const workbook = await readBack(file.bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["SFDR", "PCAF"]);
    const sheet = workbook.getWorksheet("SFDR");
    if (!sheet) throw new Error("no SFDR sheet");
    const headings = sheet.getRow(1).values as unknown[];
    const scope1 = headings.indexOf("Scope 1 GHG emissions (Tonnes)");
    expect(scope1).toBeGreaterThan(0);
    // Rows by company name: Alpha first, with its QA status and upload time.
    expect(sheet.getRow(3).getCell(1).value).toBe("Alpha AG");
    expect(sheet.getRow(3).getCell(scope1).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getRow(3).getCell(scope1).value).toBe(66039.06);
    expect(sheet.getRow(3).getCell(headings.indexOf("QA status")).value).toBe("Accepted");
    expect(sheet.getRow(3).getCell(headings.indexOf("Upload time (UTC)")).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getRow(4).getCell(1).value).toBe("Beta SE");
    expect(sheet.getRow(4).getCell(scope1).value).toBe(1200.5);
  });

  it("write a long CSV over several frameworks as one file", async () => {
    const file = await portfolioFile("My portfolio", "CSV", "long", exported, facts, names);
    const lines = parse(String(file.bytes).replace(/^\uFEFF/, "")) as string[][];
    const frameworks = new Set(lines.slice(1).map((line) => line[0]));
    expect(frameworks).toEqual(new Set(["SFDR", "PCAF"]));
    const scope1 = lines.find(
      (line) => line.includes("SCOPE_1_GHG_EMISSIONS_IN_T") && line[1] === "Alpha AG",
    );
    expect(scope1?.slice(8, 11)).toEqual(["66039.06", "Tonnes", "Reported"]);
  });

  it("refuse a wide CSV of several frameworks, which would need several files", () => {
    expect(formatProblem("CSV", "wide", ["sfdr", "pcaf"])).toMatch(/one framework/);
    expect(formatProblem("CSV", "wide", ["sfdr"])).toBeUndefined();
    expect(formatProblem("EXCEL", "wide", ["sfdr", "pcaf"])).toBeUndefined();
  });
});
