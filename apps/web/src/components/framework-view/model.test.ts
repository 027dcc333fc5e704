import { generateCompleteDataset } from "@openverde/frameworks";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { exportGrid, toCsv, toXlsx } from "./export";
import {
  buildComparison,
  cellPlaceholder,
  compareColumns,
  type DatasetColumn,
  NO_DATA_PROVIDED,
  ONLY_AUXILIARY_DATA_PROVIDED,
} from "./model";
import { valueTable } from "./structured-value";

const column = (label: string, data: unknown, extra: Partial<DatasetColumn> = {}): DatasetColumn => ({
  key: label,
  label,
  reportingPeriod: label,
  data,
  ...extra,
});

describe("the comparison model of framework views", () => {
  it("puts datasets side by side, one cell per column", () => {
    const model = buildComparison("sfdr", [
      column("2024", generateCompleteDataset("sfdr", 1)),
      column("2023", generateCompleteDataset("sfdr", 2)),
    ]);
    const row = model.sections[1]?.subsections[0]?.rows[0];
    expect(row?.cells).toHaveLength(2);
    expect(row?.series).toHaveLength(2);
    expect(model.rowCount).toBeGreaterThan(100);
  });

  it("says 'No data provided' and 'Only auxiliary data provided' where they apply", () => {
    const scope1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";
    const data = {
      environmental: {
        greenhouseGasEmissions: {
          scope1GhgEmissionsInTonnes: { value: null, quality: "NoDataFound", comment: "Not reported" },
          scope2GhgEmissionsInTonnes: { value: 12.5 },
        },
      },
    };
    const model = buildComparison("sfdr", [column("2024", data)], { hideEmpty: false });
    const rows = model.sections.flatMap((section) => section.subsections.flatMap((sub) => sub.rows));
    const cell = (path: string) => rows.find((row) => row.path === path)?.cells[0];
    expect(cellPlaceholder(cell(scope1) as never)).toBe(ONLY_AUXILIARY_DATA_PROVIDED);
    expect(cellPlaceholder(cell("general.general.dataDate") as never)).toBe(NO_DATA_PROVIDED);
    expect(
      cellPlaceholder(cell("environmental.greenhouseGasEmissions.scope2GhgEmissionsInTonnes") as never),
    ).toBeNull();

    const hidden = buildComparison("sfdr", [column("2024", data)], { hideEmpty: true });
    const shown = hidden.sections.flatMap((section) =>
      section.subsections.flatMap((sub) => sub.rows.map((r) => r.path)),
    );
    expect(shown).toEqual([scope1, "environmental.greenhouseGasEmissions.scope2GhgEmissionsInTonnes"]);
  });

  it("leaves out rows whose show-if condition does not hold in any column", () => {
    const full = generateCompleteDataset("lksg", 1);
    const all = buildComparison("lksg", [column("2024", full)], { hideEmpty: false }).rowCount;
    const none = buildComparison("lksg", [column("2024", {})], { hideEmpty: false }).rowCount;
    expect(none).toBeLessThan(all);
  });

  it("filters rows by label", () => {
    const model = buildComparison("sfdr", [column("2024", generateCompleteDataset("sfdr", 1))], {
      filter: "scope 1",
    });
    expect(model.rowCount).toBeGreaterThan(0);
    for (const section of model.sections)
      for (const sub of section.subsections)
        for (const row of sub.rows) expect(row.label.toLowerCase()).toContain("scope 1");
  });

  it("orders newest period first, active version before others", () => {
    const columns = [
      column("2022", {}),
      column("2024", {}, { currentlyActive: false, uploadTime: 2 }),
      column("2024", {}, { key: "b", currentlyActive: true, uploadTime: 1 }),
    ].sort(compareColumns);
    expect(columns.map((entry) => [entry.label, entry.currentlyActive])).toEqual([
      ["2024", true],
      ["2024", false],
      ["2022", undefined],
    ]);
  });
});

describe("lists of objects as tables", () => {
  it("turns production sites into rows with readable columns", () => {
    const table = valueTable([
      { nameOfProductionSite: "Plant A", addressOfProductionSite: { city: "Köln", country: "DE" } },
    ]);
    expect(table?.columns.map((entry) => entry.label)).toEqual([
      "Name of production site",
      "Address of production site: city",
      "Address of production site: country",
    ]);
    expect(table?.rows[0]?.nameOfProductionSite).toEqual({ text: "Plant A" });
  });

  it("keeps plain lists as one line", () => {
    expect(valueTable(["DE", "FR"])).toBeNull();
  });
});

describe("downloads", () => {
  it("writes what is shown as CSV with one column per dataset", () => {
    const model = buildComparison("pcaf", [column("2024", generateCompleteDataset("pcaf", 1))]);
    const grid = exportGrid(model);
    expect(grid[0]).toEqual(["Category", "Sub-category", "Data point", "Unit", "2024"]);
    expect(grid).toHaveLength(model.rowCount + 1);
    expect(toCsv([["a,b", 'say "hi"', "=1+1", "-2+3", "@SUM(1)"]])).toBe(
      '\uFEFF"a,b","say ""hi""",\'=1+1,\'-2+3,\'@SUM(1)\r\n',
    );
  });

  it("writes a workbook that a spreadsheet library reads back cell by cell", async () => {
    const bytes = await toXlsx(
      [
        ["Data point", "2024"],
        ["Scope 1", "12 t"],
        ['=HYPERLINK("http://attacker.example")', "@SUM(1)"],
      ],
      "SFDR: scope/overview",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe("SFDR  scope overview");
    expect(sheet?.getRow(2).values).toEqual([undefined, "Scope 1", "12 t"]);
    // Text that looks like a formula stays a text cell.
    expect(sheet?.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.getRow(3).getCell(1).value).toBe('=HYPERLINK("http://attacker.example")');
  });
});
