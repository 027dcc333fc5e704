import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessToken } from "./support/api";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

interface Meta {
  dataId: string;
  companyId: string;
  reportingPeriod: string;
  currentlyActive: boolean;
}

async function readerPage(browser: Browser, width: number, path: string): Promise<Page> {
  // The server's CSP forbids inline scripts; axe is one, so the context bypasses it.
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: { width, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await signInThroughBrowser(page, "data_reader", "password", path);
  return page;
}

async function activeMetas(page: Page, dataType: string): Promise<Meta[]> {
  const response = await fetch(`${e2eBaseUrl()}/api/metadata?dataType=${dataType}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  return ((await response.json()) as Meta[]).filter((meta) => meta.currentlyActive);
}

/** A demo company with active SFDR data for several reporting periods. */
async function companyWithPeriods(page: Page): Promise<string> {
  const periods = new Map<string, Set<string>>();
  for (const meta of await activeMetas(page, "sfdr"))
    periods.set(meta.companyId, (periods.get(meta.companyId) ?? new Set()).add(meta.reportingPeriod));
  const found = [...periods].find(([, set]) => set.size >= 3)?.[0];
  if (!found) throw new Error("The demo has no company with three SFDR periods.");
  return found;
}

describe.skipIf(!hasChromium)("framework tables that read well (issue 32)", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("has a compact mode, values only with the details on demand, remembered across visits", async () => {
    const page = await readerPage(browser, 1280, "/companies");
    const companyId = await companyWithPeriods(page);
    await page.goto(`/companies/${companyId}/frameworks/sfdr`);
    const firstRowWithDetails = page.locator("tr.fv-row", { has: page.locator(".fv-meta") }).first();
    await firstRowWithDetails.waitFor();
    const details = firstRowWithDetails.locator(".fv-meta").first();
    expect(await details.isVisible()).toBe(true);

    const compact = page.getByRole("checkbox", { name: "Compact table" });
    await compact.check();
    expect(await details.isVisible()).toBe(false);
    const toggle = firstRowWithDetails
      .getByRole("button", { name: /^Quality, source and comment of / })
      .first();
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await details.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await details.isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The choice holds on the next visit, and the full mode is one click away.
    await page.reload();
    await firstRowWithDetails.waitFor();
    expect(await page.getByRole("checkbox", { name: "Compact table" }).isChecked()).toBe(true);
    expect(await details.isVisible()).toBe(false);
    await page.getByRole("checkbox", { name: "Compact table" }).uncheck();
    expect(await details.isVisible()).toBe(true);
    await page.context().close();
  });

  it("opens an LkSG list at the table's full width, not inside the value's cell", async () => {
    const page = await readerPage(browser, 1280, "/companies");
    const lksg = (await activeMetas(page, "lksg"))[0];
    if (!lksg) throw new Error("The demo has no active LkSG dataset.");
    await page.goto(`/companies/${lksg.companyId}/frameworks/lksg/${lksg.dataId}`);
    const entries = page.locator(".fv-entries").first();
    await entries.waitFor();
    if ((await entries.getAttribute("aria-expanded")) !== "true") await entries.click();
    const row = page.locator("tr.fv-row", { has: entries });
    const list = page.locator("tr.fv-list-row .fv-structured").first();
    await list.waitFor();
    const listBox = await list.boundingBox();
    const cellBox = await row.locator("td.fv-cell").first().boundingBox();
    const tableBox = await page.locator(".fv-table", { has: row }).boundingBox();
    if (!listBox || !cellBox || !tableBox) throw new Error("not laid out");
    expect(listBox.width).toBeGreaterThan(cellBox.width * 1.2);
    expect(listBox.width).toBeGreaterThan(tableBox.width * 0.9);
    await page.context().close();
  });

  it("shows one reporting period at a time on a phone, with a period switcher", async () => {
    const page = await readerPage(browser, 375, "/companies");
    const companyId = await companyWithPeriods(page);
    await page.goto(`/companies/${companyId}/frameworks/sfdr`);
    const heads = page.locator(".fv-section").first().locator("thead th.fv-column");
    await heads.first().waitFor();
    expect(await heads.count()).toBe(1);
    const switcher = page.getByRole("combobox", { name: "Reporting period" });
    const options = await switcher.locator("option").allTextContents();
    expect(options.length).toBeGreaterThanOrEqual(3);
    // The switcher is the one list of periods: no links to the periods' pages beside it.
    expect(await page.getByRole("navigation", { name: "Reporting periods" }).count()).toBe(0);
    const first = await heads.first().locator(".fv-column__label").textContent();
    await switcher.selectOption({ index: 1 });
    await page.waitForFunction(
      (before) =>
        document.querySelector(".fv-section thead th.fv-column .fv-column__label")?.textContent !== before,
      first,
    );
    expect(await heads.count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
