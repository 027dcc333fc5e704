import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company (companies module's demo seed): it has an owner and private VSME data for 2024. */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";
const DEMO_COMPANY_NAME = "Verdana Energie AG";

async function signedIn(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await newPage(browser, e2eBaseUrl());
  await signInThroughBrowser(page, username, "password", path);
  return page;
}

describe.skipIf(!hasChromium)("workflows: review, requests, portfolios, API key", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("lets a reviewer accept a pending demo dataset", async () => {
    const page = await signedIn(browser, "data_reviewer", "/qualityassurance");
    await page.getByText(/datasets? awaits? review/).waitFor();
    await page
      .getByRole("link", { name: /^Review / })
      .first()
      .click();
    await page.waitForURL(/\/qualityassurance\?dataId=/);
    await page.getByRole("heading", { name: "Your verdict" }).waitFor();
    await page.locator(".fv-row").first().waitFor();
    await page.getByLabel("Comment", { exact: true }).fill("Checked against the annual report (e2e).");
    await page.getByRole("button", { name: "Accept", exact: true }).click();
    await page.getByText("Verdict saved").waitFor();
    await page.getByText("Accepted").first().waitFor();
  });

  it("lets a reader request data on one company and see it in MY DATA REQUESTS", async () => {
    const page = await signedIn(browser, "data_reader", `/singledatarequest/${DEMO_COMPANY_ID}`);
    await page.getByRole("heading", { level: 1, name: `Request data on ${DEMO_COMPANY_NAME}` }).waitFor();
    await page.getByLabel("Framework").selectOption("eutaxonomy-financials");
    await page.getByRole("checkbox", { name: "2020" }).check();
    await page.getByLabel("Contacts at the company (optional)").fill("not-an-address");
    await page.getByRole("button", { name: "Submit request" }).click();
    await page
      .getByText(/Not a valid e-mail address: not-an-address/)
      .first()
      .waitFor();
    await page.getByLabel("Contacts at the company (optional)").fill("esg@verdana-energie.example");
    await page
      .getByLabel("Message to the contacts (optional)")
      .fill("Please share your taxonomy data (e2e).");
    await page.getByRole("button", { name: "Submit request" }).click();
    await page.getByRole("heading", { name: "Your request was sent" }).waitFor();
    await page.getByRole("link", { name: "See my data requests" }).click();
    await page.waitForURL("**/requests");
    const row = page
      .getByRole("row")
      .filter({ hasText: "EU Taxonomy Financials" })
      .filter({ hasText: "2020" });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(DEMO_COMPANY_NAME);
  });

  it("summarises a bulk request: accepted, already there and unknown identifiers", async () => {
    const page = await signedIn(browser, "data_reader", "/bulkdatarequest");
    await page.getByLabel("Company identifiers").fill(`${DEMO_COMPANY_ID}\nXS0000000000`);
    await page.getByRole("checkbox", { name: "LkSG" }).check();
    await page.getByRole("checkbox", { name: "2021" }).check();
    await page.getByRole("button", { name: "Submit request" }).click();
    await page.getByRole("heading", { name: "What became of your request" }).waitFor();
    await page.getByText("1 identifier matched no company").waitFor();
    await page.getByRole("listitem").filter({ hasText: "XS0000000000" }).first().waitFor();
  });

  it("lets a company owner grant access to private data", async () => {
    const requester = await signedIn(browser, "data_uploader", `/singledatarequest/${DEMO_COMPANY_ID}`);
    await requester.getByLabel("Framework").selectOption("vsme");
    await requester.getByRole("checkbox", { name: "2024" }).check();
    await requester.getByRole("button", { name: "Submit request" }).click();
    await requester.getByRole("heading", { name: "Your request was sent" }).waitFor();

    const owner = await signedIn(browser, "company_owner", "/companyrequests");
    const grant = owner.getByRole("button", { name: /^Grant access: data_uploader/ }).first();
    await grant.waitFor();
    await grant.click();
    await owner.getByText(/Access granted for data_uploader/).waitFor();
  });

  it("lets an admin change a request's state and priority", async () => {
    const page = await signedIn(browser, "data_admin", "/requestoverview");
    await page
      .getByRole("button", { name: /^Change the request for/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Status", { exact: true }).selectOption("Resolved");
    await dialog.getByLabel("Reason for a status change").fill("Confirmed with the requester (e2e).");
    await dialog.getByLabel("Priority").selectOption("High");
    await dialog.getByLabel("Admin comment").fill("Sourcing next week (e2e).");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await page.getByText(/was saved\.$/).waitFor();
    await page.getByText("Comment: Sourcing next week (e2e).").first().waitFor();
  });

  it("lets a reader create a portfolio and reports unknown identifiers", async () => {
    const name = `E2E portfolio ${Date.now()}`;
    const page = await signedIn(browser, "data_reader", "/portfolios");
    await page.getByRole("button", { name: "New portfolio" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Companies").fill(`${DEMO_COMPANY_ID}\nXS0000000000`);
    await dialog.getByRole("button", { name: "Create portfolio" }).click();
    await dialog.getByText("1 identifier matched no company").waitFor();
    await dialog.getByRole("button", { name: "Remove them and try again" }).click();
    await dialog.getByRole("button", { name: "Create portfolio" }).click();
    await page.getByRole("tab", { name, selected: true }).waitFor();
    await page.getByRole("link", { name: DEMO_COMPANY_NAME }).first().waitFor();
    await page.getByRole("heading", { name: "Coverage" }).waitFor();
  });

  it("creates an API key, shows it once and revokes it", async () => {
    const page = await signedIn(browser, "data_uploader", "/api-key");
    await page.getByRole("heading", { name: "Your key" }).waitFor();
    await page.getByLabel(/Validity of (the|a) new key/).selectOption("30");
    await page.getByRole("button", { name: /^Create (API key|a new key)$/ }).click();
    const replace = page.getByRole("dialog").getByRole("button", { name: "Create new key" });
    if (
      await replace.waitFor({ timeout: 1_500 }).then(
        () => true,
        () => false,
      )
    )
      await replace.click();
    await page.getByRole("heading", { name: "Your new API key" }).waitFor();
    expect(await page.locator(".wf-code").textContent()).toMatch(/^[A-Za-z0-9_-]+_[0-9a-f]+_\d+$/);
    await page.getByText("Active", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Revoke key" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await page.getByText("You have no API key.").waitFor();
  });

  it("says plainly when an unsubscribe link is unknown", async () => {
    const page = await signedIn(browser, "data_reader", "/unsubscribe/00000000-0000-4000-8000-00000000dead");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText(/This unsubscribe link is not known|Unsubscribing did not work/).waitFor();
  });
});
