import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { CHROMIUM_PATH, hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company (companies module's demo seed), which has SFDR data over several periods. */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";

describe.skipIf(!hasChromium)(`no serious or critical axe-core violations (${CHROMIUM_PATH})`, () => {
  let browser: Browser;
  const pages = new Map<string, Page>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** One page per user, signed in once; the server's CSP forbids inline scripts, so axe needs bypassCSP. */
  async function pageAs(username?: string): Promise<Page> {
    const key = username ?? "";
    const existing = pages.get(key);
    if (existing) return existing;
    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    if (username) await signInThroughBrowser(page, username);
    pages.set(key, page);
    return page;
  }

  const cases: { name: string; path: string; user?: string; ready: (page: Page) => Promise<unknown> }[] = [
    { name: "landing", path: "/", ready: (page) => page.locator("h1").first().waitFor() },
    { name: "about", path: "/about", ready: (page) => page.locator("h1").first().waitFor() },
    ...["/dataprivacy", "/terms", "/pricing", "/token", "/imprint", "/nocontent"].map((path) => ({
      name: `static page ${path}`,
      path,
      ready: (page: Page) => page.locator("h1").first().waitFor(),
    })),
    {
      name: "framework overview",
      path: "/frameworks?framework=sfdr",
      ready: (page) => page.getByRole("heading", { level: 2, name: /SFDR/ }).waitFor(),
    },
    {
      name: "companies search",
      path: "/companies",
      user: "data_reader",
      ready: (page) =>
        page
          .getByText(/compan(y|ies) matching|\d+ compan/)
          .first()
          .waitFor(),
    },
    {
      name: "company cockpit",
      path: `/companies/${DEMO_COMPANY_ID}`,
      user: "data_reader",
      ready: (page) => page.getByRole("heading", { name: "Data by framework" }).waitFor(),
    },
    {
      name: "SFDR view of the demo company",
      path: `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`,
      user: "data_reader",
      ready: (page) => page.locator("a.fv-source").first().waitFor(),
    },
    {
      name: "SFDR upload form",
      path: `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr/upload`,
      user: "data_uploader",
      ready: (page) => page.getByRole("heading", { name: "Upload SFDR data" }).waitFor(),
    },
    {
      name: "my datasets",
      path: "/datasets",
      user: "data_uploader",
      ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
    },
    {
      name: "quality assurance",
      path: "/qualityassurance",
      user: "data_reviewer",
      ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
    },
    {
      name: "my data requests",
      path: "/requests",
      user: "data_reader",
      ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
    },
    {
      name: "portfolios",
      path: "/portfolios",
      user: "data_reader",
      ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
    },
    {
      name: "API key",
      path: "/api-key",
      user: "data_reader",
      ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
    },
    ...[
      { name: "single data request", path: `/singledatarequest/${DEMO_COMPANY_ID}`, user: "data_reader" },
      { name: "bulk data request", path: "/bulkdatarequest", user: "data_reader" },
      // A demo request of data_reader's, seeded with a fixed id by the community module.
      {
        name: "one data request",
        path: "/requests/c0000000-0000-4000-8000-000000000102",
        user: "data_reader",
      },
      { name: "data requests for my companies", path: "/companyrequests", user: "company_owner" },
      { name: "company users", path: `/companies/${DEMO_COMPANY_ID}/users`, user: "company_owner" },
      { name: "all data requests", path: "/requestoverview", user: "data_admin" },
      { name: "unsubscribe", path: "/unsubscribe/00000000-0000-4000-8000-000000000000", user: "data_reader" },
    ].map((page) => ({
      ...page,
      ready: (shown: Page) => shown.getByRole("heading", { level: 1 }).waitFor(),
    })),
  ];

  it.each(cases)("$name ($path)", async ({ path, user, ready }) => {
    const page = await pageAs(user);
    await page.goto(path);
    await ready(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
