#!/usr/bin/env node
// `npm run bench -- <name> [options]`: runs bench/<name>/run.ts with the options after the name.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = join(root, "bench");
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(benchDir, entry.name, "run.ts")))
  .map((entry) => entry.name);

const [name, ...options] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  process.stderr.write(
    `Usage: npm run bench -- <name> [options]\nBenchmarks: ${available.join(", ") || "(none)"}\n`,
  );
  process.exit(name ? 1 : 0);
}
const result = spawnSync(process.execPath, ["--import", "tsx", join(benchDir, name, "run.ts"), ...options], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
