#!/usr/bin/env node
// `npm start`: builds the web app if its sources changed, turns demo data on unless DEMO says
// otherwise, and runs the server.
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureWebBuilt } from "./web-build.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

try {
  ensureWebBuilt();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const env = { ...process.env, DEMO: process.env.DEMO ?? "true" };
const server = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/main.ts")], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
