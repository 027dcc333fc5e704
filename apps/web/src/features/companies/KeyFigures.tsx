import { type FrameworkId, frameworkIds, getFramework, isFrameworkId } from "@openverde/frameworks";
import { formatNumber } from "@openverde/frameworks/format-value";
import type { EChartsCoreOption } from "echarts/core";
import { useCallback, useMemo } from "react";
import { Link } from "react-router";
import { type ChartColours, EChart } from "../explore/EChart";
import { useExplorerQuery } from "../explore/explorer-api";
import {
  explorerLink,
  KEY_FIGURES,
  type KeyFigure,
  keyFigurePeriods,
  keyFiguresQuery,
} from "../explore/key-figures";
import { buildTable, type TableCell } from "../explore/table-model";
import "./KeyFigures.css";

interface Point {
  period: string;
  cell: TableCell;
}

/** One headline indicator: its latest value, a small line over the years, and the way to the explorer. */
function KeyFigureCard({
  framework,
  figure,
  unit,
  points,
  link,
}: {
  framework: string;
  figure: KeyFigure;
  unit: string | undefined;
  points: Point[];
  link: string;
}) {
  const latest = [...points].reverse().find((point) => point.cell.number !== null);
  const build = useCallback(
    (colours: ChartColours): EChartsCoreOption => ({
      grid: { left: 4, right: 8, top: 8, bottom: 4, containLabel: true },
      tooltip: {
        trigger: "axis",
        valueFormatter: (value: unknown) =>
          typeof value === "number" ? `${formatNumber(value)}${unit ? ` ${unit}` : ""}` : "–",
      },
      xAxis: {
        type: "category",
        data: points.map((point) => point.period),
        axisLabel: { color: colours.muted, fontSize: 10 },
        axisTick: { show: false },
      },
      yAxis: { type: "value", scale: true, show: false },
      series: [
        {
          type: "line",
          name: figure.title,
          data: points.map((point) => point.cell.number),
          connectNulls: true,
          symbolSize: 5,
          lineStyle: { color: colours.primary, width: 2 },
          itemStyle: { color: colours.primary },
          areaStyle: { color: colours.primary, opacity: 0.08 },
        },
      ],
    }),
    [points, unit, figure.title],
  );
  const summary = points.map((point) => `${point.period}: ${point.cell.text ?? "no value"}`).join(", ");
  return (
    <li className="kf-card">
      <p className="kf-card__framework">{framework}</p>
      <h3 className="kf-card__title">{figure.title}</h3>
      {latest?.cell.number != null ? (
        <p className="kf-card__latest">
          {/* The number large and its unit small, so a long unit ("Tonnes / €M Revenue") does not swamp it. */}
          <span className="kf-card__value">{formatNumber(latest.cell.number)}</span>
          {unit ? <span className="kf-card__unit">{unit}</span> : null}
          <span className="kf-card__period">in {latest.period}</span>
        </p>
      ) : null}
      {points.length > 1 ? (
        <EChart
          build={build}
          className="kf-card__chart"
          label={`${figure.title} from ${points[0]?.period} to ${points.at(-1)?.period}: ${summary}`}
        />
      ) : null}
      <Link className="kf-card__link" to={link}>
        Compare in the explorer<span className="visually-hidden">: {figure.title}</span>
        <i className="pi pi-arrow-right" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** The cards of one framework's key figures; none for those the company has no value of. */
function FrameworkKeyFigures({
  companyId,
  framework,
  periods,
}: {
  companyId: string;
  framework: FrameworkId;
  periods: string[];
}) {
  const result = useExplorerQuery(keyFiguresQuery(framework, companyId, periods), "keyFigures");
  const cards = useMemo(() => {
    if (!result.data) return [];
    const table = buildTable(framework, result.data);
    const row = table.rows[0];
    if (!row) return [];
    return (KEY_FIGURES[framework] ?? []).flatMap((figure) => {
      const group = table.groups.find((candidate) => candidate.dataPoint === figure.path);
      if (!group) return [];
      const points = group.columns.map((column) => ({
        period: column.period,
        cell: row.cells[column.index] as TableCell,
      }));
      if (!points.some((point) => point.cell.number !== null)) return [];
      return [{ figure, unit: group.unit, points }];
    });
  }, [result.data, framework]);
  const label = getFramework(framework).label;
  return cards.map(({ figure, unit, points }) => (
    <KeyFigureCard
      key={figure.path}
      framework={label}
      figure={figure}
      unit={unit}
      points={points}
      link={explorerLink(framework, figure.path, companyId, periods)}
    />
  ));
}

/**
 * The cockpit's key figures: per framework the company has active data for, a handful of headline
 * indicators over the years. The cockpit renders this (and loads its code and ECharts) only when the
 * company's metadata lists active data, so companies without data cost nothing more.
 */
export function KeyFigures({
  companyId,
  metadata,
}: {
  companyId: string;
  metadata: readonly { dataType: string; reportingPeriod: string }[];
}) {
  const frameworks = useMemo(() => {
    const periods = new Map<FrameworkId, string[]>();
    for (const meta of metadata) {
      if (!isFrameworkId(meta.dataType) || !KEY_FIGURES[meta.dataType]) continue;
      periods.set(meta.dataType, [...(periods.get(meta.dataType) ?? []), meta.reportingPeriod]);
    }
    return frameworkIds.flatMap((framework) => {
      const list = periods.get(framework);
      return list ? [{ framework, periods: keyFigurePeriods(list) }] : [];
    });
  }, [metadata]);
  if (frameworks.length === 0) return null;
  return (
    <section className="kf" aria-labelledby="cockpit-key-figures">
      <h2 id="cockpit-key-figures">Key figures</h2>
      <ul className="kf-list">
        {frameworks.map(({ framework, periods }) => (
          <FrameworkKeyFigures
            key={framework}
            companyId={companyId}
            framework={framework}
            periods={periods}
          />
        ))}
      </ul>
    </section>
  );
}
