import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../apps/server/src/modules/documents/test-files";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const ff = (path: string) => `#ff-${path.replaceAll(".", "-")}`;
const CITED_FIELD = "companyValue.listedCompany.marketCapitalizationInEUR";

async function signedIn(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await newPage(browser, e2eBaseUrl());
  page.on("dialog", (dialog) => void dialog.accept());
  await signInThroughBrowser(page, username, "password", path);
  return page;
}

/** Reloads until the locator shows: the platform answers requests in the background, within a second or so. */
async function reloadUntilVisible(page: Page, locator: Locator): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await locator.isVisible()) return;
    await page.waitForTimeout(1_000);
    await page.reload();
    await page.waitForLoadState("networkidle");
  }
  await locator.waitFor({ timeout: 5_000 });
}

/**
 * The platform's promise in one journey: a reader asks for data, an uploader brings it, a reviewer
 * accepts it, and the reader finds the request answered, the data in a portfolio and an e-mail
 * whose unsubscribe link works.
 */
describe.skipIf(!hasChromium)("a data request from asking to answered", () => {
  const run = Date.now().toString(36);
  const companyName = `Answered Journey ${run} SE`;
  const lei = `${run.toUpperCase().padEnd(18, "Q").slice(0, 18)}17`;
  let browser: Browser;
  let companyId = "";

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("answers the reader's request once the uploaded data is accepted", async () => {
    const uploader = await signedIn(browser, "data_uploader", "/companies/choose");
    await uploader.getByRole("button", { name: "Add a new company" }).click();
    await uploader.getByLabel("Legal name").fill(companyName);
    await uploader.getByLabel("City of the registered office").fill("Hamburg");
    await uploader.getByLabel("Country").selectOption("DE");
    await uploader.getByLabel("Identifier 1", { exact: true }).fill(lei);
    await uploader.getByRole("button", { name: "Save the company and continue" }).click();
    await uploader.waitForURL(/\/companies\/[^/]+\/frameworks\/upload$/, { timeout: 30_000 });
    companyId = new URL(uploader.url()).pathname.split("/")[2] ?? "";

    const reader = await signedIn(browser, "data_reader", `/singledatarequest/${companyId}`);
    await reader.getByRole("heading", { level: 1, name: `Request data on ${companyName}` }).waitFor();
    await reader.getByLabel("Framework").selectOption("pcaf");
    await reader.getByRole("checkbox", { name: "2024" }).check();
    await reader.getByRole("button", { name: "Submit request" }).click();
    await reader.getByRole("heading", { name: "Your request was sent" }).waitFor();

    await uploader.goto(`/companies/${companyId}/frameworks/pcaf/upload`);
    await uploader.getByLabel("Reporting period").selectOption("2024");
    const reportName = `Annual report ${run}`;
    const file = join(mkdtempSync(join(tmpdir(), "openverde-answered-")), `${reportName}.pdf`);
    writeFileSync(file, samplePdf(`Annual report ${run}`, 2));
    await uploader.locator("input[type=file]").setInputFiles(file);
    await uploader.getByText("Sent with the dataset").first().waitFor();
    await uploader.getByRole("button", { name: "Open all sections" }).click();
    await uploader.locator(`${ff("general.general.fiscalYearDeviation")}-value`).selectOption("NoDeviation");
    await uploader.locator(`${ff(CITED_FIELD)}-value`).fill("7500000");
    await uploader.locator(`${ff(CITED_FIELD)}-report`).selectOption({ label: reportName });
    await uploader.locator(`${ff(CITED_FIELD)}-page`).fill("1");
    await uploader.getByRole("button", { name: "Submit dataset" }).click();
    await uploader.getByRole("heading", { name: "Dataset uploaded" }).waitFor({ timeout: 30_000 });
    const viewHref = await uploader.getByRole("link", { name: "View the new dataset" }).getAttribute("href");
    const dataId = viewHref?.split("/").at(-1) ?? "";
    expect(dataId).toMatch(/^[0-9a-f-]{36}$/);

    const reviewer = await signedIn(browser, "data_reviewer", "/qualityassurance");
    await reviewer.goto(`/qualityassurance?dataId=${dataId}`);
    await reviewer.getByRole("heading", { name: "Your verdict" }).waitFor();
    await reviewer.getByLabel("Comment", { exact: true }).fill("Matches the annual report (e2e).");
    await reviewer.getByRole("button", { name: "Accept", exact: true }).click();
    await reviewer.getByText("Verdict saved").waitFor();

    await reader.goto("/requests");
    const row = reader.getByRole("row").filter({ hasText: companyName });
    await row.first().waitFor();
    await reloadUntilVisible(reader, row.filter({ hasText: "Answered" }).first());
  });

  it("shows the new data in the reader's portfolio", async () => {
    const name = `Answered portfolio ${run}`;
    const reader = await signedIn(browser, "data_reader", "/portfolios");
    await reader.getByRole("button", { name: "New portfolio" }).click();
    const dialog = reader.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Companies").fill(lei);
    await dialog.getByRole("button", { name: "Create portfolio" }).click();
    await reader.getByRole("tab", { name, selected: true }).waitFor();
    const company = reader.getByRole("row").filter({ hasText: companyName }).first();
    await company.waitFor();
    await company.getByRole("link", { name: /2024/ }).first().waitFor();
  });

  it("e-mails the reader, and the e-mail's unsubscribe link works", async () => {
    const subject = `Your data request for ${companyName} has been answered`;
    const mailbox = `${e2eBaseUrl()}/dev/mailbox?to=${encodeURIComponent("data_reader@openverde.example")}`;
    let unsubscribePath: string | undefined;
    for (let attempt = 0; attempt < 20 && !unsubscribePath; attempt++) {
      const html = await (await fetch(mailbox)).text();
      const article = html.split("<article").find((part) => part.includes(subject));
      unsubscribePath = article?.match(/\/unsubscribe\/[0-9a-zA-Z-]+/)?.[0];
      if (!unsubscribePath) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(unsubscribePath).toBeDefined();

    const reader = await signedIn(browser, "data_reader", unsubscribePath ?? "/");
    await reader.getByRole("heading", { name: "Stop these e-mails?" }).waitFor();
    await reader.getByRole("button", { name: "Unsubscribe" }).click();
    await reader.getByText("You are unsubscribed").waitFor();
  });
});
