/**
 * SQL for the company search: the ranked page and the count through the database functions of
 * migration 008 (the one definition of the ranking), and the plain listing without a search text.
 */
import { sql } from "kysely";
import { escapeLike } from "../../platform/db/like";
import { PREPARED } from "../../platform/db/prepared-statements";
import { hasTrigram, prefixUpperBound, tailRange } from "./normalize";
import type { BasicRow, Queryable } from "./store";

export interface SearchFilters {
  dataTypes: string[];
  countryCodes: string[];
  sectors: string[];
}

/** Conditions on the company row `c` for the filters; true when there are none. */
function filterConditions(filters: SearchFilters) {
  const conditions = [sql`true`];
  if (filters.countryCodes.length > 0)
    conditions.push(sql`c.country_code = any(${filters.countryCodes}::text[])`);
  if (filters.sectors.length > 0) conditions.push(sql`c.sector = any(${filters.sectors}::text[])`);
  if (filters.dataTypes.length > 0)
    conditions.push(
      sql`exists (select 1 from company_framework_data f where f.company_id = c.company_id and f.data_type = any(${filters.dataTypes}::text[]))`,
    );
  return sql.join(conditions, sql` and `);
}

/** How "a name contains the folded text" is read (company_search_names_containing, migration 008). */
type ContainsMode = "trigram" | "tail" | "tail_or_trigram" | "active";

/**
 * The text's arguments of the search functions. For a one-word text the trigram index finds the
 * names containing it. For a text with a space, the names holding it inside a word are found through
 * the reversed beginnings of names (tailRange), an index-only read of few rows even when every word
 * of the text is common; the trigram index answers only when there are too many of them, and never
 * for a text without a run of three letters or digits, which it cannot narrow. With the dataTypes
 * filter only companies with active data can match, and their names are read directly.
 */
function textArguments(folded: string, filters: SearchFilters) {
  const pattern = `%${escapeLike(folded)}%`;
  const tails = tailRange(folded);
  const mode: ContainsMode =
    filters.dataTypes.length > 0
      ? "active"
      : tails === undefined
        ? "trigram"
        : hasTrigram(folded)
          ? "tail_or_trigram"
          : "tail";
  return sql`${folded}, ${prefixUpperBound(folded)}, ${pattern}, ${tails?.lower ?? null}, ${tails?.upper ?? null},
    ${mode}`;
}

/** The filters as arguments of the search functions: null for a filter that keeps every company. */
const filterArguments = (filters: SearchFilters) =>
  sql`${filters.countryCodes.length > 0 ? filters.countryCodes : null}::text[],
    ${filters.sectors.length > 0 ? filters.sectors : null}::text[],
    ${filters.dataTypes.length > 0 ? filters.dataTypes : null}::text[]`;

/**
 * The companies at ranks [offset, offset + limit) of the search for the folded text, with their
 * basic information: the database function company_search_ranked (migration 008) holds the one
 * definition of the ranking, for searches with and without filters. The statement's text is the
 * same for every search (text and filters are parameters), so a server keeps it prepared: parsing
 * and planning it anew cost PostgreSQL and the driver about 0.06 ms each per search.
 */
export async function selectRankedPage(
  db: Queryable,
  folded: string,
  filters: SearchFilters,
  offset: number,
  limit: number,
): Promise<BasicRow[]> {
  const result = await sql<BasicRow>`${sql.raw(PREPARED)}
    select company_id, company_name, headquarters, country_code, sector, lei
    from company_search_ranked(${textArguments(folded, filters)}, ${filterArguments(filters)},
      ${offset}::int, ${limit}::int)`.execute(db);
  return result.rows;
}

/** The plain listing without a search string: companies with active data first, then by name. */
export async function selectListing(
  db: Queryable,
  filters: SearchFilters,
  offset: number,
  limit: number,
): Promise<string[]> {
  const result = await sql<{ company_id: string }>`
    select c.company_id from company c
    where ${filterConditions(filters)}
    order by c.search_boost, c.name_key, c.company_id
    limit ${limit} offset ${offset}`.execute(db);
  return result.rows.map((row) => row.company_id);
}

/**
 * How many companies the search finds: without a text the companies passing the filters; with one,
 * company_search_count (migration 008), which counts what the pages list.
 */
export async function countMatches(
  db: Queryable,
  folded: string | undefined,
  filters: SearchFilters,
): Promise<number> {
  if (folded === undefined) {
    const result = await sql<{ n: number }>`
      select count(*)::int as n from company c where ${filterConditions(filters)}`.execute(db);
    return result.rows[0]?.n ?? 0;
  }
  const result = await sql<{ n: number }>`${sql.raw(PREPARED)}
    select company_search_count(${textArguments(folded, filters)}, ${filterArguments(filters)}) as n`.execute(
    db,
  );
  return result.rows[0]?.n ?? 0;
}
