import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { AnyDb } from "./db/database";

export interface PlatformEvent<P = unknown> {
  id: number;
  type: string;
  payload: P;
  createdAt: Date;
}

/**
 * Reacts to an event inside the transaction that marks it handled, so what the handler writes and
 * the mark are kept or lost together. Handlers touch their own module's tables and enqueue jobs for
 * anything outside the database.
 */
export type EventHandler = (event: PlatformEvent, trx: Transaction<Record<string, never>>) => Promise<void>;

export interface EventSubscriptions {
  [eventType: string]: EventHandler[];
}

type Executor = Kysely<Record<string, never>> | Transaction<Record<string, never>>;

/**
 * The statement recording an event, for a module that writes its change and the event in one
 * statement (the insert as a `with` part): one statement is atomic without a transaction around it.
 */
export function eventInsert(type: string, payload: unknown): RawBuilder<unknown> {
  return sql`insert into platform_event (type, payload) values (${type}, ${JSON.stringify(payload)}::jsonb)`;
}

/** Records an event in the same transaction as the change that caused it. */
export async function publishEvent(
  trx: Executor | Kysely<never>,
  type: string,
  payload: unknown,
): Promise<void> {
  await eventInsert(type, payload).execute(trx as Executor);
}

interface EventRow {
  id: number;
  type: string;
  payload: unknown;
  created_at: Date;
}

/** Hands pending events to their subscribers, oldest first; returns how many were handled. */
export async function dispatchEvents(
  db: AnyDb,
  subscriptions: EventSubscriptions,
  batchSize = 50,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pending = await sql<EventRow>`
      select id, type, payload, created_at from platform_event
      where dispatched_at is null order by id limit ${batchSize} for update skip locked`.execute(trx);
    for (const row of pending.rows) {
      const event: PlatformEvent = {
        id: Number(row.id),
        type: row.type,
        payload: row.payload,
        createdAt: row.created_at,
      };
      for (const handler of subscriptions[row.type] ?? []) await handler(event, trx);
    }
    if (pending.rows.length > 0) {
      const ids = pending.rows.map((row) => Number(row.id));
      await sql`update platform_event set dispatched_at = now() where id = any(${ids})`.execute(trx);
    }
    return pending.rows.length;
  });
}
