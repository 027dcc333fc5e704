/**
 * The company search behind GET /companies and the name lookups: a search string matched in stages
 * (exact name or identifier, prefix, word, containment), the filters, paging and counts.
 */
import { badRequest } from "../../platform/http/errors";
import { foldForSearch, withoutControlCharacters } from "./normalize";
import type { BasicCompanyInformation } from "./schemas";
import { countMatches, type SearchFilters, selectListing, selectRankedPage } from "./search-store";
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
  const trimmed = withoutControlCharacters(searchString ?? "").trim();
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
 * The companies at ranks [offset, offset + limit) of the search, with their basic information. With
 * a search text the database ranks them (company_search_ranked, migration 008: exact, prefix, word,
 * infix; active data first; then the matched text); without one the listing orders every company
 * passing the filters (active data first, then by name).
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
  return (await selectRankedPage(db, folded, filters, offset, limit)).map(toBasic);
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
