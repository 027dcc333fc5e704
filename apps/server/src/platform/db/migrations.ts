import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import type { AnyDb } from "./database";

export interface MigrationSource {
  /** The module that owns the migrations; versions are numbered per module. */
  module: string;
  directory: string;
}

export interface Migration {
  module: string;
  version: number;
  name: string;
  sql: string;
}

const FILE_PATTERN = /^(\d{3,})_([a-z0-9_-]+)\.sql$/;
// Any fixed number works, as long as every instance uses the same one.
const MIGRATION_LOCK_KEY = 730_184_552;

export function readMigrations(source: MigrationSource): Migration[] {
  let files: string[];
  try {
    files = readdirSync(source.directory);
  } catch {
    return [];
  }
  const migrations = files
    .filter((file) => file.endsWith(".sql"))
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match?.[1] || !match[2]) {
        throw new Error(`Migration file ${source.module}/${file} must be named like 001_create_tables.sql.`);
      }
      return {
        module: source.module,
        version: Number(match[1]),
        name: match[2],
        sql: readFileSync(join(source.directory, file), "utf8"),
      };
    })
    .sort((a, b) => a.version - b.version);
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length)
    throw new Error(`Module ${source.module} has two migrations with one number.`);
  return migrations;
}

export interface MigrationReport {
  applied: Migration[];
}

/**
 * Applies every pending migration in one transaction: either the schema moves to the new version
 * entirely or not at all. Instances starting together wait on an advisory lock.
 */
export async function migrate(db: AnyDb, sources: MigrationSource[]): Promise<MigrationReport> {
  const all = sources.flatMap(readMigrations);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists platform_migration (
      module text not null,
      version integer not null,
      name text not null,
      applied_at timestamptz not null default now(),
      primary key (module, version)
    )`.execute(trx);
    const done = await sql<{
      module: string;
      version: number;
    }>`select module, version from platform_migration`.execute(trx);
    const applied = new Set(done.rows.map((row) => `${row.module}:${row.version}`));
    const pending = all.filter((m) => !applied.has(`${m.module}:${m.version}`));
    for (const migration of pending) {
      try {
        await sql.raw(migration.sql).execute(trx);
      } catch (error) {
        throw new Error(
          `Migration ${migration.module}/${migration.version}_${migration.name} failed: ${(error as Error).message}`,
        );
      }
      await sql`insert into platform_migration (module, version, name) values (${migration.module}, ${migration.version}, ${migration.name})`.execute(
        trx,
      );
    }
    return { applied: pending };
  });
}
