/**
 * The explorer's wire shapes (POST /api/explorer/query and /api/explorer/export), as the explorer
 * module documents them in the /api OpenAPI document.
 */
import type { FrameworkId } from "@openverde/frameworks";

export type MissingReason = "NoDataset" | "NotSourceable" | "EmptyField";
export type ExplorerQaStatus = "Accepted" | "Pending" | "Rejected";
export type SortDirection = "asc" | "desc";

export type ExplorerSort =
  | { by: "companyName"; direction: SortDirection }
  | { by: "value"; dataPoint: string; reportingPeriod: string; direction: SortDirection };

export interface ExplorerCompanies {
  companyIds?: string[];
  portfolioId?: string;
  countryCodes?: string[];
  sectors?: string[];
  hasData?: boolean;
}

export interface ExplorerQueryRequest {
  framework: FrameworkId;
  dataPoints: string[];
  reportingPeriods: string[];
  companies: ExplorerCompanies;
  sort?: ExplorerSort;
  chunkSize?: number;
  chunkIndex?: number;
}

export interface ExplorerColumn {
  dataPoint: string;
  reportingPeriod: string;
  label: string;
  unit?: string | null;
}

export interface ExplorerSource {
  fileReference: string;
  fileName?: string | null;
  page?: string | null;
}

export interface ExplorerCell {
  value: unknown;
  unit?: string | null;
  quality?: string | null;
  qaStatus?: ExplorerQaStatus | null;
  dataId?: string | null;
  source?: ExplorerSource | null;
  missing?: MissingReason | null;
}

export interface ExplorerRow {
  companyId: string;
  companyName: string;
  lei?: string | null;
  countryCode?: string | null;
  sector?: string | null;
  cells: ExplorerCell[];
}

export interface ExplorerQueryResponse {
  totalCompanies: number;
  columns: ExplorerColumn[];
  rows: ExplorerRow[];
}

export type ExportFormat = "csv" | "xlsx" | "json";
