import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { type SelectBinary, selectBinaryOn } from "./binary-copy";
import { lockDataDir } from "./data-dir-lock";
import { PGliteDialect } from "./pglite-dialect";
import { prepareMarkedStatements } from "./prepared-statements";

// Counts and ids come back as numbers on both databases; 64-bit values that matter are kept as text.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export const EMBEDDED_FOLDER = "pgdata";

export type AnyDb = Kysely<Record<string, never>>;

export interface Database {
  readonly kind: "embedded" | "server";
  /** Kysely without table types; each module narrows it with `withTables<ItsTables>()`. */
  readonly db: AnyDb;
  /** Runs a script of several statements in one round trip (simple query protocol on both databases). */
  exec(script: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded instance, for backup and restore; undefined on a server. */
  readonly pglite: PGlite | undefined;
  /** Reads rows with their values in binary; only on a server (see selectBinary). */
  readonly selectBinary?: SelectBinary;
}

export type { BinaryRow, SelectBinary } from "./binary-copy";

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Who opens the embedded directory, shown to a second process that finds it locked. */
  purpose: string;
  /** Restores a dump into a fresh directory instead of opening what is there. */
  loadDataDir?: Blob;
  /** Where the embedded files live inside dataDir; restore loads a backup beside the current one. */
  embeddedFolder?: string;
  /** For a caller that already holds the data directory's lock. */
  alreadyLocked?: boolean;
  /** How long a PostgreSQL server may take; the embedded database runs in the process and needs none. */
  timeouts?: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement; 0 for none (the server then waits as long as the database does). */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 30_000 };

/** How long the health check waits for the database before it says DOWN. */
const PING_TIMEOUT_MS = 1_500;

/**
 * Beyond the statement timeout, how long the client waits for an answer of its own accord: a
 * database that is frozen (stopped, or cut off by the network) cannot cancel the statement itself.
 */
const CLIENT_GRACE_MS = 2_000;

/** Whether the database answers within PING_TIMEOUT_MS; a hung database counts as down. */
async function ping(db: AnyDb): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const answer = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function openEmbedded(options: DatabaseOptions): Promise<Database> {
  const unlock = options.alreadyLocked ? () => {} : lockDataDir(options.dataDir, options.purpose);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(`${options.dataDir}/${options.embeddedFolder ?? EMBEDDED_FOLDER}`, {
      extensions: { pg_trgm, unaccent },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db: AnyDb = new Kysely({ dialect: new PGliteDialect(pglite) });
  return {
    kind: "embedded",
    db,
    pglite,
    exec: async (script) => {
      await sql.raw(script).execute(db);
    },
    ping: () => ping(db),
    close: async () => {
      await db.destroy();
      await pglite.close();
      unlock();
    },
  };
}

/**
 * A client whose statement got no answer in time is still waiting for that answer on its
 * connection, and every later statement would queue behind it: its connection is closed, so that
 * the pool drops it on release and opens a fresh one when the database is back.
 */
function dropConnectionsThatTimedOut(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (...args) => {
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        // end() marks the client as ending at once (so the pool drops it on release) and cuts a
        // connection that still has a statement under way.
        if (error instanceof Error && error.message === "Query read timeout") client.end().catch(() => {});
        throw error;
      });
    };
  });
}

function openServer(databaseUrl: string, timeouts: DatabaseTimeouts): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.statementMs > 0
      ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + CLIENT_GRACE_MS }
      : {}),
    keepAlive: true,
  });
  // A client losing its connection must not take the process down, idle (the pool's error event) or
  // busy (its own, which nobody else listens to): its statement fails, and the next one reconnects.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  prepareMarkedStatements(pool);
  dropConnectionsThatTimedOut(pool);
  const db: AnyDb = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: "server",
    db,
    pglite: undefined,
    selectBinary: (query) =>
      selectBinaryOn(pool, query, timeouts.statementMs > 0 ? timeouts.statementMs + CLIENT_GRACE_MS : 0),
    exec: async (script) => {
      await sql.raw(script).execute(db);
    },
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openServer(options.databaseUrl, options.timeouts ?? DEFAULT_TIMEOUTS)
    : openEmbedded(options);
}
