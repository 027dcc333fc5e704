import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core on what the page shows once its content has settled and returns the serious and
 * critical violations, readably. The page's context needs `bypassCSP`: axe is added as an inline script.
 * It waits for the sign-in check and for running transitions too, so axe judges what the user reads.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  await page.locator("output.checking-login").first().waitFor({ state: "detached", timeout: 20_000 });
  // Colours in the middle of a transition (a dialog fading in, a button turning enabled) are neither
  // the start nor the end, and axe would judge their contrast; spinners, which never end, are left.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } }).axe;
    return ((await axe.run(document)) as { violations: AxeViolation[] }).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 4)
          .map((node) => JSON.stringify(node.target))
          .join(", ")}${violation.nodes.length > 4 ? ` (+${violation.nodes.length - 4})` : ""}`,
    );
}
