import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY_ID } from "../apps/server/src/modules/companies/demo-ids";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The order a reader expects: case-blind, numbers by value (as the tables sort). */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

async function signedIn(browser: Browser, username: string, path: string): Promise<Page> {
  // The server's CSP forbids inline scripts; axe is added as one.
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await signInThroughBrowser(page, username, "password", "/companies");
  await page.goto(path);
  return page;
}

/** The rendered height of the first element the selector finds, in CSS pixels. */
async function heightOf(page: Page, selector: string): Promise<number> {
  const element = page.locator(selector).first();
  await element.waitFor();
  return element.evaluate((node) => node.getBoundingClientRect().height);
}

describe.skipIf(!hasChromium)("result tables and buttons", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("sorts My datasets by a column with the keyboard and announces the order", async () => {
    // The demo's uploader has uploaded datasets for many companies.
    const page = await signedIn(browser, "data_uploader", "/datasets");
    const table = page.getByRole("table", { name: "My uploaded datasets" });
    await table.locator("tbody tr").first().waitFor();
    const companyHeader = table.getByRole("columnheader", { name: "Company" });
    await expect(companyHeader.getAttribute("aria-sort")).resolves.toBe("none");
    const companies = () => table.locator("tbody tr td:first-child").allInnerTexts();

    await companyHeader.getByRole("button", { name: "Company" }).focus();
    await page.keyboard.press("Enter");
    await expect(companyHeader.getAttribute("aria-sort")).resolves.toBe("ascending");
    const ascending = await companies();
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort(collator.compare));

    await page.keyboard.press("Space");
    await expect(companyHeader.getAttribute("aria-sort")).resolves.toBe("descending");
    const descending = await companies();
    expect(descending).toEqual([...descending].sort((a, b) => collator.compare(b, a)));
    // Only the chosen column claims an order.
    await expect(
      table.getByRole("columnheader", { name: "Reporting period" }).getAttribute("aria-sort"),
    ).resolves.toBe("none");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("sorts the companies of the shown search page and says so", async () => {
    const page = await signedIn(browser, "data_reader", "/companies");
    const table = page.locator("table.companies-table");
    await table.locator("tbody tr th a").first().waitFor();
    await table.getByRole("button", { name: "Country" }).click();
    await expect(
      table.getByRole("columnheader", { name: "Country" }).getAttribute("aria-sort"),
    ).resolves.toBe("ascending");
    const countries = await table.locator("tbody tr td:nth-child(4)").allInnerTexts();
    expect(countries).toEqual([...countries].sort(collator.compare));
    await page.getByText(/sorted on this page only/).waitFor();
    await page.context().close();
  });

  it("gives buttons of one kind one height on every page", async () => {
    const page = await signedIn(browser, "data_admin", "/companies");
    // A primary native button (the search) and a primary link styled as a button (New dataset).
    const search = await heightOf(page, "main button.p-button:has-text('Search')");
    await page.goto("/datasets");
    const newDataset = await heightOf(page, "main a.p-button:has-text('New dataset')");
    expect(newDataset).toBe(search);
    // Small buttons: a card's action on the cockpit and a row's action in the QA queue.
    await page.goto(`/companies/${DEMO_COMPANY_ID}`);
    const cardAction = await heightOf(page, "main a.p-button-sm");
    await page.goto("/qualityassurance");
    const rowAction = await heightOf(page, "main .wf-table .p-button-sm");
    expect(rowAction).toBe(cardAction);
    expect(rowAction).toBeLessThan(search);
    await page.context().close();
  });
});
