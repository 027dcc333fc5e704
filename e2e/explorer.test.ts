import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost } from "./support/api";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company (companies module's demo seed), with SFDR data for 2020 to 2025. */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";
const DEMO_COMPANY_NAME = "Verdana Energie AG";
const SCOPE_1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";

describe.skipIf(!hasChromium)("the data explorer", () => {
  let browser: Browser;
  let page: Page;
  const portfolioName = `Explorer journey ${Date.now()}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    // axe is added as an inline script, which the server's CSP forbids.
    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
    await signInThroughBrowser(page, "data_reader", "password", "/explore");
    // A portfolio of this journey's own, so the demo portfolio stays as the other journeys expect it.
    await apiPost(page, "/users/portfolios/", {
      portfolioName,
      identifiers: [DEMO_COMPANY_ID],
      isMonitored: false,
      monitoredFrameworks: [],
      notificationFrequency: "Weekly",
      sharedUserIds: [],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const results = () => page.getByRole("region", { name: /Explorer results/ });

  it("asks for a portfolio's values through the selection, with sources, a chart and the selection in the address", async () => {
    await page.goto("/explore");
    await page.getByRole("heading", { level: 1, name: "Data explorer" }).waitFor();
    await page.getByLabel("Find data points").fill("scope 1 ghg");
    await page.getByRole("checkbox", { name: /^Scope 1 GHG emissions/ }).check();
    await page.getByRole("checkbox", { name: "2023", exact: true }).check();
    await page.getByRole("checkbox", { name: "2024", exact: true }).check();
    await page.getByRole("radio", { name: "One of my portfolios" }).check();
    await page.getByLabel("Portfolio", { exact: true }).selectOption({ label: portfolioName });

    const company = results().getByRole("link", { name: DEMO_COMPANY_NAME, exact: true });
    await company.waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.getAll("dp")).toEqual([SCOPE_1]);
    expect(url.searchParams.getAll("period")).toEqual(["2023", "2024"]);
    expect(url.searchParams.get("source")).toBe("portfolio");
    expect(url.searchParams.get("portfolio")).toMatch(/^[0-9a-f-]{36}$/);

    // A value with its unit and QA status, and its source at the cited page of the report.
    const row = results()
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: DEMO_COMPANY_NAME, exact: true }) });
    await expect(
      row
        .getByText(/Tonnes$/)
        .first()
        .textContent(),
    ).resolves.toMatch(/^[\d,.]+ Tonnes$/);
    await expect(row.getByText("Accepted").count()).resolves.toBeGreaterThan(0);
    const source = row
      .getByRole("link", { name: /^Source p\. \d+\W+Verdana Energie AG Sustainability Report/ })
      .first();
    await expect(source.getAttribute("href")).resolves.toMatch(/^\/documents\/[0-9a-f]{64}#page=\d+$/);

    // The charts: the line over the years is drawn (ECharts' SVG) and says what it shows.
    const line = page.getByRole("img", { name: /^Line chart of Scope 1 GHG emissions/ });
    await line.locator("svg").waitFor();
    await expect(line.getAttribute("aria-label")).resolves.toContain("from 2023 to 2024");
    await page
      .getByRole("img", { name: /^Bar chart ranking/ })
      .locator("svg")
      .waitFor();

    // Sorting by a period's value goes into the address; the back button returns to the table before.
    await results().getByRole("button", { name: /^2024/ }).click();
    await page.waitForURL((next) => (next.searchParams.get("sort") ?? "").startsWith("value:desc:2024:"));
    await expect(
      results().getByRole("columnheader", { name: /^2024/ }).getAttribute("aria-sort"),
    ).resolves.toBe("descending");
    await page.goBack();
    await page.waitForURL((previous) => previous.searchParams.get("sort") === null);
    await company.waitFor();
  });

  it("downloads the table as CSV, Excel and JSON, with the rows and columns shown", async () => {
    const shownRows = await results().locator("tbody tr").count();
    const downloadOf = async (label: string) => {
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: label, exact: true }).click();
      return readFile(await (await download).path());
    };

    const csv = (await downloadOf("CSV")).toString("utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Company,LEI,Country,Sector,Scope 1 GHG emissions \(Tonnes\) 2023,/);
    expect(lines).toHaveLength(shownRows + 1);
    expect(csv).toContain(DEMO_COMPANY_NAME);

    const workbook = new ExcelJS.Workbook();
    const bytes = await downloadOf("Excel");
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Company");
    expect(sheet?.actualRowCount).toBe(shownRows + 1);

    const json = JSON.parse((await downloadOf("JSON")).toString("utf8")) as {
      rows: { companyName: string }[];
    };
    expect(json.rows.map((entry) => entry.companyName)).toContain(DEMO_COMPANY_NAME);
    expect(json.rows).toHaveLength(shownRows);
  });

  it.each([1280, 768])("has no serious or critical accessibility violations at %i px", async (width) => {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await results().getByRole("link", { name: DEMO_COMPANY_NAME, exact: true }).waitFor();
    await page
      .getByRole("img", { name: /^Line chart/ })
      .locator("svg")
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("opens the explorer for the company from a key figure of its cockpit", async () => {
    await page.goto(`/companies/${DEMO_COMPANY_ID}`);
    await page.getByRole("heading", { level: 2, name: "Key figures" }).waitFor();
    const link = page.getByRole("link", { name: /^Compare in the explorer\W+Scope 1 and 2 emissions$/ });
    await link.click();
    await page.waitForURL((url) => url.pathname === "/explore");
    const url = new URL(page.url());
    expect(url.searchParams.get("framework")).toBe("sfdr");
    expect(url.searchParams.getAll("company")).toEqual([DEMO_COMPANY_ID]);
    await results().getByRole("link", { name: DEMO_COMPANY_NAME, exact: true }).waitFor();
    await expect(page.getByRole("list", { name: "Chosen companies" }).textContent()).resolves.toContain(
      DEMO_COMPANY_NAME,
    );
  });
});
