import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../apps/server/src/modules/documents/test-files";
import { type FrameworkId, getFramework } from "../packages/frameworks/src/index";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The id prefix the upload form gives a field: `ff-` and the path with dashes. */
const ff = (path: string) => `#ff-${path.replaceAll(".", "-")}`;

interface Journey {
  framework: Exclude<FrameworkId, "sfdr">;
  /** Values typed (`fill`) or chosen (`select`) by field path, in order (conditions first). */
  answers: { path: string; fill?: string; select?: string }[];
  /** A field whose data source is the added report (frameworks that cite reports). */
  cite?: string;
  /** Text the framework view shows afterwards. */
  shown: string;
}

const journeys: Journey[] = [
  {
    framework: "eutaxonomy-financials",
    answers: [
      { path: "general.general.fiscalYearDeviation", select: "NoDeviation" },
      { path: "general.general.numberOfEmployees", fill: "1234" },
    ],
    cite: "general.general.numberOfEmployees",
    shown: "1,234",
  },
  {
    framework: "eutaxonomy-non-financials",
    answers: [
      { path: "general.fiscalYearDeviation", select: "Deviation" },
      { path: "general.numberOfEmployees", fill: "2345" },
      { path: "revenue.substantialContributionToClimateChangeMitigationInPercentEligible", fill: "12.5" },
    ],
    cite: "general.numberOfEmployees",
    shown: "2,345",
  },
  {
    framework: "nuclear-and-gas",
    answers: [{ path: "general.general.nuclearEnergyRelatedActivitiesSection426", select: "Yes" }],
    cite: "general.general.nuclearEnergyRelatedActivitiesSection426",
    shown: "Yes",
  },
  {
    framework: "lksg",
    answers: [
      { path: "general.masterData.dataDate", fill: "2024-06-30" },
      { path: "general.masterData.groupOfCompanies", select: "Yes" },
      // Shown only once the company belongs to a group.
      { path: "general.masterData.groupOfCompaniesName", fill: "Journey Group Holding" },
    ],
    shown: "Journey Group Holding",
  },
  {
    framework: "pcaf",
    answers: [
      { path: "general.general.fiscalYearDeviation", select: "NoDeviation" },
      { path: "companyValue.listedCompany.marketCapitalizationInEUR", fill: "5000000" },
    ],
    cite: "companyValue.listedCompany.marketCapitalizationInEUR",
    shown: "5,000,000 EUR",
  },
  {
    framework: "vsme",
    answers: [
      { path: "basic.workforceGeneralCharacteristics.measureEmployees", select: "FullTimeEquivalents" },
      // Shown only when employees are measured in full-time equivalents.
      { path: "basic.workforceGeneralCharacteristics.numberOfEmployeesInFte", fill: "42" },
      { path: "basic.energyAndGreenhousGasEmissions.electricityTotalInMWh", fill: "777" },
    ],
    cite: "basic.energyAndGreenhousGasEmissions.electricityTotalInMWh",
    shown: "777 MWh",
  },
];

describe.skipIf(!hasChromium)("uploading every other framework in the browser", () => {
  const run = Date.now().toString(36);
  const folder = mkdtempSync(join(tmpdir(), "openverde-frameworks-"));
  const companyName = `Framework Journeys ${run} AG`;
  let browser: Browser;
  let page: Page;
  let companyId = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, e2eBaseUrl());
    page.on("dialog", (dialog) => void dialog.accept());
    await signInThroughBrowser(page, "data_uploader", "password", "/companies/choose");
    // A company of its own, so the journeys' datasets are easy to find and change nobody else's.
    await page.getByRole("button", { name: "Add a new company" }).click();
    await page.getByLabel("Legal name").fill(companyName);
    await page.getByLabel("City of the registered office").fill("Berlin");
    await page.getByLabel("Country").selectOption("DE");
    await page
      .getByLabel("Identifier 1", { exact: true })
      .fill(`${run.toUpperCase().padEnd(18, "Y").slice(0, 18)}17`);
    await page.getByRole("button", { name: "Save the company and continue" }).click();
    await page.waitForURL(/\/companies\/[^/]+\/frameworks\/upload$/, { timeout: 30_000 });
    companyId = new URL(page.url()).pathname.split("/")[2] ?? "";
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(journeys)(
    "$framework: fills the form, cites a report, submits and finds the dataset",
    async ({ framework, answers, cite, shown }) => {
      const label = getFramework(framework).label;
      await page.goto(`/companies/${companyId}/frameworks/${framework}/upload`);
      await page.getByRole("heading", { name: `Upload ${label} data` }).waitFor();
      await page.getByLabel("Reporting period").selectOption("2024");

      const reportName = `Report ${framework} ${run}`;
      if (cite) {
        const file = join(folder, `${reportName}.pdf`);
        writeFileSync(file, samplePdf(`${label} report ${run}`, 2));
        await page.locator("input[type=file]").setInputFiles(file);
        await page.getByText("Sent with the dataset").first().waitFor();
      }

      await page.getByRole("button", { name: "Open all sections" }).click();
      for (const answer of answers) {
        const input = page.locator(`${ff(answer.path)}-value`);
        if (answer.select !== undefined) await input.selectOption(answer.select);
        else await input.fill(answer.fill ?? "");
      }
      if (cite) {
        await page.locator(`${ff(cite)}-report`).selectOption({ label: reportName });
        await page.locator(`${ff(cite)}-page`).fill("2");
      }

      await page.getByRole("button", { name: "Submit dataset" }).click();
      await page.getByRole("heading", { name: "Dataset uploaded" }).waitFor({ timeout: 30_000 });
      const viewHref = await page.getByRole("link", { name: "View the new dataset" }).getAttribute("href");
      expect(viewHref).toMatch(new RegExp(`/companies/${companyId}/frameworks/${framework}/[^/]+$`));

      await page.getByRole("link", { name: "Go to my datasets" }).click();
      await page.waitForURL(/\/datasets$/);
      const row = page.getByRole("row").filter({ hasText: companyName }).filter({ hasText: label }).first();
      await row.waitFor();
      await expect(row.textContent()).resolves.toMatch(/2024/);

      await page.goto(viewHref ?? "/");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByText(shown, { exact: true }).first().waitFor();
      if (cite) await page.locator("a.fv-source").first().waitFor();
    },
  );
});
