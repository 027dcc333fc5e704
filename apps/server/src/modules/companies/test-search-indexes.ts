import { sql } from "kysely";
import { expect } from "vitest";
import { IDENTIFIER_PRIMARY_KEY, SECONDARY_INDEXES } from "./search-indexes";
import type { Queryable } from "./store";

/**
 * Checks that every secondary index of the company tables, the identifiers' primary key and their
 * foreign key are there.
 */
export async function expectSecondaryIndexesInPlace(db: Queryable): Promise<void> {
  const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes`.execute(db);
  const present = new Set(indexes.rows.map((row) => row.indexname));
  for (const index of SECONDARY_INDEXES) expect(present, index.name).toContain(index.name);
  const keys = await sql<{ conname: string; contype: string }>`select conname, contype from pg_constraint
    where conrelid = 'company_identifier'::regclass and contype in ('p', 'f') order by conname`.execute(db);
  expect(keys.rows).toEqual([
    { conname: "company_identifier_company_id_fkey", contype: "f" },
    { conname: IDENTIFIER_PRIMARY_KEY, contype: "p" },
  ]);
}
