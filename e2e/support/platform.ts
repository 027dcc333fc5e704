import { resolve } from "node:path";
import { inject } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../apps/server/src/testing/test-platform";

/** The real server with demo data and the built web app, as a visitor would meet it. */
export function startE2ePlatform(): Promise<TestPlatform> {
  return startTestPlatform({
    demo: true,
    env: { WEB_DIST_DIR: resolve(import.meta.dirname, "../../apps/web/dist") },
  });
}

/**
 * The address of the platform the global setup started for all journeys. Journeys share it and
 * its demo data, so each one makes what it changes its own (its own names, its own users' data).
 */
export function e2eBaseUrl(): string {
  return inject("e2eBaseUrl");
}
