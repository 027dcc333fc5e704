import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { DocumentOpenerProvider, useDocumentLoader } from "../../components/framework-view/document-opener";
import { saveFile } from "../../components/framework-view/export";
import { PageFrame } from "../../components/PageFrame";
import { Alert, CheckboxGroup, Pager } from "../../components/workflow";
import { useAuth } from "../auth";
import { CompanyPicker } from "./CompanyPicker";
import { DataPointPicker } from "./DataPointPicker";
import { dataPointChoice } from "./data-point-catalogue";
import { ExplorerCharts } from "./ExplorerCharts";
import { ExplorerTable } from "./ExplorerTable";
import {
  changeSelection,
  type ExploreSelection,
  MAX_PERIODS,
  PAGE_SIZES,
  readSelection,
  tableQuery,
  writeSelection,
} from "./explore-state";
import { exportTable, useExplorerQuery } from "./explorer-api";
import type { ExplorerQueryRequest, ExportFormat } from "./explorer-types";
import { buildTable } from "./table-model";
import "./Explore.css";

/** The chart data holds at most this many companies (the API's largest chunk). */
const CHART_COMPANIES = 1000;
const FIRST_PERIOD = 2015;

const periodOptions = () => {
  const latest = new Date().getFullYear();
  return Array.from({ length: latest - FIRST_PERIOD + 1 }, (_, index) => String(FIRST_PERIOD + index)).map(
    (period) => ({ value: period, label: period }),
  );
};

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: "csv", label: "CSV" },
  { format: "xlsx", label: "Excel" },
  { format: "json", label: "JSON" },
];

function ExportButtons({ request, total }: { request: ExplorerQueryRequest; total: number }) {
  const { getAccessToken } = useAuth();
  const [busy, setBusy] = useState<ExportFormat>();
  const [error, setError] = useState<string>();
  const download = async (format: ExportFormat) => {
    setBusy(format);
    setError(undefined);
    try {
      const { blob, fileName } = await exportTable(request, format, await getAccessToken());
      saveFile(blob, blob.type, fileName);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The download failed.");
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <div className="ex-exports">
      <fieldset className="ex-exports__buttons">
        <legend className="ex-exports__label">
          Download<span className="visually-hidden"> the whole table ({total} companies)</span>
        </legend>
        {EXPORTS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="p-button p-component p-button-outlined p-button-sm"
            disabled={busy !== undefined}
            onClick={() => void download(format)}
          >
            <i className="pi pi-download" aria-hidden="true" /> {busy === format ? "Preparing…" : label}
          </button>
        ))}
      </fieldset>
      {error ? (
        <p className="ex-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * `/explore`: any data points of one framework across many companies and periods, as one table with
 * charts; everything chosen lives in the address.
 */
export function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => readSelection(params), [params]);
  // Rendered at once, not as a transition: the next choice, made before a deferred render, would
  // otherwise start from the selection without this one and undo it.
  const update = (change: Partial<ExploreSelection>) =>
    setParams(writeSelection(changeSelection(selection, change)), { flushSync: true });
  const query = tableQuery(selection);
  const request = "missing" in query ? undefined : query;
  const result = useExplorerQuery(request, "table");
  const table = useMemo(
    () => (result.data ? buildTable(selection.framework, result.data) : undefined),
    [result.data, selection.framework],
  );

  const numericChoices = selection.dataPoints
    .map((path) => dataPointChoice(selection.framework, path))
    .filter((choice) => choice?.numeric === true) as NonNullable<ReturnType<typeof dataPointChoice>>[];
  const chartChoice =
    numericChoices.find((choice) => choice.path === selection.chartDataPoint) ?? numericChoices[0];
  const chartPeriod = selection.chartPeriod ?? selection.periods.at(-1);
  const chartRequest: ExplorerQueryRequest | undefined =
    request && chartChoice && chartPeriod
      ? {
          ...request,
          dataPoints: [chartChoice.path],
          sort: { by: "value", dataPoint: chartChoice.path, reportingPeriod: chartPeriod, direction: "desc" },
          chunkSize: CHART_COMPANIES,
          chunkIndex: 0,
        }
      : undefined;
  const chartResult = useExplorerQuery(chartRequest, "chart");
  const chartTable = useMemo(
    () => (chartResult.data ? buildTable(selection.framework, chartResult.data) : undefined),
    [chartResult.data, selection.framework],
  );
  const loader = useDocumentLoader(selection.framework);
  const total = result.data?.totalCompanies ?? 0;
  const pageCount = Math.ceil(total / selection.pageSize);

  return (
    <PageFrame
      title="Data explorer"
      description="Compare any data points of a framework across many companies and reporting periods: pick them, read the values with their sources, sort, chart and download them."
    >
      <div className="ex-selection">
        <DataPointPicker
          framework={selection.framework}
          chosen={selection.dataPoints}
          onFramework={(framework) => update({ framework })}
          onChosen={(dataPoints) => update({ dataPoints })}
        />
        <div className="ex-selection__side">
          <CompanyPicker selection={selection} onChange={update} />
          <div className="ex-box">
            <CheckboxGroup
              legend="Reporting periods"
              hint={`At most ${MAX_PERIODS}.`}
              compact
              options={periodOptions()}
              selected={selection.periods}
              onChange={(periods) => update({ periods })}
            />
          </div>
        </div>
      </div>

      <section className="ex-results" aria-labelledby="ex-results-heading" aria-busy={result.isFetching}>
        <div className="ex-section-head">
          <h2 id="ex-results-heading">Results</h2>
          {request && result.data ? <ExportButtons request={request} total={total} /> : null}
        </div>
        {"missing" in query ? (
          <Alert tone="info" title="What the table still needs">
            <ul>
              {query.missing.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {result.isError ? (
          <p className="ex-error" role="alert">
            {result.error.message}
          </p>
        ) : null}
        {request && result.isPending ? <p className="ex-muted">Loading the values…</p> : null}
        {request && table ? (
          <>
            <p className="ex-summary" aria-live="polite">
              {total.toLocaleString("en-GB")} {total === 1 ? "company" : "companies"} ·{" "}
              {selection.dataPoints.length} {selection.dataPoints.length === 1 ? "data point" : "data points"}{" "}
              × {selection.periods.length} {selection.periods.length === 1 ? "period" : "periods"}
              {pageCount > 1 ? ` · page ${selection.page + 1} of ${pageCount}` : ""}
            </p>
            {table.rows.length ? (
              <DocumentOpenerProvider loader={loader}>
                <ExplorerTable table={table} sort={selection.sort} onSort={(sort) => update({ sort })} />
              </DocumentOpenerProvider>
            ) : (
              <p className="ex-muted">No company matches the selection.</p>
            )}
            <div className="ex-paging">
              <Pager
                label="Pages of the results"
                page={selection.page}
                pageCount={pageCount}
                onPage={(page) => update({ page })}
              />
              <div className="ex-field ex-field--inline">
                <label htmlFor="ex-page-size">Companies per page</label>
                <select
                  id="ex-page-size"
                  className="p-inputtext p-component"
                  value={selection.pageSize}
                  onChange={(event) => update({ pageSize: Number(event.target.value) })}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </>
        ) : null}
      </section>

      {request && chartChoice && chartPeriod && table?.rows.length ? (
        <ExplorerCharts
          table={chartTable}
          dataPoint={chartChoice}
          period={chartPeriod}
          choices={numericChoices}
          onChange={(change) => update({ ...change, page: selection.page })}
          truncated={(chartResult.data?.totalCompanies ?? 0) > CHART_COMPANIES}
        />
      ) : null}
    </PageFrame>
  );
}
