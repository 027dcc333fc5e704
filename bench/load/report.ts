import { readFileSync } from "node:fs";

export const KINDS = ["search", "cockpit", "framework view", "upload", "qa"] as const;
export type Kind = (typeof KINDS)[number];

/** What one phase of the run observed: every answered request, every failure, the server's memory. */
export class PhaseRecord {
  readonly samples: { kind: Kind; ms: number }[] = [];
  readonly errors = new Map<string, number>();
  readonly rss: number[] = [];

  error(key: string): void {
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((sum, n) => sum + n, 0);
  }
}

/** Resident memory of a process in bytes, 0 once it is gone. */
export function rssOf(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user and system) a process has used so far, in milliseconds (Linux clock ticks of 10 ms). */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export interface PhaseSummary {
  requests: number;
  errors: number;
  p99: number;
  lines: string[];
}

export function summarise(
  record: PhaseRecord,
  measured: { seconds: number; rssBefore: number; cpuMs: number },
): PhaseSummary {
  const all = record.samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const perSecond = all.length / measured.seconds;
  const lines = [
    `requests: ${all.length} (${perSecond.toFixed(1)} per second), errors: ${record.errorCount}`,
    `server CPU: ${measured.cpuMs.toLocaleString("en")} ms, ${(measured.cpuMs / Math.max(1, all.length)).toFixed(2)} ms per request, ${((measured.cpuMs / (measured.seconds * 1000)) * 100).toFixed(0)}% of one core`,
    `latency          requests     p50       p95       p99       max`,
  ];
  const row = (label: string, sorted: number[]) =>
    `  ${label.padEnd(15)}${String(sorted.length).padStart(7)} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))} ${ms(percentile(sorted, 99))} ${ms(sorted.at(-1) ?? 0)}`;
  lines.push(row("overall", all));
  for (const kind of KINDS) {
    const of = record.samples
      .filter((sample) => sample.kind === kind)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    lines.push(row(kind, of));
  }
  for (const [key, n] of record.errors) lines.push(`  error ${key}: ${n}`);
  lines.push(
    `server memory (RSS): before ${mb(measured.rssBefore)}, peak ${mb(Math.max(0, ...record.rss))}, at the end ${mb(record.rss.at(-1) ?? 0)}`,
  );
  return { requests: all.length, errors: record.errorCount, p99: percentile(all, 99), lines };
}
