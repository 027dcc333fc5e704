import { type Kysely, sql } from "kysely";

/**
 * Row count and an order-independent hash of every row version of every table of the current schema,
 * in one query. A row's place (ctid) and the transaction that wrote it (xmin) change with every insert,
 * update and delete, so equal fingerprints mean no row was added, removed or changed, without reading
 * the rows' contents (which makes it cheap enough to take after every refused request).
 */
export async function databaseFingerprint(
  db: Kysely<unknown>,
  /** "contents" hashes each row's values instead: slower, but equal across a dump and restore. */
  mode: "row-versions" | "contents" = "row-versions",
): Promise<Map<string, string>> {
  const tables = (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  ).rows.map((row) => row.name);
  if (tables.length === 0) return new Map();
  const parts = tables.map((table) =>
    mode === "contents"
      ? sql`select ${table}::text as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as print from ${sql.table(table)} t`
      : sql`select ${table}::text as name, count(*)::text || ':' || coalesce(sum(hashtext(t.ctid::text || t.xmin::text)::bigint), 0)::text as print from ${sql.table(table)} t`,
  );
  const rows = (await sql<{ name: string; print: string }>`${sql.join(parts, sql` union all `)}`.execute(db))
    .rows;
  return new Map(rows.map((row) => [row.name, row.print]));
}

/** The tables whose fingerprint differs, with before → after. */
export function fingerprintDifference(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name)} → ${after.get(name)}`);
}

/**
 * Keeps a running checksum of the contents of every table of the current schema: a row trigger on
 * each table adds rows (+1 and the row's hash), removes them (-1 and minus its hash) and changes them
 * (minus the old hash, plus the new). Rolled back changes roll their part back too, so an unchanged
 * checksum before and after a request means every table holds the same rows as before, even when the
 * request wrote and then removed staging rows. Far cheaper than a fingerprint when it has to be read
 * after each of thousands of requests. For tests only.
 */
export async function installWriteCounter(db: Kysely<unknown>): Promise<() => Promise<Map<string, string>>> {
  await sql`
    create table if not exists test_write_counter (
      table_name text primary key, row_delta bigint not null, hash_delta bigint not null)`.execute(db);
  await sql`
    create or replace function test_count_write() returns trigger language plpgsql as $$
    declare
      rows_added bigint := 0;
      hash_added bigint := 0;
    begin
      if TG_OP in ('INSERT', 'UPDATE') then
        hash_added := hash_added + hashtext(NEW::text);
      end if;
      if TG_OP in ('DELETE', 'UPDATE') then
        hash_added := hash_added - hashtext(OLD::text);
      end if;
      rows_added := case TG_OP when 'INSERT' then 1 when 'DELETE' then -1 else 0 end;
      insert into test_write_counter values (TG_TABLE_NAME, rows_added, hash_added)
        on conflict (table_name) do update
        set row_delta = test_write_counter.row_delta + excluded.row_delta,
            hash_delta = test_write_counter.hash_delta + excluded.hash_delta;
      return null;
    end $$`.execute(db);
  const tables = (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name <> 'test_write_counter'`.execute(db)
  ).rows;
  for (const { name } of tables) {
    await sql`drop trigger if exists test_count_write on ${sql.table(name)}`.execute(db);
    await sql`
      create trigger test_count_write after insert or update or delete on ${sql.table(name)}
      for each row execute function test_count_write()`.execute(db);
  }
  return async () =>
    new Map(
      (
        await sql<{ table_name: string; print: string }>`
          select table_name, row_delta::text || ':' || hash_delta::text as print
          from test_write_counter`.execute(db)
      ).rows.map((row) => [row.table_name, row.print]),
    );
}

/** The tables whose contents differ between two readings of the running checksum. */
export function writesBetween(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after]
    .filter(([table, print]) => print !== (before.get(table) ?? "0:0"))
    .map(([table, print]) => `${table} (${before.get(table) ?? "0:0"} → ${print})`);
}
