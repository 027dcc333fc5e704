import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { BuildInfo } from "./http/actuator";

const ROOT = resolve(import.meta.dirname, "../../../..");

function commitOf(given: string | undefined): string {
  if (given) return given;
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

/** The name, version and commit the actuator reports; the commit is GIT_COMMIT's or asked of git. */
export function readBuildInfo(gitCommit: string | undefined): BuildInfo {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { version: string };
  return { name: "openverde", version: manifest.version, commit: commitOf(gitCommit) };
}
