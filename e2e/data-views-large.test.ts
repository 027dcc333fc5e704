import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost } from "./support/api";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { largeLksgDataset, productionSiteName } from "./support/large-lksg";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const ENTRIES = 500;

/** Rows of a table that are in the page right now (not the spacers standing in for the others). */
const renderedRows = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((element) => element.querySelectorAll(":scope tbody tr:not(.fv-spacer)").length);

describe.skipIf(!hasChromium)("a framework view with long lists", () => {
  let browser: Browser;
  let datasetPath: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await newPage(browser, e2eBaseUrl());
    await signInThroughBrowser(admin, "data_admin");
    const company = await apiPost(admin, "/api/companies", {
      companyName: "Long Lists Manufacturing GmbH (e2e)",
      headquarters: "Leipzig",
      countryCode: "DE",
      identifiers: {},
    });
    const meta = await apiPost(admin, "/api/data/lksg?bypassQa=true", {
      companyId: company.companyId,
      reportingPeriod: "2024",
      data: largeLksgDataset(ENTRIES),
    });
    datasetPath = `/companies/${company.companyId}/frameworks/lksg/${meta.dataId}`;
    await admin.context().close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the first and the last of 500 production sites, with few of them in the page", async () => {
    const page = await newPage(browser, e2eBaseUrl());
    await signInThroughBrowser(page, "data_reader", "password", datasetPath);
    await page.getByRole("searchbox", { name: "Find a data point" }).fill("List of production sites");
    await page.getByRole("button", { name: /^500 entries of List of production sites/i }).click();
    const list = page.getByRole("region", { name: /^List of production sites, 2024$/i });
    const first = list.getByRole("row", { name: new RegExp(`^${productionSiteName(0)} `) });
    await first.waitFor();
    expect(await list.getByRole("table").getAttribute("aria-rowcount")).toBe(String(ENTRIES + 1));
    expect(await renderedRows(page, ".fv-structured")).toBeLessThan(ENTRIES / 5);

    // The box is a tab stop, so keyboard users can scroll it too.
    await list.focus();
    expect(await list.evaluate((box) => box === document.activeElement)).toBe(true);
    await list.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    const last = list.getByRole("row", { name: new RegExp(`^${productionSiteName(ENTRIES - 1)} `) });
    await last.waitFor();
    expect(await last.getAttribute("aria-rowindex")).toBe(String(ENTRIES + 1));
    expect(await first.count()).toBe(0);
    expect(await renderedRows(page, ".fv-structured")).toBeLessThan(ENTRIES / 5);
  });

  it("renders the rows of a long view as they come near, keeping the page's rows bounded", async () => {
    const page = await newPage(browser, e2eBaseUrl());
    await signInThroughBrowser(page, "data_reader", "password", datasetPath);
    const summary = await page.getByText(/^\d+ data points shown/).textContent();
    const fieldCount = Number(/^(\d+)/.exec(summary ?? "")?.[1]);
    const firstField = page.locator('tr.fv-row[data-path="general.masterData.dataDate"]');
    await firstField.waitFor();
    const rows = page.locator("tr.fv-row");
    expect(await rows.count()).toBeLessThan(fieldCount / 2);

    // The last category's data point appears once the page is scrolled to its end.
    await page.keyboard.press("End");
    await page.locator('tr.fv-row[data-path="attachment.attachment.attachment"]').waitFor();
    expect(await firstField.count()).toBe(0);
    expect(await rows.count()).toBeLessThan(fieldCount / 2);
  });
});
