import { selectRevocations } from "./admin-store";
import { type AnyExecutor, identityTables } from "./store";

/**
 * Which accounts' credentials are refused although they are valid: disabled accounts (every access
 * token and API key), and accounts whose sessions an admin ended (access tokens issued before).
 * The authenticator asks on every signed-in request, so the answer is kept in memory and read again
 * from the database at most every RELOAD_MS (a change made by another instance or by the command
 * line takes that long at most); a change made here is seen by the next request.
 */
export interface Revocations {
  /**
   * Why the user's credential is refused, or undefined. issuedAt gives an access token's iat (in
   * seconds), asked only when the user's sessions were ended; an API key has none.
   */
  refusal(userId: string, issuedAt?: () => number | undefined): Promise<string | undefined>;
  /** Forget what was read: call after committing a change. */
  changed(): void;
}

const RELOAD_MS = 3_000;
/** Longer than any access token lives; an end of sessions older than this refuses no token any more. */
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

interface Snapshot {
  at: number;
  disabled: Set<string>;
  /** Seconds since the epoch before which the user's tokens are refused. */
  validAfter: Map<string, number>;
}

const byDatabase = new WeakMap<object, Revocations>();

/** The one revocation list of this database in this process, shared by the authenticator and the console. */
export function revocationsOf(db: AnyExecutor): Revocations {
  let revocations = byDatabase.get(db);
  if (!revocations) {
    revocations = createRevocations(db);
    byDatabase.set(db, revocations);
  }
  return revocations;
}

function createRevocations(db: AnyExecutor): Revocations {
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  let generation = 0;

  const load = async (): Promise<Snapshot> => {
    const started = generation;
    const rows = await selectRevocations(identityTables(db), new Date(Date.now() - TOKEN_LIFETIME_MS));
    const next: Snapshot = { at: Date.now(), disabled: new Set(), validAfter: new Map() };
    for (const row of rows) {
      if (row.disabled_at) next.disabled.add(row.id);
      if (row.tokens_valid_after)
        next.validAfter.set(row.id, Math.floor(new Date(row.tokens_valid_after).getTime() / 1000));
    }
    // A change committed while this was read makes it stale at once.
    if (started === generation) snapshot = next;
    return next;
  };

  // The last list read, kept when a reload fails: a database that does not answer for a moment
  // should not turn every signed-in request into an error.
  let lastRead: Snapshot | undefined;
  const current = async (): Promise<Snapshot> => {
    if (snapshot && Date.now() - snapshot.at < RELOAD_MS) return snapshot;
    loading ??= load()
      .then((next) => {
        lastRead = next;
        return next;
      })
      .catch((error: unknown) => {
        if (lastRead) return lastRead;
        throw error;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    refusal: async (userId, issuedAt) => {
      const known = await current();
      if (known.disabled.has(userId)) return "This account is disabled. Ask an administrator to enable it.";
      const after = known.validAfter.get(userId);
      const issued = after === undefined ? undefined : issuedAt?.();
      // Same second counts as before: iat is whole seconds, and a token may not outlive its end.
      if (after !== undefined && issued !== undefined && issued <= after)
        return "The session of this access token was ended. Sign in again.";
      return undefined;
    },
    changed: () => {
      generation++;
      snapshot = undefined;
      loading = undefined;
    },
  };
}
