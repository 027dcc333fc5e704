import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";

const NOTICE =
  "We are working on making the website display properly on mobile. For now we invite you to use the desktop version.";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** The notice of spec §1 goes by the user agent, not the window size; it can be dismissed for the tab. */
describe.skipIf(!hasChromium)("the mobile notice", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function pageWith(userAgent: string | undefined, width: number): Promise<Page> {
    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width, height: 800 },
      ...(userAgent ? { userAgent } : {}),
    });
    return context.newPage();
  }

  const notice = (page: Page) => page.getByRole("complementary", { name: "Notice for mobile devices" });

  it.each([
    { device: "a phone", userAgent: PHONE, path: "/" },
    { device: "a phone", userAgent: PHONE, path: "/about" },
    { device: "a phone", userAgent: PHONE, path: "/frameworks" },
    { device: "an Android tablet", userAgent: TABLET, path: "/" },
  ])("shows the notice on $device at $path", async ({ userAgent, path }) => {
    const page = await pageWith(userAgent, 390);
    await page.goto(path);
    await expect(notice(page).locator("p").textContent()).resolves.toBe(NOTICE);
  });

  it("does not show it to a desktop browser, even in a narrow window", async () => {
    const page = await pageWith(undefined, 600);
    await page.goto("/");
    await page.locator("#landing-search").waitFor();
    await expect(notice(page).count()).resolves.toBe(0);
  });

  it("goes away when dismissed and stays away in that tab, but greets a new tab", async () => {
    const page = await pageWith(PHONE, 390);
    await page.goto("/");
    await notice(page).getByRole("button", { name: "Dismiss the notice" }).click();
    await notice(page).waitFor({ state: "detached" });

    await page.getByRole("link", { name: "ABOUT", exact: true }).click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(notice(page).count()).resolves.toBe(0);

    const newTab = await page.context().newPage();
    await newTab.goto("/");
    await notice(newTab).waitFor();
  });
});
