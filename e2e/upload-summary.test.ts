import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY_ID } from "../apps/server/src/modules/companies/demo-ids";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const SCOPE1 = "#ff-environmental-greenhouseGasEmissions-scope1GhgEmissionsInTonnes-value";

describe.skipIf(!hasChromium)("the upload form's summary of problems", () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("follows the form after a refused submit: fixed problems leave it, new ones join it", async () => {
    const page = await newPage(browser, baseUrl);
    await signInThroughBrowser(
      page,
      "data_uploader",
      "password",
      `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr/upload`,
    );
    await page.locator("button[type=submit]").click();
    const summary = page.locator(".wf-error-summary");
    await summary.getByText("Choose the reporting period.").waitFor();
    await summary.getByText("Enter at least one value before submitting.").waitFor();

    await page.locator("#ff-reporting-period").selectOption("2024");
    await summary.getByText("Choose the reporting period.").waitFor({ state: "detached" });
    await expect(summary.getByText("Enter at least one value before submitting.").count()).resolves.toBe(1);

    await page.locator('a[href="#ff-section-1"]').click();
    await page.locator(SCOPE1).fill("12a");
    await page.locator(SCOPE1).blur();
    await summary.getByText("Enter a number, e.g. 1234.5.").waitFor();

    await page.locator(SCOPE1).fill("66,039.06");
    await page.locator(SCOPE1).blur();
    await summary.getByText("Enter a number, e.g. 1234.5.").waitFor({ state: "detached" });
    await summary.getByText("Enter at least one value before submitting.").waitFor({ state: "detached" });
  });
});
