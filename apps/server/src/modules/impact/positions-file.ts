/**
 * A positions file read into positions: which column is which, and what is wrong with each row.
 * Pure: which company an identifier names is the caller's question (it needs the database); this
 * file checks everything else and, once the companies are known, the rows against each other and
 * against the portfolio.
 */
import { type AssetClass, assetClassNamed } from "./model";
import { isCurrencyCode } from "./rates";
import { amountOf } from "./tabular";

export type PositionColumn = "identifier" | "amount" | "currency" | "assetClass";

const HEADERS: Record<PositionColumn, string[]> = {
  identifier: ["identifier", "companyid", "companyidentifier", "lei", "isin", "company"],
  amount: ["amount", "value", "outstandingamount", "amountinvested"],
  currency: ["currency", "currencycode"],
  assetClass: ["assetclass", "pcafassetclass"],
};

export interface RowError {
  /** The line of the file, the header being line 1. */
  row: number;
  identifier: string;
  column: PositionColumn;
  message: string;
}

export interface PositionLine {
  row: number;
  identifier: string;
  amount: number;
  currency: string;
  assetClass: AssetClass;
}

export interface ReadLines {
  lines: PositionLine[];
  errors: RowError[];
}

export type HeaderProblem = { missing: PositionColumn[] };

const fold = (text: string) => text.replace(/[\s_\-().]/g, "").toLowerCase();

/** Where each column is, or which are missing. */
export function columnsOf(header: readonly string[]): Record<PositionColumn, number> | HeaderProblem {
  const folded = header.map(fold);
  const found = {} as Record<PositionColumn, number>;
  const missing: PositionColumn[] = [];
  for (const column of Object.keys(HEADERS) as PositionColumn[]) {
    const index = folded.findIndex((name) => HEADERS[column].includes(name));
    if (index < 0) missing.push(column);
    else found[column] = index;
  }
  return missing.length > 0 ? { missing } : found;
}

/** The rows after the header, each checked on its own (the companies are looked up afterwards). */
export function readPositionLines(
  rows: readonly string[][],
  columns: Record<PositionColumn, number>,
): ReadLines {
  const lines: PositionLine[] = [];
  const errors: RowError[] = [];
  rows.forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cell.trim() === "")) return;
    const cell = (column: PositionColumn) => (cells[columns[column]] ?? "").trim();
    const identifier = cell("identifier");
    const problems: RowError[] = [];
    const problem = (column: PositionColumn, message: string) =>
      problems.push({ row, identifier, column, message });
    if (!identifier) problem("identifier", "The company identifier is empty.");
    const amount = amountOf(cell("amount"));
    if (amount === undefined || amount <= 0)
      problem("amount", `Amount '${cell("amount")}' is not a number greater than 0.`);
    const currency = cell("currency").toUpperCase();
    if (!isCurrencyCode(currency))
      problem("currency", `Unknown currency '${cell("currency")}' (ISO 4217 codes only).`);
    const assetClass = assetClassNamed(cell("assetClass"));
    if (!assetClass)
      problem(
        "assetClass",
        `Unknown asset class '${cell("assetClass")}': ListedEquityAndCorporateBonds or BusinessLoansAndUnlistedEquity.`,
      );
    if (problems.length > 0) errors.push(...problems);
    else
      lines.push({
        row,
        identifier,
        amount: amount as number,
        currency,
        assetClass: assetClass as AssetClass,
      });
  });
  return { lines, errors };
}

export interface ResolvedLine extends PositionLine {
  companyId: string;
}

/**
 * The lines whose companies were found, checked against the portfolio's companies and against each
 * other (one position per company and asset class).
 */
export function checkAgainstPortfolio(
  lines: readonly (PositionLine & { companyId: string | null })[],
  portfolioCompanyIds: ReadonlySet<string>,
): { resolved: ResolvedLine[]; errors: RowError[] } {
  const resolved: ResolvedLine[] = [];
  const errors: RowError[] = [];
  const firstRow = new Map<string, number>();
  for (const line of lines) {
    const error = (message: string) =>
      errors.push({ row: line.row, identifier: line.identifier, column: "identifier", message });
    if (line.companyId === null) {
      error("No company has this identifier.");
      continue;
    }
    if (!portfolioCompanyIds.has(line.companyId)) {
      error("The company is not in the portfolio; add it to the portfolio first.");
      continue;
    }
    const key = `${line.companyId}/${line.assetClass}`;
    const earlier = firstRow.get(key);
    if (earlier !== undefined) {
      error(`Duplicate of row ${earlier} (same company and asset class).`);
      continue;
    }
    firstRow.set(key, line.row);
    resolved.push({ ...line, companyId: line.companyId });
  }
  return { resolved, errors };
}
