import type { Kysely } from "kysely";

/**
 * Runs the work in a transaction, or in the caller's when the executor is one already, so that a
 * service function called inside another's transaction writes within it (and, on the embedded
 * database, does not wait for the one session the outer transaction holds).
 */
export async function inTransaction<Tables, T>(
  db: Kysely<Tables>,
  work: (trx: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
