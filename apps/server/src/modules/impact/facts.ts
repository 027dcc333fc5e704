/**
 * Reading one input of a calculation out of a dataset's data points: a number, a yes/no answer, the
 * quality an extended data point states. An input is either there and usable, missing (the field is
 * empty), or invalid (there, but it cannot be used: a zero enterprise value, negative emissions).
 */
import type { Facts } from "./model";

export type Read<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "MissingInput" | "InvalidInput"; path: string; message: string };

/** What a figure may be: any number, not below zero, or above zero (a denominator). */
export type NumberRule = "any" | "nonNegative" | "positive";

/** The value of a data point: extended and plain data points wrap it in `{ value, ... }`. */
export function rawValue(facts: Facts, path: string): unknown {
  const stored = facts[path];
  if (stored !== null && typeof stored === "object" && !Array.isArray(stored) && "value" in stored)
    return (stored as { value: unknown }).value;
  return stored;
}

/** The quality an extended data point states (Audited, Reported, Estimated, Incomplete, NoDataFound). */
export function qualityOf(facts: Facts, path: string): string | undefined {
  const stored = facts[path];
  if (stored !== null && typeof stored === "object" && "quality" in stored) {
    const quality = (stored as { quality: unknown }).quality;
    return typeof quality === "string" ? quality : undefined;
  }
  return undefined;
}

const missing = (path: string): Read<never> => ({
  ok: false,
  reason: "MissingInput",
  path,
  message: `${path} is empty.`,
});

export function asNumber(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** A number checked against its rule. */
export function checkedNumber(value: unknown, path: string, rule: NumberRule): Read<number> {
  if (value === null || value === undefined || value === "") return missing(path);
  const number = asNumber(value);
  if (number === undefined)
    return { ok: false, reason: "InvalidInput", path, message: `${path} is not a number.` };
  if (rule === "positive" && number <= 0)
    return {
      ok: false,
      reason: "InvalidInput",
      path,
      message: `${path} is ${number}; a figure divided by must be greater than 0.`,
    };
  if (rule === "nonNegative" && number < 0)
    return {
      ok: false,
      reason: "InvalidInput",
      path,
      message: `${path} is ${number}; it cannot be negative.`,
    };
  return { ok: true, value: number };
}

export const numberAt = (facts: Facts, path: string, rule: NumberRule): Read<number> =>
  checkedNumber(rawValue(facts, path), path, rule);

/** A yes/no answer: true for Yes, false for No; anything else (empty, "NA") is missing. */
export function yesNoAt(facts: Facts, path: string): Read<boolean> {
  const value = rawValue(facts, path);
  if (value === "Yes") return { ok: true, value: true };
  if (value === "No") return { ok: true, value: false };
  return missing(path);
}
