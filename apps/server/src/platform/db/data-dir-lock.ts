import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(path: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LockOwner;
  } catch {
    return undefined;
  }
}

/**
 * The embedded database must have one process at a time. The lock file names its owner, so the
 * second process can say who holds it; a lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string, command: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "openverde.lock");
  const owner: LockOwner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(owner), { flag: "wx" });
      return () => {
        if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readOwner(path);
      const stale = holder === undefined || (holder.host === owner.host && !isRunning(holder.pid));
      if (!stale) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by process ${holder.pid} on ${holder.host} ` +
            `(${holder.command}, since ${holder.since}). Stop it first, or use another DATA_DIR.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}.`);
}
