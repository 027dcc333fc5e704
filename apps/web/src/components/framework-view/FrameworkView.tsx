import type { FrameworkId } from "@openverde/frameworks";
import { type DatasetRecord, dataTable, type TableShape, tableCsv } from "@openverde/frameworks/tables";
import { type ReactNode, useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from "react";
import { flushSync } from "react-dom";
import { blocksForFirstScreen, sectionBlocks } from "./blocks";
import { CSV_TYPE, columnHeading, safeFileName, saveFile, workbookBytes, XLSX_TYPE } from "./export";
import { buildComparison, type ComparisonModel, type DatasetColumn } from "./model";
import { type OpenedParts, OpenedPartsContext } from "./remembered-toggle";
import { SectionTable } from "./SectionTable";
import { useCompactTables, useNarrowScreen } from "./view-preferences";
import "./FrameworkView.css";

export interface FrameworkViewProps {
  frameworkId: FrameworkId;
  /** One column per dataset, in the order shown (see `compareColumns`). */
  columns: DatasetColumn[];
  /** Where a column heading links to (e.g. the dataset's own page); no link when absent. */
  columnLink?: (column: DatasetColumn) => string | undefined;
  /** Base of the downloaded file names, e.g. `Verdana Energie AG SFDR`. */
  exportName: string;
  /** The company the datasets belong to, named in every row of a download. */
  company?: { id: string; name: string };
  /** Extra controls placed in the toolbar (version switch, period picker, ...). */
  toolbar?: ReactNode;
}

/** Height of a category's heading and its table's column headings, roughly. */
const SECTION_CHROME = 130;

/** What a download holds: every dataset shown, with all the framework's data points (not only those on screen). */
function downloadRecords(columns: DatasetColumn[], company?: { id: string; name: string }): DatasetRecord[] {
  return columns.map((column) => ({
    companyName: company?.name ?? "",
    ...(company ? { companyId: company.id } : {}),
    reportingPeriod: column.reportingPeriod ?? column.label,
    data: column.data,
    ...(column.qaStatus ? { qaStatus: column.qaStatus } : {}),
    ...(column.uploadTime !== undefined ? { uploadTime: column.uploadTime } : {}),
  }));
}

/** The row blocks that fill the first screen, from the first category on. */
function firstScreenBlocks(model: ComparisonModel, collapsed: ReadonlySet<string>): Set<string> {
  const chosen = new Set<string>();
  let budget = window.innerHeight;
  for (const section of model.sections) {
    if (budget <= 0) break;
    budget -= SECTION_CHROME;
    if (collapsed.has(section.id)) continue;
    const blocks = sectionBlocks(section, new Set());
    for (const key of blocksForFirstScreen(blocks, budget)) chosen.add(key);
    budget -= blocks.reduce((sum, block) => sum + block.estimatedHeight, 0);
  }
  return chosen;
}

/** While the page is printed, every row is rendered, not only those near the viewport. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // The browser lays the page out for print right after this event: render synchronously.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, []);
  return printing;
}

/**
 * A framework's data for one or more datasets, generated from the framework definition: categories and
 * sub-categories (collapsible), one row per data point with label, unit and help, one column per
 * dataset with its QA status; quality, comment and data source under every extended data point;
 * lists of objects as tables; trend charts for numbers over periods; download as CSV or Excel.
 * Data source links need a `DocumentOpenerProvider` above.
 */
export function FrameworkView({
  frameworkId,
  columns,
  columnLink,
  exportName,
  company,
  toolbar,
}: FrameworkViewProps) {
  const [hideEmpty, setHideEmpty] = useState(true);
  const [filter, setFilter] = useState("");
  const deferredFilter = useDeferredValue(filter);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [openedParts] = useState<OpenedParts>(() => new Map());
  const printing = usePrinting();
  const filterId = useId();
  const shapeId = useId();
  const periodId = useId();
  const [shape, setShape] = useState<TableShape>("wide");
  const [compact, setCompact] = useCompactTables();
  // On a phone the table shows one dataset (reporting period) at a time, chosen in the toolbar.
  const narrow = useNarrowScreen();
  const [chosenKey, setChosenKey] = useState<string>();
  const oneAtATime = narrow && columns.length > 1;
  const shown = useMemo(
    () =>
      oneAtATime
        ? [columns.find((column) => column.key === chosenKey) ?? (columns[0] as DatasetColumn)]
        : columns,
    [oneAtATime, columns, chosenKey],
  );
  const model = useMemo(
    () => buildComparison(frameworkId, shown, { hideEmpty, filter: deferredFilter }),
    [frameworkId, shown, hideEmpty, deferredFilter],
  );
  // Pages pass a new columnLink function on every render; the links themselves rarely change.
  const hrefKey = JSON.stringify(shown.map((column) => columnLink?.(column) ?? null));
  const columnHrefs = useMemo(
    () => (JSON.parse(hrefKey) as (string | null)[]).map((href) => href ?? undefined),
    [hrefKey],
  );
  // Computed once for the first render of each category; later, what is near the viewport decides.
  const [firstScreen] = useState(() => firstScreenBlocks(model, collapsed));
  const toggleSection = useCallback(
    (id: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const allExpanded = model.sections.every((section) => !collapsed.has(section.id));

  const exportAs = async (format: "csv" | "xlsx") => {
    const table = dataTable(shape, frameworkId, downloadRecords(columns, company));
    const name = `${safeFileName(exportName)}_${shape}`;
    if (format === "csv") saveFile(tableCsv(table), CSV_TYPE, `${name}.csv`);
    else saveFile((await workbookBytes([table])) as BlobPart, XLSX_TYPE, `${name}.xlsx`);
  };

  return (
    <div className={compact ? "fv fv--compact" : "fv"}>
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
          <label className="fv-toolbar__check">
            <input type="checkbox" checked={compact} onChange={(event) => setCompact(event.target.checked)} />
            Compact table
          </label>
          {oneAtATime ? (
            <span className="fv-toolbar__period">
              <label htmlFor={periodId} className="fv-toolbar__label">
                Reporting period
              </label>
              <select
                id={periodId}
                className="p-inputtext p-component fv-toolbar__select"
                value={shown[0]?.key}
                onChange={(event) => setChosenKey(event.target.value)}
              >
                {columns.map((column) => (
                  <option key={column.key} value={column.key}>
                    {columnHeading(column)}
                  </option>
                ))}
              </select>
            </span>
          ) : null}
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
          <span className="fv-toolbar__downloads">
            <label htmlFor={shapeId} className="fv-toolbar__label">
              Download layout
            </label>
            <select
              id={shapeId}
              className="p-inputtext p-component fv-toolbar__select"
              value={shape}
              onChange={(event) => setShape(event.target.value as TableShape)}
            >
              <option value="wide">Wide: a row per period</option>
              <option value="long">Long: a row per data point</option>
            </select>
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
          </span>
        </div>
      </div>
      <p className="fv-summary" aria-live="polite">
        {model.rowCount} {model.rowCount === 1 ? "data point" : "data points"} shown
        {shown.length > 1 || oneAtATime ? ` for ${shown.map(columnHeading).join(", ")}` : ""}
        {oneAtATime ? ` (one of ${columns.length} reporting periods; choose another above)` : ""}.
      </p>
      {model.sections.length === 0 ? (
        <p className="fv-empty">
          {deferredFilter
            ? "No data point matches your search."
            : "This dataset holds no data points to show."}
        </p>
      ) : null}
      <OpenedPartsContext.Provider value={openedParts}>
        {model.sections.map((section) => (
          <SectionTable
            key={section.id}
            section={section}
            columns={shown}
            columnHrefs={columnHrefs}
            expanded={!collapsed.has(section.id)}
            onToggle={toggleSection}
            firstScreen={firstScreen}
            renderAll={printing}
          />
        ))}
      </OpenedPartsContext.Provider>
    </div>
  );
}
