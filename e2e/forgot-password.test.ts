import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { fillSignInForm } from "./support/sign-in";

/** Waits for the mail with this subject to reach the demo mailbox and returns its HTML body. */
async function mailTo(address: string, subject: string): Promise<string> {
  const mailbox = `${e2eBaseUrl()}/dev/mailbox?to=${encodeURIComponent(address)}`;
  for (let attempt = 0; attempt < 30; attempt++) {
    const list = await (await fetch(mailbox)).text();
    const mailPath = new RegExp(`href="(/dev/mailbox/[0-9a-f-]{36})">${subject}<`).exec(list)?.[1];
    if (mailPath) return (await fetch(`${e2eBaseUrl()}${mailPath}`)).text();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no mail "${subject}" for ${address} in the demo mailbox`);
}

async function waitForApp(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path && !url.hash.includes("code="), { timeout: 30_000 });
}

/**
 * Someone who forgot their password asks for a link on the sign-in page, finds it in their e-mail,
 * chooses a new password and signs in with it. The journey registers its own user, so the demo
 * users' passwords stay as they are for the other journeys.
 */
describe.skipIf(!hasChromium)("forgot password", () => {
  const run = Date.now().toString(36);
  const username = `forgetful_${run}`;
  const email = `forgetful.${run}@openverde.example`;
  const firstPassword = `First-Pass-${run}-7`;
  const newPassword = `Second-Pass-${run}-9`;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("mails a link to choose a new password, which then signs in", async () => {
    const registering = await newPage(browser, e2eBaseUrl());
    await registering.goto("/companies");
    await registering.waitForURL(/\/keycloak\/realms\//);
    await registering.getByRole("link", { name: "Create an account" }).click();
    await registering.getByLabel("Name", { exact: true }).fill("Fenna Forgetful");
    await registering.getByLabel("E-mail address").fill(email);
    await registering.getByLabel("Username", { exact: true }).fill(username);
    await registering.getByLabel("Password", { exact: true }).fill(firstPassword);
    await registering.getByLabel("Repeat the password").fill(firstPassword);
    await registering.getByRole("button", { name: "Create account" }).click();
    await waitForApp(registering, "/companies");
    await registering.context().close();

    const page = await newPage(browser, e2eBaseUrl());
    await page.goto("/companies");
    await page.waitForURL(/\/keycloak\/realms\//);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Username or e-mail address").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();

    const mail = await mailTo(email, "Choose a new password for Openverde");
    const link = /href="([^"]+\/login-actions\/reset-credentials\?token=[^"]+)"/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await page.goto((link as string).replaceAll("&amp;", "&"));
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Set the new password" }).click();

    await page.getByText("Your password is changed").waitFor();
    await fillSignInForm(page, username, newPassword);
    await waitForApp(page, "/companies");

    // The link worked once.
    const again = await newPage(browser, e2eBaseUrl());
    await again.goto((link as string).replaceAll("&amp;", "&"));
    await again.getByRole("heading", { name: "This link was used already" }).waitFor();
  });
});
