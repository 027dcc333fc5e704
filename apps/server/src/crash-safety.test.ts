import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../../..");

/**
 * The small version of `npm run bench -- crash-safety`: a real server process killed with SIGKILL
 * during concurrent dataset and document uploads, then started again and checked (see
 * bench/crash-safety/run.ts for what is checked). On PostgreSQL when TEST_DATABASE_URL is set.
 */
describe("crash safety", () => {
  it("keeps every acknowledged upload and nothing half-written after kill -9", async () => {
    const args = [
      "--import",
      "tsx",
      "bench/crash-safety/run.ts",
      "--uploads",
      "24",
      "--kill-after",
      "6",
      "--json",
    ];
    if (process.env.TEST_DATABASE_URL) args.push("--database-url", process.env.TEST_DATABASE_URL);
    const { stdout } = await run(process.execPath, args, { cwd: ROOT, timeout: 280_000 }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr }),
    );
    const line = stdout.trim().split("\n").pop() ?? "";
    const report = JSON.parse(line) as {
      problems: string[];
      acknowledged: { datasets: number; documents: number };
      stats: Record<string, number>;
    };
    expect(report.problems).toEqual([]);
    expect(report.acknowledged.datasets + report.acknowledged.documents).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
