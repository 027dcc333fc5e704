/**
 * The headline indicators of each framework that the company cockpit shows as small charts over the
 * years, each opening the explorer for that company. The paths are the frameworks' own (checked in
 * key-figures.test.ts); the titles name what a reader looks for, where the catalogue's label is
 * ambiguous out of its group ("Relative Share in Percent").
 */
import type { FrameworkId } from "@openverde/frameworks";
import { DEFAULT_PAGE_SIZE, type ExploreSelection, MAX_PERIODS, writeSelection } from "./explore-state";
import type { ExplorerQueryRequest } from "./explorer-types";

export interface KeyFigure {
  path: string;
  title: string;
}

const SFDR_GHG = "environmental.greenhouseGasEmissions";
const PCAF_GHG = "environmental.greenhouseGasEmissions";
const VSME_GHG = "basic.energyAndGreenhousGasEmissions";

const TAXONOMY_NON_FINANCIALS: KeyFigure[] = [
  { path: "revenue.alignedShare.relativeShareInPercent", title: "Taxonomy-aligned turnover" },
  { path: "capex.alignedShare.relativeShareInPercent", title: "Taxonomy-aligned CapEx" },
  { path: "opex.alignedShare.relativeShareInPercent", title: "Taxonomy-aligned OpEx" },
];

export const KEY_FIGURES: Partial<Record<FrameworkId, KeyFigure[]>> = {
  sfdr: [
    { path: `${SFDR_GHG}.scope1And2GhgEmissionsInTonnes`, title: "Scope 1 and 2 emissions" },
    { path: `${SFDR_GHG}.scope3GhgEmissionsInTonnes`, title: "Scope 3 emissions" },
    { path: `${SFDR_GHG}.ghgIntensityInTonnesPerMillionEURRevenue`, title: "GHG intensity" },
    {
      path: "social.socialAndEmployeeMatters.boardGenderDiversityBoardOfDirectorsInPercent",
      title: "Women on the board",
    },
  ],
  "eutaxonomy-non-financials": TAXONOMY_NON_FINANCIALS,
  "eutaxonomy-non-financials-2026-73": TAXONOMY_NON_FINANCIALS,
  "eutaxonomy-financials": [
    {
      path: "creditInstitution.turnoverBasedGreenAssetRatioStock.substantialContributionToAnyOfTheSixEnvironmentalObjectivesInPercentAligned",
      title: "Green asset ratio (turnover-based)",
    },
    {
      path: "assetManagement.averageValueOfTaxonomyAlignedUndertakings.weightedAverageValueOfAllInvestmentsTurnoverBasedInPercent",
      title: "Taxonomy-aligned investments (turnover-based)",
    },
  ],
  "eutaxonomy-financials-2026-73": [
    {
      path: "creditInstitution.turnoverBasedGreenAssetRatioStock.substantialContributionToAnyOfTheSixEnvironmentalObjectivesInPercentAligned",
      title: "Green asset ratio (turnover-based)",
    },
    {
      path: "assetManagement.breakdownOfTheNumeratorOfTheKpiTurnoverBased.shareOfTurnoverBasedKpiInPercentAligned",
      title: "Taxonomy-aligned investments (turnover-based)",
    },
  ],
  pcaf: [
    { path: `${PCAF_GHG}.scope1GhgEmissionsInTonnes`, title: "Scope 1 emissions" },
    {
      path: `${PCAF_GHG}.scope2GhgEmissionsLocationBasedInTonnes`,
      title: "Scope 2 emissions (location-based)",
    },
    { path: `${PCAF_GHG}.scope3GhgEmissionsInTonnes`, title: "Scope 3 emissions" },
  ],
  lksg: [
    { path: "general.masterData.numberOfEmployees", title: "Employees" },
    { path: "governance.grievanceMechanismOwnOperations.complaintsNumber", title: "Complaints received" },
  ],
  vsme: [
    { path: `${VSME_GHG}.totalEmissionsInTonnesOfCO2Equivalents`, title: "Total emissions" },
    { path: `${VSME_GHG}.electricityTotalInMWh`, title: "Electricity used" },
    { path: "basic.workforceGeneralCharacteristics.numberOfEmployeesInHeadcount", title: "Employees" },
  ],
};

/** The periods a key figure chart covers: the latest ten years with active data, oldest first. */
export function keyFigurePeriods(periods: readonly string[]): string[] {
  return [...new Set(periods.filter((period) => /^\d{4}$/.test(period)))].sort().slice(-MAX_PERIODS);
}

/** One query per framework: its key figures for the one company over its periods. */
export function keyFiguresQuery(
  framework: FrameworkId,
  companyId: string,
  periods: string[],
): ExplorerQueryRequest | undefined {
  const figures = KEY_FIGURES[framework];
  if (!figures || periods.length === 0) return undefined;
  return {
    framework,
    dataPoints: figures.map((figure) => figure.path),
    reportingPeriods: periods,
    companies: { companyIds: [companyId] },
    chunkSize: 1,
    chunkIndex: 0,
  };
}

/** The explorer with this company, this data point and these periods chosen, charted. */
export function explorerLink(
  framework: FrameworkId,
  path: string,
  companyId: string,
  periods: string[],
): string {
  const selection: ExploreSelection = {
    framework,
    dataPoints: [path],
    periods,
    source: "search",
    companyIds: [companyId],
    portfolioId: undefined,
    countries: [],
    sectors: [],
    hasData: false,
    sort: undefined,
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
    chartDataPoint: path,
    chartPeriod: undefined,
  };
  return `/explore?${writeSelection(selection).toString()}`;
}
