import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/qa";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { SortableHeader, sortRows, useTableSort } from "../../components/sortable";
import {
  Alert,
  EmptyState,
  formatDateTime,
  MultiFilter,
  Pager,
  plural,
  Tag,
} from "../../components/workflow";
import { useDebounced } from "../../lib/use-debounced";
import { useAuth } from "../auth";
import {
  frameworkLabel,
  REQUEST_PERIODS,
  type RequestDataType,
  requestFrameworkOptions,
} from "../requests/request-model";
import { isOwnUpload, priorityOfWaitingRequests, QA_PAGE_SIZE } from "./qa-model";

type SortKey = "company" | "framework" | "period" | "uploaded" | "waiting";

type QueueEntry = components["schemas"]["QaReviewResponse"];

const sortValueOf: Record<SortKey, (entry: QueueEntry) => string | number | undefined> = {
  company: (entry) => entry.companyName,
  framework: (entry) => frameworkLabel(entry.framework),
  period: (entry) => entry.reportingPeriod,
  uploaded: (entry) => entry.timestamp,
  // 1 is the most urgent request; datasets nobody waits for have no value and go last.
  waiting: (entry) => entry.priorityOfAssociatedDataSourcing ?? undefined,
};

/** The queue of datasets awaiting review, oldest upload first, with filters and the unreviewed count. */
export function ReviewQueue() {
  const api = useApi();
  const { user } = useAuth();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const frameworks = params.getAll("framework") as RequestDataType[];
  const periods = params.getAll("period");
  const company = params.get("company") ?? "";
  const page = Math.max(0, Number(params.get("page") ?? "1") - 1) || 0;
  const [companyText, setCompanyText] = useState(company);
  const debouncedCompany = useDebounced(companyText);

  const setFilter = (next: { framework?: string[]; period?: string[]; company?: string; page?: number }) => {
    const updated = new URLSearchParams(params);
    if (next.framework) {
      updated.delete("framework");
      for (const value of next.framework) updated.append("framework", value);
    }
    if (next.period) {
      updated.delete("period");
      for (const value of next.period) updated.append("period", value);
    }
    if (next.company !== undefined) {
      if (next.company) updated.set("company", next.company);
      else updated.delete("company");
    }
    if (next.page && next.page > 0) updated.set("page", String(next.page + 1));
    else updated.delete("page");
    setParams(updated, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the typed name updates the address
  useEffect(() => {
    if (debouncedCompany.trim() !== (params.get("company") ?? ""))
      setFilter({ company: debouncedCompany.trim() });
  }, [debouncedCompany]);

  const filterQuery = {
    ...(frameworks.length ? { dataTypes: frameworks } : {}),
    ...(periods.length ? { reportingPeriods: periods } : {}),
    ...(company ? { companyName: company } : {}),
  };
  const count = useQuery({
    queryKey: ["qa-queue", "count", filterQuery],
    queryFn: () => unwrap(api.qa.GET("/numberOfUnreviewedDatasets", { params: { query: filterQuery } })),
  });
  const queue = useQuery({
    queryKey: ["qa-queue", "list", filterQuery, page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.qa.GET("/datasets", {
          params: { query: { ...filterQuery, chunkSize: QA_PAGE_SIZE, chunkIndex: page } },
        }),
      ),
  });
  const { sort, onSort } = useTableSort<SortKey>();
  // The server pages the queue oldest upload first and cannot order it otherwise: a header sorts
  // the datasets of the page shown.
  const rows = sortRows(queue.data ?? [], sort, sortValueOf);
  const total = count.data ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / QA_PAGE_SIZE));
  const filtering = frameworks.length > 0 || periods.length > 0 || company !== "";

  return (
    <PageFrame
      title="Quality assurance"
      description="Datasets waiting for review: check them against their sources, then accept or reject them."
    >
      <div className="wf-section__head">
        <div className="wf-count" aria-live="polite">
          <span className="wf-count__number">{count.isSuccess ? total : "…"}</span>
          <span>
            {total === 1 ? "dataset awaits" : "datasets await"} review{filtering ? " with these filters" : ""}
          </span>
        </div>
      </div>
      <form
        className="wf-filters"
        aria-label="Filter the review queue"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="wf-field wf-field--wide">
          <label htmlFor={`${id}-company`}>Company name</label>
          <input
            id={`${id}-company`}
            type="search"
            className="p-inputtext p-component"
            placeholder="Part of the name"
            value={companyText}
            onChange={(event) => setCompanyText(event.target.value)}
          />
        </div>
        <MultiFilter
          label="Framework"
          options={requestFrameworkOptions()}
          value={frameworks}
          onChange={(value) => setFilter({ framework: value })}
        />
        <MultiFilter
          label="Reporting period"
          options={REQUEST_PERIODS.map((period) => ({ value: period, label: period }))}
          value={periods}
          onChange={(value) => setFilter({ period: value })}
        />
        {filtering ? (
          <button
            type="button"
            className="p-button p-component p-button-text p-button-sm wf-filters__reset"
            onClick={() => {
              setCompanyText("");
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            Clear filters
          </button>
        ) : null}
      </form>

      {queue.isPending ? <LoadingIndicator label="Loading the review queue." /> : null}
      {queue.isError ? (
        <Alert tone="error" title="The review queue could not be loaded">
          <p>{queue.error.message}</p>
        </Alert>
      ) : null}
      {queue.isSuccess && queue.data.length === 0 ? (
        <EmptyState
          title={filtering ? "No dataset awaiting review matches these filters." : "Nothing to review."}
        >
          <p>
            {filtering
              ? "Clear the filters to see the whole queue."
              : "Every uploaded dataset has been reviewed."}
          </p>
        </EmptyState>
      ) : null}
      {queue.isSuccess && queue.data.length > 0 ? (
        <div className="wf-table-wrap" aria-busy={queue.isFetching}>
          <table className="wf-table">
            <caption className="visually-hidden">
              Datasets awaiting review, oldest upload first; the column headers sort the datasets of this page
            </caption>
            <thead>
              <tr>
                <SortableHeader label="Company" sortKey="company" sort={sort} onSort={onSort} />
                <SortableHeader label="Framework" sortKey="framework" sort={sort} onSort={onSort} />
                <SortableHeader label="Period" sortKey="period" sort={sort} onSort={onSort} />
                <SortableHeader label="Uploaded" sortKey="uploaded" sort={sort} onSort={onSort} />
                <SortableHeader label="Waiting requests" sortKey="waiting" sort={sort} onSort={onSort} />
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => {
                const priority = priorityOfWaitingRequests(entry.priorityOfAssociatedDataSourcing);
                const own = isOwnUpload(entry.triggeringUserId, user?.sub);
                const what = `${frameworkLabel(entry.framework)} ${entry.reportingPeriod} of ${entry.companyName}`;
                return (
                  <tr key={entry.dataId}>
                    <td>
                      {entry.companyName}
                      {own ? (
                        <span className="wf-table__sub">Your own upload: someone else reviews it</span>
                      ) : null}
                    </td>
                    <td>{frameworkLabel(entry.framework)}</td>
                    <td>{entry.reportingPeriod}</td>
                    <td>{formatDateTime(entry.timestamp)}</td>
                    <td>
                      {priority ? (
                        <Tag tone={priority.tone}>{priority.label}</Tag>
                      ) : (
                        <span className="wf-muted">None</span>
                      )}
                    </td>
                    <td className="wf-table__actions">
                      <Link
                        to={`/qualityassurance?dataId=${encodeURIComponent(entry.dataId)}`}
                        className={`p-button p-component p-button-sm button-link${own ? " p-button-outlined" : ""}`}
                        aria-label={`${own ? "View" : "Review"} ${what}`}
                      >
                        {own ? "View" : "Review"}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        label="Pages of the review queue"
        page={Math.min(page, pageCount - 1)}
        pageCount={pageCount}
        onPage={(next) => setFilter({ page: next })}
      />
      {queue.isSuccess && total > 0 ? (
        <p className="wf-muted" style={{ marginTop: "1rem", fontSize: "0.9rem" }}>
          {plural(total, "dataset")} in the queue, oldest upload first
          {sort ? "; the column you chose sorts the datasets of this page" : ""}.
        </p>
      ) : null}
    </PageFrame>
  );
}
