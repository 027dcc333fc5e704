/**
 * The explorer's whole selection as it lives in the address bar, so a view can be shared, reloaded and
 * gone back to: framework, data points, periods, companies (chosen, a portfolio or filters), sort,
 * page and the chart's choice. Reading is forgiving (unknown values are dropped); writing is canonical.
 */
import { type FrameworkId, fieldByPath, getFramework, isFrameworkId } from "@openverde/frameworks";
import type { ExplorerCompanies, ExplorerQueryRequest, ExplorerSort } from "./explorer-types";

/** The explorer API's limits (one query: at most 20 data points and 10 periods). */
export const MAX_DATA_POINTS = 20;
export const MAX_PERIODS = 10;
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_FRAMEWORK: FrameworkId = "sfdr";

/** How the companies are chosen: one by one through the search, one portfolio, or by filters alone. */
export type CompanySource = "search" | "portfolio" | "filters";

export interface ExploreSelection {
  framework: FrameworkId;
  dataPoints: string[];
  /** Reporting periods, oldest first. */
  periods: string[];
  source: CompanySource;
  companyIds: string[];
  portfolioId: string | undefined;
  countries: string[];
  sectors: string[];
  /** Only companies with data of the framework. */
  hasData: boolean;
  /** Undefined: by company name, A to Z (the API's default). */
  sort: ExplorerSort | undefined;
  /** 0-based page. */
  page: number;
  pageSize: number;
  /** The data point and period the charts show; the first numeric choice when unset. */
  chartDataPoint: string | undefined;
  chartPeriod: string | undefined;
}

const PERIOD = /^\d{4}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SOURCES: readonly CompanySource[] = ["search", "portfolio", "filters"];

const unique = (values: readonly string[]) => [...new Set(values.filter(Boolean))];
const byPeriod = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

function readSort(text: string | null, dataPoints: string[], periods: string[]): ExplorerSort | undefined {
  if (!text) return undefined;
  const [by, direction, period, ...path] = text.split(":");
  if (direction !== "asc" && direction !== "desc") return undefined;
  if (by === "name") return direction === "asc" ? undefined : { by: "companyName", direction };
  const dataPoint = path.join(":");
  if (by !== "value" || !period || !periods.includes(period) || !dataPoints.includes(dataPoint))
    return undefined;
  return { by: "value", dataPoint, reportingPeriod: period, direction };
}

function writeSort(sort: ExplorerSort): string {
  return sort.by === "companyName"
    ? `name:${sort.direction}`
    : `value:${sort.direction}:${sort.reportingPeriod}:${sort.dataPoint}`;
}

export function readSelection(params: URLSearchParams): ExploreSelection {
  const frameworkParam = params.get("framework") ?? "";
  const framework = isFrameworkId(frameworkParam) ? frameworkParam : DEFAULT_FRAMEWORK;
  const definition = getFramework(framework);
  const dataPoints = unique(params.getAll("dp"))
    .filter((path) => fieldByPath(definition, path) !== undefined)
    .slice(0, MAX_DATA_POINTS);
  const periods = unique(params.getAll("period"))
    .filter((period) => PERIOD.test(period))
    .sort(byPeriod)
    .slice(-MAX_PERIODS);
  const companyIds = unique(params.getAll("company")).filter((id) => UUID.test(id));
  const portfolio = params.get("portfolio") ?? "";
  const portfolioId = UUID.test(portfolio) ? portfolio : undefined;
  const sourceParam = params.get("source") as CompanySource | null;
  const source: CompanySource =
    sourceParam && SOURCES.includes(sourceParam) ? sourceParam : portfolioId ? "portfolio" : "search";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const size = Number.parseInt(params.get("size") ?? "", 10);
  const chartDataPoint = params.get("chart") ?? "";
  const chartPeriod = params.get("chartPeriod") ?? "";
  return {
    framework,
    dataPoints,
    periods,
    source,
    companyIds,
    portfolioId,
    countries: unique(params.getAll("country")),
    sectors: unique(params.getAll("sector")),
    hasData: params.get("hasData") === "true",
    sort: readSort(params.get("sort"), dataPoints, periods),
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    chartDataPoint: dataPoints.includes(chartDataPoint) ? chartDataPoint : undefined,
    chartPeriod: periods.includes(chartPeriod) ? chartPeriod : undefined,
  };
}

/** The canonical address parameters: what the other source would use is not written. */
export function writeSelection(selection: ExploreSelection): URLSearchParams {
  const params = new URLSearchParams();
  params.set("framework", selection.framework);
  for (const path of selection.dataPoints) params.append("dp", path);
  for (const period of selection.periods) params.append("period", period);
  params.set("source", selection.source);
  if (selection.source === "search") for (const id of selection.companyIds) params.append("company", id);
  if (selection.source === "portfolio" && selection.portfolioId)
    params.set("portfolio", selection.portfolioId);
  for (const country of selection.countries) params.append("country", country);
  for (const sector of selection.sectors) params.append("sector", sector);
  if (selection.hasData) params.set("hasData", "true");
  if (selection.sort) params.set("sort", writeSort(selection.sort));
  if (selection.page > 0) params.set("page", String(selection.page + 1));
  if (selection.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(selection.pageSize));
  if (selection.chartDataPoint) params.set("chart", selection.chartDataPoint);
  if (selection.chartPeriod) params.set("chartPeriod", selection.chartPeriod);
  return params;
}

/**
 * A change of the selection as the address should hold it: changing what is asked resets the page,
 * and a sort or chart choice that no longer names a chosen data point and period is dropped.
 */
export function changeSelection(
  current: ExploreSelection,
  change: Partial<ExploreSelection>,
): ExploreSelection {
  const frameworkChanged = change.framework !== undefined && change.framework !== current.framework;
  const next: ExploreSelection = {
    ...current,
    ...(frameworkChanged ? { dataPoints: [], chartDataPoint: undefined, sort: undefined } : {}),
    ...change,
  };
  next.dataPoints = unique(next.dataPoints).slice(0, MAX_DATA_POINTS);
  next.periods = unique(next.periods).sort(byPeriod).slice(-MAX_PERIODS);
  if (
    next.sort?.by === "value" &&
    (!next.dataPoints.includes(next.sort.dataPoint) || !next.periods.includes(next.sort.reportingPeriod))
  ) {
    next.sort = undefined;
  }
  if (next.chartDataPoint && !next.dataPoints.includes(next.chartDataPoint)) next.chartDataPoint = undefined;
  if (next.chartPeriod && !next.periods.includes(next.chartPeriod)) next.chartPeriod = undefined;
  if (change.page === undefined) next.page = 0;
  return next;
}

/** The companies part of a query, or the reason it cannot be asked yet. */
export function queryCompanies(selection: ExploreSelection): ExplorerCompanies | string {
  const filters: ExplorerCompanies = {
    ...(selection.countries.length ? { countryCodes: selection.countries } : {}),
    ...(selection.sectors.length ? { sectors: selection.sectors } : {}),
    ...(selection.hasData ? { hasData: true } : {}),
  };
  if (selection.source === "search") {
    return selection.companyIds.length
      ? { companyIds: selection.companyIds, ...filters }
      : "Add at least one company.";
  }
  if (selection.source === "portfolio") {
    return selection.portfolioId ? { portfolioId: selection.portfolioId, ...filters } : "Choose a portfolio.";
  }
  // Without any filter, the whole register: the API pages it like any other set.
  return filters;
}

/** The query for the table, or what is still missing before one can be asked. */
export function tableQuery(selection: ExploreSelection): ExplorerQueryRequest | { missing: string[] } {
  const missing: string[] = [];
  if (selection.dataPoints.length === 0) missing.push("Choose at least one data point.");
  if (selection.periods.length === 0) missing.push("Choose at least one reporting period.");
  const companies = queryCompanies(selection);
  if (typeof companies === "string") missing.push(companies);
  if (missing.length || typeof companies === "string") return { missing };
  return {
    framework: selection.framework,
    dataPoints: selection.dataPoints,
    reportingPeriods: selection.periods,
    companies,
    ...(selection.sort ? { sort: selection.sort } : {}),
    chunkSize: selection.pageSize,
    chunkIndex: selection.page,
  };
}
