import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_COMPANY_ID,
  DEMO_COMPANY_LEI,
  DEMO_COMPANY_NAME,
} from "../apps/server/src/modules/companies/demo-ids";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company (companies module's demo seed), which has datasets, documents and an owner. */

async function signedIn(browser: Browser, username: string, path = "/companies"): Promise<Page> {
  const page = await newPage(browser, e2eBaseUrl());
  await signInThroughBrowser(page, username, "password", "/companies");
  if (path !== "/companies") await page.goto(path);
  return page;
}

describe.skipIf(!hasChromium)("reading company data in the browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("searches a company with type-ahead and opens its cockpit", async () => {
    const page = await signedIn(browser, "data_reader");
    const search = page.getByRole("combobox", { name: /Company name/ });
    await search.fill("Verdana");
    const option = page.getByRole("option", { name: DEMO_COMPANY_NAME });
    // Namesakes are told apart by where the company sits and its LEI.
    await option.getByText(`LEI ${DEMO_COMPANY_LEI}`).waitFor();
    await option.click();
    await page.waitForURL(`**/companies/${DEMO_COMPANY_ID}`);
    await page.getByRole("heading", { level: 1, name: DEMO_COMPANY_NAME }).waitFor();
    await page.getByRole("heading", { name: "Data by framework" }).waitFor();
  });

  it("keeps query, filters and page in the address and shows the total", async () => {
    const page = await signedIn(browser, "data_reader", "/companies?q=Verdana&framework=sfdr");
    await page.getByRole("link", { name: DEMO_COMPANY_NAME }).waitFor();
    await expect(page.getByRole("combobox", { name: /Company name/ }).inputValue()).resolves.toBe("Verdana");
    await page.getByText(/^\d+ compan(y|ies) matching/).waitFor();
    await page.goto("/companies");
    await page.getByRole("button", { name: "Page 2" }).click();
    await page.waitForURL(/[?&]page=2/);
  });

  it("goes from the cockpit to a framework view and opens a data source at its page", async () => {
    const page = await signedIn(browser, "data_reader", `/companies/${DEMO_COMPANY_ID}`);
    await page.getByRole("link", { name: "View data of SFDR" }).click();
    await page.waitForURL(`**/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`);
    await page.getByRole("heading", { level: 1, name: /SFDR data of/ }).waitFor();
    const source = page.locator("a.fv-source").first();
    await source.waitFor();
    expect(await source.getAttribute("href")).toMatch(/^\/documents\/[0-9a-f]{64}#page=\d+$/);
    await source.click();
    const viewer = page.getByRole("dialog");
    await viewer.getByText(/Page \d+ of \d+/).waitFor({ timeout: 30_000 });
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "hidden" });
  });

  it("switches between active datasets and all versions, opens a period and downloads", async () => {
    const page = await signedIn(browser, "data_reader", `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`);
    await page.getByText("All versions").click();
    await page.waitForURL(/versions=all/);
    await page.getByRole("navigation", { name: "Reporting periods" }).getByRole("link").first().click();
    await page.waitForURL(/\/reportingPeriods\/\d{4}$/);
    await page.getByRole("heading", { level: 1, name: /SFDR \d{4} of/ }).waitFor();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  });

  it("lists the company's documents with their total", async () => {
    const page = await signedIn(browser, "data_reader", `/companies/${DEMO_COMPANY_ID}/documents`);
    await page.getByRole("button", { name: /^Open/ }).first().waitFor();
    const rows = await page.locator(".companies-table tbody tr").count();
    const total = await page.locator(".documents-total").textContent();
    expect(Number(/^(\d+) documents?$/.exec(total ?? "")?.[1])).toBeGreaterThanOrEqual(rows);
  });

  it("keeps private VSME data from outsiders", async () => {
    const page = await signedIn(browser, "data_reader", `/companies/${DEMO_COMPANY_ID}/frameworks/vsme`);
    await page.getByText(/VSME data is private/).waitFor();
  });

  it("shows private VSME data to the company's owner", async () => {
    const page = await signedIn(browser, "company_owner", `/companies/${DEMO_COMPANY_ID}/frameworks/vsme`);
    await page.locator(".fv-row").first().waitFor();
  });

  it("shows the cockpit and the preview to visitors without an account", async () => {
    const page = await newPage(browser, e2eBaseUrl());
    await page.goto(`/companies/${DEMO_COMPANY_ID}`);
    await page.getByRole("heading", { level: 1, name: DEMO_COMPANY_NAME }).waitFor();
    await page.getByRole("heading", { name: "Company information" }).waitFor();
    await page.goto("/preview");
    await page.getByText("Preview mode.").waitFor();
    await page.locator(".fv-row").first().waitFor();
  });
});
