import { describe, expect, it } from "vitest";
import type { ExplorerQueryResponse } from "./explorer-types";
import { buildTable, MISSING_TEXT, NO_VALUE_TEXT, numberOf } from "./table-model";

const SCOPE1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";
const PAY = "social.socialAndEmployeeMatters.averageGrossHourlyEarningsFemaleEmployees";
const DIVERSITY = "social.socialAndEmployeeMatters.boardGenderDiversityBoardOfDirectorsInPercent";

const response: ExplorerQueryResponse = {
  totalCompanies: 2,
  columns: [
    { dataPoint: SCOPE1, reportingPeriod: "2023", label: "Scope 1 GHG emissions", unit: "Tonnes" },
    { dataPoint: SCOPE1, reportingPeriod: "2024", label: "Scope 1 GHG emissions", unit: "Tonnes" },
    { dataPoint: PAY, reportingPeriod: "2024", label: "Average Gross Hourly Earnings Female Employees" },
  ],
  rows: [
    {
      companyId: "a",
      companyName: "Alpha",
      lei: "529900T8BM49AURSDO55",
      countryCode: "DE",
      sector: "Energy",
      cells: [
        {
          value: 1234.567,
          quality: "Reported",
          qaStatus: "Accepted",
          dataId: "d1",
          source: { fileReference: "f".repeat(64), fileName: "Alpha Sustainability Report 2023", page: "3" },
        },
        { value: null, missing: "NoDataset" },
        { value: 31.5, unit: "EUR", qaStatus: "Pending", dataId: "d2" },
      ],
    },
    {
      companyId: "b",
      companyName: "Beta",
      cells: [
        { value: null, missing: "NotSourceable", qaStatus: "Accepted" },
        { value: null, missing: "EmptyField" },
        { value: null },
      ],
    },
  ],
};

describe("the explorer table", () => {
  const table = buildTable("sfdr", response);

  it("groups the periods of one data point under its label, group and unit", () => {
    expect(
      table.groups.map((group) => [group.label, group.group, group.unit, group.columns.map((c) => c.period)]),
    ).toEqual([
      ["Scope 1 GHG emissions", "Environmental › Greenhouse gas emissions", "Tonnes", ["2023", "2024"]],
      [
        "Average Gross Hourly Earnings Female Employees",
        "Social › Social and employee matters",
        "currency",
        ["2024"],
      ],
    ]);
  });

  it("formats values with their unit or currency, as the framework views do", () => {
    const [alpha] = table.rows;
    expect(alpha?.cells.map((cell) => cell.text)).toEqual(["1,234.57 Tonnes", null, "31.5 EUR"]);
    expect(alpha?.cells[0]).toMatchObject({
      number: 1234.567,
      qaStatus: "Accepted",
      quality: "Reported",
      source: { fileReference: "f".repeat(64), page: "3", dataId: "d1" },
    });
    expect(alpha?.countryCode).toBe("DE");
    expect(alpha?.lei).toBe("529900T8BM49AURSDO55");
  });

  it("says why a value is missing", () => {
    const [, beta] = table.rows;
    expect(beta?.cells.map((cell) => cell.missing)).toEqual([
      MISSING_TEXT.NotSourceable,
      MISSING_TEXT.EmptyField,
      NO_VALUE_TEXT,
    ]);
    expect(
      beta?.cells.every((cell) => cell.text === null && cell.number === null && cell.source === null),
    ).toBe(true);
    expect(beta?.sector).toBeNull();
    expect(beta?.lei).toBeNull();
  });

  it("reads percentages with a per cent sign", () => {
    const percent = buildTable("sfdr", {
      totalCompanies: 1,
      columns: [{ dataPoint: DIVERSITY, reportingPeriod: "2024", label: "" }],
      rows: [{ companyId: "a", companyName: "Alpha", cells: [{ value: 41.2 }] }],
    });
    expect(percent.rows[0]?.cells[0]?.text).toBe("41.2 Percent");
    expect(percent.groups[0]?.unit).toBe("Percent");
  });

  it("plots amounts with a currency by their amount", () => {
    expect(numberOf({ amount: 12, currency: "EUR" })).toBe(12);
    expect(numberOf("12")).toBeNull();
    expect(numberOf(Number.NaN)).toBeNull();
  });
});
