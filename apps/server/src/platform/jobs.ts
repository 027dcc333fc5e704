import { type Kysely, sql, type Transaction } from "kysely";
import type { AnyDb } from "./db/database";

export interface Job<P = unknown> {
  id: number;
  type: string;
  payload: P;
  attempts: number;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface JobHandlers {
  [jobType: string]: JobHandler;
}

type Executor = Kysely<Record<string, never>> | Transaction<Record<string, never>>;

const LEASE_SECONDS = 300;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Queues work; call it inside the transaction of the change that asks for it. */
export async function enqueueJob(
  trx: Executor | Kysely<never>,
  type: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<void> {
  await sql`insert into platform_job (type, payload, run_at, max_attempts)
    values (${type}, ${JSON.stringify(payload)}::jsonb, ${options.runAt ?? new Date()}, ${options.maxAttempts ?? 5})`.execute(
    trx as Executor,
  );
}

interface JobRow {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

async function claimJob(db: AnyDb, types: string[]): Promise<JobRow | undefined> {
  const claimed = await sql<JobRow>`
    update platform_job set attempts = attempts + 1, leased_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id = (
      select id from platform_job
      where finished_at is null and failed_at is null and run_at <= now()
        and (leased_until is null or leased_until < now()) and type = any(${types})
      order by run_at, id limit 1 for update skip locked
    )
    returning id, type, payload, attempts, max_attempts`.execute(db);
  return claimed.rows[0];
}

function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** (attempts - 1));
}

/**
 * Runs due jobs one at a time until none is left; returns how many ran. A failing job is retried
 * with growing delays and given up after its last attempt, with the error kept.
 */
export async function runDueJobs(db: AnyDb, handlers: JobHandlers, limit = 100): Promise<number> {
  const types = Object.keys(handlers);
  if (types.length === 0) return 0;
  let ran = 0;
  while (ran < limit) {
    const row = await claimJob(db, types);
    if (!row) break;
    ran++;
    const handler = handlers[row.type];
    try {
      if (!handler) throw new Error(`No handler for job type ${row.type}.`);
      await handler({ id: Number(row.id), type: row.type, payload: row.payload, attempts: row.attempts });
      await sql`update platform_job set finished_at = now(), leased_until = null where id = ${row.id}`.execute(
        db,
      );
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (row.attempts >= row.max_attempts) {
        await sql`update platform_job set failed_at = now(), leased_until = null, last_error = ${message} where id = ${row.id}`.execute(
          db,
        );
      } else {
        const delay = retryDelaySeconds(row.attempts);
        await sql`update platform_job set leased_until = null, last_error = ${message},
          run_at = now() + make_interval(secs => ${delay}) where id = ${row.id}`.execute(db);
      }
    }
  }
  return ran;
}
