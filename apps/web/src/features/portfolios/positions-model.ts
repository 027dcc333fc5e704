/**
 * Rules of the positions editor without a browser: rows as typed, amounts as people write them, the
 * checks before saving, the server's answers mapped back to rows, and the template file. Tested in
 * positions-model.test.ts.
 */
import { currencyCodes } from "@openverde/frameworks";
import { csvRows } from "@openverde/frameworks/csv";
import type { ApiError } from "../../api";
import type { AssetClass, Position, PositionInput } from "../impact/impact-api";

/** A row of the editor as typed: the amount stays text until saved. */
export interface DraftPosition {
  /** Tells rows apart while one is edited (not sent). */
  key: string;
  companyId: string;
  assetClass: AssetClass;
  amount: string;
  currency: string;
}

export type PositionField = "companyId" | "assetClass" | "amount" | "currency";
/** Messages per row (by index) and field. */
export type RowProblems = Record<number, Partial<Record<PositionField, string>>>;

export const DEFAULT_ASSET_CLASS: AssetClass = "ListedEquityAndCorporateBonds";
export const MAX_POSITIONS = 5000;

/** The currencies offered first, then every other ISO 4217 code. */
export const CURRENCIES: readonly string[] = (() => {
  const first = ["EUR", "USD", "GBP", "CHF", "JPY", "SEK", "NOK", "DKK", "PLN", "CAD"];
  return [...first, ...[...currencyCodes].filter((code) => !first.includes(code)).sort()];
})();

let keys = 0;
const nextKey = () => `position-${++keys}`;

export function draftsOf(positions: readonly Position[]): DraftPosition[] {
  return positions.map((position) => ({
    key: nextKey(),
    companyId: position.companyId,
    assetClass: position.assetClass,
    amount: String(position.amount),
    currency: position.currency,
  }));
}

export function emptyDraft(companyId: string, currency = "EUR"): DraftPosition {
  return { key: nextKey(), companyId, assetClass: DEFAULT_ASSET_CLASS, amount: "", currency };
}

/**
 * An amount as people write it: "1500000", "1,500,000.50", "1 500 000" (also with narrow or
 * non-breaking spaces). Commas are thousands separators only where they group three digits; any other
 * text is unreadable (undefined).
 */
export function parseAmount(text: string): number | undefined {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (!compact) return undefined;
  if (!/^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(compact)) return undefined;
  const value = Number(compact.replaceAll(",", ""));
  return Number.isFinite(value) ? value : undefined;
}

/** Checks every row as the server would and gives the positions to send when all are right. */
export function checkDrafts(drafts: readonly DraftPosition[]): {
  positions: PositionInput[];
  problems: RowProblems;
} {
  const problems: RowProblems = {};
  const note = (index: number, field: PositionField, message: string) => {
    problems[index] = { ...problems[index], [field]: message };
  };
  const seen = new Map<string, number>();
  const positions: PositionInput[] = [];
  drafts.forEach((draft, index) => {
    if (!draft.companyId) note(index, "companyId", "Choose a company.");
    const amount = parseAmount(draft.amount);
    if (!draft.amount.trim()) note(index, "amount", "Enter the amount, or remove the row.");
    else if (amount === undefined) note(index, "amount", "Write the amount as a number, e.g. 1500000.");
    else if (amount <= 0) note(index, "amount", "The amount must be greater than 0.");
    if (!currencyCodes.has(draft.currency)) note(index, "currency", "Choose a currency.");
    const pair = `${draft.companyId}|${draft.assetClass}`;
    const first = seen.get(pair);
    if (draft.companyId && first !== undefined)
      note(index, "assetClass", `Row ${first + 1} has this company and asset class already.`);
    else seen.set(pair, index);
    if (amount !== undefined)
      positions.push({
        companyId: draft.companyId,
        amount,
        currency: draft.currency,
        assetClass: draft.assetClass,
      });
  });
  return { positions: Object.keys(problems).length === 0 ? positions : [], problems };
}

/**
 * The problems of a 400 answer to saving, by row: each error's summary names its place, as
 * `Invalid positions[3].currency` (the service's checks) or `Invalid positions.3.currency` (the schema's).
 */
export function problemsFromAnswer(error: ApiError): { problems: RowProblems; other: string[] } {
  const problems: RowProblems = {};
  const other: string[] = [];
  for (const detail of error.details) {
    const match = /positions(?:\[(\d+)\]|\.(\d+))(?:\.(companyId|assetClass|amount|currency))?/.exec(
      `${detail.summary} ${detail.message}`,
    );
    if (!match) {
      other.push(detail.message);
      continue;
    }
    const index = Number(match[1] ?? match[2]);
    const field = (match[3] ?? "companyId") as PositionField;
    problems[index] = { ...problems[index], [field]: detail.message };
  }
  if (error.details.length === 0) other.push(error.message);
  return { problems, other };
}

/** A CSV file to fill in: the header the import reads and a row per company of the portfolio. */
export function templateCsv(companies: readonly { companyId: string; companyName: string }[]): string {
  return csvRows(
    [
      ["identifier", "companyName", "amount", "currency", "assetClass"],
      ...companies.map((company) => [
        company.companyId,
        company.companyName,
        "",
        "EUR",
        "Listed equity and corporate bonds",
      ]),
    ],
    { byteOrderMark: true },
  );
}
