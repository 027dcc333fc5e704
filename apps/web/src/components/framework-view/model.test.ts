import { generateCompleteDataset } from "@openverde/frameworks";
import { describe, expect, it } from "vitest";
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
