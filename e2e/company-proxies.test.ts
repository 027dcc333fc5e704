import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PROXIED_COMPANY_INDEX, demoCompanies } from "../apps/server/src/modules/companies/seed";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company, whose reports the demo records as standing in for its subsidiary's data. */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";
const DEMO_COMPANY_NAME = "Verdana Energie AG";
const MARK = `Data from ${DEMO_COMPANY_NAME}, which reports for this company`;

describe.skipIf(!hasChromium)("a company whose data another company's reports stand in for", () => {
  const subsidiary = demoCompanies()[DEMO_PROXIED_COMPANY_INDEX];
  const subsidiaryId = subsidiary?.companyId ?? "";
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
    await signInThroughBrowser(page, "data_reader");
    // The cockpit is public; the stand-in data shows to signed-in users.
    await page.goto(`/companies/${subsidiaryId}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the proxy company's data in the cockpit and the framework view, marked, with a link to it", async () => {
    await page.getByRole("heading", { level: 1, name: subsidiary?.information.companyName }).waitFor();
    const card = page.getByRole("listitem", { name: "SFDR", exact: true });
    await card.getByText(MARK).waitFor();
    expect(await card.getByRole("link", { name: DEMO_COMPANY_NAME }).getAttribute("href")).toBe(
      `/companies/${DEMO_COMPANY_ID}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await card.getByRole("link", { name: "View data of SFDR" }).click();
    await page.waitForURL(`**/companies/${subsidiaryId}/frameworks/sfdr`);
    await page.getByRole("heading", { level: 1, name: /^SFDR data of/ }).waitFor();
    const notice = page.getByRole("status").filter({ hasText: MARK });
    await notice.waitFor();
    await page.locator(".fv-row").first().waitFor();
    // The column headings lead to the datasets on the proxy company's pages.
    const heading = page.locator(".fv-column__label a").first();
    expect(await heading.getAttribute("href")).toMatch(
      new RegExp(`^/companies/${DEMO_COMPANY_ID}/frameworks/sfdr/[0-9a-f-]{36}$`),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await notice.getByRole("link", { name: DEMO_COMPANY_NAME }).click();
    await page.waitForURL(`**/companies/${DEMO_COMPANY_ID}`);
    await page.getByRole("heading", { level: 1, name: DEMO_COMPANY_NAME }).waitFor();
  });
});
