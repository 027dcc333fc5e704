/**
 * Plausible figures for demo datasets of the EU taxonomy frameworks: the generated sample data fills
 * every field with a valid but arbitrary value, which reads oddly in a demo (a bank whose green asset
 * ratio is 97 %). These keep the sample's structure and sources and put figures of a believable size
 * in: eligible shares of a few tens of percent, aligned shares of a few percent, amounts in euros.
 */
import { type FieldDefinition, type FrameworkId, frameworkFields, getFramework } from "@openverde/frameworks";

type Random = () => number;

/** The same seed gives the same figures, so a seed run is reproducible. */
function seededRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const between = (random: Random, min: number, max: number, decimals = 2) =>
  Math.round((min + random() * (max - min)) * 10 ** decimals) / 10 ** decimals;

function percentage(key: string, random: Random): number {
  if (/NonAssessed/i.test(key)) return between(random, 4, 18);
  if (/Eligible/i.test(key)) return between(random, 18, 45);
  if (/Aligned|GreenAssetRatio|Kpi/i.test(key)) return between(random, 1.5, 12);
  return between(random, 0.2, 6);
}

function amountInEuros(key: string, random: Random): number {
  const billions = /^(turnoverBased|capexBased)?Total|totalAmount/i.test(key)
    ? between(random, 40, 380)
    : between(random, 0.05, 12);
  return Math.round(billions * 1_000_000_000);
}

function figure(field: FieldDefinition, key: string, random: Random, period: string) {
  switch (field.kind) {
    case "percentage":
      return { value: percentage(key, random) };
    case "currency":
      return { value: amountInEuros(key, random), currency: "EUR" };
    case "decimal":
      return key === "numberOfEmployees" ? { value: Math.round(between(random, 1_500, 60_000, 0)) } : {};
    case "date":
      return key === "fiscalYearEnd" ? { value: `${period}-12-31` } : {};
    case "singleChoice":
      return key === "fiscalYearDeviation" ? { value: "NoDeviation" } : {};
    default:
      return {};
  }
}

/** Absolute shares follow from the total and the relative share beside them, as in a real report. */
export function alignAbsoluteShares(data: Record<string, unknown>): void {
  for (const section of Object.values(data)) {
    if (typeof section !== "object" || section === null) continue;
    const total = (section as { totalAmount?: { value?: number } }).totalAmount?.value;
    if (typeof total !== "number") continue;
    for (const share of Object.values(section)) {
      const { relativeShareInPercent, absoluteShare } = (share ?? {}) as Record<string, { value?: number }>;
      if (typeof relativeShareInPercent?.value === "number" && absoluteShare)
        absoluteShare.value = Math.round((total * relativeShareInPercent.value) / 100);
    }
  }
}

/** The sample dataset with plausible figures for the period in place of its arbitrary ones. */
export function withPlausibleFigures(
  frameworkId: FrameworkId,
  sample: Record<string, unknown>,
  period: string,
  seed: number,
): Record<string, unknown> {
  const data = structuredClone(sample);
  const random = seededRandom(seed);
  for (const field of frameworkFields(getFramework(frameworkId))) {
    const keys = field.path.split(".");
    const key = keys[keys.length - 1] as string;
    let node = data as Record<string, unknown>;
    for (const part of keys.slice(0, -1)) node = node[part] as Record<string, unknown>;
    const current = node[key];
    if (field.wrapper === "plain" || typeof current !== "object" || current === null) continue;
    Object.assign(current, figure(field, key, random, period));
  }
  alignAbsoluteShares(data);
  return data;
}
