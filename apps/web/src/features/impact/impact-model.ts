/**
 * Rules of the impact page without a browser: words for asset classes and reasons, how figures and
 * coverage read, the labels of a figure's inputs, and which companies lack data for which framework.
 * Tested in impact-model.test.ts.
 */
import { fieldByPath, findFramework } from "@openverde/frameworks";
import type { AssetClass, ImpactReport, MetricInput, MissingCompany, MissingReason } from "./impact-api";

export const ASSET_CLASSES: readonly { value: AssetClass; label: string }[] = [
  { value: "ListedEquityAndCorporateBonds", label: "Listed equity and corporate bonds" },
  { value: "BusinessLoansAndUnlistedEquity", label: "Business loans and unlisted equity" },
];

export function assetClassLabel(value: string): string {
  return ASSET_CLASSES.find((entry) => entry.value === value)?.label ?? value;
}

export const MISSING_REASONS: Record<MissingReason, string> = {
  NoDataset: "No dataset for the period",
  MissingInput: "The dataset lacks an input",
  InvalidInput: "An input cannot be used (zero or negative company value or revenue, negative emissions)",
};

/** Why a company is left out of a figure: the server's words where it gives them. */
export function missingText(missing: MissingCompany): string {
  if (missing.message) return missing.message;
  const inputs = missing.missingInputs?.length ? `: ${missing.missingInputs.map(inputLabel).join(", ")}` : "";
  return `${MISSING_REASONS[missing.reason]}${inputs}`;
}

/** A number as people read it: thousands separated, at most `digits` decimals (fewer for large ones). */
export function formatNumber(value: number, digits = 2): string {
  const decimals = Math.abs(value) >= 1000 ? 0 : digits;
  return value.toLocaleString("en-GB", { maximumFractionDigits: decimals });
}

/** An amount of money with its currency code after it: "1,500,000 EUR". */
export function formatMoney(value: number, currency: string): string {
  return `${formatNumber(value, 2)} ${currency}`;
}

/** A share between 0 and 1 as a percentage with at most one decimal: 0.756 → "75.6 %". */
export function formatShare(share: number): string {
  return `${(share * 100).toLocaleString("en-GB", { maximumFractionDigits: 1 })} %`;
}

/**
 * A figure of the report in its unit. Units come from the server and are written with the number
 * ("%", "t CO2e", "t CO2e / M EUR invested"); a missing figure says there was nothing to compute from.
 */
export function formatFigure(value: number | null, unit: string): string {
  if (value === null) return "No data";
  if (unit === "%") return `${formatNumber(value, 2)} %`;
  return `${formatNumber(value, value !== 0 && Math.abs(value) < 0.01 ? 6 : 2)} ${unit}`;
}

/** Words for a data point path of the SFDR (or PCAF) framework: its label, else the path's last part. */
export function inputLabel(path: string): string {
  for (const id of ["sfdr", "pcaf"]) {
    const framework = findFramework(id);
    const field = framework ? fieldByPath(framework, path) : undefined;
    if (field) return field.unit ? `${field.label} (${field.unit})` : field.label;
  }
  return path.split(".").at(-1) ?? path;
}

/** The data point paths the inputs of a figure show, in the order they first appear. */
export function inputColumns(inputs: readonly MetricInput[]): string[] {
  const columns: string[] = [];
  for (const input of inputs)
    for (const key of Object.keys(input.values)) if (!columns.includes(key)) columns.push(key);
  return columns;
}

/** One input value as it reads in the inputs table. */
export function formatInput(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return formatNumber(value, 4);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export type MissingFramework = "sfdr" | "pcaf";

/** A company of the portfolio that keeps some figure from being complete. */
export interface CompanyMissingData {
  companyId: string;
  companyName: string;
  positionValue: number;
  /** Frameworks of which the company has no dataset for the period: what a data request asks for. */
  withoutDataset: MissingFramework[];
  /** Data points its datasets leave empty (or values that cannot divide), as labels. */
  missingInputs: string[];
  /** The figures it is missing from ("1.scope1", "PCAF listed equity and corporate bonds"). */
  figures: string[];
}

/**
 * Every company missing from at least one figure, once, with what it lacks: the SFDR indicators'
 * missing companies and the PCAF asset classes'. Largest positions first, so the requests that
 * raise coverage most come first.
 */
export function companiesMissingData(report: ImpactReport): CompanyMissingData[] {
  const byId = new Map<string, CompanyMissingData>();
  const note = (missing: MissingCompany, framework: MissingFramework, figure: string) => {
    const entry = byId.get(missing.companyId) ?? {
      companyId: missing.companyId,
      companyName: missing.companyName,
      positionValue: 0,
      withoutDataset: [],
      missingInputs: [],
      figures: [],
    };
    entry.positionValue = Math.max(entry.positionValue, missing.positionValue);
    if (missing.reason === "NoDataset" && !entry.withoutDataset.includes(framework))
      entry.withoutDataset.push(framework);
    if (missing.reason === "InvalidInput") {
      const text = missing.message ?? MISSING_REASONS.InvalidInput;
      if (!entry.missingInputs.includes(text)) entry.missingInputs.push(text);
    }
    for (const path of missing.missingInputs ?? []) {
      const label = inputLabel(path);
      if (!entry.missingInputs.includes(label)) entry.missingInputs.push(label);
    }
    if (!entry.figures.includes(figure)) entry.figures.push(figure);
    byId.set(missing.companyId, entry);
  };
  for (const indicator of report.pai.indicators)
    for (const metric of indicator.metrics)
      for (const missing of metric.missingCompanies) note(missing, "sfdr", `PAI ${indicator.number}`);
  for (const assetClass of report.pcaf.assetClasses)
    for (const missing of assetClass.missingCompanies)
      note(missing, "pcaf", `PCAF ${assetClassLabel(assetClass.assetClass).toLowerCase()}`);
  return [...byId.values()].sort(
    (a, b) => b.positionValue - a.positionValue || a.companyName.localeCompare(b.companyName),
  );
}

/** The companies to ask data of, per framework: those without a dataset of it for the period. */
export function requestsToMake(
  missing: readonly CompanyMissingData[],
): { framework: MissingFramework; companyIds: string[] }[] {
  return (["sfdr", "pcaf"] as const)
    .map((framework) => ({
      framework,
      companyIds: missing
        .filter((company) => company.withoutDataset.includes(framework))
        .map((c) => c.companyId),
    }))
    .filter((entry) => entry.companyIds.length > 0);
}

/** Indicators grouped under their theme, as Table 1 prints them. */
export function byTheme<T extends { theme: string }>(
  indicators: readonly T[],
): { theme: string; indicators: T[] }[] {
  const groups: { theme: string; indicators: T[] }[] = [];
  for (const indicator of indicators) {
    const last = groups.at(-1);
    if (last && last.theme === indicator.theme) last.indicators.push(indicator);
    else groups.push({ theme: indicator.theme, indicators: [indicator] });
  }
  return groups;
}

/**
 * The figures a company is missing from, short: runs of PAI indicators as ranges ("PAI 1–3, 5"),
 * then the PCAF asset classes.
 */
export function compactFigures(figures: readonly string[]): string {
  const numbers = figures
    .map((figure) => /^PAI (\d+)$/.exec(figure)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const runs: string[] = [];
  for (let start = 0; start < numbers.length; ) {
    let end = start;
    while (end + 1 < numbers.length && numbers[end + 1] === (numbers[end] ?? 0) + 1) end++;
    runs.push(end === start ? `${numbers[start]}` : `${numbers[start]}–${numbers[end]}`);
    start = end + 1;
  }
  const others = figures.filter((figure) => !/^PAI \d+$/.test(figure));
  return [...(runs.length > 0 ? [`PAI ${runs.join(", ")}`] : []), ...others].join("; ");
}
