/**
 * The company search behind GET /companies and the name lookups: a search string matched in stages
 * (exact name or identifier, prefix, word, containment), the filters, paging and counts.
 */
import { badRequest } from "../../platform/http/errors";
import { foldForSearch } from "./normalize";
import type { BasicCompanyInformation } from "./schemas";
import {
  countMatches,
  fetchSegments,
  hasFilters,
  type SearchFilters,
  type Segment,
  type SegmentKey,
  selectListing,
  selectRankedPage,
  selectUnfilteredRankedPage,
} from "./search-store";
import { getBasicCompanyInformation, toBasic } from "./service";
import { type Queryable, tables } from "./store";

/** A search string needs this many characters after trimming. */
export const MIN_SEARCH_LENGTH = 3;

export interface SearchParameters {
  searchString?: string | undefined;
  dataTypes?: readonly string[] | undefined;
  countryCodes?: readonly string[] | undefined;
  sectors?: readonly string[] | undefined;
}

/** The folded search text, undefined when there is none; too short a text is a 400. */
function searchText(searchString: string | undefined, required: boolean): string | undefined {
  const trimmed = (searchString ?? "").trim();
  if (!trimmed && !required) return undefined;
  if (trimmed.length < MIN_SEARCH_LENGTH)
    throw badRequest(
      `querystring parameter searchString must have at least ${MIN_SEARCH_LENGTH} characters after trimming.`,
      "Invalid querystring searchString",
    );
  return foldForSearch(trimmed);
}

function filtersOf(parameters: SearchParameters): SearchFilters {
  return {
    dataTypes: [...new Set(parameters.dataTypes ?? [])],
    countryCodes: [...new Set((parameters.countryCodes ?? []).map((code) => code.trim().toUpperCase()))],
    sectors: [...new Set(parameters.sectors ?? [])],
  };
}

/**
 * Match kinds from best to worst; within each, companies with active data come first. The database
 * function company_search_page (migration 003), which answers searches without filters, numbers
 * its segments the same way.
 */
const SEGMENTS: Segment[] = [
  { kind: "exact", boost: 0 },
  { kind: "exact", boost: 1 },
  { kind: "prefix", boost: 0 },
  { kind: "prefix", boost: 1 },
  { kind: "word", boost: 0 },
  { kind: "word", boost: 1 },
  { kind: "infix", boost: 0 },
  { kind: "infix", boost: 1 },
];
/**
 * Where the later stages of the search start: the word segments are read only when the exact and
 * prefix ones do not fill the page, the infix ones (a trigram index read) only when no better kind
 * does.
 */
const LATER_STAGES = [4, 6];

/**
 * The companies at ranks [offset, offset + limit) of the search, with their basic information.
 * Usually one statement answers it: each match kind reads a bounded number of rows in index order
 * and the database keeps each company's best match; the "contains" kinds (a trigram index read) run
 * inside it only when the better kinds cannot fill the page. When a bounded read was cut off before
 * the page was settled, a step-by-step read with keysets finishes the job.
 */
export async function searchCompanyPage(
  db: Queryable,
  parameters: SearchParameters,
  offset: number,
  limit: number,
  options: { required?: boolean } = {},
): Promise<BasicCompanyInformation[]> {
  const folded = searchText(parameters.searchString, options.required ?? false);
  const filters = filtersOf(parameters);
  if (folded === undefined)
    return getBasicCompanyInformation(db, await selectListing(db, filters, offset, limit));
  const need = offset + limit;
  const perSegment = 2 * need + 10;
  const page = hasFilters(filters)
    ? await selectRankedPage(db, SEGMENTS, folded, filters, perSegment, offset, limit, LATER_STAGES)
    : await selectUnfilteredRankedPage(db, folded, perSegment, offset, limit);
  const firstCut = page.truncated.length > 0 ? Math.min(...page.truncated) : Number.POSITIVE_INFINITY;
  const full = page.rows.length === limit;
  // Every company on the page ranks before the first cut-off read (or none was cut off), so no
  // company the reads left out can rank before one of them.
  const trusted = page.segments.every((segment) => segment <= firstCut) && (full || firstCut === Infinity);
  if (trusted) return page.rows.map(toBasic);
  return getBasicCompanyInformation(db, await searchCompanyIdsStepwise(db, folded, filters, offset, limit));
}

/** The search read segment by segment with keysets, for pages the one-statement read cannot settle. */
async function searchCompanyIdsStepwise(
  db: Queryable,
  folded: string,
  filters: SearchFilters,
  offset: number,
  limit: number,
): Promise<string[]> {
  const need = offset + limit;
  const found: string[] = [];
  const seen = new Set<string>();
  const batch = 2 * need + 10;
  for (const segment of SEGMENTS) {
    let after: SegmentKey | undefined;
    for (;;) {
      const rows = (await fetchSegments(db, [{ segment, after }], folded, filters, batch))[0] ?? [];
      for (const row of rows) {
        if (found.length >= need) break;
        if (seen.has(row.companyId)) continue;
        seen.add(row.companyId);
        found.push(row.companyId);
      }
      if (found.length >= need || rows.length < batch) break;
      after = rows[rows.length - 1];
    }
    if (found.length >= need) break;
  }
  return found.slice(offset, need);
}

/** The ids of the companies at ranks [offset, offset + limit) of the search. */
export async function searchCompanyIds(
  db: Queryable,
  parameters: SearchParameters,
  offset: number,
  limit: number,
  options: { required?: boolean } = {},
): Promise<string[]> {
  return (await searchCompanyPage(db, parameters, offset, limit, options)).map(
    (company) => company.companyId,
  );
}

export async function searchCompanies(
  db: Queryable,
  parameters: SearchParameters & { chunkSize?: number | undefined; chunkIndex?: number | undefined },
): Promise<BasicCompanyInformation[]> {
  const chunkSize = parameters.chunkSize ?? 100;
  const chunkIndex = parameters.chunkIndex ?? 0;
  return searchCompanyPage(db, parameters, chunkIndex * chunkSize, chunkSize);
}

export async function countCompanies(db: Queryable, parameters: SearchParameters): Promise<number> {
  return countMatches(db, searchText(parameters.searchString, false), filtersOf(parameters));
}

/** Type-ahead: the best matches' ids and names. */
export async function searchCompanyNames(
  db: Queryable,
  searchString: string,
  resultLimit: number,
): Promise<{ companyId: string; companyName: string }[]> {
  const page = await searchCompanyPage(db, { searchString }, 0, resultLimit, { required: true });
  return page.map(({ companyId, companyName }) => ({ companyId, companyName }));
}

/** Number of companies held, for reports and tests. */
export async function countAllCompanies(db: Queryable): Promise<number> {
  const row = await tables(db)
    .selectFrom("company")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
