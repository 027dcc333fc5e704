/**
 * How a simulated user spends a phase of the run: it arrives at a random moment within its first
 * think time (so a hundred users do not all press a key in the same millisecond), then repeats
 * "take one step, think" until the phase ends. A step is one page view or action and may send several
 * requests one after the other; the pause after it is drawn uniformly from half to one and a half times
 * the mean think time. A think time of 0 makes a closed loop without pauses: each user sends its next
 * request the moment the last one is answered, which measures what the server can do at saturation.
 */
export interface Phase {
  /** Mean pause between two steps of one user, in milliseconds; 0 for the saturation loop. */
  thinkMs: number;
  durationMs: number;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function thinkTime(meanMs: number, random: () => number = Math.random): number {
  return meanMs * (0.5 + random());
}

export async function runUsers(users: number, phase: Phase, nextStep: () => () => Promise<void>) {
  const end = performance.now() + phase.durationMs;
  const untilEnd = () => Math.max(0, end - performance.now());
  await Promise.all(
    Array.from({ length: users }, async () => {
      if (phase.thinkMs > 0) await sleep(Math.min(untilEnd(), Math.random() * phase.thinkMs));
      while (performance.now() < end) {
        await nextStep()();
        if (phase.thinkMs > 0) await sleep(Math.min(untilEnd(), thinkTime(phase.thinkMs)));
      }
    }),
  );
}

export function describePhase(phase: Phase): string {
  return phase.thinkMs > 0
    ? `think time ${phase.thinkMs} ms on average (${phase.thinkMs / 2}-${phase.thinkMs * 1.5} ms) between steps: people`
    : "no think time: closed loop, saturation";
}
