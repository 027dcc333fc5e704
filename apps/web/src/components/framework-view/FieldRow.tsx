import type { ViewRow } from "@openverde/frameworks";
import { lazy, memo, Suspense, useId, useMemo, useState } from "react";
import { CorrectionBadge } from "./CorrectionBadge";
import { DataSourceLink } from "./DataSourceLink";
import { type ComparisonRow, cellPlaceholder, type DatasetColumn } from "./model";
import { QaFindingBadge } from "./QaFindingBadge";
import { useRememberedOpenings, useRememberedToggle } from "./remembered-toggle";
import { StructuredValueTable } from "./StructuredValueTable";
import { entryCount, isTabular, readableEnum } from "./structured-value";

const TrendChart = lazy(async () => ({ default: (await import("./TrendChart")).TrendChart }));

/** A list of objects (production sites, ...) in a cell: opened as a table in a row of its own. */
const isList = (cell: ViewRow) => !cellPlaceholder(cell) && isTabular(cell.value);

/** Where a list's opened state is remembered, per data point and dataset. */
const listKey = (row: ComparisonRow, column: DatasetColumn) => `${row.path}|${column.key}`;

function CellValue({
  cell,
  caption,
  open,
  onToggle,
}: {
  cell: ViewRow;
  caption: string;
  open: boolean;
  onToggle: () => void;
}) {
  const placeholder = cellPlaceholder(cell);
  if (placeholder) return <span className="fv-placeholder">{placeholder}</span>;
  if (!isTabular(cell.value)) return <span className="fv-value">{cell.display}</span>;
  const count = entryCount(cell.value) ?? 0;
  return (
    <button type="button" className="fv-entries" aria-expanded={open} onClick={onToggle}>
      <i className={`pi ${open ? "pi-chevron-down" : "pi-chevron-right"}`} aria-hidden="true" />
      {count === 1 ? "1 entry" : `${count} entries`}
      <span className="visually-hidden"> of {caption}</span>
    </button>
  );
}

/**
 * Quality, source and comment of a value. In the full mode they stand under the value; in the compact
 * mode (`.fv--compact` on the view) only a details button does, and they show beside it on hover or
 * while the button has opened them.
 */
function CellDetails({ cell, column, caption }: { cell: ViewRow; column: DatasetColumn; caption: string }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <>
      <button
        type="button"
        className="fv-details-toggle"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      >
        <i className="pi pi-info-circle" aria-hidden="true" />
        <span className="visually-hidden">Quality, source and comment of {caption}</span>
      </button>
      <div className={open ? "fv-meta fv-meta--open" : "fv-meta"} id={detailsId}>
        {cell.quality ? (
          <span className="fv-meta__quality">
            <span className="fv-meta__key">Quality</span> {readableEnum(cell.quality)}
          </span>
        ) : null}
        {cell.dataSource ? (
          <span className="fv-meta__source">
            <span className="fv-meta__key">Source</span>{" "}
            <DataSourceLink source={cell.dataSource} {...(column.dataId ? { dataId: column.dataId } : {})} />
          </span>
        ) : null}
        {cell.comment ? (
          <span className="fv-meta__comment">
            <span className="fv-meta__key">Comment</span> {cell.comment}
          </span>
        ) : null}
      </div>
    </>
  );
}

function FieldCell({
  cell,
  row,
  column,
  open,
  onToggle,
}: {
  cell: ViewRow;
  row: ComparisonRow;
  column: DatasetColumn;
  open: boolean;
  onToggle: () => void;
}) {
  const showMeta =
    cell.visible &&
    cell.wrapper !== "plain" &&
    (cell.quality !== undefined || cell.comment !== undefined || cell.dataSource !== undefined);
  const finding = column.qaFindings?.get(row.path);
  const correction = column.corrections?.get(row.path);
  const caption = `${row.label}, ${column.label}`;
  return (
    <td className="fv-cell">
      <CellValue cell={cell} caption={caption} open={open} onToggle={onToggle} />
      {correction ? <CorrectionBadge mark={correction} /> : null}
      {finding ? <QaFindingBadge finding={finding} /> : null}
      {showMeta ? <CellDetails cell={cell} column={column} caption={caption} /> : null}
    </td>
  );
}

/**
 * One data point: its label, unit and help text, one cell per dataset, and for numbers over several
 * periods a trend chart on demand. A list of objects opens as a table in a row of its own below, at
 * the table's full width, one per dataset opened. Memoised: a row renders again only when its data or
 * columns change.
 */
export const FieldRow = memo(function FieldRow({
  row,
  columns,
}: {
  row: ComparisonRow;
  columns: DatasetColumn[];
}) {
  const [trend, toggleTrend] = useRememberedToggle(`${row.path}|trend`, false);
  const [isOpen, toggle] = useRememberedOpenings();
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
  // Short lists open by themselves while there is room for them (one or two datasets).
  const opensAlone = (cell: ViewRow) => {
    const count = entryCount(cell.value) ?? 0;
    return columns.length <= 2 && count > 0 && count <= 5;
  };
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
          const key = listKey(row, column);
          return (
            <FieldCell
              key={column.key}
              cell={cell}
              row={row}
              column={column}
              open={isList(cell) && isOpen(key, opensAlone(cell))}
              onToggle={() => toggle(key, opensAlone(cell))}
            />
          );
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
      {row.cells.map((cell, index) => {
        const column = columns[index] as DatasetColumn;
        if (!isList(cell) || !isOpen(listKey(row, column), opensAlone(cell))) return null;
        return (
          <tr key={column.key} className="fv-list-row">
            <td colSpan={columns.length + 1}>
              {columns.length > 1 ? <p className="fv-list-row__title">{column.label}</p> : null}
              <StructuredValueTable
                value={cell.value}
                caption={`${row.label}, ${column.label}`}
                {...(column.dataId ? { dataId: column.dataId } : {})}
              />
            </td>
          </tr>
        );
      })}
    </>
  );
});
