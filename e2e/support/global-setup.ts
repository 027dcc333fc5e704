import { existsSync } from "node:fs";
import { CHROMIUM_PATH } from "./browser";

/** Builds the web app once before the browser journeys, or says plainly why they will be skipped. */
export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    process.stdout.write(
      `\nBrowser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install Debian's package: apt-get install chromium\n\n`,
    );
    return;
  }
  // @ts-expect-error: a plain ES module shared with npm start, without type declarations.
  const { ensureWebBuilt } = await import("../../scripts/web-build.mjs");
  ensureWebBuilt();
}
