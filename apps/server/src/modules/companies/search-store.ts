/**
 * SQL for the ranked company search: names matched exactly, by prefix, by word and by containment,
 * read segment by segment in index order, with the filters on country, sector and active data.
 */
import { type RawBuilder, sql } from "kysely";
import { escapeLike } from "../../platform/db/like";
import { hasTrigram, prefixUpperBound, wordAnchor } from "./normalize";
import type { BasicRow, Queryable } from "./store";

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
