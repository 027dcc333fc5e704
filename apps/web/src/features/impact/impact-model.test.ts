import { describe, expect, it } from "vitest";
import { fileNameOf, type ImpactReport, type PaiMetric } from "./impact-api";
import {
  assetClassLabel,
  byTheme,
  compactFigures,
  companiesMissingData,
  formatFigure,
  formatInput,
  formatMoney,
  formatShare,
  inputColumns,
  inputLabel,
  missingText,
  requestsToMake,
} from "./impact-model";

const metric = (key: string, missing: PaiMetric["missingCompanies"]): PaiMetric => ({
  key,
  metric: key,
  unit: "t CO2e",
  value: 1,
  coverage: 0.5,
  formula: "",
  inputs: [],
  missingCompanies: missing,
});

const report = (
  indicators: ImpactReport["pai"]["indicators"],
  pcafMissing: PaiMetric["missingCompanies"],
): ImpactReport => {
  const figures = {
    outstandingAmount: 0,
    coverage: 0,
    financedScope1: 0,
    financedScope2: 0,
    financedScope3: null,
    financedTotal: 0,
    weightedDataQualityScore: null,
  };
  return {
    portfolioId: "p",
    portfolioName: "P",
    reportingPeriod: "2024",
    currency: "EUR",
    availableReportingPeriods: ["2024"],
    totalValue: 10,
    ratesUsed: [],
    excludedPositions: [],
    pai: { indicators },
    pcaf: {
      assetClasses: [
        {
          assetClass: "ListedEquityAndCorporateBonds",
          companies: [],
          missingCompanies: pcafMissing,
          ...figures,
        },
      ],
      totals: figures,
    },
  };
};

describe("impact page rules", () => {
  it("writes figures with their unit, shares as percentages and money with its currency", () => {
    expect(formatFigure(1234.567, "t CO2e")).toBe("1,235 t CO2e");
    expect(formatFigure(12.345, "t CO2e / M EUR invested")).toBe("12.35 t CO2e / M EUR invested");
    expect(formatFigure(35.25, "%")).toBe("35.25 %");
    expect(formatFigure(0.0001234, "GWh / M EUR revenue")).toBe("0.000123 GWh / M EUR revenue");
    expect(formatFigure(null, "%")).toBe("No data");
    expect(formatFigure(-3, "t CO2e")).toBe("-3 t CO2e");
    expect(formatShare(0.756)).toBe("75.6 %");
    expect(formatShare(1)).toBe("100 %");
    expect(formatMoney(1500000, "USD")).toBe("1,500,000 USD");
    expect(assetClassLabel("BusinessLoansAndUnlistedEquity")).toBe("Business loans and unlisted equity");
  });

  it("names inputs by their data point's label and lists each input column once", () => {
    expect(inputLabel("environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes")).toMatch(/Scope 1/i);
    expect(inputLabel("unknown.path.someValue")).toBe("someValue");
    expect(
      inputColumns([
        {
          companyId: "a",
          companyName: "A",
          positionValue: 1,
          dataId: "d",
          values: { x: 1, y: 2 },
          contribution: 0,
        },
        {
          companyId: "b",
          companyName: "B",
          positionValue: 1,
          dataId: "d",
          values: { y: 3, z: 4 },
          contribution: 0,
        },
      ]),
    ).toEqual(["x", "y", "z"]);
    expect(formatInput(2.5e9)).toBe("2,500,000,000");
    expect(formatInput("Yes")).toBe("Yes");
    expect(formatInput(true)).toBe("Yes");
    expect(formatInput(null)).toBe("—");
  });

  it("lists each company missing data once, largest position first, and requests only what has no dataset", () => {
    const missing = companiesMissingData(
      report(
        [
          {
            number: 1,
            theme: "Greenhouse gas emissions",
            label: "GHG emissions",
            metrics: [
              metric("1.scope1", [
                { companyId: "small", companyName: "Small", positionValue: 10, reason: "NoDataset" },
                {
                  companyId: "big",
                  companyName: "Big",
                  positionValue: 90,
                  reason: "MissingInput",
                  missingInputs: ["environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes"],
                },
              ]),
              metric("1.scope2", [
                { companyId: "small", companyName: "Small", positionValue: 10, reason: "NoDataset" },
              ]),
              metric("1.scope3", [
                {
                  companyId: "big",
                  companyName: "Big",
                  positionValue: 90,
                  reason: "InvalidInput",
                  message: "The enterprise value is zero.",
                },
              ]),
            ],
          },
        ],
        [{ companyId: "big", companyName: "Big", positionValue: 90, reason: "NoDataset" }],
      ),
    );
    expect(missing.map((company) => company.companyName)).toEqual(["Big", "Small"]);
    expect(missing[0]?.withoutDataset).toEqual(["pcaf"]);
    expect(missing[0]?.figures).toEqual(["PAI 1", "PCAF listed equity and corporate bonds"]);
    expect(missing[0]?.missingInputs[0]).toMatch(/Scope 1/i);
    expect(missing[0]?.missingInputs[1]).toBe("The enterprise value is zero.");
    expect(missing[1]?.withoutDataset).toEqual(["sfdr"]);
    expect(missing[1]?.figures).toEqual(["PAI 1"]);
    expect(requestsToMake(missing)).toEqual([
      { framework: "sfdr", companyIds: ["small"] },
      { framework: "pcaf", companyIds: ["big"] },
    ]);
    expect(requestsToMake([])).toEqual([]);
  });

  it("says why a company is left out, in the server's words where it gives them", () => {
    expect(
      missingText({
        companyId: "a",
        companyName: "A",
        positionValue: 1,
        reason: "InvalidInput",
        message: "EVIC is 0.",
      }),
    ).toBe("EVIC is 0.");
    expect(missingText({ companyId: "a", companyName: "A", positionValue: 1, reason: "NoDataset" })).toBe(
      "No dataset for the period",
    );
  });

  it("writes the figures a company is missing from as ranges", () => {
    const all = Array.from({ length: 14 }, (_, index) => `PAI ${index + 1}`);
    expect(compactFigures([...all, "PCAF listed equity and corporate bonds"])).toBe(
      "PAI 1–14; PCAF listed equity and corporate bonds",
    );
    expect(compactFigures(["PAI 5", "PAI 1", "PAI 2", "PAI 3", "PAI 7", "PAI 8"])).toBe("PAI 1–3, 5, 7–8");
    expect(compactFigures(["PCAF business loans and unlisted equity"])).toBe(
      "PCAF business loans and unlisted equity",
    );
    expect(compactFigures([])).toBe("");
  });

  it("groups indicators under their theme in order", () => {
    expect(
      byTheme([
        { theme: "GHG", n: 1 },
        { theme: "GHG", n: 2 },
        { theme: "Water", n: 8 },
      ]).map((group) => [group.theme, group.indicators.length]),
    ).toEqual([
      ["GHG", 2],
      ["Water", 1],
    ]);
  });

  it("reads the file name of a download", () => {
    expect(fileNameOf(`attachment; filename="impact-Energy-2024.xlsx"`)).toBe("impact-Energy-2024.xlsx");
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''impact-%C3%A9.csv`)).toBe(
      "impact-é.csv",
    );
    expect(fileNameOf("inline")).toBeUndefined();
  });
});
