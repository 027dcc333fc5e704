import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessToken, apiPost } from "./support/api";
import { seriousAxeViolations } from "./support/axe";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/**
 * An admin decides an ownership claim, finds the new owner among the company roles, edits the
 * company's master data (seen in the audit trail) and reads the platform's state; the All data
 * requests table sorts by its columns. The journey makes its own company, so no demo row changes.
 */
describe.skipIf(!hasChromium)("admin console: companies and the platform's state", () => {
  const run = Date.now().toString(36);
  const companyName = `Admin Journey ${run} AG`;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("approves an ownership claim, edits master data and shows the platform's state", async () => {
    // An uploader adds the company; a reader claims to own it.
    const uploader = await newPage(browser, e2eBaseUrl());
    await signInThroughBrowser(uploader, "data_uploader");
    const lei = `5299ADMJ${run.toUpperCase().padStart(10, "0").slice(-10)}00`.slice(0, 20);
    const { companyId } = await apiPost(uploader, "/api/companies", {
      companyName,
      headquarters: "Bremen",
      countryCode: "DE",
      identifiers: { Lei: [lei] },
    });
    const reader = await newPage(browser, e2eBaseUrl());
    await signInThroughBrowser(reader, "data_reader");
    const claimed = await fetch(
      `${e2eBaseUrl()}/community/company-ownership/${companyId}?comment=${encodeURIComponent("I head its reporting team.")}`,
      { method: "POST", headers: { authorization: `Bearer ${await accessToken(reader)}` } },
    );
    expect(claimed.status).toBe(200);

    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const admin = await context.newPage();
    await signInThroughBrowser(admin, "data_admin", "password", "/admin/companies");
    await admin.getByRole("heading", { level: 1, name: "Admin console: Companies" }).waitFor();
    const claim = admin.getByRole("row").filter({ hasText: companyName });
    await claim.getByText("I head its reporting team.").waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // Approve, confirmed in a dialog: the reader becomes the owner.
    await claim.getByRole("button", { name: `Approve: Dana Reader owns ${companyName}` }).click();
    const confirm = admin.getByRole("dialog", { name: "Approve this ownership claim?" });
    await confirm.getByRole("button", { name: "Approve" }).click();
    await admin.getByText(`Dana Reader now owns ${companyName}.`).waitFor();
    await admin.getByLabel("Company", { exact: true }).fill(`Journey ${run}`);
    const role = admin.getByRole("row").filter({ hasText: companyName }).filter({ hasText: "Owner" });
    await role.getByText("data_reader@openverde.example").waitFor();

    // Master data: the registered office moves; the audit trail records the edit.
    await role.getByRole("link", { name: `Edit the master data of ${companyName}` }).click();
    await admin.getByRole("heading", { level: 2, name: `Master data of ${companyName}` }).waitFor();
    const office = admin.getByLabel("City of the registered office");
    await office.fill("");
    await admin.getByRole("button", { name: "Save master data" }).click();
    await admin.getByRole("link", { name: "Enter the city of the registered office." }).waitFor();
    await office.fill("Hamburg");
    await admin.getByLabel("Sector").fill("Utilities");
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.getByRole("button", { name: "Save master data" }).click();
    await admin.getByText("The master data is saved").waitFor();
    const stored = (await (await fetch(`${e2eBaseUrl()}/api/companies/${companyId}`)).json()) as {
      companyInformation: { headquarters: string; sector: string; identifiers: { Lei: string[] } };
    };
    expect(stored.companyInformation).toMatchObject({
      headquarters: "Hamburg",
      sector: "Utilities",
      identifiers: { Lei: [lei] },
    });
    await admin.goto(`/admin/audit-trail`);
    await admin.getByLabel("Action").selectOption("company.edited");
    await admin.getByRole("row").filter({ hasText: companyId }).first().waitFor();

    // The platform's state.
    await admin.getByRole("link", { name: "Platform" }).click();
    await admin.getByRole("heading", { level: 1, name: "Admin console: Platform" }).waitFor();
    const health = admin.getByRole("region", { name: "Health" });
    await health.getByText("Up").first().waitFor();
    await admin.getByRole("region", { name: "Review queue" }).getByText("Datasets waiting").waitFor();
    await admin.getByRole("region", { name: "This server" }).getByText("Running for").waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
  });

  it("sorts All data requests by its columns, across pages", async () => {
    const admin = await newPage(browser, e2eBaseUrl());
    await signInThroughBrowser(admin, "data_admin", "password", "/requestoverview");
    const table = admin.getByRole("table", { name: "All data requests" });
    await table.getByRole("row").nth(1).waitFor();
    const header = table.getByRole("columnheader", { name: "Last change" });
    await header.getByRole("button").click();
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
    await header.getByRole("button").click();
    expect(await header.getAttribute("aria-sort")).toBe("descending");
    const company = table.getByRole("columnheader", { name: "Company" });
    await company.getByRole("button").click();
    expect(await company.getAttribute("aria-sort")).toBe("ascending");
    const names = await table.locator("tbody tr td:first-child").allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    // The last column's buttons stay inside the table at 1280 px.
    const tableBox = await table.boundingBox();
    const change = await table
      .getByRole("button", { name: /^Change the request/ })
      .first()
      .boundingBox();
    expect(change && tableBox && change.x + change.width <= tableBox.x + tableBox.width).toBe(true);

    // The aggregated view sorts too.
    await admin.getByRole("button", { name: "Aggregated for prioritising" }).click();
    const aggregated = admin.getByRole("table", {
      name: "Open requests aggregated by company, framework and period",
    });
    await aggregated.getByRole("row").nth(1).waitFor();
    const period = aggregated.getByRole("columnheader", { name: "Period" });
    await period.getByRole("button").click();
    expect(await period.getAttribute("aria-sort")).toBe("ascending");
    const periods = await aggregated.locator("tbody tr td:nth-child(3)").allTextContents();
    expect(periods).toEqual([...periods].sort());
  });
});
