// Builds the web app when its sources (or the framework definitions it renders) changed since the
// last build. Used by `npm start` and by the browser tests.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const webDir = join(root, "apps/web");

/**
 * Where the built web app goes: WEB_DIST_DIR when set, so that people working side by side can each
 * build and serve their own copy, and apps/web/dist otherwise.
 */
export function webDistDir() {
  return process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(webDir, "dist");
}

/** When anything under `path` (a file or a folder, recursively) last changed, in epoch ms. */
export function newestChange(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    info.mtimeMs,
  );
}

export function webNeedsBuild() {
  const builtIndex = join(webDistDir(), "index.html");
  if (!existsSync(builtIndex)) return true;
  const sources = ["src", "public", "index.html", "vite.config.ts", "vite", "../../packages/frameworks/src"]
    .map((entry) => join(webDir, entry))
    .filter(existsSync);
  return Math.max(...sources.map(newestChange)) > statSync(builtIndex).mtimeMs;
}

export function ensureWebBuilt() {
  if (!webNeedsBuild()) return;
  process.stdout.write("Building the web app...\n");
  // A test runner's NODE_ENV=test would otherwise give React's development build.
  const result = spawnSync(
    "npm",
    ["run", "build", "-w", "@openverde/web", "--", "--outDir", webDistDir(), "--emptyOutDir"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) throw new Error("The web app did not build.");
}
