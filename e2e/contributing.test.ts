import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../apps/server/src/modules/documents/test-files";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const UNUSED_REPORTS =
  "Not all uploaded reports are used as a data source. Please remove the following reports, or use them as a data source: ";
const PAGE_RULE =
  "Page(s) must be a positive integer or a range of ascending positive integers, e.g. 2, 13-15, etc.";
const SCOPE1 = "#ff-environmental-greenhouseGasEmissions-scope1GhgEmissionsInTonnes";

describe.skipIf(!hasChromium)("contributing data in the browser", () => {
  const baseUrl = e2eBaseUrl();
  const run = Date.now().toString(36);
  const folder = mkdtempSync(join(tmpdir(), "openverde-contributing-"));
  const annual = join(folder, `Annual Report ${run}.pdf`);
  const extra = join(folder, `Extra ${run}.pdf`);
  let browser: Browser;
  let page: Page;
  let companyName = "";

  beforeAll(async () => {
    writeFileSync(annual, samplePdf(`Annual report ${run}`, 3));
    writeFileSync(extra, samplePdf(`Extra report ${run}`, 1));
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl);
    await signInThroughBrowser(page, "data_uploader", "password", "/companies/choose");
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function chooseFirstCompany(search: string): Promise<string> {
    await page.goto("/companies/choose");
    const combo = page.getByRole("combobox", { name: "Company name or identifier" });
    await combo.fill(search);
    const option = page.getByRole("option").first();
    await option.waitFor();
    // The suggestion shows where the company sits and its LEI below the name.
    const name = (await option.locator(".company-suggestion__name").textContent()) ?? "";
    await combo.press("ArrowDown");
    await combo.press("Enter");
    await page.waitForURL(/\/companies\/[^/]+\/frameworks\/upload$/);
    return name;
  }

  it("uploads an SFDR dataset citing a report, with the spec §5 rules on the way, and lists it as Pending", async () => {
    companyName = await chooseFirstCompany("Orion Pharma");
    await page.getByRole("heading", { name: "Choose a framework" }).waitFor();
    await page.getByRole("link", { name: "New SFDR dataset" }).click();
    await page.waitForURL(/\/frameworks\/sfdr\/upload/);
    await page.getByRole("heading", { name: "Upload SFDR data" }).waitFor();

    await page.getByLabel("Reporting period").selectOption("2024");
    await page.locator("input[type=file]").setInputFiles([annual, extra]);
    await page.getByText("Sent with the dataset").nth(1).waitFor();

    await page.getByRole("button", { name: /^Environmental/ }).click();
    await page.locator(`${SCOPE1}-value`).fill("1234.5");
    await page.locator(`${SCOPE1}-report`).selectOption({ label: `Annual Report ${run}` });
    await page.locator(`${SCOPE1}-page`).fill("15-13");
    // The page rule shows while typing, tied to the page input.
    await page.getByText(PAGE_RULE).first().waitFor();
    const describedBy = await page.locator(`${SCOPE1}-page`).getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    await page.locator(`${SCOPE1}-page`).fill("3");
    await expect(page.getByText(PAGE_RULE).count()).resolves.toBe(0);

    // The unused report is refused with the exact message, and the page scrolls to the reports area.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "Submit dataset" }).click();
    await page.getByText(`${UNUSED_REPORTS}Extra ${run}`).waitFor();
    await page.waitForFunction(() => {
      const box = document.getElementById("ff-reports")?.getBoundingClientRect();
      return box !== undefined && box.top >= -5 && box.top < window.innerHeight;
    });

    await page.getByRole("button", { name: `Remove Extra ${run}` }).click();
    await page.getByRole("button", { name: "Submit dataset" }).click();
    await page.getByRole("heading", { name: "Dataset uploaded" }).waitFor({ timeout: 30_000 });
    await expect(
      page.getByRole("link", { name: "View the new dataset" }).getAttribute("href"),
    ).resolves.toMatch(/\/frameworks\/sfdr\/[^/]+$/);

    await page.getByRole("link", { name: "Go to my datasets" }).click();
    await page.waitForURL(/\/datasets$/);
    const row = page.getByRole("row").filter({ hasText: companyName }).filter({ hasText: "SFDR" }).first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/2024/);
    await expect(row.textContent()).resolves.toMatch(/Pending/);
    await row.getByRole("link", { name: /^Edit as new version: / }).waitFor();
  });

  it("keeps work in progress over a reload", async () => {
    await chooseFirstCompany("Orion Pharma");
    await page.getByRole("link", { name: "New PCAF dataset" }).click();
    await page.waitForURL(/\/frameworks\/pcaf\/upload/);
    await page.getByLabel("Reporting period").selectOption("2023");
    const firstNumber = page.locator(".ff-section__body input.ff-input--number").first();
    await page.getByRole("button", { name: "Open all sections" }).click();
    await firstNumber.fill("42");
    await page.waitForTimeout(1_000);
    await page.reload();
    await page.getByText(/Your unsaved work from .* was restored/).waitFor();
    await page.getByRole("button", { name: "Open all sections" }).click();
    await expect(page.locator(".ff-section__body input.ff-input--number").first().inputValue()).resolves.toBe(
      "42",
    );
    await expect(page.getByLabel("Reporting period").inputValue()).resolves.toBe("2023");
    await page.getByRole("button", { name: "Discard it and start again" }).click();
  });

  it("starts from an existing dataset as a new version", async () => {
    await chooseFirstCompany(companyName);
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "SFDR", exact: true }) });
    const select = card.getByLabel("Start from an existing dataset");
    await select.waitFor();
    const value = await select.locator("option").nth(1).getAttribute("value");
    await select.selectOption(value ?? "");
    await card.getByRole("button", { name: "Edit as new version" }).click();
    await page.waitForURL(/templateDataId=/);
    await page.getByText(/Starting from the dataset of \d{4}/).waitFor();
    await expect(page.getByText("On the platform").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByLabel("Reporting period").inputValue()).resolves.toMatch(/^\d{4}$/);
  });

  it("adds a new company through the company form", async () => {
    await page.goto("/companies/choose");
    await page.getByRole("button", { name: "Add a new company" }).click();
    const name = `Contributing Test ${run} GmbH`;
    await page.getByLabel("Legal name").fill(name);
    await page.getByLabel("City of the registered office").fill("Hamburg");
    await page.getByLabel("Country").selectOption("DE");
    const lei = `${run.toUpperCase().padEnd(18, "X").slice(0, 18)}42`;
    await page.getByLabel("Identifier 1", { exact: true }).fill(lei);
    await page.getByRole("button", { name: "Save the company and continue" }).click();
    await page.waitForURL(/\/companies\/[^/]+\/frameworks\/upload$/, { timeout: 30_000 });
    await page.getByText(`Which framework's data do you want to upload for ${name}?`).waitFor();
  });
});
