import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./support/browser";
import { e2eBaseUrl } from "./support/platform";
import { signInThroughBrowser } from "./support/sign-in";

/** The demo company (companies module's demo seed). */
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";
const DEMO_COMPANY_NAME = "Verdana Energie AG";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Person {
  name: string;
  username: string;
  email: string;
  password: string;
}

/** A page of its own (own session); the server's CSP forbids inline scripts, so axe needs bypassCSP. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  return context.newPage();
}

/** Registers the person on the provider's form; the page is then signed in as them, on /companies. */
async function register(page: Page, person: Person): Promise<void> {
  await page.goto("/companies");
  await page.waitForURL(/\/keycloak\/realms\//);
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Name", { exact: true }).fill(person.name);
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByLabel("Username", { exact: true }).fill(person.username);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Repeat the password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/companies" && !url.hash.includes("code="), {
    timeout: 30_000,
  });
}

/** The serious and critical axe-core violations of what the page shows now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } }).axe;
    return (
      (await axe.run(document)) as { violations: { id: string; impact: string | null; help: string }[] }
    ).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
}

/**
 * An owner shares a portfolio with a colleague by e-mail address; the colleague signs in, finds it
 * under "Shared with me" with the owner's name, reads it, and leaves it. The journey registers its
 * own two users, so the demo users' portfolios stay as the other journeys expect them.
 */
describe.skipIf(!hasChromium)("sharing a portfolio", () => {
  const run = Date.now().toString(36);
  const owner: Person = {
    name: "Olga Owner",
    username: `pf_owner_${run}`,
    email: `olga.${run}@openverde.example`,
    password: `Owner-Pass-${run}-3`,
  };
  const colleague: Person = {
    name: "Cora Colleague",
    username: `pf_colleague_${run}`,
    email: `cora.${run}@openverde.example`,
    password: `Colleague-Pass-${run}-5`,
  };
  const portfolioName = `Shared watchlist ${run}`;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("shares by e-mail address, shows the portfolio to the colleague read-only, and lets them leave", async () => {
    const colleaguePage = await freshPage(browser);
    await register(colleaguePage, colleague);
    await colleaguePage.context().close();

    const ownerPage = await freshPage(browser);
    await register(ownerPage, owner);
    await ownerPage.goto("/portfolios");
    await ownerPage.getByRole("button", { name: "New portfolio" }).click();
    const editor = ownerPage.getByRole("dialog");
    await editor.getByLabel("Name").fill(portfolioName);
    await editor.getByLabel("Companies").fill(DEMO_COMPANY_ID);
    await editor.getByRole("button", { name: "Create portfolio" }).click();
    await ownerPage.getByRole("tab", { name: portfolioName, selected: true }).waitFor();

    await ownerPage.getByRole("button", { name: "Share" }).click();
    const share = ownerPage.getByRole("dialog", { name: `Share “${portfolioName}”` });
    await share.getByRole("list", { name: "People with access" }).waitFor();
    const address = share.getByLabel("E-mail address of a colleague");
    await address.fill("nobody.here@openverde.example");
    await address.press("Enter");
    await share.getByText("No Openverde user has this e-mail address.", { exact: false }).waitFor();
    await address.fill(colleague.email);
    await address.press("Enter");
    await share.getByText(`${colleague.name} (${colleague.email})`, { exact: true }).waitFor();
    expect(await seriousViolations(ownerPage)).toEqual([]);
    await share.getByRole("button", { name: "Save sharing" }).click();
    await ownerPage.getByText(`“${portfolioName}” is shared with 1 person.`).waitFor();
    await ownerPage.getByText("Shared with 1 person", { exact: true }).waitFor();
    await ownerPage.context().close();

    const page = await freshPage(browser);
    await signInThroughBrowser(page, colleague.username, colleague.password, "/portfolios");
    await page.getByRole("heading", { name: "Shared with me" }).waitFor();
    const tab = page.getByRole("tablist", { name: "Portfolios shared with you" }).getByRole("tab");
    expect(await tab.count()).toBe(1);
    expect(await tab.textContent()).toBe(`${portfolioName}by ${owner.name}`);
    await tab.click();
    await page.getByText(`Shared with you by ${owner.name} · read only`).waitFor();
    await page.getByRole("link", { name: DEMO_COMPANY_NAME }).first().waitFor();
    for (const ownerAction of ["Share", "Edit", "Monitoring", "Delete"])
      expect(await page.getByRole("button", { name: ownerAction, exact: true }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Leave", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Leave portfolio" }).click();
    await page.getByText(`You left “${portfolioName}”.`).waitFor();
    await page.getByRole("heading", { name: "Shared with me" }).waitFor({ state: "detached" });
    await page.context().close();
  });
});
