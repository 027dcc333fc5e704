import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** Tabs in the order of spec §2, each with the page it opens. */
const TAB_PATHS: Record<string, string> = {
  "MY PORTFOLIOS": "/portfolios",
  COMPANIES: "/companies",
  "MY DATASETS": "/datasets",
  QA: "/qualityassurance",
  "MY DATA REQUESTS": "/requests",
  "DATA REQUESTS FOR MY COMPANIES": "/companyrequests",
  "ALL DATA REQUESTS": "/requestoverview",
  "DATA EXPLORER": "/explore",
};

const everyonesTabs = ["MY PORTFOLIOS", "COMPANIES", "MY DATASETS", "MY DATA REQUESTS"];
const reviewersTabs = ["MY PORTFOLIOS", "COMPANIES", "MY DATASETS", "QA", "MY DATA REQUESTS"];
/** Openverde's own tab, after those of spec §2, for everyone signed in. */
const EXPLORER_TAB = "DATA EXPLORER";
const everyonesMenu = ["USER SETTINGS", "API KEY", "DATA REQUEST", "LOG OUT"];
const reviewersMenu = ["USER SETTINGS", "API KEY", "DATA REQUEST", "QUALITY ASSURANCE", "LOG OUT"];

/** What each demo user (identity module's demo seed) sees: roles decide QA and admin, ownership decides tab 5. */
const demoUsers = [
  {
    username: "data_reader",
    name: "Dana Reader",
    tabs: [...everyonesTabs, EXPLORER_TAB],
    menu: everyonesMenu,
  },
  {
    username: "data_uploader",
    name: "Uli Uploader",
    tabs: [...everyonesTabs, EXPLORER_TAB],
    menu: everyonesMenu,
  },
  {
    username: "data_reviewer",
    name: "Rita Reviewer",
    tabs: [...reviewersTabs, EXPLORER_TAB],
    menu: reviewersMenu,
  },
  {
    username: "data_admin",
    name: "Ada Admin",
    tabs: [...reviewersTabs, "ALL DATA REQUESTS", EXPLORER_TAB],
    menu: ["USER SETTINGS", "API KEY", "DATA REQUEST", "QUALITY ASSURANCE", "ADMIN CONSOLE", "LOG OUT"],
  },
  {
    username: "company_owner",
    name: "Otto Owner",
    tabs: [...everyonesTabs, "DATA REQUESTS FOR MY COMPANIES", EXPLORER_TAB],
    menu: everyonesMenu,
  },
];

describe.skipIf(!hasChromium)("the headers in each sign-in state", () => {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const landingHeader = (page: Page) => page.locator("header.public-header");
  const platformHeader = (page: Page) => page.locator("header.platform-header");
  const tabMenu = (page: Page) => page.getByRole("navigation", { name: "Platform sections" });
  const tabLabels = (page: Page) => tabMenu(page).getByRole("link").allTextContents();
  const activeTab = (page: Page) => tabMenu(page).locator("a[aria-current=page]").allTextContents();
  const profileTrigger = (page: Page) => page.getByRole("button", { name: /account menu/ });

  async function openProfileMenu(page: Page) {
    await profileTrigger(page).click();
    await page.getByRole("menuitem").first().waitFor();
  }

  describe("signed out", () => {
    it("offers HOME, ABOUT, LOGIN and SIGN UP on the landing page, and marks the page shown", async () => {
      const page = await newPage(browser, baseUrl);
      await page.goto("/");
      const header = landingHeader(page);
      await header.getByRole("button", { name: "LOGIN" }).waitFor();
      await expect(
        header.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents(),
      ).resolves.toEqual(["HOME", "ABOUT"]);
      await header.getByRole("button", { name: "SIGN UP" }).waitFor();
      await expect(header.getByRole("link", { name: "BACK TO PLATFORM" }).count()).resolves.toBe(0);
      await expect(
        header.getByRole("link", { name: "HOME", exact: true }).getAttribute("aria-current"),
      ).resolves.toBe("page");

      await header.getByRole("link", { name: "ABOUT", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/about");
      await expect(
        header.getByRole("link", { name: "ABOUT", exact: true }).getAttribute("aria-current"),
      ).resolves.toBe("page");
      await expect(
        header.getByRole("link", { name: "HOME", exact: true }).getAttribute("aria-current"),
      ).resolves.toBeNull();
    });

    it("sends LOGIN to the provider's sign-in form and SIGN UP to its registration form", async () => {
      const page = await newPage(browser, baseUrl);
      await page.goto("/");
      await landingHeader(page).getByRole("button", { name: "LOGIN" }).click();
      await page.waitForURL(/\/keycloak\/realms\//);
      await page.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();

      await page.goto("/");
      await landingHeader(page).getByRole("button", { name: "SIGN UP" }).click();
      await page.waitForURL(/\/keycloak\/realms\//);
      await page.getByRole("heading", { level: 1, name: "Create an account" }).waitFor();
    });

    it("shows LOGIN and SIGN UP but no tabs or profile menu on a public platform page", async () => {
      const page = await newPage(browser, baseUrl);
      await page.goto("/frameworks");
      const header = platformHeader(page);
      await header.getByRole("button", { name: "LOGIN" }).waitFor();
      await header.getByRole("button", { name: "SIGN UP" }).waitFor();
      await expect(tabMenu(page).count()).resolves.toBe(0);
      await expect(profileTrigger(page).count()).resolves.toBe(0);
    });
  });

  describe.each(demoUsers)("signed in as $username", ({ username, name, tabs, menu }) => {
    let page: Page;

    beforeAll(async () => {
      page = await newPage(browser, baseUrl);
      await signInThroughBrowser(page, username);
    });

    it("shows the tabs for the user's roles, with COMPANIES active on the company search", async () => {
      await expect.poll(() => tabLabels(page)).toEqual(tabs);
      await expect(activeTab(page)).resolves.toEqual(["COMPANIES"]);
    });

    it("opens each tab's page and marks that tab active", async () => {
      for (const label of tabs) {
        await tabMenu(page).getByRole("link", { name: label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === TAB_PATHS[label]);
        // The address changes at once; the tabs follow when the page's lazily loaded code has arrived.
        await expect.poll(() => activeTab(page), { timeout: 10_000 }).toEqual([label]);
      }
    });

    it("names the user on the profile menu and lists the items for their roles", async () => {
      await expect(profileTrigger(page).textContent()).resolves.toContain(name);
      await openProfileMenu(page);
      await expect(page.getByRole("menuitem").allTextContents()).resolves.toEqual(menu);
      await page.keyboard.press("Escape");
      await page.getByRole("menuitem").first().waitFor({ state: "hidden" });
    });

    it("offers BACK TO PLATFORM instead of LOGIN and SIGN UP on the landing page", async () => {
      await page.goto("/");
      const header = landingHeader(page);
      const back = header.getByRole("link", { name: "BACK TO PLATFORM" });
      await back.waitFor();
      await expect(header.getByRole("button", { name: /^(LOGIN|SIGN UP)$/ }).count()).resolves.toBe(0);
      await back.click();
      await page.waitForURL((url) => url.pathname === "/portfolios" || url.pathname === "/companies");
      await tabMenu(page).waitFor();
    });
  });

  describe("the profile menu items", () => {
    let page: Page;

    beforeAll(async () => {
      page = await newPage(browser, baseUrl);
      await signInThroughBrowser(page, "data_reviewer");
    });

    it.each([
      { item: "API KEY", path: "/api-key" },
      { item: "DATA REQUEST", path: "/bulkdatarequest" },
      { item: "QUALITY ASSURANCE", path: "/qualityassurance" },
    ])("$item opens $path", async ({ item, path }) => {
      await page.goto("/companies");
      await openProfileMenu(page);
      await page.getByRole("menuitem", { name: item }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole("heading", { level: 1 }).waitFor();
    });

    it("USER SETTINGS opens the provider's account page", async () => {
      await page.goto("/companies");
      await openProfileMenu(page);
      await page.getByRole("menuitem", { name: "USER SETTINGS" }).click();
      await page.waitForURL(/\/keycloak\/realms\/[^/]+\/account/);
    });
  });
});
