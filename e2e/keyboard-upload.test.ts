import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../apps/server/src/modules/documents/test-files";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const PAGE_RULE =
  "Page(s) must be a positive integer or a range of ascending positive integers, e.g. 2, 13-15, etc.";
const FISCAL_YEAR_END = "#ff-general-general-fiscalYearEnd";
const SCOPE1 = "#ff-environmental-greenhouseGasEmissions-scope1GhgEmissionsInTonnes";

/** What a sighted keyboard user sees of the focused element. */
interface FocusState {
  selector: string;
  /** An outline or focus shadow on the element, or on its label when the input itself is invisible. */
  ring: boolean;
  inViewport: boolean;
  /** Hidden behind the sticky bar with the submit button. */
  underActionBar: boolean;
}

async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { selector: "body", ring: false, inViewport: false, underActionBar: false };
    const invisible = getComputedStyle(element).opacity === "0";
    const shown = (invisible && (element as HTMLInputElement).labels?.[0]) || element;
    const style = getComputedStyle(shown);
    const ring =
      (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== "none";
    const box = element.getBoundingClientRect();
    const bar = document.querySelector(".upload-actions")?.getBoundingClientRect();
    const underActionBar =
      bar !== undefined &&
      !element.closest(".upload-actions") &&
      box.bottom > bar.top + 1 &&
      box.top < bar.bottom;
    const selector = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}`;
    return { selector, ring, inViewport: box.bottom > 0 && box.top < window.innerHeight, underActionBar };
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector`, checking at every stop that
 * the focus can be seen; fails after `limit` presses.
 */
async function tabTo(page: Page, selector: string, options: { backwards?: boolean; limit?: number } = {}) {
  const limit = options.limit ?? 120;
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(options.backwards ? "Shift+Tab" : "Tab");
    const state = await focusState(page);
    expect(state, `focus on ${state.selector} must be visible`).toMatchObject({
      ring: true,
      inViewport: true,
      underActionBar: false,
    });
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(
    `${selector} was not reached with ${limit} presses of ${options.backwards ? "Shift+Tab" : "Tab"}`,
  );
}

const focusedMatches = (page: Page, selector: string) =>
  page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector);

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } }).axe;
    const result = (await axe.run(document)) as {
      violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
    };
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(", ")}`,
    );
}

describe.skipIf(!hasChromium)("uploading by keyboard alone", () => {
  const run = Date.now().toString(36);
  const folder = mkdtempSync(join(tmpdir(), "openverde-keyboard-"));
  const reportFile = join(folder, `Keyboard Report ${run}.pdf`);
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    writeFileSync(reportFile, samplePdf(`Keyboard report ${run}`, 4));
    browser = await launchBrowser();
    // axe is injected as a script, which the server's CSP forbids otherwise.
    const context = await browser.newContext({
      baseURL: e2eBaseUrl(),
      viewport: { width: 1280, height: 900 },
      locale: "en-US",
      bypassCSP: true,
    });
    page = await context.newPage();
    await signInThroughBrowser(page, "data_uploader", "password", "/companies/choose");
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("finds a company, fills and cites an SFDR form, submits it and the API has the dataset", async () => {
    await page.getByRole("combobox", { name: "Company name or identifier" }).waitFor();
    // From here on: keys only, no clicks.
    await tabTo(page, "input[role=combobox]");
    await page.keyboard.type("Pharma");
    await page.getByRole("option").first().waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/companies\/[^/]+\/frameworks\/upload$/);
    const companyId = new URL(page.url()).pathname.split("/")[2] ?? "";

    await page.getByRole("heading", { name: "Choose a framework" }).waitFor();
    await page.getByRole("link", { name: "New SFDR dataset" }).waitFor();
    await tabTo(page, 'a[href$="/frameworks/sfdr/upload"]');
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Upload SFDR data" }).waitFor();
    // Listening early: Playwright takes over the system's file chooser only once it is listened for.
    const chooser = page.waitForEvent("filechooser");

    await tabTo(page, "#ff-reporting-period");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.locator("#ff-reporting-period").inputValue()).resolves.toBe("2024");

    // The file input opens the system's file chooser with Space.
    await tabTo(page, "input[type=file]");
    await page.keyboard.press("Space");
    await (await chooser).setFiles(reportFile);
    await page.getByText("Sent with the dataset").waitFor();
    // The new report's row sits above the file input; a date is typed from its first part on.
    await tabTo(page, "#ff-report-0-name", { backwards: true });
    await tabTo(page, "#ff-report-0-date");
    await page.keyboard.type("03152024");
    await expect(page.locator("#ff-report-0-date").inputValue()).resolves.toBe("2024-03-15");

    // The first section is open: a date, a choice and a data point with its report and page.
    await tabTo(page, "#ff-general-general-dataDate-value");
    await page.keyboard.type("12312024");
    await expect(page.locator("#ff-general-general-dataDate-value").inputValue()).resolves.toBe("2024-12-31");
    await tabTo(page, "#ff-general-general-fiscalYearDeviation-value");
    await page.keyboard.press("ArrowDown");
    await expect(
      page.locator("#ff-general-general-fiscalYearDeviation-value").inputValue(),
    ).resolves.not.toBe("");
    await tabTo(page, `${FISCAL_YEAR_END}-value`);
    await page.keyboard.type("12312024");
    await tabTo(page, `${FISCAL_YEAR_END}-report`);
    await page.keyboard.press("ArrowDown");
    await expect(page.locator(`${FISCAL_YEAR_END}-report`).inputValue()).resolves.toMatch(/^[0-9a-f]{64}$/);
    await tabTo(page, `${FISCAL_YEAR_END}-page`);
    await page.keyboard.type("15-13");
    await page.getByText(PAGE_RULE).waitFor();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("3");
    await expect(page.getByText(PAGE_RULE).count()).resolves.toBe(0);
    await tabTo(page, `${FISCAL_YEAR_END}-comment`);
    await page.keyboard.type("Typed without a mouse");

    // Leaving asks first; the question keeps the focus until answered and gives it back on staying.
    await tabTo(page, 'nav[aria-label="Breadcrumb"] a[href="/companies/choose"]', { backwards: true });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Leave the upload?" });
    await dialog.waitFor();
    await expect.poll(() => focusedMatches(page, ".upload-leave button:first-of-type")).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedMatches(page, ".upload-leave button:last-of-type")).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedMatches(page, ".upload-leave button:first-of-type")).toBe(true);
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => focusedMatches(page, ".upload-leave button:last-of-type")).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The focus goes back once the dialog has gone, which may be a frame after it left the DOM.
    await expect.poll(() => focusedMatches(page, 'a[href="/companies/choose"]')).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/\/frameworks\/sfdr\/upload$/);

    // Another section through the form's navigation: Enter opens it and puts the focus on its heading.
    await tabTo(page, 'a[href="#ff-section-1"]');
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "ff-section-1-toggle");
    await tabTo(page, `${SCOPE1}-value`);
    await page.keyboard.type("1234.5");
    // Enter in a field does not send the upload.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Dataset uploaded" }).count()).resolves.toBe(0);
    await expect(page.locator(".wf-error-summary").count()).resolves.toBe(0);

    // Space closes the section again (its answers stay), then on to the submit button.
    await tabTo(page, "#ff-section-1-toggle", { backwards: true });
    await page.keyboard.press("Space");
    await expect(page.locator("#ff-section-1-toggle").getAttribute("aria-expanded")).resolves.toBe("false");
    expect(await seriousViolations(page)).toEqual([]);
    await tabTo(page, "button[type=submit]");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Dataset uploaded" }).waitFor({ timeout: 30_000 });
    await expect.poll(() => focusedMatches(page, ".upload-done")).toBe(true);
    await tabTo(page, ".upload-done a");
    const href = (await page.evaluate(() => document.activeElement?.getAttribute("href"))) ?? "";
    expect(href).toMatch(new RegExp(`^/companies/${companyId}/frameworks/sfdr/[^/]+$`));

    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"));
      return key
        ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { access_token?: string }).access_token
        : "";
    });
    const dataId = href.split("/").pop() ?? "";
    const response = await fetch(`${e2eBaseUrl()}/api/data/sfdr/${dataId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const dataset = (await response.json()) as {
      companyId: string;
      reportingPeriod: string;
      data: {
        general: {
          general: { fiscalYearEnd: { value: string; comment: string; dataSource: { page: string } } };
        };
        environmental: { greenhouseGasEmissions: { scope1GhgEmissionsInTonnes: { value: number } } };
      };
    };
    expect(dataset.companyId).toBe(companyId);
    expect(dataset.reportingPeriod).toBe("2024");
    expect(dataset.data.general.general.fiscalYearEnd).toMatchObject({
      value: "2024-12-31",
      comment: "Typed without a mouse",
      dataSource: { page: "3" },
    });
    expect(dataset.data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.value).toBe(1234.5);
  });

  it.each([
    ["sfdr", "Upload SFDR data"],
    ["lksg", "Upload LkSG data"],
  ])(
    "the %s form with every section open has no serious or critical axe-core violations",
    async (framework, heading) => {
      await page.goto(`/companies/821b6cf3-e46f-55cb-84b6-115ba4c52aa1/frameworks/${framework}/upload`);
      await page.getByRole("heading", { name: heading }).waitFor();
      await page.getByRole("button", { name: "Open all sections" }).focus();
      await page.keyboard.press("Enter");
      await page.locator(".ff-section__body:not([hidden])").last().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
