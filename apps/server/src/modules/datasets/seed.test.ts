import { type FrameworkId, validateFrameworkData } from "@openverde/frameworks";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemo } from "../../app";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { demoCompanies } from "../companies";
import { DEMO_COMPANY_ID } from "../companies/service";
import { fitsSector } from "./seed";
import { fiscalYearOf } from "./seed-realism";
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
  // The demo company's fiscal year ends in March: its 2025 ends on 31 March 2026.
  expect(latest?.data.general.general.fiscalYearEnd.value).toBe("2026-03-31");
  const stock = latest?.data.creditInstitution.turnoverBasedGreenAssetRatioStock ?? {};
  expect(stock.substantialContributionToClimateChangeMitigationInPercentAligned?.value).toBeLessThanOrEqual(
    12,
  );
}, 300_000);

interface SeededDataset {
  company_id: string;
  data_type: string;
  reporting_period: string;
  data: string | Record<string, unknown>;
}

const seededDatasets = async () =>
  (
    await sql<SeededDataset>`
      select company_id, data_type, reporting_period, data from dataset order by 1, 2, 3`.execute(
      platform.database.db,
    )
  ).rows.map((row) => ({ ...row, data: typeof row.data === "string" ? JSON.parse(row.data) : row.data }));

/** Every object of a dataset's data with the dotted path (list positions left out) it sits at. */
function* objectsOf(node: unknown, path = ""): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) for (const item of node) yield* objectsOf(item, path);
  else if (typeof node === "object" && node !== null) {
    yield [path, node as Record<string, unknown>];
    for (const [key, value] of Object.entries(node)) yield* objectsOf(value, path ? `${path}.${key}` : key);
  }
}

it("writes demo data as an analyst would: comments in words, dates in the year, a quality fitting the value", async () => {
  const companies = new Map(demoCompanies().map((company) => [company.companyId, company.information]));
  for (const dataset of await seededDatasets()) {
    const year = fiscalYearOf(dataset.reporting_period, companies.get(dataset.company_id)?.fiscalYearEnd);
    const where = `${dataset.data_type} ${dataset.reporting_period} of ${dataset.company_id}`;
    expect(validateFrameworkData(dataset.data_type as FrameworkId, dataset.data), where).toEqual([]);
    for (const [path, node] of objectsOf(dataset.data)) {
      if (typeof node.comment === "string")
        expect(node.comment, `${where} ${path}`).not.toMatch(/ExtendedDataPoint|\d{3}$/);
      if (node.value !== null && node.value !== undefined)
        expect(String(node.quality ?? ""), `${where} ${path}`).not.toMatch(/^No ?Data ?Found$/i);
      for (const [key, value] of Object.entries(node)) {
        if (key === "publicationDate" || typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value))
          continue;
        expect(value >= year.start && value <= year.end, `${where} ${path}.${key} ${value}`).toBe(true);
      }
    }
  }
}, 300_000);

it("cites reports of the dataset's own year, at pages their PDFs have, under the names the documents page shows", async () => {
  const documents = new Map(
    (
      await sql<{ document_id: string; document_name: string; reporting_period: string | null }>`
        select document_id, document_name, reporting_period from document`.execute(platform.database.db)
    ).rows.map((row) => [row.document_id, row]),
  );
  const pageCounts = new Map<string, number>();
  const pagesOf = async (documentId: string) => {
    if (!pageCounts.has(documentId)) {
      const reader = await user(platform, "seed-reader", ["ROLE_USER"]);
      const response = await platform.request(`/documents/${documentId}`, {
        headers: { authorization: reader.authorization },
      });
      const pdf = Buffer.from(await response.arrayBuffer()).toString("latin1");
      pageCounts.set(documentId, Number(/\/Type \/Pages .*\/Count (\d+)/.exec(pdf)?.[1] ?? 0));
    }
    return pageCounts.get(documentId) ?? 0;
  };
  for (const dataset of (await seededDatasets()).filter((row) => row.company_id === DEMO_COMPANY_ID)) {
    const where = `${dataset.data_type} ${dataset.reporting_period}`;
    for (const [path, node] of objectsOf(dataset.data)) {
      if (typeof node.fileReference !== "string") continue;
      const document = documents.get(node.fileReference);
      expect(document?.reporting_period, `${where} ${path}`).toBe(dataset.reporting_period);
      expect(node.fileName, `${where} ${path}`).toBe(document?.document_name);
      if (typeof node.page === "string") {
        const last = Math.max(...node.page.split("-").map(Number));
        expect(last, `${where} ${path}`).toBeLessThanOrEqual(await pagesOf(node.fileReference));
      }
    }
  }
}, 300_000);

it("moves figures plausibly from one year to the next", async () => {
  const figures = new Map<string, number>();
  let compared = 0;
  for (const dataset of await seededDatasets()) {
    for (const [path, node] of objectsOf(dataset.data)) {
      if (typeof node.value !== "number" || Math.abs(node.value) < 10) continue;
      const key = `${dataset.company_id} ${dataset.data_type} ${path}`;
      const before = figures.get(`${key} ${Number(dataset.reporting_period) - 1}`);
      figures.set(`${key} ${dataset.reporting_period}`, node.value);
      if (before === undefined) continue;
      compared++;
      const ratio = node.value / before;
      expect(
        ratio > 0.75 && ratio < 1.33,
        `${key} ${dataset.reporting_period}: ${before} → ${node.value}`,
      ).toBe(true);
    }
  }
  expect(compared).toBeGreaterThan(1000);
  type Ghg = Record<string, { value?: number } | undefined>;
  for (const dataset of (await seededDatasets()).filter((row) => row.data_type === "sfdr")) {
    const ghg = (dataset.data as { environmental: { greenhouseGasEmissions: Ghg } }).environmental
      .greenhouseGasEmissions;
    const sum = (ghg.scope1GhgEmissionsInTonnes?.value ?? 0) + (ghg.scope2GhgEmissionsInTonnes?.value ?? 0);
    expect(ghg.scope1And2GhgEmissionsInTonnes?.value).toBeCloseTo(sum, 1);
  }
}, 300_000);

it("gives the other demo companies frameworks that fit their sector", async () => {
  const companies = new Map(demoCompanies().map((company) => [company.companyId, company.information]));
  const rows = await sql<{ company_id: string; data_type: string }>`
    select distinct company_id, data_type from dataset where company_id <> ${DEMO_COMPANY_ID}`.execute(
    platform.database.db,
  );
  expect(rows.rows.length).toBeGreaterThan(6);
  for (const row of rows.rows) {
    const sector = companies.get(row.company_id)?.sector;
    const framework = row.data_type.replace("-2026-73", "") as FrameworkId;
    expect(fitsSector(framework, sector), `${row.data_type} of a company in ${sector}`).toBe(true);
  }
  const financials = rows.rows.filter((row) => row.data_type === "eutaxonomy-financials");
  expect(financials.every((row) => companies.get(row.company_id)?.sector === "Financials")).toBe(true);
}, 300_000);

it("shows a cited figure on the cited page of the demo report", async () => {
  const sfdr = (await seededDatasets()).find(
    (row) =>
      row.company_id === DEMO_COMPANY_ID && row.data_type === "sfdr" && row.reporting_period === "2025",
  );
  if (!sfdr) throw new Error("no SFDR 2025 dataset of the demo company");
  type Point = { value: number; dataSource: { fileReference: string; page: string } };
  const scope1 = (sfdr.data as { environmental: { greenhouseGasEmissions: Record<string, Point> } })
    .environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes as Point;
  const reader = await user(platform, "seed-reader", ["ROLE_USER"]);
  const response = await platform.request(`/documents/${scope1.dataSource.fileReference}`, {
    headers: { authorization: reader.authorization },
  });
  const pdf = Buffer.from(await response.arrayBuffer()).toString("latin1");
  const page = pdf
    .split("endstream")
    .find((stream) => stream.includes(`(Page ${scope1.dataSource.page} of `));
  expect(page).toContain(`Scope 1 GHG emissions: ${scope1.value.toLocaleString("en-GB")}`);
}, 300_000);
