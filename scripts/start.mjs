#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, turns demo data on
// unless DEMO says otherwise, and runs the server in this process group.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const webDir = join(root, "apps/web");
const built = join(webDir, "dist/index.html");

function newestChange(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    info.mtimeMs,
  );
}

function webNeedsBuild() {
  if (!existsSync(built)) return true;
  const sources = ["src", "public", "index.html", "vite.config.ts", "../../packages/frameworks/src"]
    .map((entry) => join(webDir, entry))
    .filter(existsSync);
  return Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs;
}

if (webNeedsBuild()) {
  process.stdout.write("Building the web app...\n");
  const result = spawnSync("npm", ["run", "build", "-w", "@openverde/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { ...process.env, DEMO: process.env.DEMO ?? "true" };
const server = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/main.ts")], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
