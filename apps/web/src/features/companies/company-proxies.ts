/**
 * Company proxies: another company whose data stands in for this one's (a parent's report covers a
 * subsidiary), for one framework or all and one reporting period or all. The company pages show the
 * proxy company's data where the company has none of its own, marked as such. Proxies are read by
 * signed-in users only, as is framework data itself.
 */
import { useQuery } from "@tanstack/react-query";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/backend";
import { useAuth } from "../auth";

export type StoredCompanyProxy = components["schemas"]["StoredCompanyProxy"];

export interface CompanyProxy extends StoredCompanyProxy {
  proxyCompanyName: string;
}

/** Whether the proxy covers this framework and, when one is given, this reporting period. */
export function proxyApplies(
  proxy: StoredCompanyProxy,
  frameworkId: string,
  reportingPeriod?: string,
): boolean {
  const framework = proxy.framework ?? null;
  const period = proxy.reportingPeriod ?? null;
  return (
    (framework === null || framework === frameworkId) &&
    (reportingPeriod === undefined || period === null || period === reportingPeriod)
  );
}

/** The proxies standing in for the company, with the proxy companies' names; none for visitors. */
export function useCompanyProxies(companyId: string) {
  const api = useApi();
  const { status } = useAuth();
  return useQuery({
    queryKey: ["company-proxies", companyId],
    enabled: status === "signedIn" && companyId !== "",
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<CompanyProxy[]> => {
      const proxies = await unwrap(
        api.backend.GET("/company-proxies", { params: { query: { proxiedCompanyId: companyId } } }),
      );
      const names = new Map<string, string>();
      for (const proxyCompanyId of new Set(proxies.map((proxy) => proxy.proxyCompanyId))) {
        const company = await unwrap(
          api.backend.GET("/companies/{companyId}", { params: { path: { companyId: proxyCompanyId } } }),
        );
        names.set(proxyCompanyId, company.companyInformation.companyName);
      }
      return proxies.map((proxy) => ({
        ...proxy,
        proxyCompanyName: names.get(proxy.proxyCompanyId) ?? "another company",
      }));
    },
  });
}

/** How every page says that data comes from a proxy company (after "Data from <company>,"). */
export const PROXY_NOTE = "which reports for this company";

/** Data a proxy company has: one framework and reporting period with an active dataset. */
export interface ProxyCompanyData {
  proxyCompanyId: string;
  dataType: string;
  reportingPeriod: string;
}

export interface StandInSource {
  proxy: CompanyProxy;
  /** Newest first. */
  periods: string[];
}

/**
 * Per framework, which proxy company's data stands in for which periods: the periods a proxy covers
 * and the proxy company has data for, leaving out those the company has data of its own for.
 */
export function standInSources(
  proxies: readonly CompanyProxy[],
  proxyData: readonly ProxyCompanyData[],
  ownPeriods: ReadonlyMap<string, readonly string[]>,
): Map<string, StandInSource[]> {
  const byFramework = new Map<string, StandInSource[]>();
  for (const { proxyCompanyId, dataType, reportingPeriod } of proxyData) {
    if (ownPeriods.get(dataType)?.includes(reportingPeriod)) continue;
    const proxy = proxies.find(
      (candidate) =>
        candidate.proxyCompanyId === proxyCompanyId && proxyApplies(candidate, dataType, reportingPeriod),
    );
    if (!proxy) continue;
    const sources = byFramework.get(dataType) ?? [];
    let source = sources.find((candidate) => candidate.proxy.proxyId === proxy.proxyId);
    if (!source) {
      source = { proxy, periods: [] };
      sources.push(source);
    }
    if (!source.periods.includes(reportingPeriod)) source.periods.push(reportingPeriod);
    source.periods.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
    byFramework.set(dataType, sources);
  }
  return byFramework;
}
