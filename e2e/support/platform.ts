import { resolve } from "node:path";
import { startTestPlatform, type TestPlatform } from "../../apps/server/src/testing/test-platform";

/** The real server with demo data and the built web app, as a visitor would meet it. */
export function startE2ePlatform(): Promise<TestPlatform> {
  return startTestPlatform({
    demo: true,
    env: { WEB_DIST_DIR: resolve(import.meta.dirname, "../../apps/web/dist") },
  });
}
