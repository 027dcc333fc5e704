/**
 * Currency rates: what an admin provides (rate to EUR per currency and date), which rate a report
 * uses, and the reading of a rates CSV. Pure: no database, no download.
 */
import { currencyCodes } from "@openverde/frameworks";
import { isoDate } from "./tabular";

export interface CurrencyRate {
  currency: string;
  /** The EUR value of one unit of the currency. */
  rateToEur: number;
  /** ISO date (YYYY-MM-DD) the rate is of. */
  date: string;
}

export const BASE_CURRENCY = "EUR";

export const isCurrencyCode = (value: string): boolean => currencyCodes.has(value);

/** The last day of a reporting period (a calendar year): the date a report's rates are taken at. */
export const periodEnd = (reportingPeriod: string) => `${reportingPeriod}-12-31`;

/**
 * The rate a report of a period uses for a currency: the newest dated on or before the period's
 * end, else the oldest after it (rates of a period not yet over may be all there is). EUR is 1.
 */
export function rateFor(
  rates: readonly CurrencyRate[],
  currency: string,
  on: string,
): CurrencyRate | undefined {
  if (currency === BASE_CURRENCY) return { currency, rateToEur: 1, date: on };
  const own = rates.filter((rate) => rate.currency === currency);
  const before = own.filter((rate) => rate.date <= on).sort((a, b) => b.date.localeCompare(a.date))[0];
  return before ?? own.filter((rate) => rate.date > on).sort((a, b) => a.date.localeCompare(b.date))[0];
}

export interface LineError {
  /** The line of the file, the header being line 1. */
  line: number;
  message: string;
}

const RATE_COLUMNS = ["currency", "ratetoeur", "date"] as const;

/**
 * The rates in a table whose first row names the columns currency, rateToEur and date (in any order,
 * ignoring case). Every line that is wrong is reported; a currency and date given twice too.
 */
export function readRateRows(rows: string[][]): { rates: CurrencyRate[]; errors: LineError[] } {
  const [header, ...lines] = rows;
  const names = (header ?? []).map((cell) => cell.replace(/[\s_]/g, "").toLowerCase());
  const missing = RATE_COLUMNS.filter((column) => !names.includes(column));
  if (!header || missing.length > 0)
    return {
      rates: [],
      errors: [{ line: 1, message: "The first line must name the columns currency, rateToEur and date." }],
    };
  const at = (line: string[], column: (typeof RATE_COLUMNS)[number]) =>
    (line[names.indexOf(column)] ?? "").trim();
  const rates: CurrencyRate[] = [];
  const errors: LineError[] = [];
  const seen = new Map<string, number>();
  lines.forEach((line, index) => {
    const lineNumber = index + 2;
    if (line.every((cell) => cell.trim() === "")) return;
    const currency = at(line, "currency").toUpperCase();
    const rateText = at(line, "ratetoeur");
    const rate = Number(rateText);
    const date = isoDate(at(line, "date"));
    const problems: string[] = [];
    if (!isCurrencyCode(currency))
      problems.push(`'${at(line, "currency")}' is not an ISO 4217 currency code.`);
    else if (currency === BASE_CURRENCY) problems.push("EUR needs no rate: it is always 1.");
    if (rateText === "" || !Number.isFinite(rate) || rate <= 0)
      problems.push(`rateToEur '${rateText}' is not a number greater than 0.`);
    if (!date) problems.push(`date '${at(line, "date")}' is not a date of the form YYYY-MM-DD.`);
    const key = `${currency}/${date}`;
    if (problems.length === 0 && seen.has(key))
      problems.push(`${currency} on ${date} is given on line ${seen.get(key)} already.`);
    if (problems.length > 0) {
      errors.push({ line: lineNumber, message: problems.join(" ") });
      return;
    }
    seen.set(key, lineNumber);
    rates.push({ currency, rateToEur: rate, date: date as string });
  });
  return { rates, errors };
}
