/**
 * The principal adverse impact indicators of Table 1 of Annex I to Delegated Regulation (EU) 2022/1288
 * (the 14 mandatory indicators for investments in investee companies), computed from the companies'
 * SFDR data as the Annex defines them. Pure: holdings in, figures out, no database.
 *
 * "Current value of all investments" is the value of every position of the portfolio, whether its
 * company has data or not (as the ESAs' Q&A on Annex I reads it): a company without data adds nothing to
 * a sum or share, and the coverage tells how much of the portfolio stands behind each figure. Averages
 * (indicators 5, 6, 12, 13) are weighted by value over the companies with data.
 *
 * Everything is computed in EUR, the currency of the SFDR data's money figures (enterprise value,
 * revenue); `expressIn` then states the result in the report's currency: values of investments and the
 * figures "per million" change, tonnes and percentages do not.
 */
import { checkedNumber, type NumberRule, numberAt, type Read, rawValue, yesNoAt } from "./facts";
import type { Facts, Holding, MissingCompany, MissingReason } from "./model";

const GHG = "environmental.greenhouseGasEmissions";
const ENERGY = "environmental.energyPerformance";
const BIODIVERSITY = "environmental.biodiversity";
const SOCIAL = "social.socialAndEmployeeMatters";
const HUMAN_RIGHTS = "social.humanRights";

export const SFDR_PATHS = {
  scope1: `${GHG}.scope1GhgEmissionsInTonnes`,
  scope2: `${GHG}.scope2GhgEmissionsInTonnes`,
  scope2LocationBased: `${GHG}.scope2GhgEmissionsLocationBasedInTonnes`,
  scope2MarketBased: `${GHG}.scope2GhgEmissionsMarketBasedInTonnes`,
  scope3: `${GHG}.scope3GhgEmissionsInTonnes`,
  evic: `${GHG}.enterpriseValueInEUR`,
  revenue: `${GHG}.totalRevenueInEUR`,
  fossilFuel: `${GHG}.fossilFuelSectorExposure`,
  nonRenewableConsumptionShare: `${ENERGY}.relativeNonRenewableEnergyConsumptionInPercent`,
  nonRenewableConsumption: `${ENERGY}.nonRenewableEnergyConsumptionInGWh`,
  renewableConsumption: `${ENERGY}.renewableEnergyConsumptionInGWh`,
  nonRenewableProductionShare: `${ENERGY}.relativeNonRenewableEnergyProductionInPercent`,
  nonRenewableProduction: `${ENERGY}.nonRenewableEnergyProductionInGWh`,
  renewableProduction: `${ENERGY}.renewableEnergyProductionInGWh`,
  highImpactSectors: `${ENERGY}.applicableHighImpactClimateSectors`,
  primaryForest: `${BIODIVERSITY}.primaryForestAndWoodedLandOfNativeSpeciesExposure`,
  protectedAreas: `${BIODIVERSITY}.protectedAreasExposure`,
  rareEcosystems: `${BIODIVERSITY}.rareOrEndangeredEcosystemsExposure`,
  emissionsToWater: "environmental.water.emissionsToWaterInTonnes",
  hazardousWaste: "environmental.waste.hazardousAndRadioactiveWasteInTonnes",
  humanRightsProceedings: `${SOCIAL}.humanRightsLegalProceedings`,
  corruptionProceedings: `${SOCIAL}.corruptionLegalProceedings`,
  childLabourIncidents: `${HUMAN_RIGHTS}.reportedChildLabourIncidents`,
  forcedLabourIncidents: `${HUMAN_RIGHTS}.reportedForcedOrCompulsoryLabourIncidents`,
  ungcPolicy: `${SOCIAL}.unGlobalCompactPrinciplesCompliancePolicy`,
  oecdGrievanceHandling: `${SOCIAL}.oecdGuidelinesForMultinationalEnterprisesGrievanceHandling`,
  genderPayGap: `${SOCIAL}.unadjustedGenderPayGapInPercent`,
  boardDiversity: `${SOCIAL}.boardGenderDiversityBoardOfDirectorsInPercent`,
  femaleBoardMembers: `${SOCIAL}.femaleBoardMembersBoardOfDirectors`,
  maleBoardMembers: `${SOCIAL}.maleBoardMembersBoardOfDirectors`,
  controversialWeapons: `${SOCIAL}.controversialWeaponsExposure`,
} as const;

/** The high impact climate sectors of Annex I (NACE sections A to H and L) and their keys in the data. */
export const HIGH_IMPACT_SECTORS = ["A", "B", "C", "D", "E", "F", "G", "H", "L"] as const;
const SECTOR_INTENSITY = "highImpactClimateSectorEnergyConsumptionInGWhPerMillionEURRevenue";
const SECTOR_CONSUMPTION = "highImpactClimateSectorEnergyConsumptionInGWh";

// ---- what one company gives a metric ------------------------------------------------------------

type InputValues = Record<string, number | string>;

type Reading =
  /** A figure, with the denominator of the company's own ratio where the metric has one. */
  | { kind: "figure"; x: number; denominator?: number; values: InputValues }
  /** A yes/no fact: whether the investment counts towards a share. */
  | { kind: "flag"; flag: boolean; values: InputValues }
  /** The metric does not concern the company (indicator 6: a sector it is not active in). */
  | { kind: "notApplicable" }
  | { kind: "failed"; reason: Exclude<MissingReason, "NoDataset">; paths: string[]; message: string };

const failedFrom = (reads: Read<unknown>[]): Reading | undefined => {
  const failures = reads.filter((read): read is Extract<Read<unknown>, { ok: false }> => !read.ok);
  if (failures.length === 0) return undefined;
  return {
    kind: "failed",
    reason: failures.some((failure) => failure.reason === "InvalidInput") ? "InvalidInput" : "MissingInput",
    paths: failures.map((failure) => failure.path),
    message: failures.map((failure) => failure.message).join(" "),
  };
};

const figureOf = (read: Read<number>) => (read as { value: number }).value;

/** The company's figure at `path` and the positive denominator at `denominatorPath`. */
function figureOver(facts: Facts, path: string, rule: NumberRule, denominatorPath: string): Reading {
  const x = numberAt(facts, path, rule);
  const denominator = numberAt(facts, denominatorPath, "positive");
  const failed = failedFrom([x, denominator]);
  if (failed) return failed;
  return {
    kind: "figure",
    x: figureOf(x),
    denominator: figureOf(denominator),
    values: { [path]: figureOf(x), [denominatorPath]: figureOf(denominator) },
  };
}

/** Scope 2: the reported figure, else the location-based one, else the market-based one. */
function scope2(facts: Facts): Read<number> & { path: string } {
  for (const path of [SFDR_PATHS.scope2, SFDR_PATHS.scope2LocationBased, SFDR_PATHS.scope2MarketBased]) {
    const read = numberAt(facts, path, "nonNegative");
    if (read.ok || read.reason === "InvalidInput") return { ...read, path };
  }
  return { ...numberAt(facts, SFDR_PATHS.scope2, "nonNegative"), path: SFDR_PATHS.scope2 };
}

function scopeReading(facts: Facts, scope: 1 | 2 | 3, denominatorPath: string): Reading {
  if (scope === 2) {
    const emissions = scope2(facts);
    const denominator = numberAt(facts, denominatorPath, "positive");
    const failed = failedFrom([emissions, denominator]);
    if (failed) return failed;
    return {
      kind: "figure",
      x: figureOf(emissions),
      denominator: figureOf(denominator),
      values: { [emissions.path]: figureOf(emissions), [denominatorPath]: figureOf(denominator) },
    };
  }
  return figureOver(
    facts,
    scope === 1 ? SFDR_PATHS.scope1 : SFDR_PATHS.scope3,
    "nonNegative",
    denominatorPath,
  );
}

/** Scope 1 + 2 + 3 emissions over a positive denominator (EVIC or revenue). */
function totalEmissionsOver(facts: Facts, denominatorPath: string): Reading {
  const s1 = numberAt(facts, SFDR_PATHS.scope1, "nonNegative");
  const s2 = scope2(facts);
  const s3 = numberAt(facts, SFDR_PATHS.scope3, "nonNegative");
  const denominator = numberAt(facts, denominatorPath, "positive");
  const failed = failedFrom([s1, s2, s3, denominator]);
  if (failed) return failed;
  return {
    kind: "figure",
    x: figureOf(s1) + figureOf(s2) + figureOf(s3),
    denominator: figureOf(denominator),
    values: {
      [SFDR_PATHS.scope1]: figureOf(s1),
      [s2.path]: figureOf(s2),
      [SFDR_PATHS.scope3]: figureOf(s3),
      [denominatorPath]: figureOf(denominator),
    },
  };
}

/**
 * A fact made of several yes/no answers: it holds as soon as one answer is the telling one (Yes for
 * an exposure, No for a policy), and does not hold when every answer is there and none is. Otherwise
 * it is unknown, and the unanswered fields are missing.
 */
function anyAnswer(facts: Facts, paths: readonly string[], telling: boolean): Reading {
  const reads = paths.map((path) => ({ path, read: yesNoAt(facts, path) }));
  const values: InputValues = {};
  for (const { path, read } of reads) if (read.ok) values[path] = read.value ? "Yes" : "No";
  if (reads.some(({ read }) => read.ok && read.value === telling))
    return { kind: "flag", flag: true, values };
  const failed = failedFrom(reads.map(({ read }) => read));
  return failed ?? { kind: "flag", flag: false, values };
}

/** A share in percent, or, where it is empty, the share computed from the two amounts in GWh. */
function nonRenewableShare(
  facts: Facts,
  sharePath: string,
  nonRenewablePath: string,
  renewablePath: string,
): Reading {
  const share = numberAt(facts, sharePath, "nonNegative");
  if (share.ok) return { kind: "figure", x: share.value, values: { [sharePath]: share.value } };
  if (share.reason === "InvalidInput") return failedFrom([share]) as Reading;
  const nonRenewable = numberAt(facts, nonRenewablePath, "nonNegative");
  const renewable = numberAt(facts, renewablePath, "nonNegative");
  const failed = failedFrom([share, nonRenewable, renewable]);
  if (failed && !(nonRenewable.ok && renewable.ok)) return failed;
  const total = figureOf(nonRenewable) + figureOf(renewable);
  if (total <= 0)
    return {
      kind: "failed",
      reason: "InvalidInput",
      paths: [nonRenewablePath, renewablePath],
      message: "The company consumes or produces no energy by its figures; a share of 0 GWh is undefined.",
    };
  return {
    kind: "figure",
    x: (figureOf(nonRenewable) / total) * 100,
    values: { [nonRenewablePath]: figureOf(nonRenewable), [renewablePath]: figureOf(renewable) },
  };
}

/** Indicator 6 for one sector: the company's GWh per million revenue in it, if it is active in it. */
function sectorIntensity(facts: Facts, sector: string): Reading {
  const sectors = rawValue(facts, SFDR_PATHS.highImpactSectors);
  if (sectors === null || sectors === undefined || typeof sectors !== "object")
    return {
      kind: "failed",
      reason: "MissingInput",
      paths: [SFDR_PATHS.highImpactSectors],
      message: `${SFDR_PATHS.highImpactSectors} is empty.`,
    };
  const entry = (sectors as Record<string, unknown>)[`NaceCode${sector}`];
  if (entry === null || entry === undefined || typeof entry !== "object") return { kind: "notApplicable" };
  const base = `${SFDR_PATHS.highImpactSectors}.NaceCode${sector}`;
  const inner = entry as Facts;
  const intensity = checkedNumber(
    rawValue(inner, SECTOR_INTENSITY),
    `${base}.${SECTOR_INTENSITY}`,
    "nonNegative",
  );
  if (intensity.ok)
    return {
      kind: "figure",
      x: intensity.value,
      values: { [`${base}.${SECTOR_INTENSITY}`]: intensity.value },
    };
  if (intensity.reason === "InvalidInput") return failedFrom([intensity]) as Reading;
  // No intensity stated: the sector's consumption over the company's revenue.
  const consumption = checkedNumber(
    rawValue(inner, SECTOR_CONSUMPTION),
    `${base}.${SECTOR_CONSUMPTION}`,
    "nonNegative",
  );
  const revenue = numberAt(facts, SFDR_PATHS.revenue, "positive");
  const failed = failedFrom([consumption, revenue]);
  if (failed) return failed;
  return {
    kind: "figure",
    x: figureOf(consumption) / (figureOf(revenue) / 1_000_000),
    values: {
      [`${base}.${SECTOR_CONSUMPTION}`]: figureOf(consumption),
      [SFDR_PATHS.revenue]: figureOf(revenue),
    },
  };
}

/** Board gender diversity in percent, or from the numbers of women and men on the board. */
function boardDiversity(facts: Facts): Reading {
  const share = numberAt(facts, SFDR_PATHS.boardDiversity, "nonNegative");
  if (share.ok)
    return { kind: "figure", x: share.value, values: { [SFDR_PATHS.boardDiversity]: share.value } };
  if (share.reason === "InvalidInput") return failedFrom([share]) as Reading;
  const women = numberAt(facts, SFDR_PATHS.femaleBoardMembers, "nonNegative");
  const men = numberAt(facts, SFDR_PATHS.maleBoardMembers, "nonNegative");
  if (!(women.ok && men.ok)) return failedFrom([share, women, men]) as Reading;
  const members = figureOf(women) + figureOf(men);
  if (members <= 0)
    return {
      kind: "failed",
      reason: "InvalidInput",
      paths: [SFDR_PATHS.femaleBoardMembers, SFDR_PATHS.maleBoardMembers],
      message: "The board has no members by the figures given.",
    };
  return {
    kind: "figure",
    x: (figureOf(women) / members) * 100,
    values: {
      [SFDR_PATHS.femaleBoardMembers]: figureOf(women),
      [SFDR_PATHS.maleBoardMembers]: figureOf(men),
    },
  };
}

function plainFigure(facts: Facts, path: string, rule: NumberRule): Reading {
  const read = numberAt(facts, path, rule);
  return read.ok
    ? { kind: "figure", x: read.value, values: { [path]: read.value } }
    : (failedFrom([read]) as Reading);
}

// ---- the metrics ----------------------------------------------------------------------------------

/**
 * How a metric adds the companies up (V: value of the investment, ALL: current value of all
 * investments, COVERED: value of the investments whose companies have the inputs, x: the company's
 * figure, d: its denominator):
 * - financed: Σ V / d × x (d = EVIC)
 * - perMillionInvested: Σ (V / d × x) ÷ (ALL / 1,000,000)
 * - revenueIntensity: Σ (V / ALL) × x / (d / 1,000,000) (d = revenue)
 * - share: Σ V of the companies the fact holds for ÷ ALL × 100
 * - weightedAverage: Σ V × x ÷ COVERED
 */
type Aggregation = "financed" | "perMillionInvested" | "revenueIntensity" | "share" | "weightedAverage";

interface MetricDefinition {
  key: string;
  /** Whether the figure is per million of money (and so changes with the report's currency). */
  perMillion?: boolean;
  metric: string;
  unit: (currency: string) => string;
  formula: string;
  aggregation: Aggregation;
  read: (facts: Facts) => Reading;
}

interface IndicatorDefinition {
  number: number;
  theme: string;
  label: string;
  metrics: MetricDefinition[];
}

const tonnes = () => "t CO2e";
const percent = () => "%";

const EMISSIONS = "scope 1 + scope 2 + scope 3 emissions";

export const INDICATORS: IndicatorDefinition[] = [
  {
    number: 1,
    theme: "Greenhouse gas emissions",
    label: "GHG emissions",
    metrics: ([1, 2, 3] as const)
      .map(
        (scope): MetricDefinition => ({
          key: `1.scope${scope}`,
          metric: `Scope ${scope} GHG emissions`,
          unit: tonnes,
          formula: `Σ (value of investment ÷ investee's enterprise value including cash (EVIC)) × investee's scope ${scope} GHG emissions`,
          aggregation: "financed",
          read: (facts) => scopeReading(facts, scope, SFDR_PATHS.evic),
        }),
      )
      .concat({
        key: "1.total",
        metric: "Total GHG emissions",
        unit: tonnes,
        formula: `Σ (value of investment ÷ investee's EVIC) × investee's ${EMISSIONS}; companies count with all three scopes`,
        aggregation: "financed",
        read: (facts) => totalEmissionsOver(facts, SFDR_PATHS.evic),
      }),
  },
  {
    number: 2,
    theme: "Greenhouse gas emissions",
    label: "Carbon footprint",
    metrics: [
      {
        key: "2.carbonFootprint",
        metric: "Carbon footprint",
        unit: (currency) => `t CO2e / M ${currency} invested`,
        perMillion: true,
        formula: `Σ (value of investment ÷ investee's EVIC × investee's ${EMISSIONS}) ÷ current value of all investments (million)`,
        aggregation: "perMillionInvested",
        read: (facts) => totalEmissionsOver(facts, SFDR_PATHS.evic),
      },
    ],
  },
  {
    number: 3,
    theme: "Greenhouse gas emissions",
    label: "GHG intensity of investee companies",
    metrics: [
      {
        key: "3.ghgIntensity",
        metric: "GHG intensity of investee companies",
        unit: (currency) => `t CO2e / M ${currency} revenue`,
        perMillion: true,
        formula: `Σ (value of investment ÷ current value of all investments) × (investee's ${EMISSIONS} ÷ investee's revenue (million))`,
        aggregation: "revenueIntensity",
        read: (facts) => totalEmissionsOver(facts, SFDR_PATHS.revenue),
      },
    ],
  },
  {
    number: 4,
    theme: "Greenhouse gas emissions",
    label: "Exposure to companies active in the fossil fuel sector",
    metrics: [
      {
        key: "4.fossilFuel",
        metric: "Share of investments in companies active in the fossil fuel sector",
        unit: percent,
        formula:
          "Σ value of investments in companies active in the fossil fuel sector ÷ current value of all investments × 100",
        aggregation: "share",
        read: (facts) => anyAnswer(facts, [SFDR_PATHS.fossilFuel], true),
      },
    ],
  },
  {
    number: 5,
    theme: "Greenhouse gas emissions",
    label: "Share of non-renewable energy consumption and production",
    metrics: [
      {
        key: "5.consumption",
        metric: "Share of non-renewable energy consumption of investee companies",
        unit: percent,
        formula:
          "Σ value of investment × investee's non-renewable share of energy consumption ÷ value of the investments with data (from GWh where the share is empty: non-renewable ÷ (non-renewable + renewable) × 100)",
        aggregation: "weightedAverage",
        read: (facts) =>
          nonRenewableShare(
            facts,
            SFDR_PATHS.nonRenewableConsumptionShare,
            SFDR_PATHS.nonRenewableConsumption,
            SFDR_PATHS.renewableConsumption,
          ),
      },
      {
        key: "5.production",
        metric: "Share of non-renewable energy production of investee companies",
        unit: percent,
        formula:
          "Σ value of investment × investee's non-renewable share of energy production ÷ value of the investments with data (from GWh where the share is empty)",
        aggregation: "weightedAverage",
        read: (facts) =>
          nonRenewableShare(
            facts,
            SFDR_PATHS.nonRenewableProductionShare,
            SFDR_PATHS.nonRenewableProduction,
            SFDR_PATHS.renewableProduction,
          ),
      },
    ],
  },
  {
    number: 6,
    theme: "Greenhouse gas emissions",
    label: "Energy consumption intensity per high impact climate sector",
    metrics: HIGH_IMPACT_SECTORS.map(
      (sector): MetricDefinition => ({
        key: `6.${sector}`,
        metric: `Energy consumption intensity, NACE section ${sector}`,
        unit: (currency) => `GWh / M ${currency} revenue`,
        perMillion: true,
        formula: `Σ value of investment × investee's energy consumption in NACE section ${sector} per million revenue ÷ value of the investments in companies of the section with data`,
        aggregation: "weightedAverage",
        read: (facts) => sectorIntensity(facts, sector),
      }),
    ),
  },
  {
    number: 7,
    theme: "Biodiversity",
    label: "Activities negatively affecting biodiversity-sensitive areas",
    metrics: [
      {
        key: "7.biodiversity",
        metric:
          "Share of investments in companies with sites or operations in or near biodiversity-sensitive areas that they negatively affect",
        unit: percent,
        formula:
          "Σ value of investments in companies exposed to protected areas, rare or endangered ecosystems, or primary forest ÷ current value of all investments × 100",
        aggregation: "share",
        read: (facts) =>
          anyAnswer(
            facts,
            [SFDR_PATHS.protectedAreas, SFDR_PATHS.rareEcosystems, SFDR_PATHS.primaryForest],
            true,
          ),
      },
    ],
  },
  {
    number: 8,
    theme: "Water",
    label: "Emissions to water",
    metrics: [
      {
        key: "8.emissionsToWater",
        metric: "Emissions to water",
        unit: (currency) => `t / M ${currency} invested`,
        perMillion: true,
        formula:
          "Σ (value of investment ÷ investee's EVIC × investee's emissions to water) ÷ current value of all investments (million)",
        aggregation: "perMillionInvested",
        read: (facts) => figureOver(facts, SFDR_PATHS.emissionsToWater, "nonNegative", SFDR_PATHS.evic),
      },
    ],
  },
  {
    number: 9,
    theme: "Waste",
    label: "Hazardous waste and radioactive waste ratio",
    metrics: [
      {
        key: "9.hazardousWaste",
        metric: "Hazardous waste and radioactive waste ratio",
        unit: (currency) => `t / M ${currency} invested`,
        perMillion: true,
        formula:
          "Σ (value of investment ÷ investee's EVIC × investee's hazardous and radioactive waste) ÷ current value of all investments (million)",
        aggregation: "perMillionInvested",
        read: (facts) => figureOver(facts, SFDR_PATHS.hazardousWaste, "nonNegative", SFDR_PATHS.evic),
      },
    ],
  },
  {
    number: 10,
    theme: "Social and employee matters",
    label: "Violations of UN Global Compact principles and OECD Guidelines for Multinational Enterprises",
    metrics: [
      {
        key: "10.violations",
        metric:
          "Share of investments in companies involved in violations of the UNGC principles or OECD Guidelines",
        unit: percent,
        formula:
          "Σ value of investments in companies with human rights or corruption proceedings, or reported child or forced labour incidents ÷ current value of all investments × 100",
        aggregation: "share",
        read: (facts) =>
          anyAnswer(
            facts,
            [
              SFDR_PATHS.humanRightsProceedings,
              SFDR_PATHS.corruptionProceedings,
              SFDR_PATHS.childLabourIncidents,
              SFDR_PATHS.forcedLabourIncidents,
            ],
            true,
          ),
      },
    ],
  },
  {
    number: 11,
    theme: "Social and employee matters",
    label:
      "Lack of processes and compliance mechanisms to monitor compliance with UN Global Compact principles and OECD Guidelines",
    metrics: [
      {
        key: "11.lackOfProcesses",
        metric:
          "Share of investments in companies without policies to monitor compliance with the UNGC principles or OECD Guidelines, or grievance handling mechanisms",
        unit: percent,
        formula:
          "Σ value of investments in companies without a UNGC compliance policy or without OECD grievance handling ÷ current value of all investments × 100",
        aggregation: "share",
        read: (facts) => anyAnswer(facts, [SFDR_PATHS.ungcPolicy, SFDR_PATHS.oecdGrievanceHandling], false),
      },
    ],
  },
  {
    number: 12,
    theme: "Social and employee matters",
    label: "Unadjusted gender pay gap",
    metrics: [
      {
        key: "12.genderPayGap",
        metric: "Average unadjusted gender pay gap of investee companies",
        unit: percent,
        formula:
          "Σ value of investment × investee's unadjusted gender pay gap ÷ value of the investments with data",
        aggregation: "weightedAverage",
        read: (facts) => plainFigure(facts, SFDR_PATHS.genderPayGap, "any"),
      },
    ],
  },
  {
    number: 13,
    theme: "Social and employee matters",
    label: "Board gender diversity",
    metrics: [
      {
        key: "13.boardDiversity",
        metric: "Average ratio of female to male board members, as a percentage of all board members",
        unit: percent,
        formula:
          "Σ value of investment × investee's share of women on the board of directors ÷ value of the investments with data (from the numbers of women and men where the share is empty)",
        aggregation: "weightedAverage",
        read: boardDiversity,
      },
    ],
  },
  {
    number: 14,
    theme: "Social and employee matters",
    label:
      "Exposure to controversial weapons (anti-personnel mines, cluster munitions, chemical and biological weapons)",
    metrics: [
      {
        key: "14.controversialWeapons",
        metric:
          "Share of investments in companies involved in the manufacture or selling of controversial weapons",
        unit: percent,
        formula:
          "Σ value of investments in companies exposed to controversial weapons ÷ current value of all investments × 100",
        aggregation: "share",
        read: (facts) => anyAnswer(facts, [SFDR_PATHS.controversialWeapons], true),
      },
    ],
  },
];

/** Every SFDR catalogue path any indicator reads (the service asks the datasets module for these). */
export const SFDR_INPUT_PATHS: readonly string[] = Object.values(SFDR_PATHS);

// ---- results ----------------------------------------------------------------------------------------

export interface CompanyInput {
  companyId: string;
  companyName: string;
  positionValue: number;
  dataId: string;
  values: InputValues;
  /** The company's term of the sum that makes the metric's value. */
  contribution: number;
}

export interface MetricResult {
  key: string;
  metric: string;
  unit: string;
  value: number | null;
  coverage: number;
  formula: string;
  inputs: CompanyInput[];
  missingCompanies: MissingCompany[];
}

export interface IndicatorResult {
  number: number;
  theme: string;
  label: string;
  metrics: MetricResult[];
}

const noDataset = (holding: Holding): MissingCompany => ({
  companyId: holding.companyId,
  companyName: holding.companyName,
  positionValue: holding.value,
  reason: "NoDataset",
  missingInputs: [],
  message: "The company has no active SFDR dataset for the reporting period.",
});

function computeMetric(definition: MetricDefinition, holdings: Holding[]): MetricResult {
  const all = holdings.reduce((sum, holding) => sum + holding.value, 0);
  const used: { holding: Holding; reading: Extract<Reading, { kind: "figure" | "flag" }> }[] = [];
  const missingCompanies: MissingCompany[] = [];
  for (const holding of holdings) {
    if (holding.dataId === null) {
      missingCompanies.push(noDataset(holding));
      continue;
    }
    const reading = definition.read(holding.facts);
    if (reading.kind === "notApplicable") continue;
    if (reading.kind === "failed") {
      missingCompanies.push({
        companyId: holding.companyId,
        companyName: holding.companyName,
        positionValue: holding.value,
        reason: reading.reason,
        missingInputs: reading.paths,
        message: reading.message,
      });
      continue;
    }
    used.push({ holding, reading });
  }
  const covered = used.reduce((sum, { holding }) => sum + holding.value, 0);
  const contributionOf = ({ holding, reading }: (typeof used)[number]): number => {
    const value = holding.value;
    if (reading.kind === "flag") return reading.flag ? (value / all) * 100 : 0;
    const denominator = reading.denominator ?? 1;
    switch (definition.aggregation) {
      case "financed":
        return (value / denominator) * reading.x;
      case "perMillionInvested":
        return ((value / denominator) * reading.x) / (all / 1_000_000);
      case "revenueIntensity":
        return (value / all) * (reading.x / (denominator / 1_000_000));
      case "weightedAverage":
        return (value * reading.x) / covered;
      case "share":
        return 0;
    }
  };
  const inputs: CompanyInput[] = used.map((entry) => ({
    companyId: entry.holding.companyId,
    companyName: entry.holding.companyName,
    positionValue: entry.holding.value,
    dataId: entry.holding.dataId as string,
    values: entry.reading.values,
    contribution: contributionOf(entry),
  }));
  const usable = all > 0 && covered > 0;
  return {
    key: definition.key,
    metric: definition.metric,
    unit: definition.unit("EUR"),
    value: usable ? inputs.reduce((sum, input) => sum + input.contribution, 0) : null,
    coverage: all > 0 ? covered / all : 0,
    formula: definition.formula,
    inputs,
    missingCompanies,
  };
}

/**
 * The 14 indicators for the holdings (one per company: the value of all its positions, in EUR), in
 * EUR.
 */
export function computePai(holdings: Holding[]): IndicatorResult[] {
  return INDICATORS.map((indicator) => ({
    number: indicator.number,
    theme: indicator.theme,
    label: indicator.label,
    metrics: indicator.metrics.map((metric) => computeMetric(metric, holdings)),
  }));
}

const DEFINITIONS = new Map(
  INDICATORS.flatMap((indicator) => indicator.metrics).map((metric) => [metric.key, metric]),
);

/**
 * The indicators stated in another currency, one unit of which is worth `eurPerUnit` EUR: values of
 * investments are divided by it; figures per million of money are multiplied by it (a million of a
 * currency worth 0.9 EUR is 0.9 million EUR, so 0.9 times the tonnes per million).
 */
export function expressIn(
  indicators: IndicatorResult[],
  currency: string,
  eurPerUnit: number,
): IndicatorResult[] {
  const money = (value: number) => value / eurPerUnit;
  return indicators.map((indicator) => ({
    ...indicator,
    metrics: indicator.metrics.map((metric) => {
      const definition = DEFINITIONS.get(metric.key) as MetricDefinition;
      const scale = (value: number) => (definition.perMillion ? value * eurPerUnit : value);
      return {
        ...metric,
        unit: definition.unit(currency),
        value: metric.value === null ? null : scale(metric.value),
        inputs: metric.inputs.map((input) => ({
          ...input,
          positionValue: money(input.positionValue),
          contribution: scale(input.contribution),
        })),
        missingCompanies: metric.missingCompanies.map((company) => ({
          ...company,
          positionValue: money(company.positionValue),
        })),
      };
    }),
  }));
}
