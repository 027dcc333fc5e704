/** Company look-ups shared by the company and framework pages. */
import { useQuery } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/backend";

export type StoredCompany = components["schemas"]["StoredCompany"];
export type BasicCompanyInformation = components["schemas"]["BasicCompanyInformation"];

export function useCompany(companyId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ["company", companyId],
    enabled: companyId !== undefined,
    staleTime: 60_000,
    retry: false,
    queryFn: () =>
      unwrap(api.backend.GET("/companies/{companyId}", { params: { path: { companyId: companyId ?? "" } } })),
  });
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** `DE` → `Germany`; unknown codes stay as they are. */
export function countryName(code: string | null | undefined): string {
  if (!code) return "";
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
