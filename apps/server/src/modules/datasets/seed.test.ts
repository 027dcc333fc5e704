import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemo } from "../../app";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { DEMO_COMPANY_ID } from "../companies/service";

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
