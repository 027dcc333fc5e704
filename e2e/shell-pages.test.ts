import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { fillSignInForm, signInThroughBrowser } from "./support/sign-in";

/** The static pages of spec §2 with the headings of the Markdown shipped in src/content/pages. */
const staticPages = [
  { path: "/dataprivacy", title: "Data privacy", heading: "Data privacy" },
  { path: "/terms", title: "Terms of use", heading: "Terms of use" },
  { path: "/pricing", title: "Pricing", heading: "Pricing" },
  { path: "/token", title: "API access", heading: "Access tokens and API keys" },
  { path: "/imprint", title: "Imprint", heading: "Imprint" },
  { path: "/nocontent", title: "Page not found", heading: "There is nothing here" },
];

const publicPaths = ["/", "/about", ...staticPages.map((page) => page.path)];

describe.skipIf(!hasChromium)("the public pages", () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const footer = (page: Page) => page.locator("footer.site-footer");

  it.each(staticPages)(
    "renders $path from its Markdown, in the public frame",
    async ({ path, title, heading }) => {
      const page = await newPage(browser, baseUrl);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
      await expect.poll(() => page.title()).toBe(`${title} – Openverde`);
      await expect(page.locator("article.static-page p").count()).resolves.toBeGreaterThan(0);
      await page.locator("header.public-header").getByRole("link", { name: "HOME", exact: true }).waitFor();
      await footer(page).waitFor();
    },
  );

  it("shows the landing sections in the order of spec §2", async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto("/");
    await page.locator("#landing-search").waitFor();
    await expect(
      page
        .locator("main section[aria-labelledby]")
        .evaluateAll((sections) => sections.map((section) => section.getAttribute("aria-labelledby"))),
    ).resolves.toEqual([
      "welcome-title",
      "intro-title",
      "quotes-title",
      "partners-title",
      "struggle-title",
      "steps-title",
      "claim-title",
      "campaigns-title",
      "contact-title",
    ]);
    const headingsOf = (section: string) =>
      page.locator(`section[aria-labelledby=${section}] h3`).allTextContents();
    await expect(headingsOf("struggle-title")).resolves.toEqual([
      "Data gaps",
      "Quality issues",
      "Usage restrictions",
      "High price",
    ]);
    await expect(headingsOf("steps-title")).resolves.toEqual([
      "Search",
      "Request company's inclusion",
      "Request framework data",
      "Download",
    ]);
    const campaigns = page.locator("section[aria-labelledby=campaigns-title]");
    for (const framework of ["EU Taxonomy", "SFDR", "PCAF", "LkSG", "VSME"])
      await campaigns.getByText(framework, { exact: true }).first().waitFor();
    await campaigns.getByText("14th of August").waitFor();
    await expect(
      page.locator("section[aria-labelledby=contact-title] a[href^='mailto:']").getAttribute("href"),
    ).resolves.toMatch(/\?subject=.+&body=.+/);
  });

  it("sends a signed-out search from the landing page through sign-in to the companies page", async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto("/");
    const search = page.getByPlaceholder("Search for a company to view or request data...");
    await search.fill("Demo");
    await search.press("Enter");
    await fillSignInForm(page, "data_uploader");
    await page.waitForURL(
      (url) => url.pathname === "/companies" && url.searchParams.get("search") === "Demo" && !url.hash,
      { timeout: 30_000 },
    );
  });

  it("offers registration on the about page to visitors who are not signed in", async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(
      /^START YOUR\s+OPENVERDE\s+JOURNEY$/,
    );
    await page.getByRole("button", { name: "CREATE YOUR ACCOUNT" }).click();
    await page.getByRole("heading", { level: 1, name: "Create an account" }).waitFor();
  });

  it("sends signed-in people from the about page to the platform", async () => {
    const page = await newPage(browser, baseUrl);
    await signInThroughBrowser(page, "data_uploader");
    await page.goto("/about");
    await page.getByRole("link", { name: "GO TO THE PLATFORM" }).click();
    await page.waitForURL((url) => url.pathname === "/portfolios" || url.pathname === "/companies");
  });

  it("sends an unknown path to the no-content page when signed in too", async () => {
    const page = await newPage(browser, baseUrl);
    await signInThroughBrowser(page, "data_reader", "password", "/datasets");
    await page.goto("/companies-that-do-not-exist/anywhere?x=1");
    await page.waitForURL((url) => url.pathname === "/nocontent");
    await page.getByRole("heading", { level: 1, name: "There is nothing here" }).waitFor();
    await page.getByRole("link", { name: "home page" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("links the legal pages and the API documentation from the footer", async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto("/");
    for (const [label, path] of [
      ["LEGAL", "/terms"],
      ["IMPRINT", "/imprint"],
      ["DATA PRIVACY", "/dataprivacy"],
    ]) {
      await footer(page).getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.locator("article.static-page h1").waitFor();
    }
    const apiDocs = await footer(page)
      .locator("a[href$='/swagger-ui/']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const module of ["/api/", "/documents/", "/community/", "/qa/", "/users/"])
      expect(apiDocs).toContain(`${module}swagger-ui/`);
    await footer(page).getByRole("link", { name: "Framework overview" }).waitFor();
  });

  it("stacks the footer columns in a window narrower than 768 px", async () => {
    const columnLefts = (page: Page) =>
      footer(page)
        .locator(".site-footer__columns > *")
        .evaluateAll((columns) => columns.map((column) => Math.round(column.getBoundingClientRect().left)));
    const wide = await newPage(browser, baseUrl, 1280);
    await wide.goto("/");
    expect(new Set(await columnLefts(wide)).size).toBeGreaterThan(1);
    const narrow = await newPage(browser, baseUrl, 767);
    await narrow.goto("/");
    expect(new Set(await columnLefts(narrow)).size).toBe(1);
  });

  it.each(publicPaths)("fits %s into a window 768 px wide without sideways scrolling", async (path) => {
    const page = await newPage(browser, baseUrl, 768);
    await page.goto(path);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
