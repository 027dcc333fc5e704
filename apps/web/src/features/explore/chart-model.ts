/**
 * What the explorer's charts plot, worked out apart from ECharts so it can be tested and read as
 * text: a value over the periods per company, a ranking for one period, and the distribution of a
 * value across the companies (histogram bins and the five-number summary).
 */
import type { ExplorerTable } from "./table-model";

export interface LineSeries {
  companyName: string;
  /** One value per period of `periods`; null where there is none. */
  values: (number | null)[];
}

export interface RankedValue {
  companyName: string;
  value: number;
}

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface Summary {
  count: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/** The periods of one data point in the table, oldest first. */
export function periodsOf(table: ExplorerTable, dataPoint: string): string[] {
  return table.columns.filter((column) => column.dataPoint === dataPoint).map((column) => column.period);
}

/** One line per company (the first `limit` rows with any value), over the data point's periods. */
export function lineSeries(table: ExplorerTable, dataPoint: string, limit: number): LineSeries[] {
  const columns = table.columns.filter((column) => column.dataPoint === dataPoint);
  return table.rows
    .map((row) => ({
      companyName: row.companyName,
      values: columns.map((column) => row.cells[column.index]?.number ?? null),
    }))
    .filter((series) => series.values.some((value) => value !== null))
    .slice(0, limit);
}

/** The companies with a value for the data point in the period, largest first. */
export function ranking(table: ExplorerTable, dataPoint: string, period: string): RankedValue[] {
  const column = table.columns.find(
    (candidate) => candidate.dataPoint === dataPoint && candidate.period === period,
  );
  if (!column) return [];
  return table.rows
    .flatMap((row) => {
      const value = row.cells[column.index]?.number;
      return value === null || value === undefined ? [] : [{ companyName: row.companyName, value }];
    })
    .sort((a, b) => b.value - a.value || a.companyName.localeCompare(b.companyName));
}

/** The value at quantile `q` of sorted values, interpolated between neighbours. */
function quantile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const lower = sorted[below] as number;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return lower + (upper - lower) * (position - below);
}

export function summary(values: number[]): Summary | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    min: sorted[0] as number,
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
    max: sorted[sorted.length - 1] as number,
  };
}

/**
 * Equal-width bins from the smallest to the largest value; Sturges' rule picks how many (at least
 * one, at most 20), so a handful of companies gives a few bars and thousands give enough detail.
 */
export function histogram(values: number[]): HistogramBin[] {
  if (values.length === 0) return [];
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (min === max) return [{ from: min, to: max, count: values.length }];
  const binCount = Math.min(20, Math.max(1, Math.ceil(Math.log2(values.length)) + 1));
  const width = (max - min) / binCount;
  const bins = Array.from({ length: binCount }, (_, index) => ({
    from: min + index * width,
    to: index === binCount - 1 ? max : min + (index + 1) * width,
    count: 0,
  }));
  for (const value of values) {
    const index = Math.min(binCount - 1, Math.floor((value - min) / width));
    (bins[index] as HistogramBin).count++;
  }
  return bins;
}
