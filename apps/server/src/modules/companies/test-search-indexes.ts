import { sql } from "kysely";
import { expect } from "vitest";
import { SECONDARY_INDEXES } from "./search-indexes";
import type { Queryable } from "./store";

/** Checks that every secondary index of the company tables and the identifiers' foreign key are there. */
export async function expectSecondaryIndexesInPlace(db: Queryable): Promise<void> {
  const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes`.execute(db);
  const present = new Set(indexes.rows.map((row) => row.indexname));
  for (const index of SECONDARY_INDEXES) expect(present, index.name).toContain(index.name);
  const key =
    await sql`select 1 from pg_constraint where conname = 'company_identifier_company_id_fkey'`.execute(db);
  expect(key.rows).toHaveLength(1);
}
