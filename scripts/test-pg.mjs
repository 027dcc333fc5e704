#!/usr/bin/env node
// `npm run test:pg`: the server's API suite against a PostgreSQL server. Each test platform creates a
// database of its own there and drops it afterwards.
import { spawnSync } from "node:child_process";

const url = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const result = spawnSync("npx", ["vitest", "run", "--project", "server", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
