import { Link } from "react-router";
import { useDocumentOpener } from "../../components/framework-view/document-opener";
import { documentAddress, toDocumentRequest } from "../../components/framework-view/document-reference";
import { Tag, type TagTone } from "../../components/workflow";
import { countryName } from "../companies/company-api";
import type { ExplorerQaStatus, ExplorerSort } from "./explorer-types";
import type { ExplorerTable as Table, TableCell } from "./table-model";

const QA_TONES: Record<ExplorerQaStatus, TagTone> = {
  Accepted: "success",
  Pending: "warning",
  Rejected: "danger",
};

type AriaSort = "ascending" | "descending" | "none";
const ariaSort = (direction: "asc" | "desc" | undefined): AriaSort =>
  direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none";

function SortIcon({ sort }: { sort: AriaSort }) {
  const icon =
    sort === "ascending"
      ? "pi-sort-amount-up-alt"
      : sort === "descending"
        ? "pi-sort-amount-down"
        : "pi-sort-alt";
  return <span className={`pi ${icon} ex-sort__icon`} aria-hidden="true" />;
}

/** The cited report at its page, opened in the in-app viewer (or the browser's, with a modifier key). */
function SourceLink({ source }: { source: NonNullable<TableCell["source"]> }) {
  const { open } = useDocumentOpener();
  const request = toDocumentRequest({ ...source }, source.dataId);
  if (!request) return null;
  const page = source.page ? `p. ${source.page}` : "report";
  return (
    <a
      className="ex-source"
      href={documentAddress(request)}
      title={source.fileName ?? undefined}
      onClick={(event) => {
        if (!open || event.ctrlKey || event.metaKey || event.shiftKey) return;
        event.preventDefault();
        open(request);
      }}
    >
      <i className="pi pi-file-pdf" aria-hidden="true" />
      Source {page}
      <span className="visually-hidden">: {source.fileName ?? "the cited report"}</span>
    </a>
  );
}

function ValueCell({ cell }: { cell: TableCell }) {
  if (cell.text === null) {
    return (
      <td className="ex-cell ex-cell--missing">
        <span className="ex-missing">{cell.missing}</span>
      </td>
    );
  }
  return (
    <td className="ex-cell">
      <span className="ex-value">{cell.text}</span>
      <span className="ex-cell__meta">
        {cell.qaStatus ? <Tag tone={QA_TONES[cell.qaStatus]}>{cell.qaStatus}</Tag> : null}
        {cell.quality ? <span className="ex-quality">{cell.quality}</span> : null}
        {cell.source ? <SourceLink source={cell.source} /> : null}
      </span>
    </td>
  );
}

/**
 * Companies × (data point × period). The headers sort on the server (the whole set, not the page):
 * the company column by name, each period column by its value, missing values last.
 */
export function ExplorerTable({
  table,
  sort,
  onSort,
}: {
  table: Table;
  sort: ExplorerSort | undefined;
  onSort: (sort: ExplorerSort) => void;
}) {
  const nameDirection = !sort ? "asc" : sort.by === "companyName" ? sort.direction : undefined;
  const valueDirection = (dataPoint: string, period: string) =>
    sort?.by === "value" && sort.dataPoint === dataPoint && sort.reportingPeriod === period
      ? sort.direction
      : undefined;

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the page scrolls inside its frame; the frame is a tab stop so keyboard users can scroll it
    <section className="ex-table-wrap" tabIndex={0} aria-label="Explorer results (scrolls sideways)">
      <table className="ex-table">
        <caption className="visually-hidden">
          One row per company and one column per data point and reporting period; the column headers sort the
          whole result
        </caption>
        <thead>
          <tr>
            <th rowSpan={2} scope="col" aria-sort={ariaSort(nameDirection)} className="ex-table__company">
              <button
                type="button"
                className="ex-sort"
                onClick={() =>
                  onSort({ by: "companyName", direction: nameDirection === "asc" ? "desc" : "asc" })
                }
              >
                Company
                <SortIcon sort={ariaSort(nameDirection)} />
              </button>
            </th>
            <th rowSpan={2} scope="col">
              LEI
            </th>
            <th rowSpan={2} scope="col">
              Country
            </th>
            <th rowSpan={2} scope="col">
              Sector
            </th>
            {table.groups.map((group) => (
              <th
                key={group.dataPoint}
                colSpan={group.columns.length}
                scope="colgroup"
                className="ex-table__group"
              >
                <span className="ex-table__label">{group.label}</span>
                {group.unit ? <span className="ex-table__unit"> ({group.unit})</span> : null}
                {group.group ? <span className="ex-table__where">{group.group}</span> : null}
              </th>
            ))}
          </tr>
          <tr>
            {table.columns.map((column) => {
              const direction = valueDirection(column.dataPoint, column.period);
              const label = table.groups.find((group) => group.dataPoint === column.dataPoint)?.label ?? "";
              return (
                <th
                  key={column.index}
                  scope="col"
                  aria-sort={ariaSort(direction)}
                  className="ex-table__period"
                >
                  <button
                    type="button"
                    className="ex-sort"
                    onClick={() =>
                      onSort({
                        by: "value",
                        dataPoint: column.dataPoint,
                        reportingPeriod: column.period,
                        direction: direction === "desc" ? "asc" : "desc",
                      })
                    }
                  >
                    {column.period}
                    <span className="visually-hidden">, {label}</span>
                    <SortIcon sort={ariaSort(direction)} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.companyId}>
              <th scope="row" className="ex-table__company">
                <Link to={`/companies/${row.companyId}`}>{row.companyName}</Link>
              </th>
              <td className="ex-table__lei">{row.lei ?? ""}</td>
              <td>{countryName(row.countryCode)}</td>
              <td>{row.sector ?? ""}</td>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells follow the columns, whose order is the key
                <ValueCell key={index} cell={cell} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
