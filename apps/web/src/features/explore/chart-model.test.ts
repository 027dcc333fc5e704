import { describe, expect, it } from "vitest";
import { histogram, lineSeries, periodsOf, ranking, summary } from "./chart-model";
import { buildTable } from "./table-model";

const SCOPE1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";
const SCOPE2 = "environmental.greenhouseGasEmissions.scope2GhgEmissionsInTonnes";

const table = buildTable("sfdr", {
  totalCompanies: 3,
  columns: [
    { dataPoint: SCOPE1, reportingPeriod: "2023", label: "" },
    { dataPoint: SCOPE1, reportingPeriod: "2024", label: "" },
    { dataPoint: SCOPE2, reportingPeriod: "2024", label: "" },
  ],
  rows: [
    { companyId: "a", companyName: "Alpha", cells: [{ value: 10 }, { value: 12 }, { value: 5 }] },
    {
      companyId: "b",
      companyName: "Beta",
      cells: [{ value: null, missing: "NoDataset" }, { value: 30 }, { value: null }],
    },
    { companyId: "c", companyName: "Gamma", cells: [{ value: null }, { value: null }, { value: 7 }] },
  ],
});

describe("the explorer's charts", () => {
  it("draws one line per company with a value, over the data point's periods", () => {
    expect(periodsOf(table, SCOPE1)).toEqual(["2023", "2024"]);
    expect(lineSeries(table, SCOPE1, 10)).toEqual([
      { companyName: "Alpha", values: [10, 12] },
      { companyName: "Beta", values: [null, 30] },
    ]);
    expect(lineSeries(table, SCOPE1, 1)).toHaveLength(1);
  });

  it("ranks the companies with a value in one period, largest first", () => {
    expect(ranking(table, SCOPE1, "2024")).toEqual([
      { companyName: "Beta", value: 30 },
      { companyName: "Alpha", value: 12 },
    ]);
    expect(ranking(table, SCOPE1, "2020")).toEqual([]);
  });

  it("summarises a distribution by its five numbers", () => {
    expect(summary([])).toBeNull();
    expect(summary([4, 1, 3, 2, 5])).toEqual({ count: 5, min: 1, q1: 2, median: 3, q3: 4, max: 5 });
    expect(summary([1, 2, 3, 4])).toMatchObject({ q1: 1.75, median: 2.5, q3: 3.25 });
  });

  it("bins values into equal widths that count every value once", () => {
    expect(histogram([])).toEqual([]);
    expect(histogram([7, 7])).toEqual([{ from: 7, to: 7, count: 2 }]);
    const bins = histogram([0, 1, 2, 3, 4, 5, 6, 7, 8, 10]);
    // Sturges: ceil(log2 10) + 1 = 5 bins of width 2.
    expect(bins.map((bin) => [bin.from, bin.to, bin.count])).toEqual([
      [0, 2, 2],
      [2, 4, 2],
      [4, 6, 2],
      [6, 8, 2],
      [8, 10, 2],
    ]);
  });
});
