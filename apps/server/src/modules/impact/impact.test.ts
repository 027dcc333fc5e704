import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { readAuditTrail } from "../audit";
import { SFDR_PATHS as P } from "./pai";
import { call, company, type Person, person, storeData, uploadFile } from "./test-helpers";

interface Positions {
  portfolioId: string;
  positions: {
    companyId: string;
    companyName: string;
    amount: number;
    currency: string;
    assetClass: string;
  }[];
}

interface Metric {
  key: string;
  value: number | null;
  coverage: number;
  unit: string;
  inputs: {
    companyName: string;
    contribution: number;
    positionValue: number;
    values: Record<string, unknown>;
  }[];
  missingCompanies: { companyName: string; reason: string; missingInputs: string[] }[];
}

interface Report {
  reportingPeriod: string;
  currency: string;
  totalValue: number;
  availableReportingPeriods: string[];
  ratesUsed: { currency: string; rateToEur: number; date: string }[];
  excludedPositions: { companyName: string; currency: string; reason: string }[];
  pai: { indicators: { number: number; metrics: Metric[] }[] };
  pcaf: {
    assetClasses: {
      assetClass: string;
      financedScope1: number;
      weightedDataQualityScore: number;
      coverage: number;
    }[];
    totals: {
      outstandingAmount: number;
      financedScope1: number;
      financedScope2: number;
      financedTotal: number;
    };
  };
}

let platform: TestPlatform;
let owner: Person;
let reader: Person;
let stranger: Person;
let admin: Person;
let portfolioId = "";
const ids: Record<"alpha" | "beta" | "gamma" | "delta", string> = {
  alpha: "",
  beta: "",
  gamma: "",
  delta: "",
};
let betaLei = "";

const at = (path = "") => `/users/portfolios/${portfolioId}${path}`;
const metricsOf = (report: Report) =>
  new Map(
    report.pai.indicators.flatMap((indicator) => indicator.metrics.map((metric) => [metric.key, metric])),
  );

/** The worked example of docs/impact.md, as SFDR and PCAF datasets of 2024. */
async function seedCompanies(): Promise<void> {
  const alpha = await company(platform, "Alpha Energie AG");
  const beta = await company(platform, "Beta Textil GmbH");
  const gamma = await company(platform, "Gamma Logistik SE");
  const delta = await company(platform, "Delta Darlehen GmbH");
  Object.assign(ids, {
    alpha: alpha.companyId,
    beta: beta.companyId,
    gamma: gamma.companyId,
    delta: delta.companyId,
  });
  betaLei = beta.lei;
  await storeData(platform, "sfdr", alpha.companyId, "2024", {
    [P.evic]: 100_000_000,
    [P.revenue]: 50_000_000,
    [P.scope1]: 10_000,
    [P.scope2]: 2_000,
    [P.scope3]: 30_000,
    [P.fossilFuel]: "Yes",
    [P.nonRenewableConsumptionShare]: 60,
    [P.nonRenewableProductionShare]: 80,
    [P.highImpactSectors]: {
      NaceCodeD: { highImpactClimateSectorEnergyConsumptionInGWhPerMillionEURRevenue: { value: 1.5 } },
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
  });
  await storeData(platform, "sfdr", beta.companyId, "2024", {
    [P.evic]: 20_000_000,
    [P.revenue]: 10_000_000,
    [P.scope1]: 1_000,
    [P.scope2]: undefined,
    [P.scope2LocationBased]: 500,
    [P.scope3]: undefined,
    [P.fossilFuel]: "No",
    [P.nonRenewableConsumptionShare]: undefined,
    [P.nonRenewableConsumption]: 30,
    [P.renewableConsumption]: 70,
    [P.nonRenewableProductionShare]: undefined,
    [P.nonRenewableProduction]: undefined,
    [P.highImpactSectors]: { NaceCodeC: { highImpactClimateSectorEnergyConsumptionInGWh: { value: 20 } } },
    [P.protectedAreas]: "Yes",
    [P.emissionsToWater]: 5,
    [P.hazardousWaste]: undefined,
    [P.humanRightsProceedings]: "Yes",
    [P.ungcPolicy]: "No",
    [P.genderPayGap]: -3,
    [P.boardDiversity]: undefined,
    [P.femaleBoardMembers]: 2,
    [P.maleBoardMembers]: 6,
    [P.controversialWeapons]: "No",
  });
  // Gamma's SFDR data of 2024 waits for review: it is not used.
  await storeData(platform, "sfdr", gamma.companyId, "2024", {}, "Pending");
  const ghg = "environmental.greenhouseGasEmissions";
  await storeData(platform, "pcaf", alpha.companyId, "2024", {
    "general.company.companyExchangeStatus": "Listed",
    "companyValue.listedCompany.marketCapitalizationInEUR": 80_000_000,
    "companyValue.listedCompany.bookValueOfDebtInEUR": 15_000_000,
    "companyValue.listedCompany.minoritiesInterestInEUR": 5_000_000,
    [`${ghg}.scope1GhgEmissionsInTonnes`]: { value: 10_000, quality: "Audited" },
    [`${ghg}.scope2GhgEmissionsLocationBasedInTonnes`]: { value: 2_000, quality: "Reported" },
    [`${ghg}.scope3GhgEmissionsInTonnes`]: 30_000,
  });
  await storeData(platform, "pcaf", delta.companyId, "2024", {
    "general.company.companyExchangeStatus": "Unlisted",
    "companyValue.unlistedCompany.totalEquityAndDebtInEUR": 10_000_000,
    [`${ghg}.scope1GhgEmissionsInTonnes`]: undefined,
    "environmentalEstimation.greenhouseGasEmissions.scope1GhgEmissionsInTonnes": {
      value: 400,
      quality: "Estimated",
    },
    [`${ghg}.scope2GhgEmissionsLocationBasedInTonnes`]: undefined,
    [`${ghg}.scope2GhgEmissionsMarketBasedInTonnes`]: { value: 100, quality: "Reported" },
    [`${ghg}.scope3GhgEmissionsInTonnes`]: undefined,
    "environmentalEstimation.greenhouseGasEmissions.scope3GhgEmissionsInTonnes": undefined,
  });
}

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = await person(platform, "im_owner");
  reader = await person(platform, "im_reader");
  stranger = await person(platform, "im_stranger");
  admin = await person(platform, "im_admin", ["ROLE_USER", "ROLE_ADMIN"]);
  await seedCompanies();
  const created = await call<{ portfolioId: string }>(platform, "POST", "/users/portfolios/", owner, {
    portfolioName: "Worked example",
    identifiers: [ids.alpha, ids.beta, ids.gamma, ids.delta],
    isMonitored: false,
    monitoredFrameworks: [],
    notificationFrequency: "Weekly",
    sharedUserIds: [reader.userId],
  });
  portfolioId = created.body.portfolioId;
  const rates = await call(
    platform,
    "PUT",
    "/users/currency-rates",
    admin,
    "currency,rateToEur,date\nUSD,0.8,2024-12-31\nUSD,0.5,2025-06-30\nUSD,0.75,2023-12-31\n",
    "text/csv",
  );
  expect(rates.status).toBe(200);
}, 120_000);

afterAll(async () => platform?.close());

const workedExample = () => ({
  positions: [
    { companyId: ids.alpha, amount: 2_000_000, currency: "EUR", assetClass: "ListedEquityAndCorporateBonds" },
    { companyId: ids.beta, amount: 1_250_000, currency: "USD", assetClass: "ListedEquityAndCorporateBonds" },
    { companyId: ids.gamma, amount: 1_000_000, currency: "EUR", assetClass: "ListedEquityAndCorporateBonds" },
    { companyId: ids.delta, amount: 500_000, currency: "EUR", assetClass: "BusinessLoansAndUnlistedEquity" },
  ],
});

describe("who may do what", () => {
  it("lets the owner and admins set positions, readers only read them, and hides them from strangers", async () => {
    expect((await call(platform, "PUT", at("/positions"), reader, workedExample())).status).toBe(403);
    expect((await call(platform, "PUT", at("/positions"), stranger, workedExample())).status).toBe(404);
    expect((await call(platform, "PUT", at("/positions"), undefined, workedExample())).status).toBe(401);
    const stored = await call<Positions>(platform, "PUT", at("/positions"), owner, workedExample());
    expect(stored.status).toBe(200);
    expect(stored.body.positions.map((position) => position.companyName)).toEqual([
      "Alpha Energie AG",
      "Beta Textil GmbH",
      "Gamma Logistik SE",
      "Delta Darlehen GmbH",
    ]);
    for (const who of [owner, reader, admin])
      expect((await call<Positions>(platform, "GET", at("/positions"), who)).body.positions).toHaveLength(4);
    expect((await call(platform, "GET", at("/positions"), stranger)).status).toBe(404);
    expect((await call(platform, "GET", at("/positions"), undefined)).status).toBe(401);
    expect((await call(platform, "GET", "/users/portfolios/not-a-uuid/positions", owner)).status).toBe(404);
  });

  it("shows the impact report and its export to owner, reader and admin only", async () => {
    for (const who of [owner, reader, admin]) {
      expect((await call(platform, "GET", at("/impact?reportingPeriod=2024"), who)).status).toBe(200);
      expect(
        (await call(platform, "GET", at("/impact/export?format=csv&reportingPeriod=2024"), who)).status,
      ).toBe(200);
    }
    expect((await call(platform, "GET", at("/impact"), stranger)).status).toBe(404);
    expect((await call(platform, "GET", at("/impact/export?format=csv"), stranger)).status).toBe(404);
    expect((await call(platform, "GET", at("/impact"), undefined)).status).toBe(401);
  });

  it("lets readers not import, strangers not see the portfolio, and records an admin's change", async () => {
    const csv = `identifier,amount,currency,assetClass\n${ids.alpha},1,EUR,ListedEquityAndCorporateBonds\n`;
    const file = { name: "positions.csv", type: "text/csv", bytes: csv };
    expect((await uploadFile(platform, at("/positions/import?dryRun=true"), reader, file)).status).toBe(403);
    expect((await uploadFile(platform, at("/positions/import?dryRun=true"), stranger, file)).status).toBe(
      404,
    );
    expect((await call(platform, "PUT", at("/positions"), admin, workedExample())).status).toBe(200);
    const trail = await readAuditTrail(
      platform.database.db,
      { objectId: portfolioId },
      { limit: 10, offset: 0 },
    );
    expect(JSON.stringify(trail)).toContain("portfolio.positions-replaced");
  });

  it("lets everyone signed in read the currency rates and only admins set them", async () => {
    const rates = await call<{ rates: { currency: string; date: string }[] }>(
      platform,
      "GET",
      "/users/currency-rates",
      stranger,
    );
    expect(rates.body.rates.map((rate) => rate.date)).toEqual(["2025-06-30", "2024-12-31", "2023-12-31"]);
    expect((await call(platform, "GET", "/users/currency-rates", undefined)).status).toBe(401);
    const refused = await call(
      platform,
      "PUT",
      "/users/currency-rates",
      owner,
      "currency,rateToEur,date\nUSD,1,2024-01-01\n",
      "text/csv",
    );
    expect(refused.status).toBe(403);
    expect((await call(platform, "PUT", "/users/currency-rates", undefined, { rates: [] })).status).toBe(401);
  });
});

describe("positions", () => {
  it("refuses wrong entries all at once, naming each, and stores nothing", async () => {
    const wrong = await call<{ errors: { summary: string }[] }>(platform, "PUT", at("/positions"), owner, {
      positions: [
        { companyId: ids.alpha, amount: 0, currency: "ABC", assetClass: "ListedEquityAndCorporateBonds" },
        { companyId: ids.alpha, amount: 5, currency: "EUR", assetClass: "ListedEquityAndCorporateBonds" },
        {
          companyId: "1e63a842-1e65-43ed-b78a-5e7cec155c28",
          amount: 5,
          currency: "EUR",
          assetClass: "ListedEquityAndCorporateBonds",
        },
      ],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((error) => error.summary)).toEqual([
      "Invalid positions[0].currency",
      "Invalid positions[0].amount",
      "Invalid positions[1].assetClass",
      "Invalid positions[2].companyId",
    ]);
    expect(
      (
        await call(platform, "PUT", at("/positions"), owner, {
          positions: [{ companyId: ids.alpha, amount: 1, currency: "EUR", assetClass: "Mortgages" }],
        })
      ).status,
    ).toBe(400);
    expect((await call<Positions>(platform, "GET", at("/positions"), owner)).body.positions).toHaveLength(4);
  });

  it("imports nothing from a file with a wrong row and lists every such row", async () => {
    const csv = [
      "LEI;Amount;Currency;Asset class",
      `${betaLei};"1,250,000";usd;Listed equity and corporate bonds`,
      "529900NOSUCHCOMPANY00;100;EUR;ListedEquityAndCorporateBonds",
      `${ids.alpha};-5;EURO;Mortgages`,
      `${betaLei};10;USD;ListedEquityAndCorporateBonds`,
    ].join("\r\n");
    const result = await uploadFile(platform, at("/positions/import"), owner, {
      name: "p.csv",
      type: "text/csv",
      bytes: csv,
    });
    expect(result.status).toBe(422);
    expect(result.body.rowErrors).toEqual([
      {
        row: 3,
        identifier: "529900NOSUCHCOMPANY00",
        column: "identifier",
        message: "No company has this identifier.",
      },
      {
        row: 4,
        identifier: ids.alpha,
        column: "amount",
        message: "Amount '-5' is not a number greater than 0.",
      },
      {
        row: 4,
        identifier: ids.alpha,
        column: "currency",
        message: "Unknown currency 'EURO' (ISO 4217 codes only).",
      },
      {
        row: 4,
        identifier: ids.alpha,
        column: "assetClass",
        message:
          "Unknown asset class 'Mortgages': ListedEquityAndCorporateBonds or BusinessLoansAndUnlistedEquity.",
      },
      {
        row: 5,
        identifier: betaLei,
        column: "identifier",
        message: "Duplicate of row 2 (same company and asset class).",
      },
    ]);
    expect((result.body.errors as { summary: string }[])[0]?.summary).toBe("3 rows cannot be imported");
    expect((await call<Positions>(platform, "GET", at("/positions"), owner)).body.positions).toHaveLength(4);
  });

  it("imports an Excel file, checks a dry run without storing, merges and replaces", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Holdings");
    sheet.addRow(["Identifier", "Amount", "Currency", "Asset class"]);
    sheet.addRow([betaLei, 750_000, "GBP", "BusinessLoansAndUnlistedEquity"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const xlsx = {
      name: "p.xlsx",
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      bytes,
    };
    const dry = await uploadFile(platform, at("/positions/import?mode=merge&dryRun=true"), owner, xlsx);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ stored: false, rows: 1 });
    expect((dry.body.positions as unknown[]).length).toBe(5);
    expect((await call<Positions>(platform, "GET", at("/positions"), owner)).body.positions).toHaveLength(4);
    const merged = await uploadFile(platform, at("/positions/import?mode=merge"), owner, xlsx);
    expect(merged.body).toMatchObject({ stored: true, rows: 1 });
    expect((await call<Positions>(platform, "GET", at("/positions"), owner)).body.positions).toHaveLength(5);
    const replaced = await uploadFile(platform, at("/positions/import"), owner, xlsx);
    expect((replaced.body.positions as unknown[]).length).toBe(1);
    expect((await call(platform, "PUT", at("/positions"), owner, workedExample())).status).toBe(200);
  });

  it("refuses a file without the columns, an empty one, and one that is neither CSV nor Excel", async () => {
    const noColumns = await uploadFile(platform, at("/positions/import"), owner, {
      name: "p.csv",
      type: "text/csv",
      bytes: "name,value\nx,1\n",
    });
    expect(noColumns.status).toBe(400);
    expect(JSON.stringify(noColumns.body)).toContain("missing: identifier, currency, assetClass");
    expect(
      (
        await uploadFile(platform, at("/positions/import"), owner, {
          name: "p.csv",
          type: "text/csv",
          bytes: "",
        })
      ).status,
    ).toBe(400);
    const binary = new Uint8Array([0, 1, 2, 3, 0, 5]);
    expect(
      (
        await uploadFile(platform, at("/positions/import"), owner, {
          name: "p.bin",
          type: "application/octet-stream",
          bytes: binary,
        })
      ).status,
    ).toBe(400);
  });
});

describe("the impact report of the worked example", () => {
  it("computes the indicators of docs/impact.md from the stored data, converting USD at the rate of the period's end", async () => {
    const response = await call<Report>(platform, "GET", at("/impact?reportingPeriod=2024"), reader);
    expect(response.status).toBe(200);
    const report = response.body;
    expect(report).toMatchObject({
      reportingPeriod: "2024",
      currency: "EUR",
      availableReportingPeriods: ["2024"],
    });
    expect(report.ratesUsed).toEqual([{ currency: "USD", rateToEur: 0.8, date: "2024-12-31" }]);
    expect(report.totalValue).toBeCloseTo(4_500_000, 6);
    const metrics = metricsOf(report);
    // Delta (500,000 EUR) has no SFDR data: the worked example's 4,000,000 plus Delta's 500,000.
    const all = 4_500_000;
    const expected: [string, number, number][] = [
      ["1.scope1", 250, 3_000_000 / all],
      ["1.scope2", 65, 3_000_000 / all],
      ["1.scope3", 600, 2_000_000 / all],
      ["1.total", 840, 2_000_000 / all],
      ["2.carbonFootprint", 840 / 4.5, 2_000_000 / all],
      ["3.ghgIntensity", (2 / 4.5) * 840, 2_000_000 / all],
      ["4.fossilFuel", (2 / 4.5) * 100, 3_000_000 / all],
      ["5.consumption", 50, 3_000_000 / all],
      ["6.C", 2, 1_000_000 / all],
      ["7.biodiversity", (1 / 4.5) * 100, 3_000_000 / all],
      ["12.genderPayGap", 7, 3_000_000 / all],
      ["13.boardDiversity", 35, 3_000_000 / all],
      ["14.controversialWeapons", 0, 3_000_000 / all],
    ];
    for (const [key, value, coverage] of expected) {
      expect(metrics.get(key)?.value, key).toBeCloseTo(value, 6);
      expect(metrics.get(key)?.coverage, key).toBeCloseTo(coverage, 9);
    }
    const scope1 = metrics.get("1.scope1") as Metric;
    expect(scope1.inputs.find((input) => input.companyName === "Beta Textil GmbH")).toMatchObject({
      positionValue: 1_000_000,
      contribution: 50,
    });
    // The pending dataset is not used: Gamma counts as without data.
    expect(scope1.missingCompanies.map((company) => [company.companyName, company.reason])).toEqual([
      ["Gamma Logistik SE", "NoDataset"],
      ["Delta Darlehen GmbH", "NoDataset"],
    ]);
    expect(report.pcaf.totals).toMatchObject({
      outstandingAmount: 4_500_000,
      financedScope1: 220,
      financedScope2: 45,
    });
    expect(
      report.pcaf.assetClasses.map((entry) => [
        entry.assetClass,
        entry.financedScope1,
        entry.weightedDataQualityScore,
      ]),
    ).toEqual([
      ["ListedEquityAndCorporateBonds", 200, 2],
      ["BusinessLoansAndUnlistedEquity", 20, 4],
    ]);
  });

  it("states the report in another currency and takes the default period from the data", async () => {
    const report = (await call<Report>(platform, "GET", at("/impact?currency=usd"), owner)).body;
    expect(report).toMatchObject({ reportingPeriod: "2024", currency: "USD" });
    expect(report.totalValue).toBeCloseTo(4_500_000 / 0.8, 6);
    const footprint = metricsOf(report).get("2.carbonFootprint") as Metric;
    expect(footprint.unit).toBe("t CO2e / M USD invested");
    expect(footprint.value).toBeCloseTo((840 / 4.5) * 0.8, 6);
    // The rate of 2023 for a report of 2023; no rate on or before the end of 2022: the oldest after it.
    expect(
      (await call<Report>(platform, "GET", at("/impact?reportingPeriod=2023"), owner)).body.ratesUsed,
    ).toEqual([{ currency: "USD", rateToEur: 0.75, date: "2023-12-31" }]);
    expect(
      (await call<Report>(platform, "GET", at("/impact?reportingPeriod=2022"), owner)).body.ratesUsed[0]
        ?.date,
    ).toBe("2023-12-31");
  });

  it("leaves out positions in a currency without a rate, saying so, and refuses a report currency without one", async () => {
    const positions = workedExample().positions;
    positions.push({
      companyId: ids.gamma,
      amount: 1_000_000,
      currency: "JPY",
      assetClass: "BusinessLoansAndUnlistedEquity",
    });
    expect((await call(platform, "PUT", at("/positions"), owner, { positions })).status).toBe(200);
    const report = (await call<Report>(platform, "GET", at("/impact?reportingPeriod=2024"), owner)).body;
    expect(report.excludedPositions).toEqual([
      expect.objectContaining({ companyName: "Gamma Logistik SE", currency: "JPY", reason: "NoRate" }),
    ]);
    expect(report.totalValue).toBeCloseTo(4_500_000, 6);
    const noRate = await call<{ errors: { summary: string }[] }>(
      platform,
      "GET",
      at("/impact?currency=GBP"),
      owner,
    );
    expect(noRate.status).toBe(400);
    expect(noRate.body.errors[0]?.summary).toBe("No currency rate");
    expect((await call(platform, "GET", at("/impact?currency=XYZ"), owner)).status).toBe(400);
    expect((await call(platform, "GET", at("/impact?reportingPeriod=24"), owner)).status).toBe(400);
    expect((await call(platform, "PUT", at("/positions"), owner, workedExample())).status).toBe(200);
  });

  it("exports the report in the shape of Table 1 as CSV and Excel", async () => {
    const csv = await call<string>(
      platform,
      "GET",
      at("/impact/export?format=csv&reportingPeriod=2024"),
      owner,
    );
    expect(csv.headers.get("content-disposition")).toBe(
      'attachment; filename="impact-Worked-example-2024.csv"',
    );
    expect(csv.body).toContain(
      "Adverse sustainability indicator,Metric,Impact 2024,Unit,Coverage (%),Explanation",
    );
    expect(csv.body).toContain("1. GHG emissions,Scope 1 GHG emissions,250,t CO2e,66.7,");
    expect(csv.body).toContain("Total,4500000,55.6,220,45,600,865,2.4");
    const response = await platform.request(at("/impact/export?format=xlsx&reportingPeriod=2024"), {
      headers: { authorization: owner.authorization },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Table 1");
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.find((row) => row[1] === "Scope 1 GHG emissions")?.[2]).toBe(250);
    expect((await call(platform, "GET", at("/impact/export?format=pdf"), owner)).status).toBe(400);
  });
});

describe("currency rates", () => {
  it("refuses every wrong line of a rates file at once and keeps the rates as they were", async () => {
    const wrong = await call<{ errors: { summary: string; message: string }[] }>(
      platform,
      "PUT",
      "/users/currency-rates",
      admin,
      "currency;rateToEur;date\nUSD;0;2024-12-31\nEUR;1;2024-12-31\nXXX;1;2024-02-30\nGBP;1.2;2024-12-31\nGBP;1.3;2024-12-31\n",
      "text/csv",
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((error) => error.summary)).toEqual([
      "Invalid line 2",
      "Invalid line 3",
      "Invalid line 4",
      "Invalid line 6",
    ]);
    expect(
      (await call<{ rates: unknown[] }>(platform, "GET", "/users/currency-rates", owner)).body.rates,
    ).toHaveLength(3);
    const json = await call(platform, "PUT", "/users/currency-rates", admin, {
      rates: [{ currency: "usd", rateToEur: -1, date: "x" }],
    });
    expect(json.status).toBe(400);
  });
});

describe("portfolio deletion", () => {
  const positionsStoredFor = async (id: string) =>
    (
      await sql<{
        count: number;
      }>`select count(*)::int as count from impact_position where portfolio_id = ${id}`.execute(
        platform.database.db,
      )
    ).rows[0]?.count;

  async function portfolioWithPositions(by: Person, name: string): Promise<string> {
    const created = await call<{ portfolioId: string }>(platform, "POST", "/users/portfolios/", by, {
      portfolioName: name,
      identifiers: [ids.alpha, ids.beta, ids.gamma, ids.delta],
      isMonitored: false,
      monitoredFrameworks: [],
      notificationFrequency: "Weekly",
      sharedUserIds: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.portfolioId;
    expect(
      (await call(platform, "PUT", `/users/portfolios/${id}/positions`, by, workedExample())).status,
    ).toBe(200);
    expect(await positionsStoredFor(id)).toBe(4);
    return id;
  }

  it("takes the portfolio's positions along when the owner deletes it", async () => {
    const id = await portfolioWithPositions(owner, "Deleted with its positions");
    const kept = await portfolioWithPositions(owner, "Kept with its positions");
    expect((await call(platform, "DELETE", `/users/portfolios/${id}`, owner)).status).toBe(204);
    expect(await positionsStoredFor(id)).toBe(0);
    expect(await positionsStoredFor(kept)).toBe(4);
  });

  it("takes the positions of a deleted user's portfolios along", async () => {
    const leaving = await person(platform, "im_leaving");
    const id = await portfolioWithPositions(leaving, "Of a user who leaves");
    expect((await call(platform, "DELETE", `/admin-api/users/${leaving.userId}`, admin)).status).toBe(204);
    // The portfolios module forgets a deleted user when the user-deleted event is dispatched.
    await platform.background.settle();
    expect(await positionsStoredFor(id)).toBe(0);
  });
});
