/**
 * What a benchmark reads of a process from /proc (Linux): its CPU time and its resident memory, and
 * the CPU time of the PostgreSQL backends serving a database. CPU time per operation does not depend
 * on what else the machine is doing, unlike the wall-clock time.
 */
import { readFileSync } from "node:fs";
import type pg from "pg";

const CLOCK_TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] {
  // The fields after the command name (which may hold spaces) start at the state, field 3.
  return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
}

/** CPU time (user + system) the process has used so far, in milliseconds. */
export function cpuMsOf(pid: number): number {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The resident memory of the process, in bytes. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * The backends' CPU time now, per backend, to measure a phase by `since()`: the time each backend
 * present at the end used since the start (a backend that ended meanwhile took its time with it, so
 * the figure is never negative, at worst a little short).
 */
export async function backendCpuByPid(monitor: pg.Client): Promise<{ since(): Promise<number> }> {
  const pidsOf = async () =>
    (
      await monitor.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      )
    ).rows.map((row) => row.pid);
  const cpuOrNothing = (pid: number) => {
    try {
      return cpuMsOf(pid);
    } catch {
      return undefined;
    }
  };
  const before = new Map<number, number>();
  for (const pid of await pidsOf()) {
    const cpu = cpuOrNothing(pid);
    if (cpu !== undefined) before.set(pid, cpu);
  }
  return {
    async since() {
      let total = 0;
      for (const pid of await pidsOf()) {
        const now = cpuOrNothing(pid);
        if (now !== undefined) total += now - (before.get(pid) ?? 0);
      }
      return Math.max(0, total);
    },
  };
}

export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
