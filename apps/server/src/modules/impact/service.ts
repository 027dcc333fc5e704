/**
 * The rules of positions and currency rates: a portfolio's positions are read by whoever reads the
 * portfolio and set by whoever changes it, entered one by one or uploaded as a file, all or nothing;
 * currency rates are read by everyone signed in and set by admins. The impact report itself is in
 * report.ts.
 */
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { ApiError, badRequest, boundedReport, type ErrorDetails } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import type { AssetClass } from "./model";
import {
  getCompanyNames,
  type PortfolioRow,
  readPortfolio,
  recordAudit,
  validateIdentifiers,
} from "./neighbours";
import { can } from "./policy";
import {
  checkAgainstPortfolio,
  columnsOf,
  type PositionColumn,
  type RowError,
  readPositionLines,
} from "./positions-file";
import { type CurrencyRate, isCurrencyCode, type LineError, readRateRows } from "./rates";
import {
  type AnyExecutor,
  impactDb,
  inTransaction,
  replacePositions,
  type StoredPosition,
  selectPositions,
  selectRates,
  storeRates,
} from "./store";
import { csvTable, isZip, xlsxTable } from "./tabular";

export const MAX_POSITIONS = 5000;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

// ---- wire shapes ----------------------------------------------------------------------------------

export interface PositionEntry {
  companyId: string;
  amount: number;
  currency: string;
  assetClass: AssetClass;
}

export interface PositionView extends PositionEntry {
  companyName: string;
}

export interface PortfolioPositions {
  portfolioId: string;
  positions: PositionView[];
}

export interface PositionsImport {
  stored: boolean;
  rows: number;
  positions: PositionView[];
}

// ---- positions --------------------------------------------------------------------------------------

const invalid = (summary: string, message: string): ErrorDetails => ({
  errorType: "invalid-input",
  summary,
  message,
  httpStatus: 400,
});

function invalidInput(details: ErrorDetails[]): ApiError {
  const first = details[0] as ErrorDetails;
  return new ApiError(400, "invalid-input", first.summary, first.message, boundedReport(details));
}

/** The positions of companies still in the portfolio (a company taken out keeps no position). */
export async function currentPositions(db: AnyExecutor, portfolio: PortfolioRow): Promise<StoredPosition[]> {
  const members = new Set(portfolio.companyIds);
  return (await selectPositions(impactDb(db), portfolio.portfolioId)).filter((position) =>
    members.has(position.companyId),
  );
}

async function withNames(db: AnyExecutor, positions: readonly StoredPosition[]): Promise<PositionView[]> {
  const names = await getCompanyNames(
    db,
    positions.map((position) => position.companyId),
  );
  return positions.map((position) => ({
    companyId: position.companyId,
    companyName: names.get(position.companyId) ?? "",
    amount: position.amount,
    currency: position.currency,
    assetClass: position.assetClass,
  }));
}

/** The portfolio, when the actor may change its positions: 404 as for reading it, 403 for a reader. */
async function portfolioForPositions(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<PortfolioRow> {
  const row = await readPortfolio(db, actor, portfolioId);
  authorize(
    actor,
    can(actor, "changePositions", row),
    "Only the portfolio's owner and admins set its positions; it is shared with you to read.",
  );
  return row;
}

/** The portfolio, when the actor may read its positions and impact: 404 otherwise. */
export async function portfolioForImpact(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<PortfolioRow> {
  const row = await readPortfolio(db, actor, portfolioId);
  authorize(actor, can(actor, "readImpact", row));
  return row;
}

export async function getPositions(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
): Promise<PortfolioPositions> {
  const row = await portfolioForImpact(db, actor, portfolioId);
  return { portfolioId: row.portfolioId, positions: await withNames(db, await currentPositions(db, row)) };
}

/** Stores the positions, writing an admin's change of someone else's portfolio to the audit trail. */
async function store(
  db: AnyExecutor,
  actor: SignedInActor,
  row: PortfolioRow,
  before: readonly StoredPosition[],
  positions: readonly StoredPosition[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await replacePositions(trx, row.portfolioId, positions);
    if (actor.userId !== row.userId)
      await recordAudit(trx as AnyExecutor, actor, {
        action: "portfolio.positions-replaced",
        objectType: "portfolio",
        objectId: row.portfolioId,
        before: { positionCount: before.length },
        after: { positionCount: positions.length },
      });
  });
}

/** Replaces the positions with the ones given; whatever is wrong is listed in one 400, nothing stored. */
export async function setPositions(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  entries: readonly PositionEntry[],
): Promise<PortfolioPositions> {
  const row = await portfolioForPositions(db, actor, portfolioId);
  const user = authorize(actor);
  const members = new Set(row.companyIds);
  const details: ErrorDetails[] = [];
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const field = (name: string) => `positions[${index}].${name}`;
    if (!isUuid(entry.companyId) || !members.has(entry.companyId.toLowerCase()))
      details.push(
        invalid(`Invalid ${field("companyId")}`, `${field("companyId")} names no company of the portfolio.`),
      );
    if (!isCurrencyCode(entry.currency))
      details.push(
        invalid(
          `Invalid ${field("currency")}`,
          `${field("currency")} '${entry.currency}' is not an ISO 4217 code.`,
        ),
      );
    if (!Number.isFinite(entry.amount) || entry.amount <= 0)
      details.push(
        invalid(`Invalid ${field("amount")}`, `${field("amount")} must be a number greater than 0.`),
      );
    const key = `${entry.companyId.toLowerCase()}/${entry.assetClass}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      details.push(
        invalid(
          `Invalid ${field("assetClass")}`,
          `positions[${index}] repeats the company and asset class of positions[${earlier}]; one position per company and asset class.`,
        ),
      );
    else seen.set(key, index);
  });
  if (details.length > 0) throw invalidInput(details);
  const positions = entries.map((entry) => ({ ...entry, companyId: entry.companyId.toLowerCase() }));
  await store(db, user, row, await currentPositions(db, row), positions);
  return getPositions(db, actor, portfolioId);
}

/** A 422 listing every row of a positions file that cannot be imported. */
export class PositionRowErrors extends ApiError {
  constructor(readonly rowErrors: RowError[]) {
    const rows = new Set(rowErrors.map((error) => error.row)).size;
    super(
      422,
      "invalid-positions-file",
      `${rows} ${rows === 1 ? "row" : "rows"} cannot be imported`,
      `Nothing was imported: correct the rows listed in rowErrors (the header is row 1) and upload the file again.`,
    );
  }

  override toResponse() {
    return { ...super.toResponse(), rowErrors: this.rowErrors };
  }
}

/** The table in an uploaded file: XLSX by its ZIP signature, otherwise CSV text. */
async function tableOf(bytes: Buffer): Promise<string[][]> {
  if (bytes.length === 0) throw badRequest("The file is empty.", "Invalid file");
  if (isZip(bytes)) {
    try {
      return await xlsxTable(bytes);
    } catch {
      throw badRequest("The file is not a readable Excel workbook (.xlsx).", "Invalid file");
    }
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.includes("\u0000"))
    throw badRequest("Upload a CSV (UTF-8) or an Excel (.xlsx) file.", "Invalid file");
  return csvTable(text);
}

/**
 * Imports a positions file: each row names a company (id, LEI, ISIN, ...), an amount, a currency and
 * an asset class. All or nothing: one wrong row and nothing is stored (422 with every wrong row).
 * `replace` makes the file the portfolio's positions; `merge` replaces only the positions of the same
 * company and asset class. `dryRun` checks without storing.
 */
export async function importPositions(
  db: AnyExecutor,
  actor: Actor,
  portfolioId: string,
  bytes: Buffer,
  options: { mode: "replace" | "merge"; dryRun: boolean },
): Promise<PositionsImport> {
  const row = await portfolioForPositions(db, actor, portfolioId);
  const user = authorize(actor);
  const [header, ...rows] = await tableOf(bytes);
  const columns = columnsOf(header ?? []);
  if ("missing" in columns)
    throw badRequest(
      `The first row must name the columns identifier, amount, currency and assetClass; missing: ${columns.missing.join(", ")}.`,
      "Invalid file",
    );
  const filled = rows.filter((cells) => cells.some((cell) => cell.trim() !== ""));
  if (filled.length === 0) throw badRequest("The file has no rows below its header.", "Invalid file");
  if (filled.length > MAX_POSITIONS)
    throw badRequest(
      `A positions file has at most ${MAX_POSITIONS} rows; this one has ${filled.length}.`,
      "Invalid file",
    );
  const read = readPositionLines(rows, columns);
  const found = await validateIdentifiers(
    db,
    read.lines.map((line) => line.identifier),
  );
  const companyOf = new Map(
    found.map((result) => [result.identifier, result.companyInformation?.companyId ?? null]),
  );
  const checked = checkAgainstPortfolio(
    read.lines.map((line) => ({ ...line, companyId: companyOf.get(line.identifier) ?? null })),
    new Set(row.companyIds),
  );
  const errors = [...read.errors, ...checked.errors].sort(
    (a, b) => a.row - b.row || columnOrder(a.column) - columnOrder(b.column),
  );
  if (errors.length > 0) throw new PositionRowErrors(errors);
  const before = await currentPositions(db, row);
  const imported: StoredPosition[] = checked.resolved.map((line) => ({
    companyId: line.companyId,
    assetClass: line.assetClass,
    amount: line.amount,
    currency: line.currency,
  }));
  const positions = options.mode === "merge" ? merged(before, imported) : imported;
  if (!options.dryRun) await store(db, user, row, before, positions);
  return { stored: !options.dryRun, rows: imported.length, positions: await withNames(db, positions) };
}

const COLUMN_ORDER: PositionColumn[] = ["identifier", "amount", "currency", "assetClass"];
const columnOrder = (column: PositionColumn) => COLUMN_ORDER.indexOf(column);

/** The positions kept, each replaced in its place by an imported one of the same company and class; new ones last. */
function merged(before: readonly StoredPosition[], imported: readonly StoredPosition[]): StoredPosition[] {
  const key = (position: StoredPosition) => `${position.companyId}/${position.assetClass}`;
  const incoming = new Map(imported.map((position) => [key(position), position]));
  const kept = before.map((position) => incoming.get(key(position)) ?? position);
  const keptKeys = new Set(kept.map(key));
  return [...kept, ...imported.filter((position) => !keptKeys.has(key(position)))];
}

// ---- currency rates ---------------------------------------------------------------------------------

export async function listRates(db: AnyExecutor, actor: Actor): Promise<{ rates: CurrencyRate[] }> {
  authorize(actor, can(actor, "readRates"));
  return { rates: await selectRates(impactDb(db)) };
}

const RATE_HEADER = ["currency", "rateToEur", "date"];

function rateErrors(errors: LineError[], where: (line: number) => string): ApiError {
  return invalidInput(
    errors.map((error) => invalid(`Invalid ${where(error.line)}`, `${where(error.line)}: ${error.message}`)),
  );
}

/** The rates of a CSV text (header currency,rateToEur,date), or a 400 naming every wrong line. */
export function ratesFromCsv(text: string): CurrencyRate[] {
  const { rates, errors } = readRateRows(csvTable(text));
  if (errors.length > 0) throw rateErrors(errors, (line) => `line ${line}`);
  return rates;
}

/** The rates of a JSON body, checked as a CSV's lines are; a 400 names every wrong entry. */
export function ratesFromJson(
  entries: readonly { currency: string; rateToEur: number; date: string }[],
): CurrencyRate[] {
  const rows = [
    RATE_HEADER,
    ...entries.map((entry) => [entry.currency, String(entry.rateToEur), entry.date]),
  ];
  const { rates, errors } = readRateRows(rows);
  if (errors.length > 0) throw rateErrors(errors, (line) => `rates[${line - 2}]`);
  return rates;
}

/** Admins replace the whole table of rates; the change goes to the audit trail. */
export async function replaceRates(
  db: AnyExecutor,
  actor: Actor,
  rates: readonly CurrencyRate[],
): Promise<{ rates: CurrencyRate[] }> {
  const admin = authorize(actor, can(actor, "setRates"), "Only admins set the currency rates.");
  await inTransaction(db, async (trx) => {
    const before = await selectRates(trx);
    await storeRates(trx, rates, { replace: true });
    await recordAudit(trx as AnyExecutor, admin, {
      action: "currency-rates.replaced",
      objectType: "currency-rates",
      objectId: "all",
      before: { rateCount: before.length },
      after: { rateCount: rates.length, currencies: [...new Set(rates.map((rate) => rate.currency))] },
    });
  });
  return { rates: await selectRates(impactDb(db)) };
}

/** For the operator's command line: stores the rates of a CSV file, merged or replacing all. */
export async function importRatesFile(
  db: AnyExecutor,
  text: string,
  options: { replace: boolean; operator: { kind: "operator"; name: string } },
): Promise<number> {
  const rates = ratesFromCsv(text);
  await inTransaction(db, async (trx) => {
    await storeRates(trx, rates, options);
    await recordAudit(trx as AnyExecutor, options.operator, {
      action: options.replace ? "currency-rates.replaced" : "currency-rates.imported",
      objectType: "currency-rates",
      objectId: "all",
      after: { rateCount: rates.length, currencies: [...new Set(rates.map((rate) => rate.currency))] },
    });
  });
  return rates.length;
}
