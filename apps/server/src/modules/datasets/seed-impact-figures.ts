/**
 * Plausible figures for the demo datasets of SFDR and PCAF, the two frameworks portfolio impact
 * reports are computed from. The generated sample fills every field with a valid but arbitrary value:
 * an enterprise value of 8,000 EUR beside scope 1 emissions of 70,000 t, which turns a demo
 * portfolio's financed emissions into nonsense. These keep the sample's structure and sources and put
 * figures of a believable size in that agree with each other (the carbon footprint is the emissions
 * over the enterprise value, the board's share of women follows from its members, the non-renewable
 * share from the GWh), and a company's SFDR and PCAF data agree too: both follow from the company
 * alone. The high impact climate sectors follow the company's sector.
 */
import { hashUnit } from "./seed-realism";

type Node = Record<string, unknown>;

/** A number in [min, max) that depends only on the company and the name of the figure. */
const between = (companyId: string, name: string, min: number, max: number, decimals = 2) =>
  Math.round((min + hashUnit("impact-figure", companyId, name) * (max - min)) * 10 ** decimals) /
  10 ** decimals;

const chance = (companyId: string, name: string, probability: number) =>
  hashUnit("impact-answer", companyId, name) < probability;

/** NACE sections A to H and L a company of the sector is active in (demo choice, documented). */
const SECTORS_BY_INDUSTRY: Record<string, string[]> = {
  Energy: ["B", "C", "D", "E", "F", "H", "L"],
  Utilities: ["D", "E", "F"],
  "Consumer Goods": ["A", "C", "G", "H"],
  "Health Care": ["C", "G"],
  "Real Estate": ["F", "L"],
  Financials: ["L"],
  Transportation: ["H", "G"],
  Materials: ["B", "C"],
  Industrials: ["C", "F"],
};

/** The extended data point at a path, if the sample has it. */
function point(data: Node, path: string): Node | undefined {
  let node: unknown = data;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Node)[part];
  }
  return typeof node === "object" && node !== null ? (node as Node) : undefined;
}

function set(data: Node, path: string, value: unknown): void {
  const target = point(data, path);
  if (target) target.value = value;
}

/** The company's own base figures, the same for its SFDR and its PCAF data. */
function companyFigures(companyId: string, sector: string | null | undefined) {
  const heavy = sector === "Energy" || sector === "Utilities" || sector === "Materials";
  const revenueMillions = between(companyId, "revenue", 400, 25_000, 0);
  const evicMillions = Math.round(revenueMillions * between(companyId, "evic-multiple", 0.8, 2.6));
  const scope1 = Math.round(
    revenueMillions * between(companyId, "scope1-intensity", heavy ? 150 : 8, heavy ? 600 : 60),
  );
  const scope2 = Math.round(revenueMillions * between(companyId, "scope2-intensity", 4, 35));
  const scope3 = Math.round(revenueMillions * between(companyId, "scope3-intensity", 120, 900));
  return { revenueMillions, evicMillions, scope1, scope2, scope3 };
}

function sfdrFigures(data: Node, companyId: string, sector: string | null | undefined): void {
  const f = companyFigures(companyId, sector);
  const ghg = "environmental.greenhouseGasEmissions";
  const marketBased = Math.round(f.scope2 * between(companyId, "market-based", 0.55, 0.95));
  const total = f.scope1 + f.scope2 + f.scope3;
  set(data, `${ghg}.totalRevenueInEUR`, f.revenueMillions * 1_000_000);
  set(data, `${ghg}.enterpriseValueInEUR`, f.evicMillions * 1_000_000);
  set(data, `${ghg}.scope1GhgEmissionsInTonnes`, f.scope1);
  set(data, `${ghg}.scope2GhgEmissionsInTonnes`, f.scope2);
  set(data, `${ghg}.scope2GhgEmissionsLocationBasedInTonnes`, f.scope2);
  set(data, `${ghg}.scope2GhgEmissionsMarketBasedInTonnes`, marketBased);
  set(data, `${ghg}.scope3GhgEmissionsInTonnes`, f.scope3);
  set(data, `${ghg}.scope3UpstreamGhgEmissionsInTonnes`, Math.round(f.scope3 * 0.7));
  set(data, `${ghg}.scope3DownstreamGhgEmissionsInTonnes`, f.scope3 - Math.round(f.scope3 * 0.7));
  set(data, `${ghg}.scope1And2And3GhgEmissionsInTonnes`, total);
  set(data, `${ghg}.scope1And2And3GhgEmissionsLocationBasedInTonnes`, total);
  set(data, `${ghg}.scope1And2And3GhgEmissionsMarketBasedInTonnes`, f.scope1 + marketBased + f.scope3);
  set(
    data,
    `${ghg}.scope4GhgEmissionsInTonnes`,
    Math.round(f.scope3 * between(companyId, "scope4", 0.01, 0.08)),
  );
  const perMillion = (tonnes: number, millions: number) => Math.round((tonnes / millions) * 100) / 100;
  set(data, `${ghg}.carbonFootprintInTonnesPerMillionEUREnterpriseValue`, perMillion(total, f.evicMillions));
  set(data, `${ghg}.ghgIntensityInTonnesPerMillionEURRevenue`, perMillion(total, f.revenueMillions));
  set(data, `${ghg}.ghgIntensityScope1InTonnesPerMillionEURRevenue`, perMillion(f.scope1, f.revenueMillions));
  set(data, `${ghg}.ghgIntensityScope2InTonnesPerMillionEURRevenue`, perMillion(f.scope2, f.revenueMillions));
  set(data, `${ghg}.ghgIntensityScope3InTonnesPerMillionEURRevenue`, perMillion(f.scope3, f.revenueMillions));
  set(data, `${ghg}.fossilFuelSectorExposure`, sector === "Energy" || sector === "Utilities" ? "Yes" : "No");

  const energy = "environmental.energyPerformance";
  const consumption = Math.round(f.revenueMillions * between(companyId, "energy-intensity", 0.1, 1.2));
  const nonRenewableShare = between(companyId, "non-renewable-consumption", 30, 90, 1);
  const nonRenewable = Math.round((consumption * nonRenewableShare) / 100);
  set(data, `${energy}.nonRenewableEnergyConsumptionInGWh`, nonRenewable);
  set(data, `${energy}.renewableEnergyConsumptionInGWh`, consumption - nonRenewable);
  set(data, `${energy}.relativeNonRenewableEnergyConsumptionInPercent`, nonRenewableShare);
  const production = Math.round(consumption * between(companyId, "energy-production", 0.05, 0.6));
  const productionShare = between(companyId, "non-renewable-production", 15, 95, 1);
  const nonRenewableProduction = Math.round((production * productionShare) / 100);
  set(data, `${energy}.nonRenewableEnergyProductionInGWh`, nonRenewableProduction);
  set(data, `${energy}.renewableEnergyProductionInGWh`, production - nonRenewableProduction);
  set(data, `${energy}.relativeNonRenewableEnergyProductionInPercent`, productionShare);
  const fossil = Math.round(nonRenewable * 0.85);
  set(data, `${energy}.nonRenewableEnergyConsumptionFossilFuelsInGWh`, fossil);
  const mix: [string, number][] = [
    ["CrudeOil", 0.3],
    ["NaturalGas", 0.45],
    ["Lignite", 0.05],
    ["Coal", 0.2],
  ];
  for (const [fuel, share] of mix)
    set(data, `${energy}.nonRenewableEnergyConsumption${fuel}InGWh`, Math.round(fossil * share));
  set(
    data,
    `${energy}.nonRenewableEnergyConsumptionNuclearEnergyInGWh`,
    Math.round((nonRenewable - fossil) * 0.8),
  );
  set(
    data,
    `${energy}.nonRenewableEnergyConsumptionOtherInGWh`,
    nonRenewable - fossil - Math.round((nonRenewable - fossil) * 0.8),
  );

  // High impact climate sectors: the company's own sections, each with a share of its consumption.
  const sectors = point(data, `${energy}.applicableHighImpactClimateSectors`);
  if (sectors) {
    const active = SECTORS_BY_INDUSTRY[sector ?? ""] ?? ["C", "G"];
    let sectorTotal = 0;
    for (const key of Object.keys(sectors)) {
      const letter = key.replace("NaceCode", "");
      if (!active.includes(letter)) {
        delete sectors[key];
        continue;
      }
      const entry = sectors[key] as Node;
      const gwh = Math.round(
        (consumption / active.length) * between(companyId, `sector-${letter}`, 0.6, 1.4),
      );
      sectorTotal += gwh;
      const shareOfRevenue = between(companyId, `sector-revenue-${letter}`, 0.6, 1.4) / active.length;
      set(entry, "highImpactClimateSectorEnergyConsumptionInGWh", gwh);
      set(
        entry,
        "highImpactClimateSectorEnergyConsumptionInGWhPerMillionEURRevenue",
        Math.round((gwh / (f.revenueMillions * shareOfRevenue)) * 1000) / 1000,
      );
    }
    set(data, `${energy}.totalHighImpactClimateSectorEnergyConsumptionInGWh`, sectorTotal);
  }

  for (const exposure of [
    "primaryForestAndWoodedLandOfNativeSpeciesExposure",
    "protectedAreasExposure",
    "rareOrEndangeredEcosystemsExposure",
  ])
    set(data, `environmental.biodiversity.${exposure}`, chance(companyId, exposure, 0.25) ? "Yes" : "No");
  set(
    data,
    "environmental.water.emissionsToWaterInTonnes",
    between(companyId, "water-emissions", 0.5, 250, 1),
  );
  set(
    data,
    "environmental.waste.hazardousAndRadioactiveWasteInTonnes",
    Math.round(f.revenueMillions * between(companyId, "hazardous-waste", 0.05, 2)),
  );

  const social = "social.socialAndEmployeeMatters";
  for (const proceeding of ["humanRightsLegalProceedings", "corruptionLegalProceedings"])
    set(data, `${social}.${proceeding}`, chance(companyId, proceeding, 0.2) ? "Yes" : "No");
  for (const incident of ["reportedChildLabourIncidents", "reportedForcedOrCompulsoryLabourIncidents"])
    set(data, `social.humanRights.${incident}`, chance(companyId, incident, 0.08) ? "Yes" : "No");
  for (const policy of [
    "unGlobalCompactPrinciplesCompliancePolicy",
    "oecdGuidelinesForMultinationalEnterprisesGrievanceHandling",
  ])
    set(data, `${social}.${policy}`, chance(companyId, policy, 0.8) ? "Yes" : "No");
  set(data, `${social}.controversialWeaponsExposure`, "No");
  const payGap = between(companyId, "pay-gap", 2, 19, 1);
  const maleHourly = between(companyId, "male-hourly", 24, 46);
  const male = point(data, `${social}.averageGrossHourlyEarningsMaleEmployees`);
  const female = point(data, `${social}.averageGrossHourlyEarningsFemaleEmployees`);
  if (male && female) {
    Object.assign(male, { value: maleHourly, currency: "EUR" });
    Object.assign(female, { value: Math.round(maleHourly * (100 - payGap)) / 100, currency: "EUR" });
  }
  set(data, `${social}.unadjustedGenderPayGapInPercent`, payGap);
  for (const board of ["BoardOfDirectors", "SupervisoryBoard"]) {
    const members = Math.round(between(companyId, `board-${board}`, 7, 15, 0));
    const women = Math.round(members * between(companyId, `women-${board}`, 0.2, 0.48));
    set(data, `${social}.femaleBoardMembers${board}`, women);
    set(data, `${social}.maleBoardMembers${board}`, members - women);
    set(data, `${social}.boardGenderDiversity${board}InPercent`, Math.round((women / members) * 1000) / 10);
  }
}

function pcafFigures(data: Node, companyId: string, sector: string | null | undefined): void {
  const f = companyFigures(companyId, sector);
  const listed = sector === "Financials" ? chance(companyId, "listed", 0.5) : true;
  set(data, "general.company.companyExchangeStatus", listed ? "Listed" : "Unlisted");
  const evic = f.evicMillions * 1_000_000;
  const minorities = Math.round(evic * between(companyId, "minorities", 0, 0.04, 3));
  const debt = Math.round(evic * between(companyId, "debt-share", 0.15, 0.45));
  for (const [section, factor] of [
    ["companyValue", 1],
    ["companyValueEstimation", between(companyId, "value-estimate", 0.9, 1.1)],
  ] as const) {
    set(
      data,
      `${section}.listedCompany.marketCapitalizationInEUR`,
      Math.round((evic - debt - minorities) * factor),
    );
    set(data, `${section}.listedCompany.bookValueOfDebtInEUR`, Math.round(debt * factor));
    set(data, `${section}.listedCompany.minoritiesInterestInEUR`, Math.round(minorities * factor));
    set(data, `${section}.unlistedCompany.totalEquityAndDebtInEUR`, Math.round(evic * 0.9 * factor));
  }
  for (const [section, factor] of [
    ["environmental", 1],
    ["environmentalEstimation", between(companyId, "emissions-estimate", 0.85, 1.15)],
  ] as const) {
    const ghg = `${section}.greenhouseGasEmissions`;
    set(data, `${ghg}.scope1GhgEmissionsInTonnes`, Math.round(f.scope1 * factor));
    set(data, `${ghg}.scope2GhgEmissionsLocationBasedInTonnes`, Math.round(f.scope2 * factor));
    set(data, `${ghg}.scope2GhgEmissionsMarketBasedInTonnes`, Math.round(f.scope2 * 0.8 * factor));
    set(data, `${ghg}.scope3GhgEmissionsInTonnes`, Math.round(f.scope3 * factor));
  }
}

/** The sample dataset with plausible SFDR or PCAF figures of the company; other frameworks as they are. */
export function withPlausibleImpactFigures(
  frameworkId: string,
  sample: Record<string, unknown>,
  companyId: string,
  sector: string | null | undefined,
): Record<string, unknown> {
  if (frameworkId !== "sfdr" && frameworkId !== "pcaf") return sample;
  const data = structuredClone(sample);
  if (frameworkId === "sfdr") sfdrFigures(data, companyId, sector);
  else pcafFigures(data, companyId, sector);
  return data;
}
