import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo portfolio with positions (portfolios and impact demo seeds) and its owner. */
const DEMO_OWNER = "data_reader";
const DEMO_PORTFOLIO = "Energy transition";
/** The demo company (companies module's demo seed). */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";
const DEMO_COMPANY_NAME = "Verdana Energie AG";

/** A page of its own (own session); the server's CSP forbids inline scripts, so axe needs bypassCSP. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
    acceptDownloads: true,
  });
  return context.newPage();
}

/** Registers a person of the journey's own on the provider's form; the page is then signed in, on /portfolios. */
async function registerOwnUser(page: Page, run: string): Promise<void> {
  await page.goto("/portfolios");
  await page.waitForURL(/\/keycloak\/realms\//);
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Ines Investor");
  await page.getByLabel("E-mail address").fill(`ines.${run}@openverde.example`);
  await page.getByLabel("Username", { exact: true }).fill(`impact_${run}`);
  await page.getByLabel("Password", { exact: true }).fill(`Impact-Pass-${run}-7`);
  await page.getByLabel("Repeat the password").fill(`Impact-Pass-${run}-7`);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/portfolios" && !url.hash.includes("code="), {
    timeout: 30_000,
  });
}

/** The page is no wider than its window: tables scroll inside their frames. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe.skipIf(!hasChromium)("portfolio impact report", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the 14 indicators of the demo portfolio with coverage, opens one figure's formula and inputs by keyboard, and is axe clean at 1280 and 768 px", async () => {
    const page = await freshPage(browser);
    await signInThroughBrowser(page, DEMO_OWNER, "password", "/portfolios");
    await page.getByRole("tab", { name: DEMO_PORTFOLIO }).click();
    await page.getByRole("link", { name: "Impact report" }).click();
    await page.waitForURL(/\/portfolios\/[0-9a-f-]+\/impact/);
    // The report is computed on demand; on a busy machine that takes a while.
    await page
      .getByRole("heading", { level: 1, name: `Impact report: ${DEMO_PORTFOLIO}` })
      .waitFor({ timeout: 90_000 });

    const table = page.getByRole("region", { name: "Principal adverse impact indicators" });
    await table.waitFor();
    const indicators = await table.locator("th.im-indicator").allTextContents();
    expect(indicators).toHaveLength(14);
    expect(indicators.map((text) => Number.parseInt(text, 10))).toEqual(
      Array.from({ length: 14 }, (_, index) => index + 1),
    );
    // Every indicator has data for part of the portfolio at least.
    const coverages = await table.locator("tbody tr:not(.im-theme) td:nth-last-child(2)").allTextContents();
    expect(coverages.some((text) => text.trim() !== "0 %")).toBe(true);
    await page
      .getByRole("region", { name: "Financed emissions per asset class" })
      .getByRole("row", { name: /^Total/ })
      .waitFor();

    const open = page.getByRole("button", { name: "Formula and inputs: 1. Scope 1 GHG emissions" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "1. Scope 1 GHG emissions" });
    await dialog.waitFor();
    await dialog.getByText("Formula", { exact: true }).waitFor();
    const inputs = dialog.getByRole("region", { name: "Inputs of the figure" });
    expect(await inputs.locator("tbody tr").count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Formula and inputs: 1. Scope 1 GHG emissions");

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 768, height: 900 });
    await table.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(768);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("finds a company by name in the portfolio editor, lists it by name, and reports every row of a positions file it cannot import without storing any", async () => {
    const run = Date.now().toString(36);
    const portfolioName = `Impact test ${run}`;
    const page = await freshPage(browser);
    await registerOwnUser(page, run);

    await page
      .getByRole("button", { name: /New portfolio|Create your first portfolio/ })
      .first()
      .click();
    const editor = page.getByRole("dialog", { name: "New portfolio" });
    await editor.getByLabel("Name").fill(portfolioName);
    const picker = editor.getByRole("combobox", { name: "Find a company to add" });
    await picker.pressSequentially("Verdana Ener", { delay: 30 });
    await editor
      .getByRole("option", { name: new RegExp(DEMO_COMPANY_NAME) })
      .first()
      .waitFor();
    await picker.press("ArrowDown");
    await picker.press("Enter");
    const chosen = editor.getByRole("list", { name: /In this portfolio/ });
    await chosen.getByText(DEMO_COMPANY_NAME, { exact: true }).waitFor();
    expect(await chosen.textContent()).toContain("LEI");
    expect(await chosen.textContent()).not.toContain(DEMO_COMPANY_ID);
    expect(await picker.inputValue()).toBe("");
    await editor.getByRole("button", { name: "Create portfolio" }).click();
    await page.getByRole("tab", { name: portfolioName, selected: true }).waitFor();

    await page.getByRole("button", { name: "Positions", exact: true }).click();
    const positions = page.getByRole("dialog", { name: `Positions of “${portfolioName}”` });
    await positions.getByRole("button", { name: "Save positions" }).waitFor();
    const file = [
      "identifier,amount,currency,assetClass",
      `${DEMO_COMPANY_ID},1500000,EUR,Listed equity and corporate bonds`,
      "XS0000000000,200000,EUR,ListedEquityAndCorporateBonds",
      `${DEMO_COMPANY_ID},ten,EUR,Business loans and unlisted equity`,
    ].join("\n");
    await positions
      .getByLabel("Positions file")
      .setInputFiles({ name: "positions.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await positions.getByRole("button", { name: "Import the file" }).click();
    const report = positions.getByRole("region", { name: "Rows that cannot be imported" });
    await report.waitFor();
    await positions.getByText("Nothing was stored.", { exact: false }).first().waitFor();
    const rows = await report.locator("tbody tr").allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^3XS0000000000identifier/);
    expect(rows[1]).toMatch(/^4.*amount/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Nothing was stored: the editor still offers the empty row of the portfolio's one company.
    await positions.getByRole("button", { name: "Cancel" }).click();
    await positions.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Positions", exact: true }).click();
    await expect
      .poll(() => positions.getByLabel(`Amount of ${DEMO_COMPANY_NAME}, row 1`).inputValue())
      .toBe("");
    await page.context().close();
  });
});
