import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY_ID } from "../apps/server/src/modules/companies/demo-ids";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const PHONE_WIDTH = 375;

/** Pages a reader opens on a phone; none may be wider than its screen (tables scroll inside). */
const READING_PAGES = [
  "/companies",
  `/companies/${DEMO_COMPANY_ID}`,
  `/companies/${DEMO_COMPANY_ID}/documents`,
  `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`,
  `/companies/${DEMO_COMPANY_ID}/frameworks/lksg`,
  "/preview",
  "/frameworks",
  "/portfolios",
  "/datasets",
  "/requests",
  "/qualityassurance",
  "/requestoverview",
  `/singledatarequest/${DEMO_COMPANY_ID}?dataType=sfdr`,
  `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr/upload`,
];

describe.skipIf(!hasChromium)("reading on a phone", () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(`keeps every reading page within a ${PHONE_WIDTH} px screen`, async () => {
    const page = await newPage(browser, baseUrl, PHONE_WIDTH);
    await signInThroughBrowser(page, "data_admin");
    const tooWide: string[] = [];
    for (const path of READING_PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE_WIDTH) tooWide.push(`${path}: ${width} px`);
    }
    expect(tooWide).toEqual([]);
  });

  it("lets a cited page wider than the screen be scrolled to its left edge", async () => {
    const page = await newPage(browser, baseUrl, PHONE_WIDTH);
    await signInThroughBrowser(page, "data_reader", "password", `/companies/${DEMO_COMPANY_ID}/documents`);
    await page
      .getByRole("button", { name: /^Open / })
      .first()
      .click();
    const canvas = page.getByRole("dialog").locator("canvas");
    await canvas.waitFor();
    // Zoomed in, the page is wider than the screen; its start must be inside the scroll area, not cut off.
    await page.getByRole("button", { name: "Zoom in" }).click();
    const overflow = await canvas.evaluate((element) => {
      const wrap = element.parentElement as HTMLElement;
      wrap.scrollLeft = 0;
      return element.getBoundingClientRect().left - wrap.getBoundingClientRect().left;
    });
    expect(overflow).toBeGreaterThanOrEqual(0);
  });
});
