import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company (companies module's demo seed). */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";

async function signedIn(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await newPage(browser, e2eBaseUrl());
  await signInThroughBrowser(page, username, "password", "/companies");
  await page.goto(path);
  return page;
}

describe.skipIf(!hasChromium)("links that keep their promise", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("preselects the framework of a company page's request link and focuses the error summary after a failed submit", async () => {
    const page = await signedIn(browser, "data_reader", `/companies/${DEMO_COMPANY_ID}`);
    await page.getByRole("link", { name: "Request SFDR data" }).click();
    await page.waitForURL(/\/singledatarequest\/[^?]+\?dataType=sfdr$/);
    const framework = page.getByRole("combobox", { name: "Framework", exact: true });
    await framework.waitFor();
    await expect(framework.inputValue()).resolves.toBe("sfdr");

    await page.getByRole("button", { name: "Submit request" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "The request was not sent" });
    await summary.getByText("Choose at least one reporting period.").waitFor();
    await expect(summary.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  });
});
