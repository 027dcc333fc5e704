import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { TestPlatform } from "../apps/server/src/testing/test-platform";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { startE2ePlatform } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/**
 * The session rules need a short refresh-token lifetime, so this journey runs its own platform:
 * with 125 s of idle time the warning threshold (2 minutes before expiry) is reached at once.
 */
describe.skipIf(!hasChromium)("the session warning", () => {
  let platform: TestPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startE2ePlatform({ REFRESH_TOKEN_IDLE_SECONDS: "125" });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  });

  it("warns before the session expires and renews it on 'Refresh Session'", async () => {
    const page = await newPage(browser, platform.baseUrl);
    await signInThroughBrowser(page, "data_reader");
    const warning = page.getByRole("dialog", { name: "Session expires soon" });
    await warning.waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Refresh Session" }).click();
    await warning.waitFor({ state: "hidden", timeout: 15_000 });
    await page.getByRole("link", { name: "MY DATASETS" }).waitFor();
  });
});
