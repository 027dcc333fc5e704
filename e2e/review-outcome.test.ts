import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessToken } from "./support/api";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const REASON = "Scope 1 does not match table 4 of the 2025 report (e2e).";

async function signedIn(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await newPage(browser, e2eBaseUrl());
  await signInThroughBrowser(page, username, "password", path);
  return page;
}

/** The address of the first dataset of `data_uploader` (the demo's uploader) in a QA status. */
async function firstOwnDataset(page: Page, qaStatus: string): Promise<string> {
  await page.getByRole("heading", { level: 1, name: "My datasets" }).waitFor();
  await page.getByLabel("QA status").selectOption(qaStatus);
  const view = page.getByRole("link", { name: /^View / }).first();
  await view.waitFor();
  const href = await view.getAttribute("href");
  if (!href) throw new Error(`No ${qaStatus} dataset of data_uploader.`);
  return href;
}

/**
 * The address of a dataset of `data_uploader` waiting for review whose company already has accepted
 * data of that framework (the demo seeds several such 2025 uploads). Other journeys on the same
 * platform upload datasets of their own, newer and for companies without data, so the first pending
 * one in the list is not necessarily such a dataset.
 */
async function ownPendingBesideAccepted(page: Page): Promise<string> {
  await page.getByRole("heading", { level: 1, name: "My datasets" }).waitFor();
  await page.getByLabel("QA status").selectOption("Pending");
  const views = page.getByRole("link", { name: /^View / });
  await views.first().waitFor();
  const hrefs = await views.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const authorization = `Bearer ${await accessToken(page)}`;
  for (const href of hrefs) {
    const [, companyId, framework] = href.match(/\/companies\/([^/]+)\/frameworks\/([^/]+)\//) ?? [];
    if (!companyId || !framework) continue;
    const response = await fetch(
      `${e2eBaseUrl()}/api/metadata?companyId=${companyId}&dataType=${framework}&showOnlyActive=true`,
      { headers: { authorization } },
    );
    const active = (await response.json()) as unknown[];
    if (active.length > 0) return href;
  }
  throw new Error("No pending dataset of data_uploader beside accepted data of its framework.");
}

describe.skipIf(!hasChromium)("the uploader sees what happened to their data", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shows a dataset waiting for review to its uploader in the framework view, marked as pending", async () => {
    const page = await signedIn(browser, "data_uploader", "/datasets");
    const href = await firstOwnDataset(page, "Pending");
    const frameworkView = href.replace(/\/[0-9a-f-]{36}$/, "");
    await page.goto(frameworkView);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The active view (the default) shows the upload beside the accepted data, tagged as pending.
    await page.locator(`a[href="${href}"]`).first().waitFor();
    await expect(page.locator(".fv-tag--pending").count()).resolves.toBeGreaterThan(0);
  });

  it("marks a dataset waiting for review on the company page, beside the framework's accepted periods", async () => {
    const page = await signedIn(browser, "data_uploader", "/datasets");
    const href = await ownPendingBesideAccepted(page);
    const companyPage = href.replace(/\/frameworks\/.*$/, "");
    await page.goto(companyPage);
    const card = page.locator(".cockpit-framework", { has: page.locator(`a[href="${href}"]`) });
    await card.getByText("Waiting for review").waitFor();
    await expect(card.getByText("Latest:").count()).resolves.toBe(1);
  });

  it("shows the reviewer's reason for a rejection on My datasets and on the dataset page", async () => {
    const reviewer = await signedIn(browser, "data_reviewer", "/qualityassurance");
    await reviewer.getByText(/datasets? awaits? review/).waitFor();
    // The last one, so the workflow journey's first (accepted there) stays for it.
    await reviewer
      .getByRole("link", { name: /^Review / })
      .last()
      .click();
    await reviewer.waitForURL(/\/qualityassurance\?dataId=/);
    await reviewer.getByRole("heading", { name: "Your verdict" }).waitFor();
    await reviewer.getByLabel("Comment", { exact: true }).fill(REASON);
    await reviewer.getByRole("button", { name: "Reject", exact: true }).click();
    await reviewer.getByText("Verdict saved").waitFor();

    const uploader = await signedIn(browser, "data_uploader", "/datasets");
    await uploader.getByRole("heading", { level: 1, name: "My datasets" }).waitFor();
    await uploader.getByLabel("QA status").selectOption("Rejected");
    const row = uploader.getByRole("row").filter({ hasText: REASON });
    await row.getByText(`Reason for the rejection: ${REASON}`).waitFor();
    await row.getByRole("link", { name: /^View / }).click();
    await uploader.waitForURL(/\/frameworks\/[^/]+\/[0-9a-f-]{36}$/);
    await uploader.getByRole("alert").getByText(REASON).waitFor();
  });
});
