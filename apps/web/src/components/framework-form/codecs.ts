/**
 * Text ↔ value for the inputs: what the user types is kept as typed while it cannot be read, and
 * every value on the wire shows as text that reads back to the same value. Pure.
 */

export interface Parsed<T> {
  value?: T;
  error?: string;
}

interface NumberMarks {
  group: string;
  decimal: string;
}

/** The locale's digit grouping and decimal marks (en: "," and "."; de: "." and ","). */
function numberMarks(locale: string | undefined): NumberMarks {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Writes a number as typed in the locale's way in the form Number() reads: grouping marks (only where
 * they group thousands: `1,000,000`, `1.000.000,5` in German) go, the locale's decimal mark becomes a
 * point. A lone comma between digits stays a decimal mark in any locale (`12,5`).
 */
function normaliseNumber(compact: string, { group, decimal }: NumberMarks): string {
  const groupMark = /\s/.test(group) ? "" : escapeRegExp(group);
  const decimalMark = escapeRegExp(decimal);
  if (groupMark) {
    const grouped = new RegExp(`^([-+]?)(\\d{1,3}(?:${groupMark}\\d{3})+)(?:${decimalMark}(\\d*))?$`).exec(
      compact,
    );
    if (grouped) {
      const [, sign, whole, fraction] = grouped;
      return `${sign}${(whole as string).replaceAll(group, "")}${fraction !== undefined ? `.${fraction}` : ""}`;
    }
  }
  if (decimal !== "." && new RegExp(`^[-+]?\\d+${decimalMark}\\d+$`).test(compact))
    return compact.replace(decimal, ".");
  return /^[-+]?\d+,\d+$/.test(compact) ? compact.replace(",", ".") : compact;
}

/**
 * Numbers as typed: `1234.5`, `1 234.5`, `1,000,000` (or `1.000.000,5` where the locale groups with
 * points), `-3`, `1e6`; a comma is taken as the decimal mark when it is the only mark and does not
 * group thousands.
 */
export function parseNumber(
  text: string,
  integer = false,
  locale: string | undefined = globalThis.navigator?.language,
): Parsed<number> {
  const compact = text.trim().replace(/[\s\u00a0\u202f_]/g, "");
  if (compact === "") return {};
  const normalised = normaliseNumber(compact, numberMarks(locale));
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(normalised))
    return { error: integer ? "Enter a whole number, e.g. 42." : "Enter a number, e.g. 1234.5." };
  const value = Number(normalised);
  if (!Number.isFinite(value)) return { error: "This number is too large." };
  if (integer && !Number.isInteger(value)) return { error: "Enter a whole number, e.g. 42." };
  return { value };
}

export function formatNumber(value: unknown): string {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}

/** Codes separated by commas, semicolons or line breaks: `DE, FR` → `["DE", "FR"]`. */
export function parseCodes(text: string, upperCase = false): string[] {
  return text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => (upperCase ? item.toUpperCase() : item));
}

export function formatCodes(value: unknown): string {
  return Array.isArray(value) ? value.filter((item) => typeof item === "string").join(", ") : "";
}

/** Free texts, one per line. */
export function parseLines(text: string): string[] {
  return text
    .split("\n")
    .map((item) => item.trim())
    .filter(Boolean);
}

export function formatLines(value: unknown): string {
  return Array.isArray(value) ? value.filter((item) => typeof item === "string").join("\n") : "";
}

/** Whole numbers per key, one per line: `DE: 12` → `{ DE: 12 }`. */
export function parseCountMap(text: string): Parsed<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const line of parseLines(text)) {
    const match = /^([^:=]+)[:=]\s*(-?\d+)$/.exec(line);
    if (!match) return { error: `Write one entry per line as KEY: NUMBER, e.g. DE: 12 ("${line}" is not).` };
    result[(match[1] as string).trim().toUpperCase()] = Number(match[2]);
  }
  return Object.keys(result).length > 0 ? { value: result } : {};
}

export function formatCountMap(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "";
  return Object.entries(value)
    .map(([key, count]) => `${key}: ${count}`)
    .join("\n");
}

/** Strict ISO dates only (the native date input gives them). */
export function isIsoDateText(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
