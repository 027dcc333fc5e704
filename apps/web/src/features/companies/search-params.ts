/** The company search as it lives in the address bar, so a search can be shared and reloaded. */
import { isFrameworkId } from "@openverde/frameworks";

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The names API and the search need at least this many characters after trimming. */
export const MIN_SEARCH_LENGTH = 3;

export interface CompanySearch {
  query: string;
  frameworks: string[];
  countries: string[];
  sectors: string[];
  /** 0-based chunk index. */
  page: number;
  pageSize: number;
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];

export function readSearch(params: URLSearchParams): CompanySearch {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const size = Number.parseInt(params.get("size") ?? "", 10);
  return {
    query: params.get("q") ?? "",
    frameworks: unique(params.getAll("framework")).filter(isFrameworkId),
    countries: unique(params.getAll("country")),
    sectors: unique(params.getAll("sector")),
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export function writeSearch(search: CompanySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.query.trim()) params.set("q", search.query.trim());
  for (const framework of search.frameworks) params.append("framework", framework);
  for (const country of search.countries) params.append("country", country);
  for (const sector of search.sectors) params.append("sector", sector);
  if (search.page > 0) params.set("page", String(search.page + 1));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(search.pageSize));
  return params;
}

/** The search string the API is given: empty (no search) when shorter than the minimum. */
export function apiSearchString(query: string): string | undefined {
  const trimmed = query.trim();
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : undefined;
}

/** The filters as API query parameters; empty lists are left out. */
export function apiFilters(search: CompanySearch) {
  const searchString = apiSearchString(search.query);
  return {
    ...(searchString ? { searchString } : {}),
    ...(search.frameworks.length ? { dataTypes: search.frameworks as never[] } : {}),
    ...(search.countries.length ? { countryCodes: search.countries } : {}),
    ...(search.sectors.length ? { sectors: search.sectors } : {}),
  };
}

/** The pre-filled e-mail that asks the operator to add a missing company. */
export function inclusionRequestMail(contactEmail: string, query: string): string {
  const name = query.trim();
  const subject = `Please add a company to Openverde${name ? `: ${name}` : ""}`;
  const body = [
    "Hello Openverde team,",
    "",
    "I could not find this company on Openverde and would like it to be added:",
    "",
    `Company name: ${name}`,
    "LEI or other identifier:",
    "Country:",
    "Website:",
    "",
    "Kind regards,",
  ].join("\n");
  return `mailto:${contactEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
