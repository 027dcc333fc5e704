import { formatNumber } from "@openverde/frameworks/format-value";
import type { EChartsCoreOption } from "echarts/core";
import { useCallback, useId, useMemo } from "react";
import { histogram, lineSeries, periodsOf, ranking, summary } from "./chart-model";
import type { DataPointChoice } from "./data-point-catalogue";
import { type ChartColours, EChart } from "./EChart";
import type { ExplorerTable } from "./table-model";

/** Lines beyond this many companies stop being readable. */
const LINE_LIMIT = 10;
/** Bars in the ranking. */
const RANKING_LIMIT = 15;

const withUnit = (value: number, unit: string | undefined) =>
  `${formatNumber(value)}${unit ? ` ${unit}` : ""}`;

function ChartData({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <details className="ex-chart__data">
      <summary>Show the chart's figures</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls inside its frame; the frame is a tab stop so keyboard users can scroll it */}
      <section className="ex-chart__data-scroll" tabIndex={0} aria-label={caption}>
        <table className="ex-mini-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join("|")}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={head[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={head[index]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

/**
 * The three charts over the chart data (one data point, every chosen period, up to 1,000 companies
 * ordered by the chosen period's value): value over the years, ranking in one period, distribution.
 */
export function ExplorerCharts({
  table,
  dataPoint,
  period,
  choices,
  onChange,
  truncated,
}: {
  table: ExplorerTable | undefined;
  dataPoint: DataPointChoice;
  period: string;
  /** The chosen data points that have numbers to chart. */
  choices: DataPointChoice[];
  onChange: (change: { chartDataPoint?: string; chartPeriod?: string }) => void;
  /** The set has more companies than the chart data holds. */
  truncated: boolean;
}) {
  const id = useId();
  const unit = dataPoint.unit;
  const periods = useMemo(() => (table ? periodsOf(table, dataPoint.path) : []), [table, dataPoint.path]);
  // One more than is drawn, to know whether the chart leaves companies out.
  const candidates = useMemo(
    () => (table ? lineSeries(table, dataPoint.path, LINE_LIMIT + 1) : []),
    [table, dataPoint.path],
  );
  const lines = useMemo(() => candidates.slice(0, LINE_LIMIT), [candidates]);
  const ranked = useMemo(
    () => (table ? ranking(table, dataPoint.path, period) : []),
    [table, dataPoint.path, period],
  );
  const values = useMemo(() => ranked.map((entry) => entry.value), [ranked]);
  const bins = useMemo(() => histogram(values), [values]);
  const stats = useMemo(() => summary(values), [values]);
  const top = ranked.slice(0, RANKING_LIMIT);

  const buildLine = useCallback(
    (colours: ChartColours): EChartsCoreOption => ({
      color: colours.series,
      grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
      legend: { type: "scroll", top: 0, textStyle: { color: colours.muted } },
      tooltip: {
        trigger: "axis",
        valueFormatter: (value: unknown) => (typeof value === "number" ? withUnit(value, unit) : "–"),
      },
      xAxis: { type: "category", data: periods, axisLabel: { color: colours.muted } },
      yAxis: {
        type: "value",
        scale: true,
        axisLabel: { color: colours.muted, formatter: (value: number) => formatNumber(value) },
      },
      series: lines.map((line) => ({
        type: "line",
        name: line.companyName,
        data: line.values,
        connectNulls: true,
        symbolSize: 6,
      })),
    }),
    [lines, periods, unit],
  );
  const buildRanking = useCallback(
    (colours: ChartColours): EChartsCoreOption => ({
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      tooltip: {
        trigger: "axis",
        axisPointer: { type: "shadow" },
        valueFormatter: (value: unknown) => (typeof value === "number" ? withUnit(value, unit) : "–"),
      },
      xAxis: {
        type: "value",
        axisLabel: { color: colours.muted, formatter: (value: number) => formatNumber(value) },
      },
      yAxis: {
        type: "category",
        inverse: true,
        data: top.map((entry) => entry.companyName),
        axisLabel: { color: colours.muted, width: 140, overflow: "truncate" },
      },
      series: [
        {
          type: "bar",
          data: top.map((entry) => entry.value),
          barMaxWidth: 28,
          itemStyle: { color: colours.primary },
        },
      ],
    }),
    [top, unit],
  );
  const buildHistogram = useCallback(
    (colours: ChartColours): EChartsCoreOption => ({
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
      xAxis: {
        type: "category",
        data: bins.map((bin) => `${formatNumber(bin.from)}–${formatNumber(bin.to)}`),
        axisLabel: { color: colours.muted, rotate: bins.length > 6 ? 30 : 0 },
      },
      yAxis: {
        type: "value",
        minInterval: 1,
        name: "Companies",
        nameTextStyle: { color: colours.muted },
        axisLabel: { color: colours.muted },
      },
      series: [
        {
          type: "bar",
          name: "Companies",
          data: bins.map((bin) => bin.count),
          barCategoryGap: "8%",
          barMaxWidth: 64,
          itemStyle: { color: colours.series[1] },
        },
      ],
    }),
    [bins],
  );

  const label = `${dataPoint.label}${unit ? ` (${unit})` : ""}`;
  return (
    <section className="ex-charts" aria-labelledby={`${id}-heading`}>
      <div className="ex-section-head">
        <h2 id={`${id}-heading`}>Charts</h2>
        <div className="ex-chart-controls">
          <div className="ex-field">
            <label htmlFor={`${id}-dp`}>Data point</label>
            <select
              id={`${id}-dp`}
              className="p-inputtext p-component"
              value={dataPoint.path}
              onChange={(event) => onChange({ chartDataPoint: event.target.value })}
            >
              {choices.map((choice) => (
                <option key={choice.path} value={choice.path}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <div className="ex-field">
            <label htmlFor={`${id}-period`}>Period for ranking and distribution</label>
            <select
              id={`${id}-period`}
              className="p-inputtext p-component"
              value={period}
              onChange={(event) => onChange({ chartPeriod: event.target.value })}
            >
              {periods.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {truncated ? (
        <p className="ex-muted">The charts use the 1,000 companies with the largest values in {period}.</p>
      ) : null}
      {!table ? null : ranked.length === 0 && lines.length === 0 ? (
        <p className="ex-muted">No company of the selection has a number for {label}.</p>
      ) : (
        <div className="ex-chart-grid">
          <figure className="ex-chart ex-chart--wide">
            <figcaption>
              {label} over the years
              {candidates.length > LINE_LIMIT
                ? ` (the ${LINE_LIMIT} companies with the largest values in ${period})`
                : ""}
            </figcaption>
            <EChart
              build={buildLine}
              className="ex-chart__canvas"
              label={`Line chart of ${label} from ${periods[0]} to ${periods.at(-1)} for ${lines.length} ${lines.length === 1 ? "company" : "companies"}. The figures are in the table below the chart.`}
            />
            <ChartData
              caption={`${label} per company and period`}
              head={["Company", ...periods]}
              rows={lines.map((line) => [
                line.companyName,
                ...line.values.map((value) => (value === null ? "–" : withUnit(value, unit))),
              ])}
            />
          </figure>
          <figure className="ex-chart">
            <figcaption>
              Ranking in {period}
              {ranked.length > RANKING_LIMIT ? ` (top ${RANKING_LIMIT} of ${ranked.length})` : ""}
            </figcaption>
            <EChart
              build={buildRanking}
              className="ex-chart__canvas"
              label={
                top.length
                  ? `Bar chart ranking ${top.length} companies by ${label} in ${period}: largest ${top[0]?.companyName} with ${withUnit(top[0]?.value ?? 0, unit)}, smallest shown ${top.at(-1)?.companyName} with ${withUnit(top.at(-1)?.value ?? 0, unit)}.`
                  : `No values in ${period}.`
              }
            />
            <ChartData
              caption={`Ranking by ${label} in ${period}`}
              head={["Company", label]}
              rows={top.map((entry) => [entry.companyName, withUnit(entry.value, unit)])}
            />
          </figure>
          <figure className="ex-chart">
            <figcaption>Distribution in {period}</figcaption>
            <EChart
              build={buildHistogram}
              className="ex-chart__canvas"
              label={
                stats
                  ? `Histogram of ${label} in ${period} across ${stats.count} companies, from ${withUnit(stats.min, unit)} to ${withUnit(stats.max, unit)}, median ${withUnit(stats.median, unit)}.`
                  : `No values in ${period}.`
              }
            />
            {stats ? (
              <p className="ex-chart__summary">
                {stats.count} {stats.count === 1 ? "company" : "companies"} · minimum{" "}
                {withUnit(stats.min, unit)} · lower quartile {withUnit(stats.q1, unit)} · median{" "}
                {withUnit(stats.median, unit)} · upper quartile {withUnit(stats.q3, unit)} · maximum{" "}
                {withUnit(stats.max, unit)}
              </p>
            ) : null}
            <ChartData
              caption={`Companies per range of ${label} in ${period}`}
              head={["Range", "Companies"]}
              rows={bins.map((bin) => [
                `${withUnit(bin.from, unit)} to ${withUnit(bin.to, unit)}`,
                String(bin.count),
              ])}
            />
          </figure>
        </div>
      )}
    </section>
  );
}
