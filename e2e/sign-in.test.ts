import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { fillSignInForm, signInThroughBrowser } from "./support/sign-in";

describe.skipIf(!hasChromium)("signing in and out in the browser", () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("sends a signed-out visitor of a protected page to sign in and back to that page", async () => {
    const page = await newPage(browser, baseUrl);
    await signInThroughBrowser(page, "data_reader", "password", "/datasets");
    expect(new URL(page.url()).pathname).toBe("/datasets");
    await page.getByRole("link", { name: "MY DATASETS" }).waitFor();
  });

  it("signs in from a page opened at localhost, which moves to the public address first", async () => {
    const publicOrigin = new URL(baseUrl).origin;
    const page = await newPage(browser, publicOrigin.replace("127.0.0.1", "localhost"));
    await page.goto("/datasets");
    await fillSignInForm(page, "data_reader");
    await page.waitForURL((url) => url.pathname === "/datasets" && !url.hash.includes("code="));
    expect(new URL(page.url()).origin).toBe(publicOrigin);
    await page.getByRole("link", { name: "MY DATASETS" }).waitFor();
  });

  it("shows the QA tab to reviewers only", async () => {
    const reader = await newPage(browser, baseUrl);
    await signInThroughBrowser(reader, "data_reader");
    await reader.getByRole("link", { name: "MY DATASETS" }).waitFor();
    await expect(reader.getByRole("link", { name: "QA", exact: true }).count()).resolves.toBe(0);

    const reviewer = await newPage(browser, baseUrl);
    await signInThroughBrowser(reviewer, "data_reviewer");
    await reviewer.getByRole("link", { name: "QA", exact: true }).waitFor();
  });

  it("refuses a wrong password on the provider's form and lets the right one in", async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto("/companies");
    await fillSignInForm(page, "data_reader", "wrong-password");
    await page.locator("#username").waitFor();
    await fillSignInForm(page, "data_reader", "password");
    await page.waitForURL((url) => url.pathname === "/companies");
  });

  it("keeps the session on a reload and ends it on LOG OUT", async () => {
    const page = await newPage(browser, baseUrl);
    await signInThroughBrowser(page, "data_admin");
    await page.reload();
    await page.waitForURL((url) => url.pathname === "/companies");
    await page.getByRole("link", { name: "ALL DATA REQUESTS" }).waitFor();

    await page
      .getByRole("button", { name: /profile|account|menu/i })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "LOG OUT" }).click();
    // The app hands its ID token to the provider, which then signs out without asking again (its
    // page submits itself) and sends the browser back to the start page.
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/companies");
    await page.waitForURL(/\/keycloak\/realms\//);
  });

  it("signs out from the account page back to the platform, signed out there too", async () => {
    const page = await newPage(browser, baseUrl);
    await signInThroughBrowser(page, "data_reader");
    await page.goto("/keycloak/realms/openverdesecurity/account");
    await page.getByText("Signed in as data_reader").waitFor();
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Yes, sign me out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // The app forgot the tokens it kept: a protected page asks to sign in again.
    await page.goto("/datasets");
    await page.waitForURL(/\/keycloak\/realms\//);
  });
});
