import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessToken, apiPost } from "./support/api";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

async function signedIn(browser: Browser, username: string, path: string): Promise<Page> {
  // The server's CSP forbids inline scripts; axe is one, so the context bypasses it.
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await signInThroughBrowser(page, username, "password", path);
  return page;
}

async function apiGet(page: Page, path: string): Promise<unknown> {
  const response = await fetch(`${e2eBaseUrl()}${path}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

/** Chooses "a value of my own" for one data point and saves it, with the keyboard alone. */
async function correctByKeyboard(page: Page, label: RegExp, value: string, pageInReport: string) {
  const row = page.locator(".qa-judgement__row").filter({ has: page.locator("legend", { hasText: label }) });
  const own = row.getByRole("radio", { name: "A value of my own" });
  await own.focus();
  await page.keyboard.press("Space");
  const field = row.getByLabel("Corrected value");
  await field.waitFor();
  await field.focus();
  await page.keyboard.type(value);
  await page.keyboard.press("Tab");
  await page.keyboard.type(pageInReport);
  await page.keyboard.press("Enter");
  await row.getByText(/^Accepted: your value/).waitFor();
}

describe.skipIf(!hasChromium)("a reviewer judges a dataset data point by data point", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("corrects two values by keyboard, finishes, and a reader sees the accepted dataset with them", async () => {
    // The journey's own pending SFDR dataset: a copy of an accepted demo dataset for another period.
    const uploader = await signedIn(browser, "data_uploader", "/datasets");
    const metas = (await apiGet(uploader, "/api/metadata?dataType=sfdr")) as {
      dataId: string;
      companyId: string;
      qaStatus: string;
    }[];
    const source = metas.find((meta) => meta.qaStatus === "Accepted");
    if (!source) throw new Error("The demo has no accepted SFDR dataset.");
    const { data } = (await apiGet(uploader, `/api/data/sfdr/${source.dataId}`)) as { data: unknown };
    const { dataId } = await apiPost(uploader, "/api/data/sfdr", {
      companyId: source.companyId,
      reportingPeriod: "2011",
      data,
    });

    const reviewer = await signedIn(browser, "data_reviewer", "/qualityassurance");
    await reviewer.goto(`/qualityassurance?dataId=${dataId}`);
    const start = reviewer.getByRole("button", { name: "Start judging this dataset" });
    await start.focus();
    await reviewer.keyboard.press("Enter");
    await reviewer.locator(".qa-judgement__row").first().waitFor();
    await correctByKeyboard(reviewer, /^Scope 1 GHG emissions$/, "1234.5", "12");
    await correctByKeyboard(reviewer, /^Scope 2 GHG emissions$/, "2345.5", "13");
    expect(await seriousAxeViolations(reviewer)).toEqual([]);
    const finish = reviewer.getByRole("button", { name: "Finish: accept these values" });
    await finish.focus();
    await reviewer.keyboard.press("Enter");
    await reviewer.getByText(/^Judgement finished: the dataset is accepted/).waitFor();

    const reader = await signedIn(browser, "data_reader", `/companies/${source.companyId}/frameworks/sfdr`);
    await reader.getByRole("heading", { level: 1 }).waitFor();
    const active = (await apiGet(
      reader,
      `/api/metadata?companyId=${source.companyId}&dataType=sfdr&reportingPeriod=2011&showOnlyActive=true`,
    )) as { dataId: string }[];
    const acceptedId = active[0]?.dataId;
    expect(acceptedId).toBeDefined();
    expect(acceptedId).not.toBe(dataId);
    await reader.goto(`/companies/${source.companyId}/frameworks/sfdr/${acceptedId}`);
    await reader.getByText("1,234.5 Tonnes").first().waitFor();
    await reader.getByText("2,345.5 Tonnes").first().waitFor();
    // The two corrections are marked, with the uploaded value beside each and who corrected it on focus.
    const marks = reader.locator(".fv-correction");
    await marks.first().waitFor();
    expect(await marks.count()).toBe(2);
    for (const label of [/^Scope 1 GHG emissions$/, /^Scope 2 GHG emissions$/]) {
      const row = reader
        .locator("tr.fv-row")
        .filter({ has: reader.locator(".fv-label__text", { hasText: label }) });
      const badge = row.getByRole("button", { name: "Corrected" });
      await badge.focus();
      const details = row.getByRole("tooltip");
      expect(await details.textContent()).toMatch(
        /^Corrected in review by .+ on \d{1,2} \w{3} \d{4}, taking a value of the reviewer's own\./,
      );
      expect(await row.locator(".fv-correction s").textContent()).not.toBe("");
    }
    expect(await seriousAxeViolations(reader)).toEqual([]);
    // The period's page, where readers land, marks them too.
    await reader.goto(`/companies/${source.companyId}/frameworks/sfdr/reportingPeriods/2011`);
    await reader.getByText("1,234.5 Tonnes").first().waitFor();
    await reader.locator(".fv-correction").first().waitFor();
    expect(await reader.locator(".fv-correction").count()).toBe(2);
  });
});
