/**
 * Web interactivity benchmark (issues 13 and 14, quality): the real server with demo data and the
 * built web app, headless Chromium, and
 *
 * - time to interactive of the company cockpit and of the full SFDR view (all periods) of the demo
 *   company: navigation start → the view's content is in the page and the main thread has been free
 *   of long tasks (> 50 ms) for a quiet window; the figure is max(content rendered, end of the last
 *   long task). One warm-up load, then --runs loads; median and p95; target ≤ 1.5 s.
 * - smoothness while scrolling the SFDR view from top to bottom (see below).
 * - a large LkSG view: one dataset whose list fields hold --lksg-entries entries each (production
 *   sites, products, risks), uploaded through the API. Its time to interactive; then smoothness
 *   while scrolling the whole page from top to bottom, one step per frame (frame intervals, long tasks,
 *   the most data point rows in the DOM at once); then the time from a click on "500 entries" of the
 *   production sites to the painted table, and smoothness while scrolling that list's box to its end.
 * - keystroke latency in the SFDR and LkSG upload forms with all sections open: 50 characters typed
 *   into a text field; per keystroke, the keydown's time stamp → the first frame after the input
 *   event was handled (requestAnimationFrame, then a task after it, i.e. after paint).
 *
 *   npm run bench -- web-interactivity [--runs 7] [--quiet-ms 500] [--lksg-entries 500]
 *
 * The machine is shared: figures vary between runs; compare medians, not single loads.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Page } from "playwright-core";
import { bearerFor } from "../../apps/server/src/testing/sign-in";
import { startTestPlatform, type TestPlatform } from "../../apps/server/src/testing/test-platform";
import { launchBrowser } from "../../e2e/support/browser";
import { LARGE_LIST_FIELD, largeLksgDataset } from "../../e2e/support/large-lksg";
import { fillSignInForm } from "../../e2e/support/sign-in";
// @ts-expect-error: a plain ES module shared with npm start, without type declarations.
import { ensureWebBuilt } from "../../scripts/web-build.mjs";
import { INIT_SCRIPT, type LoadResult, measureLoad, quantile } from "../support/page-timing";

// The functions given to page.evaluate run in the browser; the bench's tsconfig has no DOM types.
declare const window: unknown;
interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}
declare const document: {
  addEventListener(type: string, listener: (event: { timeStamp: number }) => void, capture: boolean): void;
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): { length: number };
  scrollingElement: ScrollBox;
};
declare function requestAnimationFrame(callback: () => void): number;

const { values: flags } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    "quiet-ms": { type: "string", default: "500" },
    "lksg-entries": { type: "string", default: "500" },
  },
});
const runs = Number(flags.runs);
const quietMs = Number(flags["quiet-ms"]);
const lksgEntries = Number(flags["lksg-entries"]);
const TARGET_MS = 1_500;
const DEMO_COMPANY_ID = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";

const ms = (value: number) => `${Math.round(value)} ms`;

async function timeToInteractive(page: Page, name: string, path: string, marker: string) {
  const results: LoadResult[] = [];
  for (let run = 0; run <= runs; run++) {
    await page.goto(path, { waitUntil: "commit" });
    const result = await measureLoad(page, marker, quietMs);
    if (run > 0) results.push(result); // run 0 warms caches and the server
  }
  const tti = results.map((result) => result.tti);
  const content = results.map((result) => result.content);
  const p95 = quantile(tti, 0.95);
  console.log(
    `${name.padEnd(34)} TTI median ${ms(quantile(tti, 0.5))}, p95 ${ms(p95)}, min ${ms(Math.min(...tti))}` +
      ` | content median ${ms(quantile(content, 0.5))} | long tasks/load ${quantile(
        results.map((r) => r.longTasks),
        0.5,
      )} | ${p95 <= TARGET_MS ? "within" : "OVER"} ${TARGET_MS} ms`,
  );
  return { name, tti };
}

async function keystrokeLatency(page: Page, name: string, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole("heading", { name: heading }).waitFor({ timeout: 30_000 });
  const draft = page.getByRole("button", { name: "Discard it and start again" });
  if (await draft.isVisible()) await draft.click();
  await page.getByLabel("Reporting period").selectOption("2024");
  await page.getByRole("button", { name: "Open all sections" }).click();
  const field = page
    .locator(
      // Text inputs carry no type attribute, so select them by what they are not.
      ".ff-field textarea:visible, .ff-field input.ff-input:not([type=checkbox]):not([type=radio]):not([type=date]):visible",
    )
    .first();
  await field.waitFor({ timeout: 60_000 });
  const numeric = (await field.getAttribute("type")) === "number";
  const fieldCount = await page
    .locator(".ff-section__body input, .ff-section__body textarea, .ff-section__body select")
    .count();
  await field.focus();
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { __keys: number[] }).__keys = samples;
    let keydownAt = 0;
    document.addEventListener("keydown", (event) => (keydownAt = event.timeStamp), true);
    document.addEventListener(
      "input",
      () => {
        const started = keydownAt;
        // The first task after the next frame, i.e. after the frame was produced.
        requestAnimationFrame(() => setTimeout(() => samples.push(performance.now() - started), 0));
      },
      true,
    );
  });
  const text = numeric
    ? "1234567890".repeat(5)
    : "Typing fifty characters into the upload form: ok.".padEnd(50, "x").slice(0, 50);
  await page.keyboard.type(text, { delay: 40 });
  await page.waitForTimeout(300);
  const samples = await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
  console.log(
    `${name.padEnd(34)} keystroke median ${samples.length ? quantile(samples, 0.5).toFixed(1) : "–"} ms, p95 ${quantile(
      samples,
      0.95,
    ).toFixed(
      1,
    )} ms, max ${Math.max(...samples).toFixed(1)} ms (${samples.length} keys, ${fieldCount} inputs in the open form)`,
  );
  // Leave without the unsaved-changes question.
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear(),
  );
}

interface ScrollResult {
  /** Time between consecutive frames while scrolling, ms. */
  frames: number[];
  longTasks: number;
  /** The most rows matching the row selector that were in the DOM at once. */
  maxRows: number;
}

/** In the page: scrolls a box (or the page) from top to bottom, `step` pixels per frame. */
async function scrollThrough(
  page: Page,
  box: string | null,
  rows: string,
  step: number,
): Promise<ScrollResult> {
  return page.evaluate(
    async ({ box, rows, step }) => {
      const bench = (window as unknown as { __bench: { longTasks: [number, number][] } }).__bench;
      const scroller = box ? (document.querySelector(box) as ScrollBox) : document.scrollingElement;
      scroller.scrollTop = 0;
      // (No local function here: the bench's TypeScript loader would wrap it in a helper the page lacks.)
      await new Promise((done) => requestAnimationFrame(() => done(undefined)));
      const started = performance.now();
      const frames: number[] = [];
      let maxRows = 0;
      let last = started;
      // Bounded, in case the end is never reached.
      for (let frame = 0; frame < 5_000; frame++) {
        if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
        scroller.scrollTop += step;
        await new Promise((done) => requestAnimationFrame(() => done(undefined)));
        const now = performance.now();
        frames.push(now - last);
        last = now;
        maxRows = Math.max(maxRows, document.querySelectorAll(rows).length);
      }
      const longTasks = bench.longTasks.filter(([start]) => start >= started).length;
      return { frames, longTasks, maxRows };
    },
    { box, rows, step },
  );
}

function smoothness(name: string, result: ScrollResult, rowsOf: number): void {
  const janky = result.frames.filter((frame) => frame > 50).length;
  console.log(
    `${name.padEnd(34)} frame median ${quantile(result.frames, 0.5).toFixed(1)} ms, p95 ${quantile(
      result.frames,
      0.95,
    ).toFixed(1)} ms, longest ${Math.max(...result.frames).toFixed(1)} ms | frames > 50 ms: ${janky} of ${
      result.frames.length
    } | long tasks ${result.longTasks} | rows in the DOM ≤ ${result.maxRows} of ${rowsOf}`,
  );
}

/** A company with one accepted LkSG dataset whose lists hold `entries` entries each; its view's path. */
async function uploadLargeLksg(platform: TestPlatform, entries: number): Promise<string> {
  const authorization = await bearerFor(platform, {
    username: "bench_admin",
    roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_ADMIN"],
  });
  const post = async (path: string, body: unknown) => {
    const response = await platform.request(path, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const company = await post("/api/companies", {
    companyName: "Bench Long Lists GmbH",
    headquarters: "Leipzig",
    countryCode: "DE",
    identifiers: {},
  });
  const meta = await post("/api/data/lksg?bypassQa=true", {
    companyId: company.companyId,
    reportingPeriod: "2024",
    data: largeLksgDataset(entries),
  });
  return `/companies/${company.companyId}/frameworks/lksg/${meta.dataId}`;
}

async function largeLksgView(page: Page, path: string): Promise<void> {
  await timeToInteractive(page, `LkSG view (${lksgEntries}-entry lists)`, path, "tr.fv-row");
  const fields = Number(/^(\d+)/.exec((await page.locator(".fv-summary").textContent()) ?? "")?.[1]);
  smoothness("LkSG view, page scroll", await scrollThrough(page, null, "tr.fv-row", 200), fields);

  await page.getByRole("searchbox", { name: "Find a data point" }).fill("List of production sites");
  const button = `tr[data-path="${LARGE_LIST_FIELD}"] button.fv-entries`;
  await page.locator(button).waitFor();
  const opened = await page.evaluate(async (button) => {
    const started = performance.now();
    (document.querySelector(button) as { click(): void }).click();
    // The frame that shows the table.
    await new Promise((done) => requestAnimationFrame(() => done(undefined)));
    await new Promise((done) => setTimeout(done, 0));
    return performance.now() - started;
  }, button);
  console.log(`${"LkSG list, open".padEnd(34)} ${opened.toFixed(1)} ms from the click to the painted table`);
  smoothness(
    "LkSG list, box scroll",
    await scrollThrough(page, ".fv-structured", ".fv-structured tbody tr:not(.fv-spacer)", 120),
    lksgEntries,
  );
}

async function signedInPage(browser: Browser, baseUrl: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/companies");
  await fillSignInForm(page, username);
  await page.waitForURL((url) => url.pathname === "/companies" && !url.hash.includes("code="), {
    timeout: 30_000,
  });
  return page;
}

ensureWebBuilt();
const platform = await startTestPlatform({
  demo: true,
  env: { WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? resolve(import.meta.dirname, "../../apps/web/dist") },
});
const browser = await launchBrowser();
try {
  console.log(`web-interactivity: ${platform.baseUrl}, ${runs} runs per view after one warm-up\n`);
  const reader = await signedInPage(browser, platform.baseUrl, "data_reader");
  const periods = await (async () => {
    await reader.goto(`/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`);
    await reader.locator("a.fv-source").first().waitFor({ timeout: 30_000 });
    // Each category has its own table head: count the distinct column labels.
    const labels = await reader.locator("thead th.fv-column .fv-column__label").allTextContents();
    return new Set(labels).size;
  })();
  console.log(`SFDR view of the demo company: ${periods} period columns\n`);
  await timeToInteractive(
    reader,
    "Company cockpit",
    `/companies/${DEMO_COMPANY_ID}`,
    'a[href$="/frameworks/sfdr"]',
  );
  await timeToInteractive(
    reader,
    `SFDR view (${periods} periods)`,
    `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr`,
    "a.fv-source",
  );
  const sfdrFields = Number(/^(\d+)/.exec((await reader.locator(".fv-summary").textContent()) ?? "")?.[1]);
  smoothness("SFDR view, page scroll", await scrollThrough(reader, null, "tr.fv-row", 200), sfdrFields);
  await largeLksgView(reader, await uploadLargeLksg(platform, lksgEntries));
  console.log("");
  const uploader = await signedInPage(browser, platform.baseUrl, "data_uploader");
  await keystrokeLatency(
    uploader,
    "SFDR upload form",
    `/companies/${DEMO_COMPANY_ID}/frameworks/sfdr/upload`,
    "Upload SFDR data",
  );
  await keystrokeLatency(
    uploader,
    "LkSG upload form",
    `/companies/${DEMO_COMPANY_ID}/frameworks/lksg/upload`,
    "Upload LkSG data",
  );
} finally {
  await browser.close();
  await platform.close();
}
