#!/usr/bin/env node
// The `openverde` command, also `npm run cli --`: runs the compiled operator commands, compiling them
// first when the server's sources changed since (see server-build.mjs).
import { spawn } from "node:child_process";
import { cliBundle, ensureCliBuilt } from "./server-build.mjs";

try {
  await ensureCliBuilt();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

const cli = spawn(process.execPath, [cliBundle, ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cli.kill(signal));
cli.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
