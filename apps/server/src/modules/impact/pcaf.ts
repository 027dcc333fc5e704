/**
 * Financed emissions the PCAF way (Global GHG Accounting and Reporting Standard for the Financial
 * Industry, Part A) for holdings in companies, from the companies' PCAF data. Pure: positions in,
 * figures out, no database. Computed in EUR, the currency of the PCAF data's company values;
 * `expressPcafIn` states the money amounts in the report's currency.
 *
 * - Attribution factor = outstanding amount ÷ company value, where the company value is the EVIC
 *   (market capitalisation + book value of debt + minorities' interest) for a listed company and total
 *   equity plus debt for an unlisted one (the company's exchange status decides; without one, the EVIC
 *   when a market capitalisation is given).
 * - Financed scope N emissions = attribution factor × the company's scope N emissions; scope 2 is the
 *   location-based figure, else the market-based one; scope 3 is reported beside, when given.
 * - Reported figures are preferred; the estimation section of the data stands in where they are empty.
 * - Data quality score per company (PCAF options 1, 2 and 4 for listed equity, bonds and loans): 1 for
 *   audited reported emissions, 2 for other reported emissions, 4 for estimated ones; the worse of
 *   scope 1 and scope 2. Weighted by outstanding amount over the companies with data.
 */
import { numberAt, qualityOf, type Read, rawValue } from "./facts";
import type { AssetClass, Facts, Holding, MissingCompany } from "./model";
import { ASSET_CLASSES } from "./model";

const REPORTED = { value: "companyValue", emissions: "environmental.greenhouseGasEmissions" } as const;
const ESTIMATED = {
  value: "companyValueEstimation",
  emissions: "environmentalEstimation.greenhouseGasEmissions",
} as const;

export const PCAF_PATHS = {
  exchangeStatus: "general.company.companyExchangeStatus",
  marketCapitalization: "listedCompany.marketCapitalizationInEUR",
  bookValueOfDebt: "listedCompany.bookValueOfDebtInEUR",
  minoritiesInterest: "listedCompany.minoritiesInterestInEUR",
  totalEquityAndDebt: "unlistedCompany.totalEquityAndDebtInEUR",
  scope1: "scope1GhgEmissionsInTonnes",
  scope2LocationBased: "scope2GhgEmissionsLocationBasedInTonnes",
  scope2MarketBased: "scope2GhgEmissionsMarketBasedInTonnes",
  scope3: "scope3GhgEmissionsInTonnes",
} as const;

/** Every PCAF catalogue path the calculation reads. */
export const PCAF_INPUT_PATHS: readonly string[] = [
  PCAF_PATHS.exchangeStatus,
  ...[REPORTED, ESTIMATED].flatMap((section) => [
    `${section.value}.${PCAF_PATHS.marketCapitalization}`,
    `${section.value}.${PCAF_PATHS.bookValueOfDebt}`,
    `${section.value}.${PCAF_PATHS.minoritiesInterest}`,
    `${section.value}.${PCAF_PATHS.totalEquityAndDebt}`,
    `${section.emissions}.${PCAF_PATHS.scope1}`,
    `${section.emissions}.${PCAF_PATHS.scope2LocationBased}`,
    `${section.emissions}.${PCAF_PATHS.scope2MarketBased}`,
    `${section.emissions}.${PCAF_PATHS.scope3}`,
  ]),
];

export type AttributionBasis = "EVIC" | "TotalEquityAndDebt";

export interface PcafPosition extends Holding {
  assetClass: AssetClass;
}

export interface PcafCompany {
  companyId: string;
  companyName: string;
  outstandingAmount: number;
  dataId: string;
  attributionBasis: AttributionBasis;
  companyValue: number;
  attributionFactor: number;
  scope1: number;
  scope2: number;
  scope3: number | null;
  financedScope1: number;
  financedScope2: number;
  financedScope3: number | null;
  dataQualityScore: number;
  /** The catalogue paths the figures were taken from, with their values. */
  values: Record<string, number | string>;
}

export interface PcafFigures {
  outstandingAmount: number;
  /** Share of the outstanding amount whose companies have the inputs, 0 to 1. */
  coverage: number;
  financedScope1: number | null;
  financedScope2: number | null;
  financedScope3: number | null;
  financedTotal: number | null;
  weightedDataQualityScore: number | null;
}

export interface PcafAssetClassResult extends PcafFigures {
  assetClass: AssetClass;
  companies: PcafCompany[];
  missingCompanies: MissingCompany[];
}

export interface PcafResult {
  assetClasses: PcafAssetClassResult[];
  totals: PcafFigures;
}

type Failure = Extract<Read<unknown>, { ok: false }>;

interface Emission {
  value: number;
  path: string;
  score: number;
}

/** A scope's emissions: the first usable of the paths, reported ones first; with its quality score. */
function emission(facts: Facts, paths: { path: string; estimated: boolean }[]): Emission | Failure {
  let firstFailure: Failure | undefined;
  for (const { path, estimated } of paths) {
    const read = numberAt(facts, path, "nonNegative");
    if (read.ok) {
      const quality = qualityOf(facts, path);
      const score = estimated || quality === "Estimated" ? 4 : quality === "Audited" ? 1 : 2;
      return { value: read.value, path, score };
    }
    if (read.reason === "InvalidInput") return read;
    firstFailure ??= read;
  }
  return firstFailure as Failure;
}

const scopePaths = (...names: string[]) =>
  [REPORTED, ESTIMATED].flatMap((section) =>
    names.map((name) => ({ path: `${section.emissions}.${name}`, estimated: section === ESTIMATED })),
  );

interface CompanyValue {
  basis: AttributionBasis;
  value: number;
  values: Record<string, number>;
}

/** The EVIC from one section of the data (reported or estimated), if its market capitalisation is there. */
function evicFrom(facts: Facts, section: string): CompanyValue | Failure {
  const marketCap = numberAt(facts, `${section}.${PCAF_PATHS.marketCapitalization}`, "nonNegative");
  const debt = numberAt(facts, `${section}.${PCAF_PATHS.bookValueOfDebt}`, "nonNegative");
  const minorities = numberAt(facts, `${section}.${PCAF_PATHS.minoritiesInterest}`, "nonNegative");
  for (const read of [marketCap, debt]) if (!read.ok) return read;
  if (!minorities.ok && minorities.reason === "InvalidInput") return minorities;
  const values: Record<string, number> = {
    [`${section}.${PCAF_PATHS.marketCapitalization}`]: (marketCap as { value: number }).value,
    [`${section}.${PCAF_PATHS.bookValueOfDebt}`]: (debt as { value: number }).value,
  };
  // Minorities' interest is often not stated separately: none is counted as 0.
  if (minorities.ok) values[`${section}.${PCAF_PATHS.minoritiesInterest}`] = minorities.value;
  const value = Object.values(values).reduce((sum, part) => sum + part, 0);
  return { basis: "EVIC", value, values };
}

function totalEquityAndDebtFrom(facts: Facts, section: string): CompanyValue | Failure {
  const path = `${section}.${PCAF_PATHS.totalEquityAndDebt}`;
  const read = numberAt(facts, path, "nonNegative");
  if (!read.ok) return read;
  return { basis: "TotalEquityAndDebt", value: read.value, values: { [path]: read.value } };
}

const isFailure = (value: unknown): value is Failure =>
  typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;

/** The reported figure, else the estimated one. */
function firstUsable(reads: (CompanyValue | Failure)[]): CompanyValue | Failure {
  const usable = reads.find((read) => !isFailure(read));
  if (usable) return usable;
  return (reads.find((read) => isFailure(read) && read.reason === "InvalidInput") ?? reads[0]) as Failure;
}

function companyValue(facts: Facts): CompanyValue | Failure {
  const status = rawValue(facts, PCAF_PATHS.exchangeStatus);
  const evic = () => firstUsable([evicFrom(facts, REPORTED.value), evicFrom(facts, ESTIMATED.value)]);
  const equityAndDebt = () =>
    firstUsable([
      totalEquityAndDebtFrom(facts, REPORTED.value),
      totalEquityAndDebtFrom(facts, ESTIMATED.value),
    ]);
  const found =
    status === "Listed"
      ? evic()
      : status === "Unlisted"
        ? equityAndDebt()
        : firstUsable([evic(), equityAndDebt()]);
  if (isFailure(found)) return found;
  if (found.value <= 0)
    return {
      ok: false,
      reason: "InvalidInput",
      path: Object.keys(found.values)[0] as string,
      message: `The company value (${found.basis === "EVIC" ? "EVIC" : "total equity and debt"}) is ${found.value}; the attribution factor needs a value greater than 0.`,
    };
  return found;
}

type CompanyReading = PcafCompany | MissingCompany;

function readCompany(position: PcafPosition): CompanyReading {
  const base = {
    companyId: position.companyId,
    companyName: position.companyName,
    positionValue: position.value,
  };
  if (position.dataId === null)
    return {
      ...base,
      reason: "NoDataset",
      missingInputs: [],
      message: "The company has no active PCAF dataset for the reporting period.",
    };
  const facts = position.facts;
  const value = companyValue(facts);
  const scope1 = emission(facts, scopePaths(PCAF_PATHS.scope1));
  const scope2 = emission(facts, scopePaths(PCAF_PATHS.scope2LocationBased, PCAF_PATHS.scope2MarketBased));
  const failures = [value, scope1, scope2].filter(isFailure);
  if (failures.length > 0)
    return {
      ...base,
      reason: failures.some((failure) => failure.reason === "InvalidInput") ? "InvalidInput" : "MissingInput",
      missingInputs: failures.map((failure) => failure.path),
      message: failures.map((failure) => failure.message).join(" "),
    };
  const { basis, value: worth, values } = value as CompanyValue;
  const s1 = scope1 as Emission;
  const s2 = scope2 as Emission;
  const s3read = emission(facts, scopePaths(PCAF_PATHS.scope3));
  const s3 = isFailure(s3read) ? null : s3read;
  const attributionFactor = position.value / worth;
  return {
    companyId: position.companyId,
    companyName: position.companyName,
    outstandingAmount: position.value,
    dataId: position.dataId,
    attributionBasis: basis,
    companyValue: worth,
    attributionFactor,
    scope1: s1.value,
    scope2: s2.value,
    scope3: s3?.value ?? null,
    financedScope1: attributionFactor * s1.value,
    financedScope2: attributionFactor * s2.value,
    financedScope3: s3 ? attributionFactor * s3.value : null,
    dataQualityScore: Math.max(s1.score, s2.score),
    values: {
      ...values,
      [s1.path]: s1.value,
      [s2.path]: s2.value,
      ...(s3 ? { [s3.path]: s3.value } : {}),
      ...(typeof rawValue(facts, PCAF_PATHS.exchangeStatus) === "string"
        ? { [PCAF_PATHS.exchangeStatus]: rawValue(facts, PCAF_PATHS.exchangeStatus) as string }
        : {}),
    },
  };
}

const isCovered = (reading: CompanyReading): reading is PcafCompany => "attributionFactor" in reading;

function figures(readings: CompanyReading[]): PcafFigures {
  const outstandingAmount = readings.reduce(
    (sum, reading) => sum + (isCovered(reading) ? reading.outstandingAmount : reading.positionValue),
    0,
  );
  const covered = readings.filter(isCovered);
  const coveredAmount = covered.reduce((sum, company) => sum + company.outstandingAmount, 0);
  const sum = (pick: (company: PcafCompany) => number | null) => {
    const present = covered.map(pick).filter((value): value is number => value !== null);
    return present.length > 0 ? present.reduce((total, value) => total + value, 0) : null;
  };
  const financedScope1 = sum((company) => company.financedScope1);
  const financedScope2 = sum((company) => company.financedScope2);
  const financedScope3 = sum((company) => company.financedScope3);
  return {
    outstandingAmount,
    coverage: outstandingAmount > 0 ? coveredAmount / outstandingAmount : 0,
    financedScope1,
    financedScope2,
    financedScope3,
    financedTotal:
      financedScope1 === null ? null : financedScope1 + (financedScope2 ?? 0) + (financedScope3 ?? 0),
    weightedDataQualityScore:
      coveredAmount > 0
        ? covered.reduce(
            (total, company) => total + company.outstandingAmount * company.dataQualityScore,
            0,
          ) / coveredAmount
        : null,
  };
}

/** Financed emissions per asset class (those with positions, in PCAF's order) and in total, in EUR. */
export function computePcaf(positions: PcafPosition[]): PcafResult {
  const readings = positions.map((position) => ({ position, reading: readCompany(position) }));
  const assetClasses = ASSET_CLASSES.flatMap((assetClass): PcafAssetClassResult[] => {
    const own = readings
      .filter(({ position }) => position.assetClass === assetClass)
      .map(({ reading }) => reading);
    if (own.length === 0) return [];
    return [
      {
        assetClass,
        ...figures(own),
        companies: own.filter(isCovered),
        missingCompanies: own.filter((reading): reading is MissingCompany => !isCovered(reading)),
      },
    ];
  });
  return { assetClasses, totals: figures(readings.map(({ reading }) => reading)) };
}

/** The result with its money amounts in another currency, one unit of which is worth `eurPerUnit` EUR. */
export function expressPcafIn(result: PcafResult, eurPerUnit: number): PcafResult {
  const money = (value: number) => value / eurPerUnit;
  const figuresIn = <T extends PcafFigures>(figures: T): T => ({
    ...figures,
    outstandingAmount: money(figures.outstandingAmount),
  });
  return {
    assetClasses: result.assetClasses.map((assetClass) => ({
      ...figuresIn(assetClass),
      companies: assetClass.companies.map((company) => ({
        ...company,
        outstandingAmount: money(company.outstandingAmount),
        companyValue: money(company.companyValue),
      })),
      missingCompanies: assetClass.missingCompanies.map((company) => ({
        ...company,
        positionValue: money(company.positionValue),
      })),
    })),
    totals: figuresIn(result.totals),
  };
}
