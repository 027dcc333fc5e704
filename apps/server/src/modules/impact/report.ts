/**
 * A portfolio's impact report: its positions converted at the admins' rates, the companies' active
 * SFDR and PCAF data of the period (read as data points through the datasets module, only what the
 * caller may see), and the figures of pai.ts and pcaf.ts.
 */
import { type FrameworkId, frameworkFields, getFramework } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { badRequest } from "../../platform/http/errors";
import type { AssetClass, Facts, Holding } from "./model";
import { activeDataPoints, availableDimensions, getCompanyNames } from "./neighbours";
import { computePai, expressIn, type IndicatorResult, SFDR_INPUT_PATHS } from "./pai";
import { computePcaf, expressPcafIn, PCAF_INPUT_PATHS, type PcafPosition, type PcafResult } from "./pcaf";
import { BASE_CURRENCY, type CurrencyRate, isCurrencyCode, periodEnd, rateFor } from "./rates";
import { currentPositions, portfolioForImpact } from "./service";
import { type AnyExecutor, impactDb, selectRatesOf } from "./store";

export interface ExcludedPosition {
  companyId: string;
  companyName: string;
  assetClass: AssetClass;
  amount: number;
  currency: string;
  reason: "NoRate";
}

export interface ImpactReport {
  portfolioId: string;
  portfolioName: string;
  reportingPeriod: string;
  currency: string;
  availableReportingPeriods: string[];
  totalValue: number;
  ratesUsed: CurrencyRate[];
  excludedPositions: ExcludedPosition[];
  pai: { indicators: IndicatorResult[] };
  pcaf: PcafResult;
}

export interface ImpactQuery {
  reportingPeriod?: string;
  currency?: string;
}

const FRAMEWORKS = ["sfdr", "pcaf"] as const;

/** Catalogue path ↔ data point type of the fields a framework's calculation reads. */
function dataPointTypes(frameworkId: FrameworkId, paths: readonly string[]): Map<string, string> {
  const wanted = new Set(paths);
  const byType = new Map<string, string>();
  for (const field of frameworkFields(getFramework(frameworkId)))
    if (wanted.has(field.path) && field.dataPointTypeId) byType.set(field.dataPointTypeId, field.path);
  return byType;
}

const SFDR_TYPES = dataPointTypes("sfdr", SFDR_INPUT_PATHS);
const PCAF_TYPES = dataPointTypes("pcaf", PCAF_INPUT_PATHS);

/** Per company, the active dataset of the framework for the period and its data points by path. */
async function factsOf(
  db: AnyExecutor,
  actor: Actor,
  dataType: FrameworkId,
  types: Map<string, string>,
  companyIds: string[],
  reportingPeriod: string,
): Promise<Map<string, { dataId: string | null; facts: Facts }>> {
  const dimensions = await activeDataPoints(db, actor, {
    dataType,
    companyIds,
    reportingPeriods: [reportingPeriod],
    dataPointTypes: [...types.keys()],
  });
  const byCompany = new Map<string, { dataId: string | null; facts: Facts }>();
  for (const dimension of dimensions.values()) {
    const facts: Record<string, unknown> = {};
    for (const [type, point] of dimension.points) {
      const path = types.get(type);
      if (path) facts[path] = point.value;
    }
    byCompany.set(dimension.companyId, { dataId: dimension.dataId, facts });
  }
  return byCompany;
}

/**
 * The periods with SFDR or PCAF data among the companies, newest first, and the one a report shows
 * unless asked: the newest of those in which the most companies have data (the latest year is often
 * still being reported and reviewed, and would show less of the portfolio).
 */
async function periodsWithData(
  db: AnyExecutor,
  actor: Actor,
  companyIds: string[],
): Promise<{ periods: string[]; best: string | undefined }> {
  if (companyIds.length === 0) return { periods: [], best: undefined };
  const dimensions = await availableDimensions(db, actor, {
    companyIds,
    frameworksOrDataPointTypes: [...FRAMEWORKS],
  });
  const companiesIn = new Map<string, Set<string>>();
  for (const { reportingPeriod, companyId } of dimensions) {
    if (!/^\d{4}$/.test(reportingPeriod)) continue;
    companiesIn.set(reportingPeriod, (companiesIn.get(reportingPeriod) ?? new Set()).add(companyId));
  }
  const periods = [...companiesIn.keys()].sort((a, b) => b.localeCompare(a));
  const count = (period: string) => companiesIn.get(period)?.size ?? 0;
  const best = [...periods].sort((a, b) => count(b) - count(a) || b.localeCompare(a))[0];
  return { periods, best };
}

export async function impactReport(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  query: ImpactQuery,
): Promise<ImpactReport> {
  const portfolio = await portfolioForImpact(db, actor, portfolioId);
  const currency = (query.currency ?? BASE_CURRENCY).trim().toUpperCase();
  if (!isCurrencyCode(currency))
    throw badRequest(`currency '${query.currency}' is not an ISO 4217 code.`, "Invalid currency");
  if (query.reportingPeriod !== undefined && !/^\d{4}$/.test(query.reportingPeriod))
    throw badRequest("reportingPeriod is a year of four digits, e.g. 2024.", "Invalid reportingPeriod");
  const positions = await currentPositions(db, portfolio);
  const companyIds = [...new Set(positions.map((position) => position.companyId))];
  const { periods: availableReportingPeriods, best } = await periodsWithData(db, actor, companyIds);
  const reportingPeriod = query.reportingPeriod ?? best ?? String(new Date().getUTCFullYear() - 1);

  const on = periodEnd(reportingPeriod);
  const currencies = [...new Set([currency, ...positions.map((position) => position.currency)])];
  const stored = await selectRatesOf(
    impactDb(db),
    currencies.filter((code) => code !== BASE_CURRENCY),
  );
  const rates = new Map(currencies.map((code) => [code, rateFor(stored, code, on)]));
  const reportRate = rates.get(currency);
  if (!reportRate)
    throw badRequest(
      `There is no rate for ${currency}: an admin sets the currency rates (PUT /users/currency-rates).`,
      "No currency rate",
    );

  const names = await getCompanyNames(db, companyIds);
  const nameOf = (companyId: string) => names.get(companyId) ?? "";
  const excludedPositions: ExcludedPosition[] = [];
  const converted: { companyId: string; assetClass: AssetClass; valueEur: number }[] = [];
  for (const position of positions) {
    const rate = rates.get(position.currency);
    if (!rate) {
      excludedPositions.push({ ...position, companyName: nameOf(position.companyId), reason: "NoRate" });
      continue;
    }
    converted.push({ ...position, valueEur: position.amount * rate.rateToEur });
  }

  const convertedCompanies = [...new Set(converted.map((position) => position.companyId))];
  const sfdr = await factsOf(db, actor, "sfdr", SFDR_TYPES, convertedCompanies, reportingPeriod);
  const pcaf = await factsOf(db, actor, "pcaf", PCAF_TYPES, convertedCompanies, reportingPeriod);
  const dataOf = (data: Map<string, { dataId: string | null; facts: Facts }>, companyId: string) =>
    data.get(companyId) ?? { dataId: null, facts: {} };

  const holdings: Holding[] = convertedCompanies.map((companyId) => ({
    companyId,
    companyName: nameOf(companyId),
    value: converted
      .filter((position) => position.companyId === companyId)
      .reduce((sum, position) => sum + position.valueEur, 0),
    ...dataOf(sfdr, companyId),
  }));
  const pcafPositions: PcafPosition[] = converted.map((position) => ({
    companyId: position.companyId,
    companyName: nameOf(position.companyId),
    value: position.valueEur,
    assetClass: position.assetClass,
    ...dataOf(pcaf, position.companyId),
  }));

  const eurPerUnit = reportRate.rateToEur;
  return {
    portfolioId: portfolio.portfolioId,
    portfolioName: portfolio.portfolioName,
    reportingPeriod,
    currency,
    availableReportingPeriods,
    totalValue: converted.reduce((sum, position) => sum + position.valueEur, 0) / eurPerUnit,
    ratesUsed: [...rates.values()].filter(
      (rate): rate is CurrencyRate => rate !== undefined && rate.currency !== BASE_CURRENCY,
    ),
    excludedPositions,
    pai: { indicators: expressIn(computePai(holdings), currency, eurPerUnit) },
    pcaf: expressPcafIn(computePcaf(pcafPositions), eurPerUnit),
  };
}
