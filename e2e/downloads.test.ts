import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Browser, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser, newPage } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company (companies module's demo seed), which has SFDR datasets. */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";

async function signedIn(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await newPage(browser, e2eBaseUrl());
  await signInThroughBrowser(page, username, "password", "/companies");
  await page.goto(path);
  return page;
}

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  const bytes = await readFile(path);
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return workbook;
}

/** The number cells under headings that name a unit, e.g. `Scope 1 GHG emissions (Tonnes)`. */
function numbersUnderUnits(
  sheet: ExcelJS.Worksheet,
  firstDataRow: number,
): { heading: string; cell: ExcelJS.Cell }[] {
  const headings = sheet.getRow(1).values as unknown[];
  const found: { heading: string; cell: ExcelJS.Cell }[] = [];
  headings.forEach((heading, column) => {
    if (typeof heading !== "string" || !/\((Tonnes|EUR|GWh|%)\)$/.test(heading)) return;
    for (let row = firstDataRow; row <= sheet.rowCount; row++) {
      const cell = sheet.getRow(row).getCell(column);
      if (cell.value !== null && cell.value !== undefined) found.push({ heading, cell });
    }
  });
  return found;
}

describe.skipIf(!hasChromium)("downloads an analyst can calculate with", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("downloads a framework view as a workbook with number cells under unit headings", async () => {
    const page = await signedIn(browser, "data_reader", `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`);
    await page.getByRole("heading", { level: 1, name: /SFDR data of/ }).waitFor();
    await expect(page.getByLabel("Download layout").inputValue()).resolves.toBe("wide");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Excel" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/_wide\.xlsx$/);
    const sheet = (await workbookOf(file)).getWorksheet("SFDR");
    if (!sheet) throw new Error("The workbook has no SFDR sheet.");
    expect(sheet.getRow(1).getCell(1).value).toBe("Company");
    expect(sheet.getRow(2).getCell(3).value).toBe("reportingPeriod");
    expect(sheet.getRow(3).getCell(3).value).toMatch(/^\d{4}$/);
    const numbers = numbersUnderUnits(sheet, 3);
    expect(numbers.length).toBeGreaterThan(0);
    for (const { heading, cell } of numbers) expect(cell.type, heading).toBe(ExcelJS.ValueType.Number);
  });

  it("downloads the long layout as CSV with plain numbers", async () => {
    const page = await signedIn(browser, "data_reader", `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`);
    await page.getByRole("heading", { level: 1, name: /SFDR data of/ }).waitFor();
    await page.getByLabel("Download layout").selectOption("long");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/_long\.csv$/);
    const text = await readFile(await file.path(), "utf8");
    const [header] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      "Framework,Company,Company ID,Reporting period,Category,Sub-category,Data point,Data point key,Value,Unit,Quality,Data source document,Page,Comment,QA status,Upload time (UTC)",
    );
    // A figure in tonnes is written as a plain number, the unit in its own column.
    expect(text).toMatch(/,SCOPE_1_GHG_EMISSIONS_IN_T,-?\d+(\.\d+)?,Tonnes,/);
  });

  it("downloads a portfolio over several frameworks as one workbook with a sheet per framework", async () => {
    const page = await signedIn(browser, "data_reader", "/portfolios");
    await page.getByRole("button", { name: "Download" }).first().click();
    const dialog = page.getByRole("dialog");
    const frameworks = dialog.getByRole("group", { name: "Frameworks" }).getByRole("checkbox");
    // The frameworks with data are listed once the portfolio's data is known; count them after that.
    await frameworks.first().waitFor();
    const chosen = await frameworks.count();
    await dialog.getByRole("radio", { name: /^Excel/ }).check();
    const download = page.waitForEvent("download", { timeout: 60_000 });
    await dialog.getByRole("button", { name: "Download" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = await workbookOf(file);
    expect(workbook.worksheets.length).toBeGreaterThan(0);
    expect(workbook.worksheets.length).toBeLessThanOrEqual(chosen);
    const sfdr = workbook.getWorksheet("SFDR");
    if (sfdr)
      for (const { heading, cell } of numbersUnderUnits(sfdr, 3))
        expect(cell.type, heading).toBe(ExcelJS.ValueType.Number);
    await dialog.getByText(/Downloaded as/).waitFor();
  });
});
