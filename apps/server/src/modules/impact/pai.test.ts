import { describe, expect, it } from "vitest";
import type { Facts, Holding } from "./model";
import { computePai, expressIn, type MetricResult, SFDR_PATHS as P } from "./pai";

/** Extended data points as stored: the figure in `value`. */
function facts(values: Record<string, unknown>): Facts {
  return Object.fromEntries(
    Object.entries(values).map(([path, value]) => [
      path,
      path === P.highImpactSectors ? value : { value, quality: "Reported" },
    ]),
  );
}

const sector = (fields: Record<string, number>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, { value }]));

/** The worked example of docs/impact.md: every figure there is checked here. */
const alpha: Holding = {
  companyId: "a",
  companyName: "Alpha",
  value: 2_000_000,
  dataId: "data-a",
  facts: facts({
    [P.evic]: 100_000_000,
    [P.revenue]: 50_000_000,
    [P.scope1]: 10_000,
    [P.scope2]: 2_000,
    [P.scope3]: 30_000,
    [P.fossilFuel]: "Yes",
    [P.nonRenewableConsumptionShare]: 60,
    [P.nonRenewableProductionShare]: 80,
    [P.highImpactSectors]: {
      NaceCodeD: sector({ highImpactClimateSectorEnergyConsumptionInGWhPerMillionEURRevenue: 1.5 }),
    },
    [P.protectedAreas]: "No",
    [P.rareEcosystems]: "No",
    [P.primaryForest]: "No",
    [P.emissionsToWater]: 50,
    [P.hazardousWaste]: 200,
    [P.humanRightsProceedings]: "No",
    [P.corruptionProceedings]: "No",
    [P.childLabourIncidents]: "No",
    [P.forcedLabourIncidents]: "No",
    [P.ungcPolicy]: "Yes",
    [P.oecdGrievanceHandling]: "Yes",
    [P.genderPayGap]: 12,
    [P.boardDiversity]: 40,
    [P.controversialWeapons]: "No",
  }),
};

/** 1,250,000 USD at 0.80 EUR per USD: 1,000,000 EUR. No scope 3, no production figures. */
const beta: Holding = {
  companyId: "b",
  companyName: "Beta",
  value: 1_000_000,
  dataId: "data-b",
  facts: facts({
    [P.evic]: 20_000_000,
    [P.revenue]: 10_000_000,
    [P.scope1]: 1_000,
    [P.scope2LocationBased]: 500,
    [P.fossilFuel]: "No",
    [P.nonRenewableConsumption]: 30,
    [P.renewableConsumption]: 70,
    [P.highImpactSectors]: { NaceCodeC: sector({ highImpactClimateSectorEnergyConsumptionInGWh: 20 }) },
    [P.protectedAreas]: "Yes",
    [P.emissionsToWater]: 5,
    [P.humanRightsProceedings]: "Yes",
    [P.ungcPolicy]: "No",
    [P.genderPayGap]: -3,
    [P.femaleBoardMembers]: 2,
    [P.maleBoardMembers]: 6,
    [P.controversialWeapons]: "No",
  }),
};

/** No SFDR dataset for the period. */
const gamma: Holding = { companyId: "c", companyName: "Gamma", value: 1_000_000, dataId: null, facts: {} };

function metrics(holdings: Holding[]): Map<string, MetricResult> {
  return new Map(
    computePai(holdings).flatMap((indicator) => indicator.metrics.map((metric) => [metric.key, metric])),
  );
}

function metric(results: Map<string, MetricResult>, key: string): MetricResult {
  const found = results.get(key);
  if (!found) throw new Error(`no metric ${key}`);
  return found;
}

describe("the 14 mandatory indicators (worked example)", () => {
  const results = metrics([alpha, beta, gamma]);
  const expected: [string, number | null, number][] = [
    // key, value, coverage: every value worked out by hand in docs/impact.md
    ["1.scope1", 250, 0.75],
    ["1.scope2", 65, 0.75],
    ["1.scope3", 600, 0.5],
    ["1.total", 840, 0.5],
    ["2.carbonFootprint", 210, 0.5],
    ["3.ghgIntensity", 420, 0.5],
    ["4.fossilFuel", 50, 0.75],
    ["5.consumption", 50, 0.75],
    ["5.production", 80, 0.5],
    ["6.A", null, 0],
    ["6.C", 2, 0.25],
    ["6.D", 1.5, 0.5],
    ["7.biodiversity", 25, 0.75],
    ["8.emissionsToWater", 0.3125, 0.75],
    ["9.hazardousWaste", 1, 0.5],
    ["10.violations", 25, 0.75],
    ["11.lackOfProcesses", 25, 0.75],
    ["12.genderPayGap", 7, 0.75],
    ["13.boardDiversity", 35, 0.75],
    ["14.controversialWeapons", 0, 0.75],
  ];
  it.each(expected)("%s is %s with coverage %s", (key, value, coverage) => {
    const result = metric(results, key);
    if (value === null) expect(result.value).toBeNull();
    else expect(result.value).toBeCloseTo(value, 9);
    expect(result.coverage).toBeCloseTo(coverage, 12);
  });

  it("has 14 indicators in Table 1 order, with all of their metrics", () => {
    const indicators = computePai([alpha]);
    expect(indicators.map((indicator) => indicator.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    ]);
    expect(indicators[0]?.metrics.map((m) => m.key)).toEqual(["1.scope1", "1.scope2", "1.scope3", "1.total"]);
    expect(indicators[5]?.metrics).toHaveLength(9);
  });

  it("shows each company's inputs and its term of the sum", () => {
    const scope1 = metric(results, "1.scope1");
    expect(scope1.inputs.map((input) => [input.companyName, input.contribution])).toEqual([
      ["Alpha", 200],
      ["Beta", 50],
    ]);
    expect(scope1.inputs[0]?.values).toEqual({ [P.scope1]: 10_000, [P.evic]: 100_000_000 });
    // Beta has no scope 2 figure of its own: the location-based one stands in, and says so.
    expect(metric(results, "1.scope2").inputs[1]?.values).toEqual({
      [P.scope2LocationBased]: 500,
      [P.evic]: 20_000_000,
    });
    // Beta's consumption share comes from its GWh: 30 / (30 + 70).
    expect(metric(results, "5.consumption").inputs[1]?.values).toEqual({
      [P.nonRenewableConsumption]: 30,
      [P.renewableConsumption]: 70,
    });
    expect(metric(results, "6.C").inputs[0]?.contribution).toBeCloseTo(2, 12);
  });

  it("lists the companies without data and why", () => {
    const scope3 = metric(results, "1.scope3");
    expect(
      scope3.missingCompanies.map((company) => [company.companyName, company.reason, company.missingInputs]),
    ).toEqual([
      ["Beta", "MissingInput", [P.scope3]],
      ["Gamma", "NoDataset", []],
    ]);
    // A sector a company is not active in is not missing data: only Gamma (no dataset) is missing.
    expect(metric(results, "6.A").missingCompanies.map((company) => company.companyName)).toEqual(["Gamma"]);
  });
});

describe("inputs that cannot be used", () => {
  it("leaves out a company whose enterprise value is zero, saying so, but uses its revenue", () => {
    const zero: Holding = { ...alpha, facts: { ...alpha.facts, [P.evic]: { value: 0 } } };
    const results = metrics([zero, beta]);
    const scope1 = metric(results, "1.scope1");
    expect(scope1.value).toBeCloseTo(50, 12);
    expect(scope1.coverage).toBeCloseTo(1 / 3, 12);
    expect(scope1.missingCompanies[0]).toMatchObject({
      companyName: "Alpha",
      reason: "InvalidInput",
      missingInputs: [P.evic],
    });
    // GHG intensity divides by revenue, not EVIC: Alpha still counts (Beta has no scope 3).
    expect(metric(results, "3.ghgIntensity").value).toBeCloseTo((2 / 3) * (42_000 / 50), 9);
  });

  it("leaves out negative emissions and a negative enterprise value, but keeps a negative pay gap", () => {
    const negative: Holding = {
      ...beta,
      facts: { ...beta.facts, [P.scope1]: { value: -5 }, [P.evic]: { value: -20_000_000 } },
    };
    const results = metrics([negative]);
    expect(metric(results, "1.scope1").value).toBeNull();
    expect(metric(results, "1.scope1").missingCompanies[0]?.missingInputs).toEqual([P.scope1, P.evic]);
    expect(metric(results, "12.genderPayGap").value).toBe(-3);
  });

  it("answers null with coverage 0 when no company has data, and for an empty portfolio", () => {
    expect(metric(metrics([gamma]), "1.scope1")).toMatchObject({ value: null, coverage: 0 });
    expect(metric(metrics([]), "4.fossilFuel")).toMatchObject({ value: null, coverage: 0, inputs: [] });
  });

  it("counts a share as known when one answer tells, else needs every answer", () => {
    const oneNo: Holding = { ...alpha, facts: facts({ [P.ungcPolicy]: "No" }) };
    const oneYes: Holding = { ...alpha, facts: facts({ [P.ungcPolicy]: "Yes" }) };
    expect(metric(metrics([oneNo]), "11.lackOfProcesses")).toMatchObject({ value: 100, coverage: 1 });
    expect(metric(metrics([oneYes]), "11.lackOfProcesses")).toMatchObject({ value: null, coverage: 0 });
    expect(metric(metrics([oneYes]), "11.lackOfProcesses").missingCompanies[0]?.missingInputs).toEqual([
      P.oecdGrievanceHandling,
    ]);
  });
});

describe("another report currency", () => {
  it("divides values of investments and multiplies figures per million by the EUR value of one unit", () => {
    // 1 USD = 0.80 EUR: 4,000,000 EUR invested are 5,000,000 USD, and 210 t per million EUR are 168 t
    // per million USD (a million USD is 0.8 million EUR).
    const inUsd = new Map(
      expressIn(computePai([alpha, beta, gamma]), "USD", 0.8).flatMap((indicator) =>
        indicator.metrics.map((m) => [m.key, m]),
      ),
    );
    expect(metric(inUsd, "2.carbonFootprint")).toMatchObject({ unit: "t CO2e / M USD invested" });
    expect(metric(inUsd, "2.carbonFootprint").value).toBeCloseTo(168, 9);
    expect(metric(inUsd, "1.scope1").value).toBeCloseTo(250, 9);
    expect(metric(inUsd, "4.fossilFuel").value).toBeCloseTo(50, 9);
    expect(metric(inUsd, "1.scope1").inputs[0]?.positionValue).toBeCloseTo(2_500_000, 6);
    expect(metric(inUsd, "1.scope1").missingCompanies[0]?.positionValue).toBeCloseTo(1_250_000, 6);
  });
});
