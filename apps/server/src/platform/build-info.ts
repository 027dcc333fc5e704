import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BuildInfo } from "./http/actuator";

const ROOT = resolve(import.meta.dirname, "../../../..");

function commitOf(): string {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .trim();
  } catch {
    return "unknown";
  }
}

export function readBuildInfo(): BuildInfo {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { version: string };
  return { name: "openverde", version: manifest.version, commit: commitOf() };
}
