/**
 * The explorer's answer as a reader sees it: one row per company, one column per data point and
 * period, each value formatted with its unit by the frameworks package, with its QA status, its
 * source and, where there is no value, why.
 */
import { type FrameworkId, fieldByPath, formatFieldValue, getFramework } from "@openverde/frameworks";
import { dataPointChoice } from "./data-point-catalogue";
import type {
  ExplorerCell,
  ExplorerQaStatus,
  ExplorerQueryResponse,
  ExplorerSource,
  MissingReason,
} from "./explorer-types";

export const MISSING_TEXT: Record<MissingReason, string> = {
  NoDataset: "No dataset for this period",
  NotSourceable: "Not sourceable",
  EmptyField: "Left empty in the dataset",
};

/** A value without a reason given: the server knows of nothing more to say. */
export const NO_VALUE_TEXT = "No value";

export interface TableColumn {
  /** Index into each row's cells. */
  index: number;
  dataPoint: string;
  period: string;
}

export interface ColumnGroup {
  dataPoint: string;
  label: string;
  /** Where the data point sits in the framework, for labels that repeat (e.g. "Relative share"). */
  group: string | undefined;
  unit: string | undefined;
  columns: TableColumn[];
}

export interface TableCell {
  /** The value as read, with its unit; null when there is none. */
  text: string | null;
  /** Why there is no value; set whenever text is null. */
  missing: string | null;
  /** The value as a number for charts, when it is one. */
  number: number | null;
  qaStatus: ExplorerQaStatus | null;
  quality: string | null;
  source: (ExplorerSource & { dataId?: string }) | null;
}

export interface TableRow {
  companyId: string;
  companyName: string;
  lei: string | null;
  countryCode: string | null;
  sector: string | null;
  cells: TableCell[];
}

export interface ExplorerTable {
  groups: ColumnGroup[];
  columns: TableColumn[];
  rows: TableRow[];
  totalCompanies: number;
}

/** A number a chart can plot: plain numbers, and the amount of an amount with its currency. */
export function numberOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "object" && value !== null) {
    const amount = (value as { amount?: unknown }).amount;
    if (typeof amount === "number" && Number.isFinite(amount)) return amount;
  }
  return null;
}

function toCell(frameworkId: FrameworkId, dataPoint: string, cell: ExplorerCell | undefined): TableCell {
  const field = fieldByPath(getFramework(frameworkId), dataPoint);
  const value = cell?.value ?? null;
  const text = value === null || !field ? null : formatFieldValue(field, value, cell?.unit ?? undefined);
  return {
    text,
    missing: text !== null ? null : cell?.missing ? MISSING_TEXT[cell.missing] : NO_VALUE_TEXT,
    number: numberOf(value),
    qaStatus: cell?.qaStatus ?? null,
    quality: cell?.quality ?? null,
    source: cell?.source?.fileReference
      ? { ...cell.source, ...(cell.dataId ? { dataId: cell.dataId } : {}) }
      : null,
  };
}

export function buildTable(frameworkId: FrameworkId, response: ExplorerQueryResponse): ExplorerTable {
  const columns: TableColumn[] = response.columns.map((column, index) => ({
    index,
    dataPoint: column.dataPoint,
    period: column.reportingPeriod,
  }));
  const groups: ColumnGroup[] = [];
  for (const column of columns) {
    const last = groups.at(-1);
    if (last && last.dataPoint === column.dataPoint) {
      last.columns.push(column);
      continue;
    }
    const wire = response.columns[column.index];
    const choice = dataPointChoice(frameworkId, column.dataPoint);
    groups.push({
      dataPoint: column.dataPoint,
      label: choice?.label ?? wire?.label ?? column.dataPoint,
      group: choice?.group,
      unit: choice?.unit ?? wire?.unit ?? undefined,
      columns: [column],
    });
  }
  return {
    groups,
    columns,
    totalCompanies: response.totalCompanies,
    rows: response.rows.map((row) => ({
      companyId: row.companyId,
      companyName: row.companyName,
      lei: row.lei ?? null,
      countryCode: row.countryCode ?? null,
      sector: row.sector ?? null,
      cells: columns.map((column) => toCell(frameworkId, column.dataPoint, row.cells[column.index])),
    })),
  };
}

/** The value of one data point in one period for each row, in row order. */
export function columnValues(table: ExplorerTable, dataPoint: string, period: string): TableCell[] {
  const column = table.columns.find(
    (candidate) => candidate.dataPoint === dataPoint && candidate.period === period,
  );
  return column ? table.rows.map((row) => row.cells[column.index] as TableCell) : [];
}
