import type { ViewRow } from "@openverde/frameworks";
import { lazy, memo, Suspense, useId, useMemo } from "react";
import { DataSourceLink } from "./DataSourceLink";
import { type ComparisonRow, cellPlaceholder, type DatasetColumn } from "./model";
import { QaFindingBadge } from "./QaFindingBadge";
import { useRememberedToggle } from "./remembered-toggle";
import { StructuredValueTable } from "./StructuredValueTable";
import { entryCount, isTabular, readableEnum } from "./structured-value";

const TrendChart = lazy(async () => ({ default: (await import("./TrendChart")).TrendChart }));

function CellValue({
  cell,
  caption,
  dataId,
  openKey,
  wide,
}: {
  cell: ViewRow;
  caption: string;
  dataId: string | undefined;
  openKey: string;
  wide: boolean;
}) {
  const count = entryCount(cell.value) ?? 0;
  const [open, toggle] = useRememberedToggle(openKey, !wide && count > 0 && count <= 5);
  const placeholder = cellPlaceholder(cell);
  if (placeholder) return <span className="fv-placeholder">{placeholder}</span>;
  if (!isTabular(cell.value)) return <span className="fv-value">{cell.display}</span>;
  return (
    <>
      <button type="button" className="fv-entries" aria-expanded={open} onClick={toggle}>
        <i className={`pi ${open ? "pi-chevron-down" : "pi-chevron-right"}`} aria-hidden="true" />
        {count === 1 ? "1 entry" : `${count} entries`}
        <span className="visually-hidden"> of {caption}</span>
      </button>
      {open ? (
        <StructuredValueTable value={cell.value} caption={caption} {...(dataId ? { dataId } : {})} />
      ) : null}
    </>
  );
}

function FieldCell({
  cell,
  row,
  column,
  wide,
}: {
  cell: ViewRow;
  row: ComparisonRow;
  column: DatasetColumn;
  wide: boolean;
}) {
  const showMeta =
    cell.visible &&
    cell.wrapper !== "plain" &&
    (cell.quality !== undefined || cell.comment !== undefined || cell.dataSource !== undefined);
  const finding = column.qaFindings?.get(row.path);
  return (
    <td className="fv-cell">
      <CellValue
        cell={cell}
        caption={`${row.label}, ${column.label}`}
        dataId={column.dataId}
        openKey={`${row.path}|${column.key}`}
        wide={wide}
      />
      {finding ? <QaFindingBadge finding={finding} /> : null}
      {showMeta ? (
        <div className="fv-meta">
          {cell.quality ? (
            <span className="fv-meta__quality">
              <span className="fv-meta__key">Quality</span> {readableEnum(cell.quality)}
            </span>
          ) : null}
          {cell.dataSource ? (
            <span className="fv-meta__source">
              <span className="fv-meta__key">Source</span>{" "}
              <DataSourceLink
                source={cell.dataSource}
                {...(column.dataId ? { dataId: column.dataId } : {})}
              />
            </span>
          ) : null}
          {cell.comment ? (
            <span className="fv-meta__comment">
              <span className="fv-meta__key">Comment</span> {cell.comment}
            </span>
          ) : null}
        </div>
      ) : null}
    </td>
  );
}

/**
 * One data point: its label, unit and help text, one cell per dataset, and for numbers over several
 * periods a trend chart on demand. Memoised: a row renders again only when its data or columns change.
 */
export const FieldRow = memo(function FieldRow({
  row,
  columns,
}: {
  row: ComparisonRow;
  columns: DatasetColumn[];
}) {
  const [trend, toggleTrend] = useRememberedToggle(`${row.path}|trend`, false);
  const trendId = useId();
  const points = useMemo(
    () =>
      row.series
        ? columns
            .map((column, index) => ({ period: column.label, value: row.series?.[index] ?? null }))
            .reverse()
        : [],
    [row.series, columns],
  );
  const wide = columns.length > 2;
  return (
    <>
      <tr className="fv-row" data-path={row.path}>
        <th scope="row" className="fv-label">
          <span className="fv-label__text">{row.label}</span>
          {row.unit ? <span className="fv-label__unit">{row.unit}</span> : null}
          {row.help ? <span className="fv-label__help">{row.help}</span> : null}
          {row.series ? (
            <button
              type="button"
              className="fv-link-button fv-label__trend"
              aria-expanded={trend}
              aria-controls={trendId}
              onClick={toggleTrend}
            >
              <i className="pi pi-chart-line" aria-hidden="true" /> {trend ? "Hide trend" : "Show trend"}
            </button>
          ) : null}
        </th>
        {row.cells.map((cell, index) => {
          const column = columns[index] as DatasetColumn;
          return <FieldCell key={column.key} cell={cell} row={row} column={column} wide={wide} />;
        })}
      </tr>
      {trend ? (
        <tr className="fv-trend-row" id={trendId}>
          <td colSpan={columns.length + 1}>
            <Suspense fallback={<div className="fv-trend" />}>
              <TrendChart label={row.label} {...(row.unit ? { unit: row.unit } : {})} points={points} />
            </Suspense>
          </td>
        </tr>
      ) : null}
    </>
  );
});
