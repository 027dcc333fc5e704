import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY_ID, DEMO_COMPANY_NAME } from "../apps/server/src/modules/companies/demo-ids";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

describe.skipIf(!hasChromium)("the web app served by the platform", () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the landing page at /", async () => {
    const page = await newPage(browser, baseUrl);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1").first().textContent()).resolves.toBeTruthy();
    expect(await page.title()).toMatch(/Openverde/);
  });

  it("opens a deep link directly, without a server route for it", async () => {
    const page = await newPage(browser, baseUrl);
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(
      page
        .getByText(/START YOUR OPENVERDE JOURNEY/i)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
  });

  it("sends an unknown path to the no-content page", async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto("/this/does/not/exist");
    await page.waitForURL(/\/nocontent$/);
  });

  it("loads without console errors or blocked resources", async () => {
    const page = await newPage(browser, baseUrl);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("requestfailed", (request) => problems.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  it("logs no errors on a company page, where the user holds no role and may claim ownership", async () => {
    const page = await newPage(browser, baseUrl);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    await signInThroughBrowser(page, "data_uploader");
    const answers: string[] = [];
    page.on("response", (response) => {
      if (/\/community\/company-(role-assignments|ownership)/.test(response.url()))
        answers.push(`${response.request().method()} ${response.status()}`);
    });
    await page.goto(`/companies/${DEMO_COMPANY_ID}`);
    await page.getByRole("heading", { name: DEMO_COMPANY_NAME }).first().waitFor();
    await page.waitForLoadState("networkidle");
    // The role and ownership questions were asked, and "no" came back as an answer, not as a 404.
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.endsWith(" 200"))).toBe(true);
    expect(problems).toEqual([]);
  });
});
