import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessToken } from "./support/api";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { fillSignInForm, signInThroughBrowser } from "./support/sign-in";

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

const keyWorks = async (apiKey: string) =>
  (
    await fetch(`${e2eBaseUrl()}/api-keys/getApiKeyMetaInfoForUser`, {
      headers: { authorization: `Bearer ${apiKey}` },
    })
  ).status;

/** Where the journey leaves its screenshots, to be looked at (not compared). */
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [1366, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/**
 * An admin invites someone, who chooses a password with the mailed link and makes an API key; the
 * admin makes them a reviewer, finds that in the audit trail, disables them, and their key is refused.
 */
describe.skipIf(!hasChromium)("admin console", () => {
  const run = Date.now().toString(36);
  const username = `invitee_${run}`;
  const email = `invitee.${run}@openverde.example`;
  const password = `Invited-Pass-${run}-3`;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("invites a user, makes them a reviewer, shows it in the audit trail, and disabling refuses their API key", async () => {
    // axe is added as an inline script, which the platform's CSP refuses unless bypassed.
    const adminContext = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width: 1366, height: 900 },
      bypassCSP: true,
    });
    const admin = await adminContext.newPage();
    await signInThroughBrowser(admin, "data_admin", "password", "/admin/people");
    await admin.getByRole("heading", { level: 1, name: "Admin console: People" }).waitFor();
    await admin.getByRole("row").nth(1).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await shoot(admin, "admin-people");

    // Invite.
    await admin.getByRole("button", { name: "Invite someone" }).click();
    const invite = admin.getByRole("dialog", { name: "Invite someone" });
    await invite.getByLabel("Username").fill(username);
    await invite.getByLabel("E-mail address").fill(email);
    await invite.getByLabel("Name (optional)").fill("Ines Invitee");
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await admin.getByText(`${username} is invited`).waitFor();

    // The invitee chooses a password with the link, signs in and makes an API key.
    const mail = await mailTo(email, "You are invited to Openverde");
    const link = /href="([^"]+\/login-actions\/reset-credentials\?token=[^"]+)"/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    const invitee = await newPage(browser, e2eBaseUrl());
    await invitee.goto((link as string).replaceAll("&amp;", "&"));
    await invitee.getByLabel("New password", { exact: true }).fill(password);
    await invitee.getByLabel("Repeat the new password").fill(password);
    await invitee.getByRole("button", { name: "Set the new password" }).click();
    await invitee.getByText("Your password is changed").waitFor();
    await invitee.goto("/api-key");
    await fillSignInForm(invitee, username, password);
    await invitee.waitForURL((url) => url.pathname === "/api-key" && !url.hash.includes("code="));
    const created = await fetch(`${e2eBaseUrl()}/api-keys/generateApiKey`, {
      headers: { authorization: `Bearer ${await accessToken(invitee)}` },
    });
    const { apiKey } = (await created.json()) as { apiKey: string };
    expect(await keyWorks(apiKey)).toBe(200);

    // Make them a reviewer.
    await admin.getByLabel("Name or e-mail").fill(username);
    const row = admin.getByRole("row").filter({ hasText: username });
    await row.getByText("Active").waitFor();
    await row.getByRole("button", { name: `Roles: ${username}` }).click();
    const roles = admin.getByRole("dialog", { name: "Roles of Ines Invitee" });
    await roles.getByRole("checkbox", { name: "Reviewer" }).check();
    await roles.getByText("Grants Reviewer.").waitFor();
    await roles.getByRole("button", { name: "Change roles" }).click();
    await admin.getByText(`${username} now has the roles User, Reviewer.`).waitFor();
    await row.getByText("Reviewer").waitFor();

    // The audit trail says so.
    await admin.getByRole("link", { name: "Audit trail" }).click();
    await admin.getByRole("heading", { level: 1, name: "Admin console: Audit trail" }).waitFor();
    await admin.getByLabel("Action").selectOption("user.role-granted");
    const granted = admin
      .getByRole("row")
      .filter({ hasText: "Role granted" })
      .filter({ hasText: "role: Reviewer" });
    await granted.first().waitFor();
    expect(await granted.first().textContent()).toContain("data_admin");
    await admin.getByRole("button", { name: "Clear filters" }).click();
    await admin.getByRole("row").filter({ hasText: "Invited" }).first().waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await shoot(admin, "admin-audit-trail");

    // Disable them: their API key is refused at once.
    await admin.getByRole("link", { name: "People" }).click();
    await admin.getByLabel("Name or e-mail").fill(username);
    const person = admin.getByRole("row").filter({ hasText: username });
    await person.getByRole("button", { name: `Disable: ${username}` }).click();
    const confirm = admin.getByRole("dialog", { name: "Disable Ines Invitee?" });
    await confirm.getByRole("button", { name: "Disable account" }).click();
    await admin.getByText("Ines Invitee is disabled.").waitFor();
    await person.getByText("Disabled").waitFor();
    expect(await keyWorks(apiKey)).toBe(401);

    await admin.getByRole("link", { name: "Sign-in locks" }).click();
    await admin.getByRole("heading", { level: 1, name: "Admin console: Sign-in locks" }).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await shoot(admin, "admin-sign-in-locks");
  });

  it("keeps the console from people who are not admins", async () => {
    const reader = await newPage(browser, e2eBaseUrl());
    await signInThroughBrowser(reader, "data_reader", "password", "/admin/people");
    await reader.getByText("For administrators only").waitFor();
  });
});
