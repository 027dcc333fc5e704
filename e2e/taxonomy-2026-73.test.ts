import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../apps/server/src/modules/documents/test-files";
import { getFramework } from "../packages/frameworks/src/index";
import { apiPost } from "./support/api";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The id prefix the upload form gives a field: `ff-` and the path with dashes. */
const ff = (path: string) => `#ff-${path.replaceAll(".", "-")}`;

const NEWER = "eutaxonomy-non-financials-2026-73";
const OLDER = "eutaxonomy-non-financials";

describe.skipIf(!hasChromium)("EU Taxonomy 2026/73 non-financials in the browser", () => {
  const run = Date.now().toString(36);
  const folder = mkdtempSync(join(tmpdir(), "openverde-taxonomy-"));
  const companyName = `Taxonomy 2026 Journey ${run} SE`;
  let browser: Browser;
  let page: Page;
  let companyId = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    // bypassCSP: the server's CSP forbids inline scripts, and axe is added as one.
    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await signInThroughBrowser(page, "data_admin");
    // A company of its own with an older Taxonomy dataset, so the journey changes nobody else's data.
    const company = await apiPost(page, "/api/companies", {
      companyName,
      headquarters: "Hamburg",
      countryCode: "DE",
      identifiers: {},
    });
    companyId = company.companyId ?? "";
    await apiPost(page, `/api/data/${OLDER}?bypassQa=true`, {
      companyId,
      reportingPeriod: "2023",
      data: { general: { numberOfEmployees: { value: 1200 } } },
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("uploads a dataset with a report, finds it in the cockpit beside the older one and opens its source at the page", async () => {
    const newer = getFramework(NEWER);
    const older = getFramework(OLDER);
    await page.goto(`/companies/${companyId}/frameworks/${NEWER}/upload`);
    await page.getByRole("heading", { name: `Upload ${newer.label} data` }).waitFor();
    await page.getByLabel("Reporting period").selectOption("2025");
    await page.getByLabel(/Bypass quality review/).check();

    const reportName = `Taxonomy report ${run}`;
    const file = join(folder, `${reportName}.pdf`);
    writeFileSync(file, samplePdf(`${newer.label} report ${run}`, 3));
    await page.locator("input[type=file]").setInputFiles(file);
    await page.getByText("Sent with the dataset").first().waitFor();

    await page.getByRole("button", { name: "Open all sections" }).click();
    await page.locator(`${ff("general.fiscalYearDeviation")}-value`).selectOption("NoDeviation");
    await page.locator(`${ff("general.numberOfEmployees")}-value`).fill("4321");
    await page.locator(`${ff("general.numberOfEmployees")}-report`).selectOption({ label: reportName });
    await page.locator(`${ff("general.numberOfEmployees")}-page`).fill("2");
    await page.getByRole("button", { name: "Submit dataset" }).click();
    await page.getByRole("heading", { name: "Dataset uploaded" }).waitFor({ timeout: 30_000 });

    // The cockpit shows both versions of the Taxonomy, each named with its regulation.
    await page.goto(`/companies/${companyId}`);
    await page.getByRole("heading", { name: "Data by framework" }).waitFor();
    for (const [framework, period] of [
      [newer, "2025"],
      [older, "2023"],
    ] as const) {
      const card = page.getByRole("listitem", { name: framework.label, exact: true });
      await card.getByText(framework.regulation ?? "").waitFor();
      await card.getByRole("link", { name: period }).waitFor();
    }
    expect(newer.regulation).toMatch(/2026\/73/);
    expect(older.regulation).not.toMatch(/2026\/73/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: `View data of ${newer.label}` }).click();
    await page.waitForURL(`**/companies/${companyId}/frameworks/${NEWER}`);
    await page.getByText("4,321", { exact: true }).first().waitFor();
    const source = page.locator("a.fv-source").first();
    await source.waitFor();
    expect(await source.getAttribute("href")).toMatch(/^\/documents\/[0-9a-f]{64}#page=2$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await source.click();
    const viewer = page.getByRole("dialog");
    await viewer.getByText("Page 2 of 3").waitFor({ timeout: 30_000 });
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "hidden" });
  });
});
