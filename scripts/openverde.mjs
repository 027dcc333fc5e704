#!/usr/bin/env node
// The `openverde` command: the same operator CLI as `npm run cli --`.
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cli = spawn(
  process.execPath,
  ["--import", "tsx", join(root, "apps/server/src/cli/main.ts"), ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);
cli.on("exit", (code) => process.exit(code ?? 1));
