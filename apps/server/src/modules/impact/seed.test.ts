import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../app";
import { signIn } from "../../testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { DEMO_PORTFOLIO_ID } from "./seed";
import { call, type Person } from "./test-helpers";

interface Report {
  reportingPeriod: string;
  totalValue: number;
  excludedPositions: unknown[];
  pai: {
    indicators: {
      number: number;
      metrics: { key: string; value: number | null; coverage: number; missingCompanies: unknown[] }[];
    }[];
  };
  pcaf: {
    totals: { coverage: number; financedScope1: number | null; weightedDataQualityScore: number | null };
  };
}

let platform: TestPlatform;
let reader: Person;

beforeAll(async () => {
  platform = await startTestPlatform({ demo: true });
  reader = await signIn(platform, { username: "data_reader", roles: ["ROLE_USER"] });
}, 300_000);

afterAll(async () => platform?.close());

describe("the demo portfolio's impact report", () => {
  it("has positions in several currencies and both asset classes, and the demo rates to convert them", async () => {
    const positions = await call<{ positions: { currency: string; assetClass: string }[] }>(
      platform,
      "GET",
      `/users/portfolios/${DEMO_PORTFOLIO_ID}/positions`,
      reader,
    );
    expect(positions.status).toBe(200);
    expect(new Set(positions.body.positions.map((position) => position.currency)).size).toBeGreaterThan(3);
    expect(new Set(positions.body.positions.map((position) => position.assetClass)).size).toBe(2);
  });

  it("shows every indicator with a figure and partial coverage, by default and for earlier years", async () => {
    // "" asks for the default period: the newest in which the most companies have data.
    for (const period of ["", "2023", "2024"]) {
      const response = await call<Report>(
        platform,
        "GET",
        `/users/portfolios/${DEMO_PORTFOLIO_ID}/impact${period ? `?reportingPeriod=${period}` : ""}`,
        reader,
      );
      expect(response.status).toBe(200);
      const report = response.body;
      expect(report.excludedPositions).toEqual([]);
      expect(report.pai.indicators).toHaveLength(14);
      for (const indicator of report.pai.indicators) {
        const covered = indicator.metrics.filter((metric) => metric.value !== null && metric.coverage > 0);
        // Indicator 6 has one metric per high impact sector; the demo companies are active in all nine.
        expect(covered.length, `indicator ${indicator.number} in ${period}`).toBe(indicator.metrics.length);
        for (const metric of indicator.metrics) expect(metric.coverage, metric.key).toBeLessThan(1);
      }
      expect(report.pcaf.totals.financedScope1).toBeGreaterThan(0);
      expect(report.pcaf.totals.coverage).toBeGreaterThan(0);
      expect(report.pcaf.totals.weightedDataQualityScore).toBeGreaterThanOrEqual(1);
    }
  });

  it("is the same after seeding again", async () => {
    const read = async () => ({
      positions: (await call(platform, "GET", `/users/portfolios/${DEMO_PORTFOLIO_ID}/positions`, reader))
        .body,
      rates: (await call(platform, "GET", "/users/currency-rates", reader)).body,
    });
    const before = await read();
    await seedDemo(platform.context, platform.composition);
    expect(await read()).toEqual(before);
  });
});
