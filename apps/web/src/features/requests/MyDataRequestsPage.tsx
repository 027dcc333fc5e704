import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { SortableHeader, sortRows, useTableSort } from "../../components/sortable";
import {
  Alert,
  ConfirmDialog,
  EmptyState,
  FilterSearch,
  FilterSelect,
  formatDateTime,
  Pager,
  plural,
  sameLabel,
} from "../../components/workflow";
import { AccessTag, StatusTag } from "./RequestTags";
import {
  type ExtendedStoredDataRequest,
  filterMyRequests,
  frameworkLabel,
  type MyRequestFilters,
  REQUEST_PERIODS,
  REQUEST_STATUSES,
  type RequesterAction,
  requesterActionPatch,
  requesterActions,
  requestFrameworkOptions,
  statusLabel,
} from "./request-model";
import { usePatchRequest } from "./use-request-actions";
import "./Requests.css";

const PAGE_SIZE = 20;

type SortKey = "company" | "framework" | "period" | "status" | "changed";

const sortValueOf: Record<SortKey, (request: ExtendedStoredDataRequest) => string | number> = {
  company: (request) => request.companyName,
  framework: (request) => frameworkLabel(request.dataType),
  period: (request) => request.reportingPeriod,
  status: (request) => statusLabel[request.requestStatus],
  changed: (request) => request.lastModifiedDate,
};

const actionWords: Record<RequesterAction, { button: string; title: string; text: string; done: string }> = {
  withdraw: {
    button: "Withdraw",
    title: "Withdraw this request?",
    text: "Nobody will look for this data for you any more. You can ask again later.",
    done: "withdrawn",
  },
  resolve: {
    button: "Resolve",
    title: "Mark this request as resolved?",
    text: "You confirm that the data answers your request.",
    done: "resolved",
  },
  close: {
    button: "Close",
    title: "Close this request?",
    text: "The request ends without you confirming that the data answers it.",
    done: "closed",
  },
};

/** `/requests` (tab MY DATA REQUESTS): the user's own data requests and what they may do with them. */
export function MyDataRequestsPage() {
  const api = useApi();
  const requests = useQuery({
    queryKey: ["my-requests"],
    queryFn: () => unwrap(api.community.GET("/requests/user")),
  });
  const [filters, setFilters] = useState<MyRequestFilters>({
    search: "",
    framework: "",
    period: "",
    status: "",
  });
  const [page, setPage] = useState(0);
  const [pending, setPending] = useState<{ request: ExtendedStoredDataRequest; action: RequesterAction }>();
  const [done, setDone] = useState<string>();
  const patch = usePatchRequest();

  const { sort, onSort } = useTableSort<SortKey>();
  // All of the user's requests are loaded, so sorting orders every match before paging.
  const filtered = useMemo(
    () => sortRows(filterMyRequests(requests.data ?? [], filters), sort, sortValueOf),
    [requests.data, filters, sort],
  );
  const sortBy = (key: SortKey) => {
    onSort(key);
    setPage(0);
  };
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const rows = filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const update = (next: Partial<MyRequestFilters>) => {
    setFilters((previous) => ({ ...previous, ...next }));
    setPage(0);
  };
  const filtering = Object.values(filters).some(Boolean);

  const confirm = () => {
    if (!pending) return;
    const { request, action } = pending;
    patch.mutate(
      { requestId: request.dataRequestId, patch: { requestStatus: requesterActionPatch[action] } },
      {
        onSuccess: () => {
          setDone(
            `Your request for ${frameworkLabel(request.dataType)} ${request.reportingPeriod} of ${request.companyName} was ${actionWords[action].done}.`,
          );
          setPending(undefined);
        },
      },
    );
  };

  return (
    <PageFrame
      title="My data requests"
      description="The data you have asked for and where each request stands."
    >
      <div className="wf-section__head">
        <p className="wf-muted" style={{ margin: 0 }}>
          Request data on one company from its page, or on many companies at once.
        </p>
        <div className="wf-actions">
          <ButtonLink to="/companies" variant="outlined">
            <i className="pi pi-search" aria-hidden="true" /> Find a company
          </ButtonLink>
          <ButtonLink to="/bulkdatarequest">
            <i className="pi pi-list" aria-hidden="true" /> Bulk data request
          </ButtonLink>
        </div>
      </div>

      {done ? (
        <Alert tone="success">
          <p>{done}</p>
        </Alert>
      ) : null}

      <form
        className="wf-filters"
        aria-label="Filter my data requests"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSearch
          className="wf-field wf-field--wide"
          label="Company"
          placeholder="Company name"
          value={filters.search}
          onChange={(search) => update({ search })}
        />
        <FilterSelect
          className="wf-field"
          label="Framework"
          allLabel="All frameworks"
          value={filters.framework}
          options={requestFrameworkOptions()}
          onChange={(framework) => update({ framework })}
        />
        <FilterSelect
          className="wf-field"
          label="Reporting period"
          allLabel="All periods"
          value={filters.period}
          options={sameLabel(REQUEST_PERIODS)}
          onChange={(period) => update({ period })}
        />
        <FilterSelect
          className="wf-field"
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={REQUEST_STATUSES.map((status) => ({ value: status, label: statusLabel[status] }))}
          onChange={(status) => update({ status })}
        />
        {filtering ? (
          <button
            type="button"
            className="p-button p-component p-button-text p-button-sm wf-filters__reset"
            onClick={() => update({ search: "", framework: "", period: "", status: "" })}
          >
            Clear filters
          </button>
        ) : null}
      </form>

      {requests.isPending ? <LoadingIndicator label="Loading your data requests." /> : null}
      {requests.isError ? (
        <Alert tone="error" title="Your data requests could not be loaded">
          <p>{requests.error.message}</p>
        </Alert>
      ) : null}
      {requests.isSuccess && requests.data.length === 0 ? (
        <EmptyState title="You have not requested any data yet.">
          <p>Open a company's page and choose “Request data”, or ask for many companies at once.</p>
          <ButtonLink to="/bulkdatarequest">Make a bulk data request</ButtonLink>
        </EmptyState>
      ) : null}
      {requests.isSuccess && requests.data.length > 0 ? (
        <>
          <p className="wf-summary" aria-live="polite">
            <span>
              {filtering
                ? `${plural(filtered.length, "request")} of ${requests.data.length} match the filters`
                : plural(filtered.length, "request")}
            </span>
          </p>
          {filtered.length === 0 ? (
            <EmptyState title="No request matches these filters." />
          ) : (
            <div className="wf-table-wrap">
              <table className="wf-table">
                <caption className="visually-hidden">My data requests</caption>
                <thead>
                  <tr>
                    <SortableHeader label="Company" sortKey="company" sort={sort} onSort={sortBy} />
                    <SortableHeader label="Framework" sortKey="framework" sort={sort} onSort={sortBy} />
                    <SortableHeader label="Period" sortKey="period" sort={sort} onSort={sortBy} />
                    <SortableHeader label="Status" sortKey="status" sort={sort} onSort={sortBy} />
                    <SortableHeader label="Last change" sortKey="changed" sort={sort} onSort={sortBy} />
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((request) => {
                    const what = `${frameworkLabel(request.dataType)} ${request.reportingPeriod} of ${request.companyName}`;
                    return (
                      <tr key={request.dataRequestId}>
                        <td>
                          <Link to={`/companies/${request.datalandCompanyId}`}>{request.companyName}</Link>
                        </td>
                        <td>{frameworkLabel(request.dataType)}</td>
                        <td>{request.reportingPeriod}</td>
                        <td>
                          <span className="rq-tags">
                            <StatusTag status={request.requestStatus} />
                            {request.accessStatus !== "Public" ? (
                              <AccessTag access={request.accessStatus} />
                            ) : null}
                          </span>
                        </td>
                        <td>{formatDateTime(request.lastModifiedDate)}</td>
                        <td className="wf-table__actions">
                          <Link
                            to={`/requests/${request.dataRequestId}`}
                            aria-label={`Details of the request for ${what}`}
                          >
                            Details
                          </Link>
                          {requesterActions(request.requestStatus).map((action) => (
                            <button
                              key={action}
                              type="button"
                              className="p-button p-component p-button-outlined p-button-sm"
                              aria-label={`${actionWords[action].button} the request for ${what}`}
                              onClick={() => {
                                patch.reset();
                                setDone(undefined);
                                setPending({ request, action });
                              }}
                            >
                              {actionWords[action].button}
                            </button>
                          ))}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pager label="Pages of my data requests" page={current} pageCount={pageCount} onPage={setPage} />
        </>
      ) : null}

      <ConfirmDialog
        visible={pending !== undefined}
        title={pending ? actionWords[pending.action].title : ""}
        confirmLabel={pending ? actionWords[pending.action].button : ""}
        danger={pending?.action === "withdraw"}
        busy={patch.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(undefined)}
      >
        {pending ? (
          <>
            <p>
              {frameworkLabel(pending.request.dataType)} {pending.request.reportingPeriod} of{" "}
              <strong>{pending.request.companyName}</strong>
            </p>
            <p>{actionWords[pending.action].text}</p>
            {patch.isError ? (
              <Alert tone="error">
                <p>{patch.error.message}</p>
              </Alert>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </PageFrame>
  );
}
