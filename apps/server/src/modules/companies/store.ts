import { randomUUID } from "node:crypto";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { escapeLike } from "../../platform/db/like";
import { prepared } from "../../platform/db/prepared-statements";
import { CopyRows, copyInto, copyValue } from "./copy-rows";
import { foldForSearch, hasTrigram, prefixUpperBound, wordAnchor, wordSuffixes } from "./normalize";

/** Any module's Kysely or transaction; this module's functions narrow it to their own tables. */
// biome-ignore lint/suspicious/noExplicitAny: other modules pass their own typed Kysely or transaction.
export type Queryable = Kysely<any>;

export interface CompanyRow {
  company_id: string;
  company_name: string;
  alternative_names: string[];
  contact_details: string[];
  legal_form: string | null;
  headquarters: string;
  headquarters_postal_code: string | null;
  fiscal_year_end: string | null;
  reporting_period_shift: number | null;
  sector: string | null;
  sector_code_wz: string | null;
  country_code: string;
  is_teaser_company: boolean;
  website: string | null;
  parent_company_lei: string | null;
  associated_subdomains: string[] | null;
  lei: string | null;
  name_key: string;
  search_boost: number;
}

export interface IdentifierRow {
  identifier_type: string;
  identifier: string;
  company_id: string;
}

export interface BasicRow {
  company_id: string;
  company_name: string;
  headquarters: string;
  country_code: string;
  sector: string | null;
  lei: string | null;
}

export interface CompanyTables {
  company: CompanyRow;
  company_identifier: IdentifierRow;
  company_search_term: { company_id: string; term: string; search_boost: number; is_identifier: boolean };
  company_search_word: { company_id: string; suffix: string; search_boost: number; term: string };
  company_framework_data: { company_id: string; data_type: string; active_datasets: number };
}

export const tables = (db: Queryable): Kysely<CompanyTables> => db as Kysely<CompanyTables>;

const BASIC_COLUMNS = [
  "company_id",
  "company_name",
  "headquarters",
  "country_code",
  "sector",
  "lei",
] as const;

export async function selectCompany(db: Queryable, companyId: string): Promise<CompanyRow | undefined> {
  return tables(db).selectFrom("company").selectAll().where("company_id", "=", companyId).executeTakeFirst();
}

export async function selectIdentifiers(db: Queryable, companyIds: string[]): Promise<IdentifierRow[]> {
  if (companyIds.length === 0) return [];
  return tables(db)
    .selectFrom("company_identifier")
    .selectAll()
    .where("company_id", "in", companyIds)
    .orderBy("identifier_type")
    .orderBy("identifier")
    .execute();
}

export async function selectBasic(db: Queryable, companyIds: string[]): Promise<BasicRow[]> {
  if (companyIds.length === 0) return [];
  const rows = await tables(db)
    .selectFrom("company")
    .select(BASIC_COLUMNS)
    .where(sql<boolean>`company_id = any(${companyIds}::uuid[])`)
    .execute();
  const byId = new Map(rows.map((row) => [row.company_id, row]));
  return companyIds.flatMap((id) => byId.get(id) ?? []);
}

export async function selectCompanyNames(db: Queryable, companyIds: string[]): Promise<Map<string, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await tables(db)
    .selectFrom("company")
    .select(["company_id", "company_name"])
    .where(sql<boolean>`company_id = any(${companyIds}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.company_id, row.company_name]));
}

export async function countCompanyRows(db: Queryable): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from company`.execute(db);
  return result.rows[0]?.n ?? 0;
}

export async function companyIdExists(db: Queryable, companyId: string): Promise<boolean> {
  // Every upload and many reads ask this, so it is kept prepared.
  const query = tables(db).selectFrom("company").select("company_id").where("company_id", "=", companyId);
  return (await tables(db).executeQuery(prepared(query))).rows.length > 0;
}

export async function selectCompanyIdByIdentifier(
  db: Queryable,
  identifierType: string,
  identifier: string,
): Promise<string | undefined> {
  const row = await tables(db)
    .selectFrom("company_identifier")
    .select("company_id")
    .where("identifier_type", "=", identifierType)
    .where("identifier", "=", identifier)
    .executeTakeFirst();
  return row?.company_id;
}

/** Companies holding any of these values as an identifier of any type. */
export async function selectByIdentifierValues(
  db: Queryable,
  identifierTypes: readonly string[],
  values: string[],
): Promise<IdentifierRow[]> {
  if (values.length === 0) return [];
  return tables(db)
    .selectFrom("company_identifier")
    .selectAll()
    .where(sql<boolean>`identifier_type = any(${[...identifierTypes]}::text[])`)
    .where(sql<boolean>`identifier = any(${values}::text[])`)
    .execute();
}

/** Which of these identifiers belong to a company other than exceptCompanyId, with its name. */
export async function selectIdentifierHolders(
  db: Queryable,
  identifiers: { type: string; value: string }[],
  exceptCompanyId: string | undefined,
): Promise<{ identifier_type: string; identifier: string; company_id: string; company_name: string }[]> {
  if (identifiers.length === 0) return [];
  const result = await sql<{
    identifier_type: string;
    identifier: string;
    company_id: string;
    company_name: string;
  }>`select i.identifier_type, i.identifier, i.company_id, c.company_name
     from company_identifier i
     join company c on c.company_id = i.company_id
     join unnest(${identifiers.map((i) => i.type)}::text[], ${identifiers.map((i) => i.value)}::text[])
       as wanted(identifier_type, identifier)
       on wanted.identifier_type = i.identifier_type and wanted.identifier = i.identifier
     where ${exceptCompanyId ?? null}::uuid is null or i.company_id <> ${exceptCompanyId ?? null}::uuid`.execute(
    db,
  );
  return result.rows;
}

export type CompanyValues = Omit<CompanyRow, "company_id" | "name_key" | "search_boost">;

/**
 * Search rows of a company's names: the folded names and, per name, its word suffixes with the name
 * they come from (the "contains" search checks that name).
 */
function nameSearchRows(
  companyName: string,
  alternativeNames: string[],
  foldedName: string = foldForSearch(companyName),
) {
  const terms = new Set<string>();
  if (foldedName) terms.add(foldedName);
  for (const name of alternativeNames) {
    const folded = foldForSearch(name);
    if (folded) terms.add(folded);
  }
  const words: { suffix: string; term: string }[] = [];
  for (const term of terms) for (const suffix of wordSuffixes(term)) words.push({ suffix, term });
  return { terms: [...terms], words };
}

/**
 * Writes a company (new or replaced) with its identifiers and search rows. The caller has checked
 * the values and runs this inside a transaction.
 */
export async function writeCompany(
  trx: Queryable,
  companyId: string,
  values: CompanyValues,
  identifiers: { type: string; value: string }[],
  isNew: boolean,
): Promise<void> {
  const db = tables(trx);
  const nameKey = foldForSearch(values.company_name);
  if (isNew) {
    await db
      .insertInto("company")
      .values({ ...values, company_id: companyId, name_key: nameKey, search_boost: 1 })
      .execute();
  } else {
    await db
      .updateTable("company")
      .set({ ...values, name_key: nameKey, updated_at: sql`now()` } as never)
      .where("company_id", "=", companyId)
      .execute();
    await db.deleteFrom("company_identifier").where("company_id", "=", companyId).execute();
    await db.deleteFrom("company_search_term").where("company_id", "=", companyId).execute();
    await db.deleteFrom("company_search_word").where("company_id", "=", companyId).execute();
  }
  const boostRow = await db
    .selectFrom("company")
    .select("search_boost")
    .where("company_id", "=", companyId)
    .executeTakeFirstOrThrow();
  const boost = boostRow.search_boost;
  if (identifiers.length > 0) {
    await db
      .insertInto("company_identifier")
      .values(
        identifiers.map((i) => ({ identifier_type: i.type, identifier: i.value, company_id: companyId })),
      )
      .execute();
  }
  const { terms, words } = nameSearchRows(values.company_name, values.alternative_names, nameKey);
  const identifierTerms = [...new Set(identifiers.map((i) => foldForSearch(i.value)).filter(Boolean))].filter(
    (term) => !terms.includes(term),
  );
  const termRows = [
    ...terms.map((term) => ({ company_id: companyId, term, search_boost: boost, is_identifier: false })),
    ...identifierTerms.map((term) => ({
      company_id: companyId,
      term,
      search_boost: boost,
      is_identifier: true,
    })),
  ];
  if (termRows.length > 0) await db.insertInto("company_search_term").values(termRows).execute();
  if (words.length > 0) {
    await db
      .insertInto("company_search_word")
      .values(words.map(({ suffix, term }) => ({ company_id: companyId, suffix, term, search_boost: boost })))
      .execute();
  }
}

export async function selectSubsidiaries(db: Queryable, parentLeis: string[]): Promise<BasicRow[]> {
  if (parentLeis.length === 0) return [];
  return tables(db)
    .selectFrom("company")
    .select(BASIC_COLUMNS)
    .where(sql<boolean>`parent_company_lei = any(${parentLeis}::text[])`)
    .orderBy("name_key")
    .orderBy("company_id")
    .execute();
}

export async function selectTeaserIds(db: Queryable): Promise<string[]> {
  const rows = await tables(db)
    .selectFrom("company")
    .select("company_id")
    .where("is_teaser_company", "=", true)
    .orderBy("company_id")
    .execute();
  return rows.map((row) => row.company_id);
}

/** Distinct values of an indexed column by skipping through the index, cheap even for millions of rows. */
async function distinctValues(db: Queryable, column: "country_code" | "sector"): Promise<string[]> {
  const id = sql.id(column);
  const result = await sql<{ value: string }>`
    with recursive walk(value) as (
      (select ${id} from company where ${id} is not null order by ${id} limit 1)
      union all
      select (select ${id} from company where ${id} > walk.value order by ${id} limit 1)
      from walk where walk.value is not null
    )
    select value from walk where value is not null`.execute(db);
  return result.rows.map((row) => row.value);
}

export async function selectDistinctFilterValues(
  db: Queryable,
): Promise<{ countryCodes: string[]; sectors: string[] }> {
  return {
    countryCodes: await distinctValues(db, "country_code"),
    sectors: await distinctValues(db, "sector"),
  };
}

export async function selectFrameworkData(
  db: Queryable,
  companyId: string,
): Promise<{ data_type: string; active_datasets: number }[]> {
  return tables(db)
    .selectFrom("company_framework_data")
    .select(["data_type", "active_datasets"])
    .where("company_id", "=", companyId)
    .execute();
}

/** Replaces a company's active-data counts and moves it up or down in search accordingly. */
export async function replaceFrameworkData(
  trx: Queryable,
  companyId: string,
  activeDatasets: [string, number][],
): Promise<void> {
  const db = tables(trx);
  await db.deleteFrom("company_framework_data").where("company_id", "=", companyId).execute();
  if (activeDatasets.length > 0) {
    await db
      .insertInto("company_framework_data")
      .values(
        activeDatasets.map(([dataType, count]) => ({
          company_id: companyId,
          data_type: dataType,
          active_datasets: count,
        })),
      )
      .execute();
  }
  const boost = activeDatasets.length > 0 ? 0 : 1;
  const changed = await db
    .updateTable("company")
    .set({ search_boost: boost })
    .where("company_id", "=", companyId)
    .where("search_boost", "<>", boost)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) {
    await db
      .updateTable("company_search_term")
      .set({ search_boost: boost })
      .where("company_id", "=", companyId)
      .execute();
    await db
      .updateTable("company_search_word")
      .set({ search_boost: boost })
      .where("company_id", "=", companyId)
      .execute();
  }
}

// ---------------------------------------------------------------------------------------------
// Search

export interface SearchFilters {
  dataTypes: string[];
  countryCodes: string[];
  sectors: string[];
}

export const hasFilters = (filters: SearchFilters): boolean =>
  filters.dataTypes.length > 0 || filters.countryCodes.length > 0 || filters.sectors.length > 0;

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

export type SegmentKind = "exact" | "prefix" | "word" | "infix";

export interface Segment {
  kind: SegmentKind;
  boost: number;
}

export interface SegmentKey {
  key: string;
  companyId: string;
}

/** A text of several words whose anchor range holds more word rows than this is looked up by trigrams. */
const ANCHOR_CANDIDATES = 20_000;
/** Anchors shorter than this ("s", "ag") start far too many words to be worth reading. */
const MIN_ANCHOR_LENGTH = 3;

/**
 * The (term, company_id) of the names containing the folded text, of the companies whose
 * search_boost meets `boost`, as a parenthesized subquery.
 *
 * For a one-word text the trigram index finds them. For a text of several words, any name containing
 * it has the rest of the text after its first space (the anchor) at the start of one of its words,
 * so the word rows whose suffix starts with the anchor are candidates that hold their name: an
 * index-only read, about 0.5 µs a row. That beats the trigram index (10-50 ms for a text of common
 * trigrams at 1M companies) unless the anchor is a very common word ("ag", "gmbh"): short anchors
 * go to the trigram index directly; otherwise the first ANCHOR_CANDIDATES + 1 candidates are read,
 * and if there are more, the trigram index answers instead. Each branch is a one-time filter, so
 * only one of them runs; both give the same rows.
 */
function namesContaining(folded: string, boost: RawBuilder<unknown>) {
  const { pattern, anchor, mode } = containsRead(folded);
  const trigramRead = sql`select t.term, t.company_id from company_search_term t
    where t.search_boost ${boost} and not t.is_identifier and t.term like ${pattern}`;
  if (mode === "trigram" || anchor === null) return sql`(${trigramRead})`;
  const candidates = sql`(select w.term, w.company_id from company_search_word w
    where w.search_boost ${boost} and w.suffix >= ${anchor} and w.suffix < ${prefixUpperBound(anchor)}
    limit ${ANCHOR_CANDIDATES + 1})`;
  if (mode === "anchor") return sql`(select * from ${candidates} w where w.term like ${pattern})`;
  return sql`(with candidates as materialized ${candidates},
      few as (select count(*) <= ${ANCHOR_CANDIDATES} as yes from candidates)
    select w.term, w.company_id from candidates w where (select yes from few) and w.term like ${pattern}
    union all
    select * from (${trigramRead}) t where not (select yes from few))`;
}

/** How "a name contains the folded text" is read: see namesContaining. */
type ContainsMode = "trigram" | "anchor" | "anchor_or_trigram";

function containsRead(folded: string): { pattern: string; anchor: string | null; mode: ContainsMode } {
  const pattern = `%${escapeLike(folded)}%`;
  const anchor = wordAnchor(folded);
  // Without a run of three letters or digits the trigram index cannot help: the anchor always answers.
  const trigrams = hasTrigram(folded);
  if (anchor === undefined || (trigrams && anchor.length < MIN_ANCHOR_LENGTH))
    return { pattern, anchor: null, mode: "trigram" };
  return { pattern, anchor, mode: trigrams ? "anchor_or_trigram" : "anchor" };
}

/** The query for one step of the ranked search: rows of one match kind and one boost group in index order. */
function segmentQuery(
  segment: Segment,
  folded: string,
  filters: SearchFilters,
  after: SegmentKey | undefined,
  limit: number,
) {
  const { kind, boost } = segment;
  const table = kind === "word" ? sql`company_search_word` : sql`company_search_term`;
  const column = kind === "word" ? sql`t.suffix` : sql`t.term`;
  const keyset = after
    ? sql`and (${column}, t.company_id) > (${after.key}, ${after.companyId}::uuid)`
    : sql``;
  const join = hasFilters(filters)
    ? sql`join company c on c.company_id = t.company_id and ${filterConditions(filters)}`
    : sql``;
  if (kind === "infix") {
    // Read the matches first (materialized), then order: an ordered walk of the btree that filters
    // on LIKE would read most of the index for a rare text.
    return sql`(with matches as materialized (
        select distinct t.term as key, t.company_id from ${namesContaining(folded, sql`= ${boost}`)} t ${join}
        where true ${keyset})
      select key, company_id from matches order by key, company_id limit ${limit})`;
  }
  const match =
    kind === "exact"
      ? sql`${column} = ${folded}`
      : sql`${column} >= ${folded} and ${column} < ${prefixUpperBound(folded)}`;
  return sql`(select ${column} as key, t.company_id from ${table} t ${join}
    where t.search_boost = ${boost} and ${match} ${keyset}
    order by ${column}, t.company_id limit ${limit})`;
}

/**
 * Several steps of the ranked search in one round trip: for each segment, at most `limit` rows in
 * index order (after its keyset, if given).
 */
export async function fetchSegments(
  db: Queryable,
  segments: { segment: Segment; after?: SegmentKey | undefined }[],
  folded: string,
  filters: SearchFilters,
  limit: number,
): Promise<SegmentKey[][]> {
  if (segments.length === 0) return [];
  const parts = segments.map(
    ({ segment, after }, index) =>
      sql`select ${index}::int as segment, s.key, s.company_id from ${segmentQuery(segment, folded, filters, after, limit)} s`,
  );
  const result = await sql<{ segment: number; key: string; company_id: string }>`${sql.join(
    parts,
    sql` union all `,
  )}`.execute(db);
  const grouped: SegmentKey[][] = segments.map(() => []);
  for (const row of result.rows) grouped[row.segment]?.push({ key: row.key, companyId: row.company_id });
  for (const group of grouped) {
    group.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.companyId < b.companyId ? -1 : 1));
  }
  return grouped;
}

export interface RankedPage {
  rows: BasicRow[];
  /** Segments (by index) that had more rows than were read: ranks after them are not yet known. */
  truncated: number[];
  /** The segment of each row. */
  segments: number[];
}

/**
 * The ranked search in one statement: each segment reads at most `perSegment` rows in index order,
 * each company keeps its best match, and the page [offset, offset + limit) comes back with the
 * companies' basic information. `truncated` tells the caller whether the page can be trusted.
 *
 * The segments run in stages: `laterStages` holds the index of the first segment of each stage after
 * the first. A stage runs only when the stages before it found fewer than `offset + limit`
 * companies; the guard is a one-time filter, so PostgreSQL does not start it at all otherwise, and a
 * page that the better ranks fill costs no word read, no trigram read and no second round trip.
 */
export async function selectRankedPage(
  db: Queryable,
  segments: Segment[],
  folded: string,
  filters: SearchFilters,
  perSegment: number,
  offset: number,
  limit: number,
  laterStages: number[] = [],
): Promise<RankedPage> {
  const part = (segment: Segment, index: number) =>
    sql`select ${index}::int as segment, s.key, s.company_id from ${segmentQuery(segment, folded, filters, undefined, perSegment)} s`;
  const bounds = [0, ...laterStages, segments.length];
  const stages = bounds.slice(0, -1).map((start, stage) => {
    const parts = segments
      .slice(start, bounds[stage + 1])
      .map((segment, index) => part(segment, start + index));
    const name = sql.id(`stage${stage}`);
    if (stage === 0) return sql`${name} as materialized (${sql.join(parts, sql` union all `)})`;
    const earlier = sql.join(
      Array.from({ length: stage }, (_, before) => sql`select company_id from ${sql.id(`stage${before}`)}`),
      sql` union all `,
    );
    return sql`${name} as materialized (select * from (${sql.join(parts, sql` union all `)}) later
      where (select count(distinct company_id) from (${earlier}) found) < ${offset + limit})`;
  });
  const allHits = sql.join(
    stages.map((_, stage) => sql`select * from ${sql.id(`stage${stage}`)}`),
    sql` union all `,
  );
  const result = await sql<RankedRow>`with ${sql.join(stages, sql`, `)},
    hits as (${allHits}),
    best as (
      select distinct on (company_id) segment, key, company_id from hits
      order by company_id, segment, key
    ),
    stats as (
      select coalesce(array_agg(segment order by segment), '{}') as truncated from (
        select segment from hits group by segment having count(*) >= ${perSegment}
      ) full_segments
    )
    -- The page is cut before the join, so only its companies are read from the company table.
    -- truncated as text: pg would parse an int[] on every row of the page (1.4 µs each); it is read once.
    select array_to_string(stats.truncated, ',') as truncated, page.* from stats left join lateral (
      select b.segment, c.company_id, c.company_name, c.headquarters, c.country_code, c.sector, c.lei
      from (select * from best order by segment, key, company_id limit ${limit} offset ${offset}) b
      join company c on c.company_id = b.company_id
      order by b.segment, b.key, b.company_id
    ) page on true`.execute(db);
  return rankedPage(result.rows);
}

type RankedRow = BasicRow & { segment: number | null; truncated: string };

function rankedPage(resultRows: RankedRow[]): RankedPage {
  const first = resultRows[0];
  const rows = resultRows.filter((row) => row.company_id !== null);
  return {
    rows: rows.map(({ company_id, company_name, headquarters, country_code, sector, lei }) => ({
      company_id,
      company_name,
      headquarters,
      country_code,
      sector,
      lei,
    })),
    segments: rows.map((row) => row.segment as number),
    truncated: first?.truncated ? first.truncated.split(",").map(Number) : [],
  };
}

/**
 * selectRankedPage for a search without filters (type-ahead and the plain search), through the
 * database function company_search_page (migration 003): the same segments and rules, planned once
 * per connection instead of on every search.
 */
export async function selectUnfilteredRankedPage(
  db: Queryable,
  folded: string,
  perSegment: number,
  offset: number,
  limit: number,
): Promise<RankedPage> {
  const { pattern, anchor, mode } = containsRead(folded);
  const result =
    await sql<RankedRow>`select * from company_search_page(${folded}, ${prefixUpperBound(folded)},
    ${pattern}, ${anchor}, ${anchor === null ? null : prefixUpperBound(anchor)}, ${mode}, ${perSegment}::int,
    ${offset}::int, ${limit}::int)`.execute(db);
  return rankedPage(result.rows);
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
 * How many companies the search finds: every match kind is covered by "a name contains the text"
 * or "an identifier starts with it", so these are exactly the companies the ranked search lists.
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
  const join = hasFilters(filters)
    ? sql`join company c on c.company_id = m.company_id and ${filterConditions(filters)}`
    : sql``;
  const names = sql`select t.company_id from ${namesContaining(folded, sql`in (0, 1)`)} t`;
  const result = await sql<{ n: number }>`
    select count(*)::int as n from (
      ${names}
      union
      select t.company_id from company_search_term t
      where t.search_boost in (0, 1) and t.is_identifier
        and t.term >= ${folded} and t.term < ${prefixUpperBound(folded)}
    ) m ${join}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Bulk import (GLEIF and generated registers)

export interface ImportRecord {
  lei: string;
  companyName: string;
  alternativeNames: string[];
  headquarters: string;
  headquartersPostalCode: string | null;
  countryCode: string;
  /** Not in the GLEIF file; generated registers may bring them. Kept as they are on update when absent. */
  legalForm?: string | null;
  sector?: string | null;
}

const QUOTE_OR_BACKSLASH = /[\\"]/;
const QUOTES_AND_BACKSLASHES = /[\\"]/g;

/**
 * A text[] literal ({"a","b",NULL}), so that a column of a batch travels in one parameter. Built
 * here with one join when no value needs escaping (nearly always): the driver's own array
 * conversion escapes each value with two regular expressions and concatenates piece by piece, then
 * has to flatten the result to send it, which took a third of the import's Node time.
 */
function textArray(values: readonly (string | null)[]): string {
  for (const value of values)
    if (value === null || QUOTE_OR_BACKSLASH.test(value)) return escapedTextArray(values);
  return values.length === 0 ? "{}" : `{"${values.join('","')}"}`;
}

function escapedTextArray(values: readonly (string | null)[]): string {
  const elements = new Array<string>(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === null || value === undefined) elements[index] = "NULL";
    else elements[index] = `"${value.replace(QUOTES_AND_BACKSLASHES, "\\$&")}"`;
  }
  return `{${elements.join(",")}}`;
}

/** A uuid[] (or other unquoted) literal: company ids need no quoting. */
const plainArray = (values: readonly string[]): string => `{${values.join(",")}}`;

/** The boost every company starts with (no active datasets yet), as writeCompany gives it. */
const NEW_COMPANY_BOOST = 1;

export interface BatchOutcome {
  added: number;
  updated: number;
  unchanged: number;
}

interface ImportRow {
  company_id: string;
  company_name: string;
  alternative_names: string[];
  headquarters: string;
  headquarters_postal_code: string | null;
  country_code: string;
  lei: string;
  name_key: string;
  legal_form: string | null;
  sector: string | null;
}

/**
 * The search rows (names, identifiers and word suffixes) of the companies a batch adds or changes,
 * collected for the way the batch writes them (multi-row statements or COPY).
 */
abstract class SearchRows {
  /** Adds a company's name rows; with a LEI (a new company), also the row of its LEI. */
  add(row: ImportRow, boost: number, lei?: string): void {
    const { terms, words } = nameSearchRows(row.company_name, row.alternative_names, row.name_key);
    for (const term of terms) this.addTerm(row.company_id, term, boost, false);
    for (const word of words) this.addWord(row.company_id, word.suffix, boost, word.term);
    if (lei !== undefined) {
      const folded = foldForSearch(lei);
      if (!terms.includes(folded)) this.addTerm(row.company_id, folded, boost, true);
    }
  }

  protected abstract addTerm(companyId: string, term: string, boost: number, isIdentifier: boolean): void;
  protected abstract addWord(companyId: string, suffix: string, boost: number, term: string): void;
  abstract write(trx: Queryable): Promise<void>;
}

/** Search rows as columns of unnest(...) statements (the embedded database). */
class StatementSearchRows extends SearchRows {
  private readonly termCompanies: string[] = [];
  private readonly terms: string[] = [];
  private readonly termBoosts: number[] = [];
  private readonly termIsIdentifier: boolean[] = [];
  private readonly wordCompanies: string[] = [];
  private readonly suffixes: string[] = [];
  private readonly wordBoosts: number[] = [];
  private readonly wordTerms: string[] = [];

  protected addTerm(companyId: string, term: string, boost: number, isIdentifier: boolean): void {
    this.termCompanies.push(companyId);
    this.terms.push(term);
    this.termBoosts.push(boost);
    this.termIsIdentifier.push(isIdentifier);
  }

  protected addWord(companyId: string, suffix: string, boost: number, term: string): void {
    this.wordCompanies.push(companyId);
    this.suffixes.push(suffix);
    this.wordBoosts.push(boost);
    this.wordTerms.push(term);
  }

  async write(trx: Queryable): Promise<void> {
    if (this.terms.length > 0) {
      await sql`insert into company_search_term (company_id, term, search_boost, is_identifier)
        select * from unnest(${plainArray(this.termCompanies)}::uuid[], ${textArray(this.terms)}::text[],
          ${plainArray(this.termBoosts.map(String))}::smallint[],
          ${plainArray(this.termIsIdentifier.map(String))}::boolean[])`.execute(trx);
    }
    if (this.suffixes.length > 0) {
      await sql`insert into company_search_word (company_id, suffix, search_boost, term)
        select * from unnest(${plainArray(this.wordCompanies)}::uuid[], ${textArray(this.suffixes)}::text[],
          ${plainArray(this.wordBoosts.map(String))}::smallint[], ${textArray(this.wordTerms)}::text[])`.execute(
        trx,
      );
    }
  }
}

const TERM_COLUMNS = ["company_id", "term", "search_boost", "is_identifier"];
const WORD_COLUMNS = ["company_id", "suffix", "search_boost", "term"];

/** Search rows as COPY text (a PostgreSQL server). Company ids are uuids and need no escaping. */
class CopySearchRows extends SearchRows {
  private readonly terms = new CopyRows();
  private readonly words = new CopyRows();
  /** The name of the last word row and its encoding: a name's word rows come one after the other. */
  private lastTerm = "";
  private lastTermEncoded = "";

  protected addTerm(companyId: string, term: string, boost: number, isIdentifier: boolean): void {
    this.terms.addEncoded(`${companyId}\t${copyValue(term)}\t${boost}\t${isIdentifier}`);
  }

  protected addWord(companyId: string, suffix: string, boost: number, term: string): void {
    if (term !== this.lastTerm) {
      this.lastTerm = term;
      this.lastTermEncoded = copyValue(term);
    }
    // A suffix is the end of its name, so it needs escaping only when the name does.
    const encodedSuffix = this.lastTermEncoded === term ? suffix : copyValue(suffix);
    this.words.addEncoded(`${companyId}\t${encodedSuffix}\t${boost}\t${this.lastTermEncoded}`);
  }

  async write(trx: Queryable): Promise<void> {
    await copyInto(trx, "company_search_term", TERM_COLUMNS, this.terms);
    await copyInto(trx, "company_search_word", WORD_COLUMNS, this.words);
  }
}

/** The company columns of a batch as unnest arguments, in the order of COMPANY_COLUMNS. */
function companyColumns(rows: ImportRow[]) {
  return sql.join([
    sql`${plainArray(rows.map((row) => row.company_id))}::uuid[]`,
    sql`${textArray(rows.map((row) => row.company_name))}::text[]`,
    sql`${textArray(rows.map((row) => textArray(row.alternative_names)))}::text[]`,
    sql`${textArray(rows.map((row) => row.headquarters))}::text[]`,
    sql`${textArray(rows.map((row) => row.headquarters_postal_code))}::text[]`,
    sql`${textArray(rows.map((row) => row.country_code))}::text[]`,
    sql`${textArray(rows.map((row) => row.lei))}::text[]`,
    sql`${textArray(rows.map((row) => row.name_key))}::text[]`,
    sql`${textArray(rows.map((row) => row.legal_form))}::text[]`,
    sql`${textArray(rows.map((row) => row.sector))}::text[]`,
  ]);
}

const COMPANY_COLUMNS = sql`company_id, company_name, alternative_names, headquarters, headquarters_postal_code,
  country_code, lei, name_key, legal_form, sector`;
const UNNESTED_COMPANY = sql`company_id, company_name, alternative_names::text[], headquarters,
  headquarters_postal_code, country_code, lei, name_key, legal_form, sector`;

/** Adds companies with LEIs no company has yet, with their LEI identifiers (one statement). */
async function insertCompanies(trx: Queryable, rows: ImportRow[]): Promise<void> {
  await sql`with added as (
      insert into company (${COMPANY_COLUMNS})
      select ${UNNESTED_COMPANY} from unnest(${companyColumns(rows)}) as r(${COMPANY_COLUMNS})
      returning company_id, lei)
    insert into company_identifier (identifier_type, identifier, company_id)
    select 'Lei', lei, company_id from added`.execute(trx);
}

const COPIED_COMPANY_COLUMNS = [
  "company_id",
  "company_name",
  "alternative_names",
  "headquarters",
  "headquarters_postal_code",
  "country_code",
  "lei",
  "name_key",
  "legal_form",
  "sector",
];
const IDENTIFIER_COLUMNS = ["identifier_type", "identifier", "company_id"];

/**
 * insertCompanies through COPY: PostgreSQL reads COPY text with less work than the array literals of
 * unnest(...). The ids are made here, so the LEI identifiers need no `returning`.
 */
async function copyCompanies(trx: Queryable, rows: ImportRow[]): Promise<void> {
  const companies = new CopyRows();
  const identifiers = new CopyRows();
  for (const row of rows) {
    companies.add([
      row.company_id,
      row.company_name,
      textArray(row.alternative_names),
      row.headquarters,
      row.headquarters_postal_code,
      row.country_code,
      row.lei,
      row.name_key,
      row.legal_form,
      row.sector,
    ]);
    identifiers.add(["Lei", row.lei, row.company_id]);
  }
  await copyInto(trx, "company", COPIED_COMPANY_COLUMNS, companies);
  await copyInto(trx, "company_identifier", IDENTIFIER_COLUMNS, identifiers);
}

/**
 * Changes the known companies whose values differ from the record and returns them with their
 * boost; legal form and sector stay as they are when the record has none.
 */
async function updateCompanies(
  trx: Queryable,
  rows: ImportRow[],
): Promise<{ company_id: string; search_boost: number }[]> {
  const result = await sql<{ company_id: string; search_boost: number }>`
    update company c set
      company_name = r.company_name,
      alternative_names = r.alternative_names::text[],
      headquarters = r.headquarters,
      headquarters_postal_code = r.headquarters_postal_code,
      country_code = r.country_code,
      name_key = r.name_key,
      lei = coalesce(c.lei, r.lei),
      legal_form = coalesce(r.legal_form, c.legal_form),
      sector = coalesce(r.sector, c.sector),
      updated_at = now()
    from unnest(${companyColumns(rows)}) as r(${COMPANY_COLUMNS})
    where c.company_id = r.company_id
      and (c.company_name, c.alternative_names, c.headquarters, c.headquarters_postal_code, c.country_code,
        c.legal_form, c.sector)
      is distinct from (r.company_name, r.alternative_names::text[], r.headquarters,
        r.headquarters_postal_code, r.country_code, coalesce(r.legal_form, c.legal_form),
        coalesce(r.sector, c.sector))
    returning c.company_id, c.search_boost`.execute(trx);
  return result.rows;
}

export interface BatchOptions {
  /** Write the new rows by COPY (a PostgreSQL server, see canCopy). */
  copy: boolean;
  /**
   * Which LEIs a company may hold already; the others are added without looking them up. When one
   * is held after all (added meanwhile, or twice in the file), adding it breaks the company
   * identifier key and the batch fails as a whole (see isIdentifierConflict). Without it, every LEI
   * is looked up.
   */
  mayBeKnown?: (lei: string) => boolean;
}

/**
 * Adds or updates a batch of companies by LEI with a few multi-row statements: companies with a
 * known LEI are updated in place (only when something changed), the others are added.
 */
export async function importBatch(
  trx: Queryable,
  records: ImportRecord[],
  options: BatchOptions,
): Promise<BatchOutcome> {
  const byLei = new Map<string, ImportRecord>();
  for (const record of records) byLei.set(record.lei, record);
  const { mayBeKnown } = options;
  const lookedUp = mayBeKnown ? [...byLei.keys()].filter(mayBeKnown) : [...byLei.keys()];
  const known =
    lookedUp.length === 0
      ? { rows: [] }
      : await sql<{ identifier: string; company_id: string }>`
    select identifier, company_id from company_identifier
    where identifier_type = 'Lei' and identifier = any(${textArray(lookedUp)}::text[])`.execute(trx);
  const existing = new Map(known.rows.map((row) => [row.identifier, row.company_id]));
  const added: ImportRow[] = [];
  // By company: a company holding two of the batch's LEIs is changed once, by the later record.
  const changedById = new Map<string, ImportRow>();
  for (const [lei, record] of byLei) {
    const companyId = existing.get(lei);
    const row: ImportRow = {
      company_id: companyId ?? randomUUID(),
      company_name: record.companyName,
      alternative_names: record.alternativeNames,
      headquarters: record.headquarters,
      headquarters_postal_code: record.headquartersPostalCode,
      country_code: record.countryCode,
      lei,
      name_key: foldForSearch(record.companyName),
      legal_form: record.legalForm ?? null,
      sector: record.sector ?? null,
    };
    if (companyId === undefined) added.push(row);
    else changedById.set(companyId, row);
  }
  const changed = [...changedById.values()];

  const searchRows = options.copy ? new CopySearchRows() : new StatementSearchRows();
  if (added.length > 0) {
    await (options.copy ? copyCompanies(trx, added) : insertCompanies(trx, added));
    for (const row of added) searchRows.add(row, NEW_COMPANY_BOOST, row.lei);
  }
  const updated = changed.length > 0 ? await updateCompanies(trx, changed) : [];
  if (updated.length > 0) {
    const updatedIds = plainArray(updated.map((row) => row.company_id));
    await sql`delete from company_search_term where company_id = any(${updatedIds}::uuid[]) and not is_identifier`.execute(
      trx,
    );
    await sql`delete from company_search_word where company_id = any(${updatedIds}::uuid[])`.execute(trx);
    const boostOf = new Map(updated.map((row) => [row.company_id, row.search_boost]));
    for (const row of changed) {
      const boost = boostOf.get(row.company_id);
      if (boost !== undefined) searchRows.add(row, boost);
    }
  }
  await searchRows.write(trx);
  return {
    added: added.length,
    updated: updated.length,
    unchanged: byLei.size - added.length - updated.length,
  };
}

/**
 * The LEIs companies hold, when there are at most `limit` of them (a register that is nearly empty),
 * for importBatch's mayBeKnown.
 */
export async function selectLeisIfFew(trx: Queryable, limit: number): Promise<Set<string> | undefined> {
  const result = await sql<{ identifier: string }>`
    select identifier from company_identifier where identifier_type = 'Lei' limit ${limit + 1}`.execute(trx);
  return result.rows.length > limit ? undefined : new Set(result.rows.map((row) => row.identifier));
}

/** Whether a batch failed on the identifier key: an identifier it added is held already. */
export const isIdentifierConflict = (error: unknown): boolean => {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === "23505" && failure.constraint === "company_identifier_pkey";
};

/** Attaches ISINs to the companies with the given LEIs; an ISIN another company holds is left alone. */
export async function attachIsins(
  trx: Queryable,
  pairs: { lei: string; isin: string }[],
): Promise<{ attached: number; unknownLei: number; alreadyThere: number; heldByOther: number }> {
  const leis = [...new Set(pairs.map((pair) => pair.lei))];
  const known = await sql<{ identifier: string; company_id: string; search_boost: number }>`
    select i.identifier, i.company_id, c.search_boost from company_identifier i
    join company c on c.company_id = i.company_id
    where i.identifier_type = 'Lei' and i.identifier = any(${leis}::text[])`.execute(trx);
  const companyOf = new Map(known.rows.map((row) => [row.identifier, row]));
  const wanted = new Map<string, { companyId: string; boost: number }>();
  let unknownLei = 0;
  for (const pair of pairs) {
    const company = companyOf.get(pair.lei);
    if (!company) unknownLei++;
    else wanted.set(pair.isin, { companyId: company.company_id, boost: company.search_boost });
  }
  const isins = [...wanted.keys()];
  const held = await sql<{ identifier: string; company_id: string }>`
    select identifier, company_id from company_identifier
    where identifier_type = 'Isin' and identifier = any(${isins}::text[])`.execute(trx);
  let alreadyThere = 0;
  let heldByOther = 0;
  for (const row of held.rows) {
    if (wanted.get(row.identifier)?.companyId === row.company_id) alreadyThere++;
    else heldByOther++;
    wanted.delete(row.identifier);
  }
  const fresh = [...wanted.entries()];
  if (fresh.length > 0) {
    await sql`insert into company_identifier (identifier_type, identifier, company_id)
      select 'Isin', * from unnest(${fresh.map(([isin]) => isin)}::text[], ${fresh.map(([, c]) => c.companyId)}::uuid[])
      on conflict do nothing`.execute(trx);
    await sql`insert into company_search_term (company_id, term, search_boost, is_identifier)
      select *, true from unnest(${fresh.map(([, c]) => c.companyId)}::uuid[],
        ${fresh.map(([isin]) => foldForSearch(isin))}::text[], ${fresh.map(([, c]) => c.boost)}::smallint[])`.execute(
      trx,
    );
  }
  return { attached: fresh.length, unknownLei, alreadyThere, heldByOther };
}
