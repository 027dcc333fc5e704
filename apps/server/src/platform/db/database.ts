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
}

async function ping(db: AnyDb): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
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

function openServer(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not take the process down; the next query reconnects.
  pool.on("error", () => {});
  prepareMarkedStatements(pool);
  const db: AnyDb = new Kysely({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: "server",
    db,
    pglite: undefined,
    selectBinary: (query) => selectBinaryOn(pool, query),
    exec: async (script) => {
      await sql.raw(script).execute(db);
    },
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openServer(options.databaseUrl) : openEmbedded(options);
}
