/**
 * The data a proxy company reports for a company without data of its own (see
 * `companies/company-proxies.ts`): the proxy company's active datasets of the framework, for the
 * periods its proxies cover and the company has no dataset of. A company has one proxy per framework
 * and period at most, so every period has one source.
 */
import type { FrameworkId } from "@openverde/frameworks";
import { useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../api";
import type { DatasetColumn } from "../../components/framework-view";
import { type CompanyProxy, proxyApplies, useCompanyProxies } from "../companies/company-proxies";
import { companyDatasets, type DatasetWithMeta, toColumn } from "./framework-data-api";

export interface StandInData {
  /**
   * One column per stand-in dataset, headed by its period, and the proxy company's name when the
   * company has data of its own beside it.
   */
  columns: DatasetColumn[];
  /** Which proxy each stand-in column comes from, by data id. */
  proxyOf: Map<string, CompanyProxy>;
  /** The proxy companies shown, each with the periods its data is shown for. */
  sources: { proxy: CompanyProxy; periods: string[] }[];
  /** Whether the company has data of its own beside the stand-ins (then periods are named). */
  mixed: boolean;
  isPending: boolean;
}

export function useStandInData(
  companyId: string,
  frameworkId: FrameworkId | undefined,
  /** The company's own datasets; stand-ins are looked for once they are known. */
  own: DatasetWithMeta[] | undefined,
  reportingPeriod?: string,
): StandInData {
  const api = useApi();
  const proxies = useCompanyProxies(companyId);
  const applicable = useMemo(
    () =>
      frameworkId
        ? (proxies.data ?? []).filter((proxy) => proxyApplies(proxy, frameworkId, reportingPeriod))
        : [],
    [proxies.data, frameworkId, reportingPeriod],
  );
  const proxyCompanyIds = [...new Set(applicable.map((proxy) => proxy.proxyCompanyId))];
  const results = useQueries({
    queries: proxyCompanyIds.map((proxyCompanyId) => ({
      queryKey: ["framework-data", frameworkId, proxyCompanyId, "stand-in", reportingPeriod ?? "all"],
      enabled: frameworkId !== undefined && own !== undefined,
      retry: false,
      queryFn: () =>
        companyDatasets(api, frameworkId ?? "sfdr", proxyCompanyId, {
          showOnlyActive: true,
          ...(reportingPeriod ? { reportingPeriod } : {}),
        }),
    })),
  });
  const loaded = results.map((result) => result.data);
  // The results array is new on every render; the ids and update times say when its data changed.
  const loadedKey = `${proxyCompanyIds.join(",")}|${results.map((result) => result.dataUpdatedAt).join(",")}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadedKey stands for proxyCompanyIds and loaded.
  const data = useMemo((): Omit<StandInData, "isPending"> => {
    const ownPeriods = new Set((own ?? []).map((dataset) => dataset.metaInfo.reportingPeriod));
    const columns: DatasetColumn[] = [];
    const proxyOf = new Map<string, CompanyProxy>();
    const periodsOf = new Map<CompanyProxy, string[]>();
    proxyCompanyIds.forEach((proxyCompanyId, index) => {
      for (const dataset of loaded[index] ?? []) {
        const period = dataset.metaInfo.reportingPeriod;
        if (ownPeriods.has(period)) continue;
        const proxy = applicable.find(
          (candidate) =>
            candidate.proxyCompanyId === proxyCompanyId && proxyApplies(candidate, frameworkId ?? "", period),
        );
        if (!proxy) continue;
        const column = toColumn(dataset);
        columns.push(
          ownPeriods.size > 0 ? { ...column, label: `${period} (${proxy.proxyCompanyName})` } : column,
        );
        proxyOf.set(dataset.metaInfo.dataId, proxy);
        periodsOf.set(proxy, [...(periodsOf.get(proxy) ?? []), period]);
      }
    });
    const sources = [...periodsOf].map(([proxy, periods]) => ({
      proxy,
      periods: periods.sort((a, b) => b.localeCompare(a, undefined, { numeric: true })),
    }));
    return { columns, proxyOf, sources, mixed: ownPeriods.size > 0 };
  }, [own, applicable, frameworkId, loadedKey]);
  const isPending =
    (proxies.isPending && proxies.fetchStatus !== "idle") ||
    results.some((result) => result.isPending && result.fetchStatus !== "idle");
  return { ...data, isPending };
}

/** A column's dataset page: the proxy company's own page for stand-in data. */
export function datasetLink(
  column: DatasetColumn,
  companyId: string,
  frameworkId: FrameworkId,
  standIn: StandInData,
): string | undefined {
  if (!column.dataId) return undefined;
  const owner = standIn.proxyOf.get(column.dataId)?.proxyCompanyId ?? companyId;
  return `/companies/${owner}/frameworks/${frameworkId}/${column.dataId}`;
}
