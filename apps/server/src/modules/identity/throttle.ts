import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { type AnyExecutor, identityTables } from "./store";

export interface ThrottleRules {
  /** Password checks of one account that may fail before it is locked for a while. */
  maxFailures: number;
  /** Password checks from one address that may fail before it is locked (several people may share one). */
  maxAddressFailures: number;
  lockSeconds: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The counter of an account: its id when it exists, else the name given (so unknown names count too). */
export const accountKey = (account: { userId: string } | { login: string }) =>
  "userId" in account ? `account:${account.userId}` : `user:${account.login.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/** Clears the count of an account (a new password was set with a reset link). */
export async function forgetAccountFailures(db: AnyExecutor, userId: string): Promise<void> {
  await identityTables(db)
    .deleteFrom("identity_login_failure")
    .where("key", "=", accountKey({ userId }))
    .execute();
}

/**
 * The budget of password checks per account and per address. An attempt is counted before its password
 * is checked, in one statement that also refuses it once the count has reached the limit, so requests
 * arriving together cannot all pass a check made before any of them was counted. A right password gives
 * its attempt back. The count is forgotten a lock period after the last counted attempt, so a full count
 * is a lock of that length. Every counted attempt on an account makes its next one wait longer (from a
 * quarter of a second, doubling, up to 8 seconds). The address's count sets no delay: it also holds the
 * sign-ins in flight of everyone behind one address (an office), which should not slow each other down.
 */
export function loginThrottle(db: AnyExecutor, rules: ThrottleRules) {
  const tables = identityTables(db);
  const lockMs = rules.lockSeconds * 1000;

  /** Counts one attempt on the key; the attempt's number, or undefined when the key is locked. */
  const count = async (key: string, limit: number, now: Date): Promise<number | undefined> => {
    const stale = new Date(now.getTime() - lockMs);
    const lockEnd = new Date(now.getTime() + lockMs);
    const counted = sql<number>`case when identity_login_failure.last_failure_at <= ${stale} then 1
      else identity_login_failure.failures + 1 end`;
    const row = await tables
      .insertInto("identity_login_failure")
      .values({ key, failures: 1, last_failure_at: now, locked_until: limit <= 1 ? lockEnd : null })
      .onConflict((conflict) =>
        conflict
          .column("key")
          .doUpdateSet({
            failures: counted,
            last_failure_at: now,
            locked_until: sql`case when ${counted} >= ${limit} then ${lockEnd}::timestamptz end`,
          })
          .where((eb) =>
            eb.or([
              eb("identity_login_failure.failures", "<", limit),
              eb("identity_login_failure.last_failure_at", "<=", stale),
            ]),
          ),
      )
      .returning("failures")
      .executeTakeFirst();
    return row?.failures;
  };

  /** Takes back an attempt counted on the key; the lock goes when the count falls below the limit. */
  const giveBack = async (key: string, limit: number): Promise<void> => {
    await tables
      .updateTable("identity_login_failure")
      .set({
        failures: sql`failures - 1`,
        locked_until: sql`case when failures - 1 >= ${limit} then locked_until end`,
      })
      .where("key", "=", key)
      .where("failures", ">", 0)
      .execute();
  };

  const refusal = async (key: string, now: Date): Promise<ThrottleVerdict> => {
    const row = await tables
      .selectFrom("identity_login_failure")
      .select(["last_failure_at", "locked_until"])
      .where("key", "=", key)
      .executeTakeFirst();
    const until =
      row?.locked_until ?? (row ? new Date(new Date(row.last_failure_at).getTime() + lockMs) : now);
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000)),
    };
  };

  return {
    /**
     * Counts an attempt for the account and the address, or refuses it without counting while either is
     * locked; then waits as long as the account's earlier attempts demand. Call `succeeded` after a right password.
     */
    async attempt(account: string, address: string): Promise<ThrottleVerdict> {
      const now = new Date();
      const accountCount = await count(account, rules.maxFailures, now);
      if (accountCount === undefined) return refusal(account, now);
      const addressCounter = addressKey(address);
      if ((await count(addressCounter, rules.maxAddressFailures, now)) === undefined) {
        await giveBack(account, rules.maxFailures);
        return refusal(addressCounter, now);
      }
      const earlier = accountCount - 1;
      if (earlier > 0) await sleep(Math.min(250 * 2 ** (earlier - 1), 8000));
      return { allowed: true };
    },

    /** A right password: the account's count is cleared; the address gets this attempt back, no more. */
    async succeeded(account: string, address: string): Promise<void> {
      await tables.deleteFrom("identity_login_failure").where("key", "=", account).execute();
      await giveBack(addressKey(address), rules.maxAddressFailures);
    },

    /** Refuses while the address is locked, without counting (for pages that check no password). */
    async addressVerdict(address: string): Promise<ThrottleVerdict> {
      const now = new Date();
      const row = await tables
        .selectFrom("identity_login_failure")
        .select(["failures", "last_failure_at"])
        .where("key", "=", addressKey(address))
        .executeTakeFirst();
      const fresh = row && now.getTime() - new Date(row.last_failure_at).getTime() < lockMs;
      return fresh && row.failures >= rules.maxAddressFailures
        ? refusal(addressKey(address), now)
        : { allowed: true };
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
