import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY_ID } from "../apps/server/src/modules/companies/demo-ids";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const NOTICE =
  "This form is made for a larger screen. Reading data works on a phone; to upload, we invite you to use the desktop version.";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const UPLOAD_FORM = `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr/upload`;

/**
 * The notice goes by the user agent, not the window size, and only on pages made for a large screen
 * (the upload form); reading pages work on a phone. It can be dismissed for the tab.
 */
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
  const uploadFormOn = async (userAgent: string | undefined, width: number) => {
    const page = await pageWith(userAgent, width);
    await signInThroughBrowser(page, "data_uploader", "password", UPLOAD_FORM);
    await page.locator("#ff-reporting-period").waitFor();
    return page;
  };

  it.each([
    { device: "a phone", userAgent: PHONE },
    { device: "an Android tablet", userAgent: TABLET },
  ])("shows the notice on $device at the upload form", async ({ userAgent }) => {
    const page = await uploadFormOn(userAgent, 390);
    await expect(notice(page).locator("p").textContent()).resolves.toBe(NOTICE);
  });

  it.each(["/", "/about", "/frameworks", `/companies/${DEMO_COMPANY_ID}`])(
    "shows no notice on a phone at the reading page %s",
    async (path) => {
      const page = await pageWith(PHONE, 390);
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await expect(notice(page).count()).resolves.toBe(0);
    },
  );

  it("does not show it to a desktop browser, even in a narrow window", async () => {
    const page = await uploadFormOn(undefined, 600);
    await expect(notice(page).count()).resolves.toBe(0);
  });

  it("goes away when dismissed and stays away in that tab, but greets a new tab", async () => {
    const page = await uploadFormOn(PHONE, 390);
    await notice(page).getByRole("button", { name: "Dismiss the notice" }).click();
    await notice(page).waitFor({ state: "detached" });
    await page.reload();
    await page.locator("#ff-reporting-period").waitFor();
    await expect(notice(page).count()).resolves.toBe(0);

    const newTab = await page.context().newPage();
    await newTab.goto(UPLOAD_FORM);
    await notice(newTab).waitFor();
  });
});
