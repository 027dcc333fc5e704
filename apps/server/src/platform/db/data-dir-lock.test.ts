import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  currentBootId,
  DataDirLockedError,
  LOCK_FILE,
  type LockOwner,
  lockDataDir,
  processStartTicks,
} from "./data-dir-lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "openverde-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lockPath = (dir: string) => join(dir, LOCK_FILE);
const readLock = (dir: string) => JSON.parse(readFileSync(lockPath(dir), "utf8")) as LockOwner;
const writeLock = (dir: string, owner: Partial<LockOwner>) =>
  writeFileSync(
    lockPath(dir),
    JSON.stringify({
      host: hostname(),
      command: "openverde server",
      since: "2026-01-01T00:00:00Z",
      ...owner,
    }),
  );

/** Another process that takes the lock with the real code and keeps it until killed. */
async function holderProcess(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(new URL("./data-dir-lock.ts", import.meta.url).href)});
    lockDataDir(${JSON.stringify(dir)}, "openverde server on port 8080");
    process.stdout.write("locked\\n");
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("the data directory lock", () => {
  it("records the holder's boot, process start and a token of its own", () => {
    const dir = freshDir();
    const unlock = lockDataDir(dir, "test");
    const owner = readLock(dir);
    expect(owner.pid).toBe(process.pid);
    expect(owner.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(owner.bootId).toBe(currentBootId());
    expect(owner.startTicks).toBe(processStartTicks(process.pid));
    unlock();
    expect(() => readLock(dir)).toThrow();
  });

  it("refuses a second server on the directory while the first runs, naming it", async () => {
    const dir = freshDir();
    const holder = await holderProcess(dir);
    expect(() => lockDataDir(dir, "second")).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, "second")).toThrow(
      `is in use by process ${holder.pid} on ${hostname()} (openverde server on port 8080`,
    );
  }, 30_000);

  it("takes over the lock of a server that crashed, also when its process id now belongs to another process", async () => {
    const dir = freshDir();
    const holder = await holderProcess(dir);
    await killed(holder);
    const left = readLock(dir);
    // Another live process got the crashed server's id: only its start time tells them apart.
    writeLock(dir, { ...left, pid: process.ppid });
    const unlock = lockDataDir(dir, "after the crash");
    expect(readLock(dir).pid).toBe(process.pid);
    unlock();
  }, 30_000);

  it("takes over a lock from before the machine restarted, whoever has the id now", () => {
    const dir = freshDir();
    writeLock(dir, {
      pid: process.ppid,
      bootId: "00000000-0000-4000-8000-000000000000",
      startTicks: processStartTicks(process.ppid),
    });
    const unlock = lockDataDir(dir, "after the restart");
    expect(readLock(dir).command).toBe("after the restart");
    unlock();
  });

  it("keeps refusing while a holder that recorded only its id is running, and takes it over when it is not", () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.ppid });
    expect(() => lockDataDir(dir, "second")).toThrow(DataDirLockedError);
    writeLock(dir, { pid: 2 ** 22 + 1 });
    lockDataDir(dir, "second")();
  });

  it("leaves a lock that another holder has taken since", () => {
    const dir = freshDir();
    const unlock = lockDataDir(dir, "first");
    writeLock(dir, { ...readLock(dir), token: "someone else" });
    unlock();
    expect(readLock(dir).token).toBe("someone else");
  });
});
