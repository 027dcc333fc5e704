import { resolve } from "node:path";
import { inject } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../apps/server/src/testing/test-platform";

/**
 * The real server with demo data and the built web app, as a visitor would meet it: the demo's
 * events are handled (review queue, answered requests) and background work keeps running. `env`
 * adds settings of the platform's environment schema for a journey that needs other values.
 */
export async function startE2ePlatform(env: Record<string, string> = {}): Promise<TestPlatform> {
  const platform = await startTestPlatform({
    demo: true,
    env: {
      DEMO: "true",
      WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? resolve(import.meta.dirname, "../../apps/web/dist"),
      ...env,
    },
  });
  await platform.background.settle();
  platform.background.start(500);
  return platform;
}

/**
 * The address of the platform the global setup started for all journeys. Journeys share it and
 * its demo data, so each one makes what it changes its own (its own names, its own users' data).
 */
export function e2eBaseUrl(): string {
  return inject("e2eBaseUrl");
}
