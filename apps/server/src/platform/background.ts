import type { FastifyBaseLogger } from "fastify";
import type { AnyDb } from "./db/database";
import { dispatchEvents, type EventSubscriptions } from "./events";
import { type JobHandlers, runDueJobs } from "./jobs";

export interface Background {
  /** Dispatches events and runs due jobs until nothing is left; tests call it to settle. */
  settle(): Promise<void>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createBackground(
  db: AnyDb,
  subscriptions: EventSubscriptions,
  handlers: JobHandlers,
  log: FastifyBaseLogger,
): Background {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const settle = async () => {
    for (let round = 0; round < 100; round++) {
      const events = await dispatchEvents(db, subscriptions);
      const jobs = await runDueJobs(db, handlers);
      if (events === 0 && jobs === 0) return;
    }
  };

  const tick = () => {
    if (running) return;
    running = settle()
      .catch((error: unknown) => log.error({ err: error }, "background work failed"))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    settle,
    start(intervalMs = 1000) {
      timer ??= setInterval(tick, intervalMs);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** Joins the subscriptions of several modules; every subscriber of a type is called. */
export function mergeSubscriptions(all: EventSubscriptions[]): EventSubscriptions {
  const merged: EventSubscriptions = {};
  for (const subscriptions of all) {
    for (const [type, handlers] of Object.entries(subscriptions))
      merged[type] = [...(merged[type] ?? []), ...handlers];
  }
  return merged;
}

export function mergeJobHandlers(all: JobHandlers[]): JobHandlers {
  const merged: JobHandlers = {};
  for (const handlers of all) {
    for (const [type, handler] of Object.entries(handlers)) {
      if (merged[type]) throw new Error(`Two modules handle the job type ${type}.`);
      merged[type] = handler;
    }
  }
  return merged;
}
