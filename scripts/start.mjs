#!/usr/bin/env node
// `npm start`: builds the web app and the server if their sources changed, turns demo data on unless
// DEMO says otherwise, and runs the compiled server.
import { spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureServerBuilt, serverBundle, serverNodeArgs } from "./server-build.mjs";
import { ensureWebBuilt } from "./web-build.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

try {
  ensureWebBuilt();
  await ensureServerBuilt();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const env = { ...process.env, DEMO: process.env.DEMO ?? "true" };
const server = spawn(process.execPath, [...serverNodeArgs(env), serverBundle], {
  cwd: root,
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
