/**
 * The impact operations of the `/users` API (positions, currency rates, impact report): their wire
 * shapes and the calls. Openverde's own operations, documented in `/users/openapi.json` (tag impact);
 * written here by hand until the generated client is refreshed.
 */
import { toApiError } from "../../api/api-error";

export type AssetClass = "ListedEquityAndCorporateBonds" | "BusinessLoansAndUnlistedEquity";

export interface Position {
  companyId: string;
  companyName: string;
  amount: number;
  currency: string;
  assetClass: AssetClass;
}

export interface PositionsAnswer {
  portfolioId: string;
  positions: Position[];
}

export type PositionInput = Omit<Position, "companyName">;

export interface ImportRowError {
  /** Line of the file; the header is row 1. */
  row: number;
  identifier?: string;
  column?: "identifier" | "amount" | "currency" | "assetClass";
  message: string;
}

export interface ImportAnswer {
  stored: boolean;
  rows: number;
  positions: Position[];
}

export interface CurrencyRate {
  currency: string;
  /** EUR value of one unit of the currency. */
  rateToEur: number;
  date: string;
}

export type MissingReason = "NoDataset" | "MissingInput" | "InvalidInput";

export interface MissingCompany {
  companyId: string;
  companyName: string;
  positionValue: number;
  reason: MissingReason;
  missingInputs?: string[];
  /** What is missing or wrong, in words. */
  message?: string;
}

export interface MetricInput {
  companyId: string;
  companyName: string;
  positionValue: number;
  dataId: string;
  values: Record<string, unknown>;
  contribution: number;
}

export interface PaiMetric {
  key: string;
  metric: string;
  unit: string;
  value: number | null;
  coverage: number;
  formula: string;
  inputs: MetricInput[];
  missingCompanies: MissingCompany[];
}

export interface PaiIndicator {
  number: number;
  theme: string;
  label: string;
  metrics: PaiMetric[];
}

export interface PcafCompany {
  companyId: string;
  companyName: string;
  outstandingAmount: number;
  dataId: string;
  attributionBasis: "EVIC" | "TotalEquityAndDebt";
  companyValue: number;
  attributionFactor: number;
  scope1: number;
  scope2: number;
  scope3: number | null;
  financedScope1: number;
  financedScope2: number;
  financedScope3: number | null;
  dataQualityScore: number;
  /** The stored figures used, by catalogue path. */
  values?: Record<string, unknown>;
}

export interface PcafFigures {
  outstandingAmount: number;
  coverage: number;
  financedScope1: number;
  financedScope2: number;
  financedScope3: number | null;
  financedTotal: number;
  weightedDataQualityScore: number | null;
}

export interface PcafAssetClass extends PcafFigures {
  assetClass: AssetClass;
  companies: PcafCompany[];
  missingCompanies: MissingCompany[];
}

export interface ExcludedPosition {
  companyId: string;
  companyName: string;
  assetClass: AssetClass;
  amount: number;
  currency: string;
  reason: "NoRate";
}

export interface ImpactReport {
  portfolioId: string;
  portfolioName: string;
  reportingPeriod: string;
  currency: string;
  availableReportingPeriods: string[];
  totalValue: number;
  ratesUsed: CurrencyRate[];
  excludedPositions: ExcludedPosition[];
  pai: { indicators: PaiIndicator[] };
  pcaf: { assetClasses: PcafAssetClass[]; totals: PcafFigures };
}

/** An API error that carries the per-row report of a positions file. */
export class PositionsFileError extends Error {
  constructor(
    message: string,
    readonly rowErrors: ImportRowError[],
  ) {
    super(message);
    this.name = "PositionsFileError";
  }
}

type Token = () => Promise<string>;

async function call(token: Token, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${await token()}`);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  try {
    return await fetch(path, { ...init, headers });
  } catch (error) {
    throw new Error(error instanceof Error && error.message ? error.message : "Unknown error occurred");
  }
}

async function json<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

const portfolioPath = (portfolioId: string) => `/users/portfolios/${encodeURIComponent(portfolioId)}`;

export async function getPositions(token: Token, portfolioId: string): Promise<PositionsAnswer> {
  return json(await call(token, `${portfolioPath(portfolioId)}/positions`));
}

export async function putPositions(
  token: Token,
  portfolioId: string,
  positions: PositionInput[],
): Promise<PositionsAnswer> {
  return json(
    await call(token, `${portfolioPath(portfolioId)}/positions`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ positions }),
    }),
  );
}

/** Uploads a positions file; a file with rows that cannot be imported throws a PositionsFileError. */
export async function importPositions(
  token: Token,
  portfolioId: string,
  file: File,
  options: { mode: "replace" | "merge"; dryRun: boolean },
): Promise<ImportAnswer> {
  const form = new FormData();
  form.append("file", file, file.name);
  const query = new URLSearchParams({ mode: options.mode, dryRun: String(options.dryRun) });
  const response = await call(token, `${portfolioPath(portfolioId)}/positions/import?${query}`, {
    method: "POST",
    body: form,
  });
  if (response.status === 422) {
    const body = (await response.json().catch(() => ({}))) as {
      errors?: { message: string; summary: string }[];
      rowErrors?: ImportRowError[];
    };
    throw new PositionsFileError(
      body.errors?.[0]?.summary ?? "Some rows cannot be imported",
      body.rowErrors ?? [],
    );
  }
  return json(response);
}

export async function getCurrencyRates(token: Token): Promise<CurrencyRate[]> {
  return (await json<{ rates: CurrencyRate[] }>(await call(token, "/users/currency-rates"))).rates;
}

/** Replaces the rates table with the CSV `currency,rateToEur,date`. */
export async function putCurrencyRates(token: Token, csv: string): Promise<CurrencyRate[]> {
  const response = await call(token, "/users/currency-rates", {
    method: "PUT",
    headers: { "Content-Type": "text/csv" },
    body: csv,
  });
  return (await json<{ rates: CurrencyRate[] }>(response)).rates;
}

export interface ReportChoice {
  reportingPeriod?: string | undefined;
  currency?: string | undefined;
}

function reportQuery(choice: ReportChoice, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (choice.reportingPeriod) query.set("reportingPeriod", choice.reportingPeriod);
  if (choice.currency) query.set("currency", choice.currency);
  const text = query.toString();
  return text ? `?${text}` : "";
}

export async function getImpactReport(
  token: Token,
  portfolioId: string,
  choice: ReportChoice,
): Promise<ImpactReport> {
  return json(await call(token, `${portfolioPath(portfolioId)}/impact${reportQuery(choice)}`));
}

/** The Table 1 export as a file: its bytes and the name the server gives it. */
export async function downloadImpactExport(
  token: Token,
  portfolioId: string,
  choice: ReportChoice,
  format: "xlsx" | "csv",
): Promise<{ blob: Blob; fileName: string }> {
  const response = await call(
    token,
    `${portfolioPath(portfolioId)}/impact/export${reportQuery(choice, { format })}`,
    {
      headers: { Accept: "*/*" },
    },
  );
  if (!response.ok) await json(response);
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const fileName = fileNameOf(disposition) ?? `impact-report.${format}`;
  return { blob: await response.blob(), fileName };
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameOf(disposition: string): string | undefined {
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim();
}
