/**
 * Page timing in headless Chromium, shared by the browser benchmarks: a script that records long tasks
 * from the start of every navigation, and the time-to-interactive measurement built on it.
 *
 * Interactive means: the page shows the given marker element (and no sign-in check is pending), and the
 * main thread has then been free of long tasks (> 50 ms) for a quiet window. The figure is
 * max(marker rendered, end of the last long task), in ms since navigation start.
 */
import type { Page } from "playwright-core";

// The functions given to page.evaluate run in the browser; the bench's tsconfig has no DOM types.
declare const window: unknown;
declare const document: { querySelector(selector: string): unknown };
declare function requestAnimationFrame(callback: () => void): number;
declare function requestIdleCallback(callback: () => void, options: { timeout: number }): number;

/** Add with `context.addInitScript`: records long tasks from the very start of each navigation. */
export const INIT_SCRIPT = `
(() => {
  const bench = { longTasks: [] };
  window.__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})();
`;

export interface LoadResult {
  content: number;
  tti: number;
  longTasks: number;
}

/** In the page: waits for the marker, then for a quiet main thread; times are ms since navigation start. */
export async function measureLoad(page: Page, marker: string, quietMs: number): Promise<LoadResult> {
  return page.evaluate(
    async ({ marker, quietMs }) => {
      const bench = (window as unknown as { __bench: { longTasks: [number, number][] } }).__bench;
      while (!document.querySelector(marker) || document.querySelector("output.checking-login"))
        await new Promise((done) => requestAnimationFrame(() => done(undefined)));
      // The frame that shows the content.
      await new Promise((done) => requestAnimationFrame(() => done(undefined)));
      const content = performance.now();
      for (;;) {
        await new Promise((done) => setTimeout(done, quietMs));
        const lastEnd = Math.max(0, ...bench.longTasks.map(([, end]) => end));
        if (performance.now() - lastEnd >= quietMs) {
          await new Promise((done) => requestIdleCallback(() => done(undefined), { timeout: 1_000 }));
          return { content, tti: Math.max(content, lastEnd), longTasks: bench.longTasks.length };
        }
      }
    },
    { marker, quietMs },
  );
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
