import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemo } from "../../app";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { DEMO_COMPANY_ID } from "../companies/service";
import { json, user } from "./test-helpers";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ demo: true });
}, 300_000);
afterAll(async () => platform?.close());

const counts = async () =>
  (
    await sql<{ data_type: string; qa_status: string; n: number }>`
      select data_type, qa_status, count(*)::int as n from dataset group by 1, 2 order by 1, 2`.execute(
      platform.database.db,
    )
  ).rows;

it("seeds datasets in every framework over 2020 to 2025, some pending, VSME for the demo company, once", async () => {
  const first = await counts();
  const types = new Set(first.map((row) => row.data_type));
  for (const type of [
    "sfdr",
    "eutaxonomy-financials",
    "eutaxonomy-non-financials",
    "nuclear-and-gas",
    "lksg",
    "pcaf",
    "vsme",
  ])
    expect(types.has(type)).toBe(true);
  expect(first.some((row) => row.qa_status === "Pending")).toBe(true);
  const periods = await sql<{ reporting_period: string }>`
    select distinct reporting_period from dataset where company_id = ${DEMO_COMPANY_ID} order by 1`.execute(
    platform.database.db,
  );
  expect(periods.rows.map((row) => row.reporting_period)).toEqual([
    "2020",
    "2021",
    "2022",
    "2023",
    "2024",
    "2025",
  ]);
  const vsme = await sql<{ n: number }>`
    select count(*)::int as n from dataset where company_id = ${DEMO_COMPANY_ID} and data_type = 'vsme'`.execute(
    platform.database.db,
  );
  expect(vsme.rows[0]?.n).toBe(1);
  await seedDemo(platform.context, platform.composition);
  expect(await counts()).toEqual(first);
}, 300_000);

it("seeds the 2026/73 taxonomy versions for 2024 and 2025 beside the older ones, with plausible figures", async () => {
  const rows = await sql<{ data_type: string; company_id: string; reporting_period: string }>`
    select data_type, company_id, reporting_period from dataset
    where data_type like '%-2026-73' order by 1, 2, 3`.execute(platform.database.db);
  expect(new Set(rows.rows.map((row) => row.data_type))).toEqual(
    new Set(["eutaxonomy-financials-2026-73", "eutaxonomy-non-financials-2026-73"]),
  );
  expect(new Set(rows.rows.map((row) => row.reporting_period))).toEqual(new Set(["2024", "2025"]));
  for (const row of rows.rows) {
    const older = await sql<{ n: number }>`
      select count(*)::int as n from dataset
      where company_id = ${row.company_id} and data_type = ${row.data_type.replace("-2026-73", "")}`.execute(
      platform.database.db,
    );
    expect(older.rows[0]?.n, `${row.company_id} has the older ${row.data_type}`).toBeGreaterThan(0);
  }
  expect(new Set(rows.rows.map((row) => row.company_id)).size).toBeGreaterThan(2);
  const reader = await user(platform, "seed-reader", ["ROLE_USER"]);
  type Bank = {
    metaInfo: { reportingPeriod: string };
    data: {
      general: { general: { fiscalYearEnd: { value: string } } };
      creditInstitution: { turnoverBasedGreenAssetRatioStock: Record<string, { value: number }> };
    };
  };
  const bank = (await (
    await platform.request(
      `/api/data/eutaxonomy-financials-2026-73/companies/${DEMO_COMPANY_ID}`,
      json(reader.authorization),
    )
  ).json()) as Bank[];
  const latest = bank.find((entry) => entry.metaInfo.reportingPeriod === "2025");
  expect(latest?.data.general.general.fiscalYearEnd.value).toBe("2025-12-31");
  const stock = latest?.data.creditInstitution.turnoverBasedGreenAssetRatioStock ?? {};
  expect(stock.substantialContributionToClimateChangeMitigationInPercentAligned?.value).toBeLessThanOrEqual(
    12,
  );
}, 300_000);
