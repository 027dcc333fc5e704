import { describe, expect, it } from "vitest";
import type { Facts } from "./model";
import { computePcaf, expressPcafIn, type PcafPosition } from "./pcaf";

const point = (value: unknown, quality = "Reported") => ({ value, quality });

const GHG = "environmental.greenhouseGasEmissions";
const ESTIMATED_GHG = "environmentalEstimation.greenhouseGasEmissions";

/** Listed: EVIC = 80 + 15 + 5 = 100 million EUR; audited scope 1, reported scope 2. */
const alphaFacts: Facts = {
  "general.company.companyExchangeStatus": point("Listed"),
  "companyValue.listedCompany.marketCapitalizationInEUR": point(80_000_000),
  "companyValue.listedCompany.bookValueOfDebtInEUR": point(15_000_000),
  "companyValue.listedCompany.minoritiesInterestInEUR": point(5_000_000),
  [`${GHG}.scope1GhgEmissionsInTonnes`]: point(10_000, "Audited"),
  [`${GHG}.scope2GhgEmissionsLocationBasedInTonnes`]: point(2_000),
  [`${GHG}.scope3GhgEmissionsInTonnes`]: point(30_000),
};

/** Unlisted: total equity and debt 10 million EUR; estimated scope 1, market-based scope 2 only. */
const deltaFacts: Facts = {
  "general.company.companyExchangeStatus": point("Unlisted"),
  "companyValue.unlistedCompany.totalEquityAndDebtInEUR": point(10_000_000),
  [`${ESTIMATED_GHG}.scope1GhgEmissionsInTonnes`]: point(400, "Estimated"),
  [`${GHG}.scope2GhgEmissionsMarketBasedInTonnes`]: point(100),
};

const alpha: PcafPosition = {
  companyId: "a",
  companyName: "Alpha",
  value: 2_000_000,
  dataId: "pcaf-a",
  facts: alphaFacts,
  assetClass: "ListedEquityAndCorporateBonds",
};
const delta: PcafPosition = {
  companyId: "d",
  companyName: "Delta",
  value: 500_000,
  dataId: "pcaf-d",
  facts: deltaFacts,
  assetClass: "BusinessLoansAndUnlistedEquity",
};
const gamma: PcafPosition = {
  companyId: "c",
  companyName: "Gamma",
  value: 1_000_000,
  dataId: null,
  facts: {},
  assetClass: "ListedEquityAndCorporateBonds",
};

describe("PCAF financed emissions (worked example)", () => {
  const result = computePcaf([alpha, delta, gamma]);
  const [listed, loans] = result.assetClasses;

  it("attributes each company by its EVIC (listed) or total equity and debt (unlisted)", () => {
    expect(listed?.companies[0]).toMatchObject({
      attributionBasis: "EVIC",
      companyValue: 100_000_000,
      attributionFactor: 0.02,
      financedScope1: 200,
      financedScope2: 40,
      financedScope3: 600,
      dataQualityScore: 2,
    });
    expect(loans?.companies[0]).toMatchObject({
      attributionBasis: "TotalEquityAndDebt",
      companyValue: 10_000_000,
      attributionFactor: 0.05,
      scope1: 400,
      financedScope1: 20,
      financedScope2: 5,
      financedScope3: null,
      dataQualityScore: 4,
    });
  });

  it("adds up per asset class", () => {
    expect(listed).toMatchObject({
      assetClass: "ListedEquityAndCorporateBonds",
      outstandingAmount: 3_000_000,
      financedScope1: 200,
      financedScope2: 40,
      financedScope3: 600,
      financedTotal: 840,
      weightedDataQualityScore: 2,
    });
    expect(listed?.coverage).toBeCloseTo(2 / 3, 12);
    expect(listed?.missingCompanies).toMatchObject([{ companyName: "Gamma", reason: "NoDataset" }]);
    expect(loans).toMatchObject({
      outstandingAmount: 500_000,
      coverage: 1,
      financedTotal: 25,
      financedScope3: null,
    });
  });

  it("adds up in total, the quality score weighted by outstanding amount", () => {
    expect(result.totals).toMatchObject({
      outstandingAmount: 3_500_000,
      financedScope1: 220,
      financedScope2: 45,
      financedScope3: 600,
      financedTotal: 865,
    });
    expect(result.totals.coverage).toBeCloseTo(2.5 / 3.5, 12);
    // (2,000,000 × 2 + 500,000 × 4) ÷ 2,500,000
    expect(result.totals.weightedDataQualityScore).toBeCloseTo(2.4, 12);
  });
});

describe("PCAF inputs that cannot be used", () => {
  it("refuses a zero or negative company value, naming it", () => {
    const zero = computePcaf([
      {
        ...delta,
        facts: { ...deltaFacts, "companyValue.unlistedCompany.totalEquityAndDebtInEUR": point(0) },
      },
    ]);
    expect(zero.assetClasses[0]?.missingCompanies[0]).toMatchObject({
      reason: "InvalidInput",
      missingInputs: ["companyValue.unlistedCompany.totalEquityAndDebtInEUR"],
    });
    expect(zero.totals).toMatchObject({ coverage: 0, financedScope1: null, weightedDataQualityScore: null });
    const negative = computePcaf([
      { ...alpha, facts: { ...alphaFacts, [`${GHG}.scope1GhgEmissionsInTonnes`]: point(-1) } },
    ]);
    expect(negative.assetClasses[0]?.missingCompanies[0]).toMatchObject({
      reason: "InvalidInput",
      missingInputs: [`${GHG}.scope1GhgEmissionsInTonnes`],
    });
  });

  it("uses the estimated company value where the reported one is empty, and needs scope 2", () => {
    const estimated = computePcaf([
      {
        ...alpha,
        facts: {
          "general.company.companyExchangeStatus": point("Listed"),
          "companyValueEstimation.listedCompany.marketCapitalizationInEUR": point(40_000_000),
          "companyValueEstimation.listedCompany.bookValueOfDebtInEUR": point(10_000_000),
          [`${GHG}.scope1GhgEmissionsInTonnes`]: point(1_000, "Audited"),
          [`${GHG}.scope2GhgEmissionsLocationBasedInTonnes`]: point(100, "Audited"),
        },
      },
    ]);
    // No minorities' interest given: EVIC = 40 + 10 million.
    expect(estimated.assetClasses[0]?.companies[0]).toMatchObject({
      companyValue: 50_000_000,
      attributionFactor: 0.04,
      financedScope1: 40,
      dataQualityScore: 1,
    });
    const noScope2 = computePcaf([
      { ...alpha, facts: { ...alphaFacts, [`${GHG}.scope2GhgEmissionsLocationBasedInTonnes`]: point(null) } },
    ]);
    expect(noScope2.assetClasses[0]?.missingCompanies[0]).toMatchObject({ reason: "MissingInput" });
  });

  it("states money in another currency, leaving tonnes and factors as they are", () => {
    // 1 GBP = 1.25 EUR: 2,000,000 EUR are 1,600,000 GBP.
    const inGbp = expressPcafIn(computePcaf([alpha]), 1.25);
    expect(inGbp.totals.outstandingAmount).toBeCloseTo(1_600_000, 6);
    expect(inGbp.assetClasses[0]?.companies[0]).toMatchObject({
      attributionFactor: 0.02,
      financedScope1: 200,
    });
    expect(inGbp.assetClasses[0]?.companies[0]?.companyValue).toBeCloseTo(80_000_000, 6);
  });
});
