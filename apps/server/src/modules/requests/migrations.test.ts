import { readFileSync } from "node:fs";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../platform/db/migrations";
import { startTestPlatform, type TestPlatform } from "../../testing/test-platform";
import { company, user } from "../community/test-helpers";
import { composition, migrationSources } from "../registry";
import { createDataRequest } from "./creating";
import { getDataRequest } from "./records";

const REQUEST_TABLES = [
  "community_data_request",
  "community_data_request_history",
  "community_data_request_message",
  "data_sourcing",
  "data_sourcing_history",
];

/** Columns, indexes and constraints of the request tables, in a stable order. */
async function schemaOf(db: Kysely<unknown>): Promise<string[]> {
  const columns = await sql<{ line: string }>`
    select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
      coalesce(column_default, '') as line
    from information_schema.columns
    where table_schema = current_schema() and table_name = any(${REQUEST_TABLES})`.execute(db);
  const indexes = await sql<{ line: string }>`
    select indexdef as line from pg_indexes
    where schemaname = current_schema() and tablename = any(${REQUEST_TABLES})`.execute(db);
  const constraints = await sql<{ line: string }>`
    select conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) as line from pg_constraint
    where conrelid::regclass::text = any(${REQUEST_TABLES})`.execute(db);
  return [...columns.rows, ...indexes.rows, ...constraints.rows].map((row) => row.line).sort();
}

/**
 * The request tables as the old layout made them: community/001 and data-sourcing/001 ran these
 * statements (without "if not exists") and recorded themselves under those module names.
 */
const oldStatements = (file: string): string =>
  readFileSync(new URL(`./migrations/${file}`, import.meta.url), "utf8").replaceAll(" if not exists", "");

describe("the request tables' migrations", () => {
  let platform: TestPlatform;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    platform = await startTestPlatform();
    db = platform.database.db as unknown as Kysely<unknown>;
  });

  afterAll(async () => {
    await platform?.close();
  });

  it("start a database from before the requests module without re-running or failing a migration", async () => {
    const fresh = await schemaOf(db);
    expect(fresh.length).toBeGreaterThan(30);

    // Turn the database into one the old code made: its tables, its migration records.
    await sql.raw(`drop table ${REQUEST_TABLES.join(", ")} cascade`).execute(db);
    await sql.raw(oldStatements("001_create_data_requests.sql")).execute(db);
    await sql.raw(oldStatements("002_create_data_sourcing.sql")).execute(db);
    await sql`delete from platform_migration where module = 'requests'`.execute(db);
    await sql`insert into platform_migration (module, version, name)
      values ('data-sourcing', 1, 'create_data_sourcing')`.execute(db);
    const requester = await user(platform, "migrated_requester");
    const { companyId } = await company(platform);
    const stored = await createDataRequest(db as never, {
      userId: requester.userId,
      companyId,
      dataType: "sfdr",
      reportingPeriod: "2024",
      notifyMeImmediately: false,
    });
    const recorded = async () =>
      (
        await sql<{ id: string }>`select module || '/' || version as id from platform_migration`.execute(db)
      ).rows
        .map((row) => row.id)
        .sort();
    const before = await recorded();

    const report = await migrate(platform.database.db, migrationSources(composition));

    expect(report.applied.map((migration) => `${migration.module}/${migration.version}`)).toEqual([
      "requests/1",
      "requests/2",
    ]);
    expect(await recorded()).toEqual([...before, "requests/1", "requests/2"].sort());
    expect(await schemaOf(db)).toEqual(fresh);
    expect(await getDataRequest(db as never, stored.request.dataRequestId)).toMatchObject({
      state: "Open",
      dataType: "sfdr",
    });
    // Starting again applies nothing.
    expect((await migrate(platform.database.db, migrationSources(composition))).applied).toEqual([]);
  });
});
