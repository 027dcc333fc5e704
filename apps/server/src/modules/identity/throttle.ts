import { setTimeout as sleep } from "node:timers/promises";
import { type AnyExecutor, identityTables } from "./store";

export interface ThrottleRules {
  /** Failed sign-ins of one account before it is locked for a while. */
  maxFailures: number;
  /** Failed sign-ins from one address before it is locked (several people may share an address). */
  maxAddressFailures: number;
  lockSeconds: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const accountKey = (login: string) => `user:${login.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/** Clears the failed sign-ins counted for these account names (a username and an e-mail address, say). */
export async function forgetAccountFailures(db: AnyExecutor, logins: string[]): Promise<void> {
  await identityTables(db)
    .deleteFrom("identity_login_failure")
    .where("key", "in", logins.map(accountKey))
    .execute();
}

/**
 * Brute-force protection for sign-in: every failure makes the next attempt wait longer (from a quarter
 * of a second, doubling, up to 8 seconds), and too many failures lock the account name and the address
 * for a while. Unknown account names are counted like known ones, so a lock tells nothing.
 */
export function loginThrottle(db: AnyExecutor, rules: ThrottleRules) {
  const tables = identityTables(db);

  const read = async (keys: string[]) => {
    const rows = await tables
      .selectFrom("identity_login_failure")
      .select(["key", "failures", "last_failure_at", "locked_until"])
      .where("key", "in", keys)
      .execute();
    const now = Date.now();
    // Failures older than a lock period are forgotten.
    return rows.filter((row) => now - new Date(row.last_failure_at).getTime() < rules.lockSeconds * 1000);
  };

  return {
    /** Waits as long as earlier failures demand; refuses while a lock holds. */
    async before(login: string, address: string): Promise<ThrottleVerdict> {
      const rows = await read([accountKey(login), addressKey(address)]);
      const now = Date.now();
      const lockedUntil = Math.max(
        0,
        ...rows.map((row) => (row.locked_until ? new Date(row.locked_until).getTime() : 0)),
      );
      if (lockedUntil > now)
        return { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) };
      const failures = Math.max(0, ...rows.map((row) => row.failures));
      if (failures > 0) await sleep(Math.min(250 * 2 ** (failures - 1), 8000));
      return { allowed: true };
    },

    async failed(login: string, address: string): Promise<void> {
      const now = new Date();
      for (const [key, limit] of [
        [accountKey(login), rules.maxFailures],
        [addressKey(address), rules.maxAddressFailures],
      ] as const) {
        const [row] = await read([key]);
        const failures = (row?.failures ?? 0) + 1;
        const lockedUntil = failures >= limit ? new Date(now.getTime() + rules.lockSeconds * 1000) : null;
        await tables
          .insertInto("identity_login_failure")
          .values({ key, failures, last_failure_at: now, locked_until: lockedUntil })
          .onConflict((oc) =>
            oc.column("key").doUpdateSet({ failures, last_failure_at: now, locked_until: lockedUntil }),
          )
          .execute();
      }
    },

    /** Clears the account's count; the address keeps its count, so one good account cannot reset it. */
    async succeeded(login: string): Promise<void> {
      await forgetAccountFailures(db, [login]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
