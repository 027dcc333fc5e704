import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import type { TestPlatform } from "../../apps/server/src/testing/test-platform";
import { CHROMIUM_PATH } from "./browser";
import { startE2ePlatform } from "./platform";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}

let platform: TestPlatform | undefined;

/** Where a missing browser must fail the run: on CI a skip would pass without running a journey. */
const browserRequired = (env: NodeJS.ProcessEnv) =>
  ["CI", "REQUIRE_BROWSER"].some((name) => (env[name] ?? "") !== "" && env[name] !== "false");

/**
 * Builds the web app and starts one platform with demo data for all browser journeys, or says
 * plainly why they will be skipped (on a developer's machine) or fails (on CI).
 */
export async function setup(project: TestProject): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    if (browserRequired(process.env)) {
      throw new Error(
        `No Chromium at ${CHROMIUM_PATH}, and browser tests are required here (CI or REQUIRE_BROWSER is set). Install Debian's package: apt-get install chromium`,
      );
    }
    process.stdout.write(
      `\nBrowser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install Debian's package: apt-get install chromium\n\n`,
    );
    project.provide("e2eBaseUrl", "");
    return;
  }
  // @ts-expect-error: a plain ES module shared with npm start, without type declarations.
  const { ensureWebBuilt } = await import("../../scripts/web-build.mjs");
  ensureWebBuilt();
  platform = await startE2ePlatform();
  project.provide("e2eBaseUrl", platform.baseUrl);
}

export async function teardown(): Promise<void> {
  await platform?.close();
}
