import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export class DataDirLockedError extends Error {}

export const LOCK_FILE = "openverde.lock";

/**
 * Who holds the lock. A process id alone cannot tell a live holder from a dead one: after a crash
 * and a restart of the machine, or just enough time, the id belongs to some other process. So the
 * holder also records when the machine started (its boot id) and when the process started (in clock
 * ticks since boot, from /proc), which no later process shares; and a random token, so that only
 * the holder itself removes the file.
 */
export interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
  token?: string;
  bootId?: string;
  startTicks?: string;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** This boot of the machine; undefined where /proc does not say (not Linux). */
export const currentBootId = (): string | undefined =>
  readText("/proc/sys/kernel/random/boot_id")?.trim() || undefined;

/** When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat); undefined if unknown. */
export function processStartTicks(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses; the fields after it start at field 3.
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
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
  const text = readText(path);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as LockOwner;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process the lock names still holds it. A lock of another machine (a shared directory)
 * cannot be checked and counts as held.
 */
export function isHeld(holder: LockOwner): boolean {
  if (holder.host !== hostname()) return true;
  const bootId = currentBootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  if (!isRunning(holder.pid)) return false;
  const startTicks = processStartTicks(holder.pid);
  if (holder.startTicks && startTicks && holder.startTicks !== startTicks) return false;
  return true;
}

/**
 * The embedded database must have one process at a time. The lock file names its owner, so the
 * second process can say who holds it; a lock left by a process that is gone (crashed, or the
 * machine restarted) is taken over, even when its process id now belongs to another process.
 */
export function lockDataDir(dataDir: string, command: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    command,
    since: new Date().toISOString(),
    token: randomUUID(),
    bootId: currentBootId(),
    startTicks: processStartTicks(process.pid),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(owner), { flag: "wx" });
      return () => {
        if (readOwner(path)?.token === owner.token) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readOwner(path);
      if (holder !== undefined && isHeld(holder)) {
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
