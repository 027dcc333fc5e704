/**
 * The companies a type-ahead suggests, with what tells namesakes apart: where the company sits and
 * its LEI. Both company type-aheads (the search on /companies and the choice before an upload) use
 * these, so a suggestion reads the same everywhere.
 */
import { useQuery } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/backend";
import { countryName } from "./company-api";

export type SuggestedCompany = components["schemas"]["BasicCompanyInformation"];

/** The best matches of the ranked company search for `searchString`; none while it is undefined. */
export function useCompanySuggestions(searchString: string | undefined, limit: number) {
  const api = useApi();
  return useQuery({
    queryKey: ["company-suggestions", searchString, limit],
    enabled: searchString !== undefined,
    staleTime: 30_000,
    queryFn: () =>
      unwrap(
        api.backend.GET("/companies", {
          params: { query: { searchString: searchString ?? "", chunkSize: limit, chunkIndex: 0 } },
        }),
      ),
  });
}

/** "Frankfurt am Main, Germany · LEI 5299…": what a suggestion shows below the name. */
export function suggestionDetails(company: SuggestedCompany): string {
  const place = [company.headquarters, countryName(company.countryCode)].filter(Boolean).join(", ");
  return [place, company.lei ? `LEI ${company.lei}` : ""].filter(Boolean).join(" · ");
}
