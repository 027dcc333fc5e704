import type { FrameworkId, ViewRow } from "@openverde/frameworks";
import { lazy, type ReactNode, Suspense, useDeferredValue, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { DataSourceLink } from "./DataSourceLink";
import { columnHeading, exportGrid, safeFileName, toCsv, toXlsx } from "./export";
import {
  buildComparison,
  type ComparisonRow,
  type ComparisonSection,
  cellPlaceholder,
  type DatasetColumn,
} from "./model";
import { StructuredValueTable } from "./StructuredValueTable";
import { entryCount, readableEnum, valueTable } from "./structured-value";
import "./FrameworkView.css";

const TrendChart = lazy(async () => ({ default: (await import("./TrendChart")).TrendChart }));

export interface FrameworkViewProps {
  frameworkId: FrameworkId;
  /** One column per dataset, in the order shown (see `compareColumns`). */
  columns: DatasetColumn[];
  /** Where a column heading links to (e.g. the dataset's own page); no link when absent. */
  columnLink?: (column: DatasetColumn) => string | undefined;
  /** Base of the downloaded file names, e.g. `Verdana Energie AG SFDR`. */
  exportName: string;
  /** Extra controls placed in the toolbar (version switch, period picker, ...). */
  toolbar?: ReactNode;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

function download(bytes: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function QaStatusTag({ status }: { status: string }) {
  const tone = status === "Accepted" ? "accepted" : status === "Rejected" ? "rejected" : "pending";
  return <span className={`fv-tag fv-tag--${tone}`}>{readableEnum(status)}</span>;
}

function ColumnHeader({ column, href }: { column: DatasetColumn; href: string | undefined }) {
  return (
    <th scope="col" className="fv-column">
      <span className="fv-column__label">{href ? <Link to={href}>{column.label}</Link> : column.label}</span>
      {column.qaStatus || column.currentlyActive !== undefined ? (
        <span className="fv-column__meta">
          {column.qaStatus ? <QaStatusTag status={column.qaStatus} /> : null}
          {column.currentlyActive === false ? <span className="fv-tag">Earlier version</span> : null}
        </span>
      ) : null}
      {column.uploadTime ? (
        <span className="fv-column__date">Uploaded {dateFormat.format(new Date(column.uploadTime))}</span>
      ) : null}
    </th>
  );
}

function CellValue({
  cell,
  caption,
  dataId,
  wide,
}: {
  cell: ViewRow;
  caption: string;
  dataId?: string;
  wide: boolean;
}) {
  const table = useMemo(() => (cell.display === null ? null : valueTable(cell.value)), [cell]);
  const count = entryCount(cell.value) ?? 0;
  const [open, setOpen] = useState(!wide && count > 0 && count <= 5);
  const placeholder = cellPlaceholder(cell);
  if (placeholder) return <span className="fv-placeholder">{placeholder}</span>;
  if (!table) return <span className="fv-value">{cell.display}</span>;
  return (
    <>
      <button type="button" className="fv-entries" aria-expanded={open} onClick={() => setOpen(!open)}>
        <i className={`pi ${open ? "pi-chevron-down" : "pi-chevron-right"}`} aria-hidden="true" />
        {count === 1 ? "1 entry" : `${count} entries`}
        <span className="visually-hidden"> of {caption}</span>
      </button>
      {open ? <StructuredValueTable table={table} caption={caption} {...(dataId ? { dataId } : {})} /> : null}
    </>
  );
}

function FieldCell({
  cell,
  label,
  column,
  wide,
}: {
  cell: ViewRow;
  label: string;
  column: DatasetColumn;
  wide: boolean;
}) {
  const showMeta =
    cell.visible &&
    cell.wrapper !== "plain" &&
    (cell.quality !== undefined || cell.comment !== undefined || cell.dataSource !== undefined);
  return (
    <td className="fv-cell">
      <CellValue
        cell={cell}
        caption={`${label}, ${column.label}`}
        wide={wide}
        {...(column.dataId ? { dataId: column.dataId } : {})}
      />
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

function FieldRow({ row, columns }: { row: ComparisonRow; columns: DatasetColumn[] }) {
  const [trend, setTrend] = useState(false);
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
              onClick={() => setTrend(!trend)}
            >
              <i className="pi pi-chart-line" aria-hidden="true" /> {trend ? "Hide trend" : "Show trend"}
            </button>
          ) : null}
        </th>
        {row.cells.map((cell, index) => {
          const column = columns[index] as DatasetColumn;
          return <FieldCell key={column.key} cell={cell} label={row.label} column={column} wide={wide} />;
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
}

function Section({
  section,
  columns,
  columnLink,
  expanded,
  onToggle,
}: {
  section: ComparisonSection;
  columns: DatasetColumn[];
  columnLink: FrameworkViewProps["columnLink"];
  expanded: boolean;
  onToggle: () => void;
}) {
  const bodyId = useId();
  const [collapsedSubs, setCollapsedSubs] = useState<ReadonlySet<string>>(new Set());
  const toggleSub = (id: string) =>
    setCollapsedSubs((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section className="fv-section" aria-labelledby={`${bodyId}-heading`}>
      <h2 className="fv-section__heading" id={`${bodyId}-heading`}>
        <button type="button" aria-expanded={expanded} aria-controls={bodyId} onClick={onToggle}>
          <i className={`pi ${expanded ? "pi-chevron-down" : "pi-chevron-right"}`} aria-hidden="true" />
          {section.label}
          <span className="fv-section__count">
            {section.rowCount} {section.rowCount === 1 ? "data point" : "data points"}
          </span>
        </button>
      </h2>
      {expanded ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
        <section className="fv-table-wrap" id={bodyId} aria-label={section.label} tabIndex={0}>
          <table className={`fv-table fv-table--cols-${Math.min(columns.length, 6)}`}>
            <thead>
              <tr>
                <th scope="col" className="fv-label-head">
                  Data point
                </th>
                {columns.map((column) => (
                  <ColumnHeader key={column.key} column={column} href={columnLink?.(column)} />
                ))}
              </tr>
            </thead>
            {section.subsections.map((subsection) => {
              const collapsed = collapsedSubs.has(subsection.id);
              return (
                <tbody key={subsection.id} className="fv-subsection">
                  {subsection.label ? (
                    <tr className="fv-subsection__head">
                      <th colSpan={columns.length + 1} scope="colgroup">
                        <button
                          type="button"
                          aria-expanded={!collapsed}
                          onClick={() => toggleSub(subsection.id)}
                        >
                          <i
                            className={`pi ${collapsed ? "pi-chevron-right" : "pi-chevron-down"}`}
                            aria-hidden="true"
                          />
                          {subsection.label}
                          <span className="fv-section__count">{subsection.rows.length}</span>
                        </button>
                      </th>
                    </tr>
                  ) : null}
                  {collapsed
                    ? null
                    : subsection.rows.map((row) => <FieldRow key={row.path} row={row} columns={columns} />)}
                </tbody>
              );
            })}
          </table>
        </section>
      ) : null}
    </section>
  );
}

/**
 * A framework's data for one or more datasets, generated from the framework definition: categories and
 * sub-categories (collapsible), one row per data point with label, unit and help, one column per
 * dataset with its QA status; quality, comment and data source under every extended data point;
 * lists of objects as tables; trend charts for numbers over periods; download as CSV or Excel.
 * Data source links need a `DocumentOpenerProvider` above.
 */
export function FrameworkView({ frameworkId, columns, columnLink, exportName, toolbar }: FrameworkViewProps) {
  const [hideEmpty, setHideEmpty] = useState(true);
  const [filter, setFilter] = useState("");
  const deferredFilter = useDeferredValue(filter);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const filterId = useId();
  const model = useMemo(
    () => buildComparison(frameworkId, columns, { hideEmpty, filter: deferredFilter }),
    [frameworkId, columns, hideEmpty, deferredFilter],
  );
  const allExpanded = model.sections.every((section) => !collapsed.has(section.id));

  const exportAs = async (format: "csv" | "xlsx") => {
    const grid = exportGrid(model);
    const name = safeFileName(exportName);
    if (format === "csv") download(toCsv(grid), "text/csv;charset=utf-8", `${name}.csv`);
    else
      download(
        (await toXlsx(grid, model.label)) as BlobPart,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        `${name}.xlsx`,
      );
  };

  return (
    <div className="fv">
      <div className="fv-toolbar" role="toolbar" aria-label="Data view options">
        <div className="fv-toolbar__group">
          <label htmlFor={filterId} className="visually-hidden">
            Find a data point
          </label>
          <span className="p-input-icon-left fv-toolbar__search">
            <i className="pi pi-search" aria-hidden="true" />
            <input
              id={filterId}
              type="search"
              className="p-inputtext p-component"
              placeholder="Find a data point"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </span>
          <label className="fv-toolbar__check">
            <input
              type="checkbox"
              checked={hideEmpty}
              onChange={(event) => setHideEmpty(event.target.checked)}
            />
            Hide empty fields
          </label>
          {toolbar}
        </div>
        <div className="fv-toolbar__group">
          <button
            type="button"
            className="p-button p-component p-button-text p-button-sm"
            onClick={() =>
              setCollapsed(allExpanded ? new Set(model.sections.map((section) => section.id)) : new Set())
            }
          >
            {allExpanded ? "Collapse all" : "Expand all"}
          </button>
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-sm"
            onClick={() => void exportAs("csv")}
            disabled={columns.length === 0}
          >
            <i className="pi pi-download" aria-hidden="true" />
            &nbsp;CSV
          </button>
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-sm"
            onClick={() => void exportAs("xlsx")}
            disabled={columns.length === 0}
          >
            <i className="pi pi-file-excel" aria-hidden="true" />
            &nbsp;Excel
          </button>
        </div>
      </div>
      <p className="fv-summary" aria-live="polite">
        {model.rowCount} {model.rowCount === 1 ? "data point" : "data points"} shown
        {columns.length > 1 ? ` for ${columns.map(columnHeading).join(", ")}` : ""}.
      </p>
      {model.sections.length === 0 ? (
        <p className="fv-empty">
          {deferredFilter
            ? "No data point matches your search."
            : "This dataset holds no data points to show."}
        </p>
      ) : null}
      {model.sections.map((section) => (
        <Section
          key={section.id}
          section={section}
          columns={columns}
          columnLink={columnLink}
          expanded={!collapsed.has(section.id)}
          onToggle={() =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (next.has(section.id)) next.delete(section.id);
              else next.add(section.id);
              return next;
            })
          }
        />
      ))}
    </div>
  );
}
