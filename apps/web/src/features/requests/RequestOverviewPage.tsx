import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/community";
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
import { personOrDeletedUser } from "../../lib/people";
import { useDebounced } from "../../lib/use-debounced";
import { rolesAllow, useAuth } from "../auth";
import { type EditableRequest, RequestEditDialog } from "./RequestEditDialog";
import { AccessTag, PriorityTag, StatusTag } from "./RequestTags";
import {
  ACCESS_STATUSES,
  type AccessStatus,
  accessLabel,
  type ExtendedStoredDataRequest,
  frameworkLabel,
  listOrUndefined,
  REQUEST_PERIODS,
  REQUEST_PRIORITIES,
  REQUEST_STATUSES,
  type RequestDataType,
  type RequestPriority,
  type RequestStatus,
  requestFrameworkOptions,
  statusLabel,
} from "./request-model";
import { sourcingTone, useSourcingStates } from "./sourcing";
import "./Requests.css";

type AggregatedPriority = components["schemas"]["AggregatedRequestPriority"];
const AGGREGATED_PRIORITIES: AggregatedPriority[] = [
  "Urgent",
  "VeryHigh",
  "High",
  "Baseline",
  "Normal",
  "Low",
];
const CHUNK_SIZES = [20, 50, 100] as const;

type AggregatedRow = components["schemas"]["AggregatedDataRequestWithAggregatedPriority"];
type AggregatedSortKey = "framework" | "period" | "priority" | "count";
const aggregatedSortValueOf: Record<AggregatedSortKey, (row: AggregatedRow) => string | number> = {
  framework: (row) => (row.dataType ? frameworkLabel(row.dataType) : ""),
  period: (row) => row.reportingPeriod ?? "",
  // Low first when ascending: the order of AGGREGATED_PRIORITIES, most pressing first, reversed.
  priority: (row) => -AGGREGATED_PRIORITIES.indexOf(row.aggregatedPriority as AggregatedPriority),
  count: (row) => row.count,
};
/** A sorted list is loaded whole and paged here; the API pages at most this many requests at once. */
const SORTABLE_LIMIT = 10_000;

type SortKey = "company" | "data" | "requester" | "status" | "priority" | "lastChange";
const PRIORITY_ORDER: Record<RequestPriority, number> = { Low: 0, Baseline: 1, High: 2, Urgent: 3 };
const sortValueOf: Record<SortKey, (request: ExtendedStoredDataRequest) => string | number> = {
  company: (request) => request.companyName,
  data: (request) => `${frameworkLabel(request.dataType)} ${request.reportingPeriod}`,
  requester: (request) => request.userEmailAddress ?? "",
  status: (request) => statusLabel[request.requestStatus],
  priority: (request) => PRIORITY_ORDER[request.requestPriority],
  lastChange: (request) => request.lastModifiedDate,
};

interface Filters {
  frameworks: RequestDataType[];
  statuses: RequestStatus[];
  access: AccessStatus[];
  priorities: RequestPriority[];
  periods: string[];
  company: string;
  companyId: string;
  email: string;
  userId: string;
  adminComment: string;
}

const noFilters: Filters = {
  frameworks: [],
  statuses: [],
  access: [],
  priorities: [],
  periods: [],
  company: "",
  companyId: "",
  email: "",
  userId: "",
  adminComment: "",
};

const text = (value: string) => (value.trim() ? value.trim() : undefined);

/** `/requestoverview` (tab ALL DATA REQUESTS, admins): every request, every filter of the API, changes, and the aggregated view for prioritising. */
export function RequestOverviewPage() {
  const { user } = useAuth();
  const [view, setView] = useState<"list" | "aggregated">("list");
  const [filters, setFilters] = useState<Filters>(noFilters);

  if (!rolesAllow(user, "administer"))
    return (
      <PageFrame title="All data requests" description="Every data request on the platform.">
        <Alert tone="warning" title="For administrators only">
          <p>This page is for Openverde's administrators. Your own requests are under MY DATA REQUESTS.</p>
          <p>
            <Link to="/requests">Go to my data requests</Link>
          </p>
        </Alert>
      </PageFrame>
    );

  return (
    <PageFrame
      title="All data requests"
      description="Every data request on the platform, to prioritise them and follow them through to delivery."
    >
      <fieldset className="wf-tabs">
        <legend className="visually-hidden">View</legend>
        <button type="button" aria-pressed={view === "list"} onClick={() => setView("list")}>
          Requests
        </button>
        <button type="button" aria-pressed={view === "aggregated"} onClick={() => setView("aggregated")}>
          Aggregated for prioritising
        </button>
      </fieldset>
      {view === "list" ? (
        <RequestList filters={filters} setFilters={setFilters} />
      ) : (
        <AggregatedView
          onOpen={(companyId, dataType, period) => {
            setFilters({
              ...noFilters,
              companyId,
              frameworks: dataType ? [dataType] : [],
              periods: period ? [period] : [],
              statuses: ["Open"],
            });
            setView("list");
          }}
        />
      )}
    </PageFrame>
  );
}

function RequestList({ filters, setFilters }: { filters: Filters; setFilters: (next: Filters) => void }) {
  const api = useApi();
  const id = useId();
  const [page, setPage] = useState(0);
  const [chunkSize, setChunkSize] = useState<number>(20);
  const [editing, setEditing] = useState<EditableRequest>();
  const [notice, setNotice] = useState<string>();
  const { sort, onSort } = useTableSort<SortKey>();
  const debounced = useDebounced(filters);
  const query = useMemo(
    () => ({
      dataType: listOrUndefined(debounced.frameworks),
      requestStatus: listOrUndefined(debounced.statuses),
      accessStatus: listOrUndefined(debounced.access),
      requestPriority: listOrUndefined(debounced.priorities),
      reportingPeriods: listOrUndefined(debounced.periods),
      companySearchString: text(debounced.company),
      datalandCompanyId: text(debounced.companyId),
      emailAddress: text(debounced.email),
      userId: text(debounced.userId),
      adminComment: text(debounced.adminComment),
    }),
    [debounced],
  );
  const cleanQuery = useMemo(
    () => Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
    [query],
  );
  const count = useQuery({
    queryKey: ["all-requests", "count", cleanQuery],
    queryFn: () => unwrap(api.community.GET("/requests/numberOfRequests", { params: { query: cleanQuery } })),
  });
  // Unsorted, the server pages the list; sorted, every matching request is loaded once and the
  // sorted list is paged here, so the order holds across pages.
  const sorted = sort !== null;
  const list = useQuery({
    queryKey: ["all-requests", "list", cleanQuery, sorted ? "all" : chunkSize, sorted ? 0 : page],
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.community.GET("/requests", {
          params: {
            query: sorted
              ? { ...cleanQuery, chunkSize: SORTABLE_LIMIT, chunkIndex: 0 }
              : { ...cleanQuery, chunkSize, chunkIndex: page },
          },
        }),
      ),
  });
  const rows = useMemo(() => {
    if (!list.data) return [];
    if (!sorted) return list.data;
    return sortRows(list.data, sort, sortValueOf).slice(page * chunkSize, (page + 1) * chunkSize);
  }, [list.data, sorted, sort, page, chunkSize]);
  const sourcing = useSourcingStates(useMemo(() => rows.map((r) => r.dataRequestId), [rows]));
  const total = count.data ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / chunkSize));
  const update = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(0);
  };
  const sortBy = (key: SortKey) => {
    onSort(key);
    setPage(0);
  };
  const filtering = JSON.stringify(filters) !== JSON.stringify(noFilters);

  const edit = (request: ExtendedStoredDataRequest) =>
    setEditing({
      dataRequestId: request.dataRequestId,
      companyName: request.companyName,
      dataType: request.dataType,
      reportingPeriod: request.reportingPeriod,
      requestStatus: request.requestStatus,
      accessStatus: request.accessStatus,
      requestPriority: request.requestPriority,
      ...(request.adminComment ? { adminComment: request.adminComment } : {}),
    });

  const textField = (
    key: "company" | "companyId" | "email" | "userId" | "adminComment",
    label: string,
    placeholder: string,
  ) => (
    <div className="wf-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="search"
        className="p-inputtext p-component"
        placeholder={placeholder}
        value={filters[key]}
        onChange={(event) => update({ [key]: event.target.value })}
      />
    </div>
  );

  return (
    <>
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      <form
        className="wf-filters"
        aria-label="Filter all data requests"
        onSubmit={(event) => event.preventDefault()}
      >
        {textField("company", "Company", "Name or identifier")}
        {textField("email", "Requester e-mail", "Part of the address")}
        {textField("adminComment", "Admin comment", "Contains")}
        <MultiFilter
          label="Framework"
          options={requestFrameworkOptions()}
          value={filters.frameworks}
          onChange={(v) => update({ frameworks: v })}
        />
        <MultiFilter
          label="Reporting period"
          options={REQUEST_PERIODS.map((p) => ({ value: p, label: p }))}
          value={filters.periods}
          onChange={(v) => update({ periods: v })}
        />
        <MultiFilter
          label="Status"
          options={REQUEST_STATUSES.map((s) => ({ value: s, label: statusLabel[s] }))}
          value={filters.statuses}
          onChange={(v) => update({ statuses: v })}
        />
        <MultiFilter
          label="Access"
          options={ACCESS_STATUSES.map((s) => ({ value: s, label: accessLabel[s] }))}
          value={filters.access}
          onChange={(v) => update({ access: v })}
        />
        <MultiFilter
          label="Priority"
          options={REQUEST_PRIORITIES.map((p) => ({ value: p, label: p }))}
          value={filters.priorities}
          onChange={(v) => update({ priorities: v })}
        />
        {textField("companyId", "Company id", "Openverde company id")}
        {textField("userId", "Requester user id", "User id")}
        {filtering ? (
          <button
            type="button"
            className="p-button p-component p-button-text p-button-sm wf-filters__reset"
            onClick={() => update(noFilters)}
          >
            Clear filters
          </button>
        ) : null}
      </form>

      <div className="wf-summary">
        <span aria-live="polite">
          {count.isSuccess ? (
            <>
              <strong>{plural(total, "request")}</strong> {filtering ? "match the filters" : "in all"}
            </>
          ) : (
            " "
          )}
        </span>
        <label className="wf-actions">
          <span>Per page</span>
          <select
            className="p-inputtext p-component"
            value={chunkSize}
            onChange={(event) => {
              setChunkSize(Number(event.target.value));
              setPage(0);
            }}
          >
            {CHUNK_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isPending ? <LoadingIndicator label="Loading the requests." /> : null}
      {list.isError ? (
        <Alert tone="error" title="The requests could not be loaded">
          <p>{list.error.message}</p>
        </Alert>
      ) : null}
      {list.isSuccess && list.data.length === 0 ? (
        <EmptyState
          title={filtering ? "No request matches these filters." : "Nobody has requested data yet."}
        />
      ) : null}
      {list.isSuccess && list.data.length > 0 ? (
        <div className="wf-table-wrap" aria-busy={list.isFetching}>
          <table className="wf-table">
            <caption className="visually-hidden">All data requests</caption>
            <thead>
              <tr>
                <SortableHeader label="Company" sortKey="company" sort={sort} onSort={sortBy} />
                <SortableHeader label="Data" sortKey="data" sort={sort} onSort={sortBy} />
                <SortableHeader label="Requester" sortKey="requester" sort={sort} onSort={sortBy} />
                <SortableHeader label="Status" sortKey="status" sort={sort} onSort={sortBy} />
                <SortableHeader label="Priority" sortKey="priority" sort={sort} onSort={sortBy} />
                <th scope="col">Sourcing</th>
                <SortableHeader label="Last change" sortKey="lastChange" sort={sort} onSort={sortBy} />
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((request) => {
                const state = sourcing.get(request.dataRequestId);
                return (
                  <tr key={request.dataRequestId}>
                    <td>
                      <Link to={`/companies/${request.datalandCompanyId}`}>{request.companyName}</Link>
                    </td>
                    <td>
                      {frameworkLabel(request.dataType)} {request.reportingPeriod}
                    </td>
                    <td className="rq-overview__requester">
                      {personOrDeletedUser(request.userEmailAddress)}
                      {request.adminComment ? (
                        <span className="wf-table__sub">Comment: {request.adminComment}</span>
                      ) : null}
                    </td>
                    <td>
                      <span className="rq-tags">
                        <StatusTag status={request.requestStatus} />
                        {request.accessStatus !== "Public" ? (
                          <AccessTag access={request.accessStatus} />
                        ) : null}
                      </span>
                    </td>
                    <td>
                      <PriorityTag priority={request.requestPriority} />
                    </td>
                    <td>
                      {state ? (
                        <Tag tone={sourcingTone[state]}>{state}</Tag>
                      ) : (
                        <span className="wf-muted">—</span>
                      )}
                    </td>
                    <td>{formatDateTime(request.lastModifiedDate)}</td>
                    <td className="rq-overview__actions">
                      <Link
                        to={`/requests/${request.dataRequestId}`}
                        aria-label={`Details of the request for ${frameworkLabel(request.dataType)} ${request.reportingPeriod} of ${request.companyName}`}
                      >
                        Details
                      </Link>
                      <button
                        type="button"
                        className="p-button p-component p-button-outlined p-button-sm"
                        aria-label={`Change the request for ${frameworkLabel(request.dataType)} ${request.reportingPeriod} of ${request.companyName}`}
                        onClick={() => edit(request)}
                      >
                        Change
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        label="Pages of all data requests"
        page={Math.min(page, pageCount - 1)}
        pageCount={pageCount}
        onPage={setPage}
      />
      <RequestEditDialog request={editing} onClose={() => setEditing(undefined)} onSaved={setNotice} />
    </>
  );
}

function AggregatedView({
  onOpen,
}: {
  onOpen: (companyId: string, dataType: RequestDataType | undefined, period: string | undefined) => void;
}) {
  const api = useApi();
  const id = useId();
  const [frameworks, setFrameworks] = useState<RequestDataType[]>([]);
  const [period, setPeriod] = useState("");
  const [priority, setPriority] = useState<AggregatedPriority | "">("");
  const aggregated = useQuery({
    queryKey: ["all-requests", "aggregated", frameworks, period, priority],
    queryFn: () =>
      unwrap(
        api.community.GET("/requests/aggregated", {
          params: {
            query: {
              ...(frameworks.length ? { dataTypes: frameworks } : {}),
              ...(period ? { reportingPeriod: period } : {}),
              ...(priority ? { aggregatedPriority: priority } : {}),
            },
          },
        }),
      ),
  });
  const { sort, onSort } = useTableSort<AggregatedSortKey>();
  // Most asked for first, unless the reader sorts by a column; over every row, before the first 100 are cut.
  const rows = useMemo(() => {
    const byCount = [...(aggregated.data ?? [])].sort((a, b) => b.count - a.count);
    return sortRows(byCount, sort, aggregatedSortValueOf);
  }, [aggregated.data, sort]);
  const companyIds = useMemo(() => [...new Set(rows.slice(0, 100).map((r) => r.datalandCompanyId))], [rows]);
  const names = useQueries({
    queries: companyIds.map((companyId) => ({
      queryKey: ["company", companyId],
      staleTime: 60_000,
      retry: false,
      queryFn: () => unwrap(api.backend.GET("/companies/{companyId}", { params: { path: { companyId } } })),
    })),
  });
  const nameOf = (companyId: string) => {
    const index = companyIds.indexOf(companyId);
    return names[index]?.data?.companyInformation.companyName ?? companyId;
  };
  const max = Math.max(1, ...rows.map((row) => row.count));

  return (
    <>
      <p className="wf-muted">
        Open requests counted per company, framework and period, most asked for first: where sourcing helps
        most people.
      </p>
      <form
        className="wf-filters"
        aria-label="Filter the aggregated view"
        onSubmit={(event) => event.preventDefault()}
      >
        <MultiFilter
          label="Framework"
          options={requestFrameworkOptions()}
          value={frameworks}
          onChange={setFrameworks}
        />
        <div className="wf-field">
          <label htmlFor={`${id}-period`}>Reporting period</label>
          <select
            id={`${id}-period`}
            className="p-inputtext p-component"
            value={period}
            onChange={(e) => setPeriod(e.target.value)}
          >
            <option value="">All periods</option>
            {REQUEST_PERIODS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="wf-field">
          <label htmlFor={`${id}-priority`}>Aggregated priority</label>
          <select
            id={`${id}-priority`}
            className="p-inputtext p-component"
            value={priority}
            onChange={(e) => setPriority(e.target.value as AggregatedPriority | "")}
          >
            <option value="">Any priority</option>
            {AGGREGATED_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {p === "VeryHigh" ? "Very high" : p}
              </option>
            ))}
          </select>
        </div>
      </form>
      {aggregated.isPending ? <LoadingIndicator label="Counting open requests." /> : null}
      {aggregated.isError ? (
        <Alert tone="error" title="The aggregated view could not be loaded">
          <p>{aggregated.error.message}</p>
        </Alert>
      ) : null}
      {aggregated.isSuccess && rows.length === 0 ? <EmptyState title="No open requests match." /> : null}
      {rows.length > 0 ? (
        <div className="wf-table-wrap">
          <table className="wf-table">
            <caption className="visually-hidden">
              Open requests aggregated by company, framework and period
            </caption>
            <thead>
              <tr>
                <th scope="col">Company</th>
                <SortableHeader label="Framework" sortKey="framework" sort={sort} onSort={onSort} />
                <SortableHeader label="Period" sortKey="period" sort={sort} onSort={onSort} />
                <SortableHeader label="Aggregated priority" sortKey="priority" sort={sort} onSort={onSort} />
                <SortableHeader label="Open requests" sortKey="count" sort={sort} onSort={onSort} />
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, 100).map((row) => (
                <tr
                  key={`${row.datalandCompanyId}-${row.dataType}-${row.reportingPeriod}-${row.aggregatedPriority}`}
                >
                  <td>
                    <Link to={`/companies/${row.datalandCompanyId}`}>{nameOf(row.datalandCompanyId)}</Link>
                  </td>
                  <td>{row.dataType ? frameworkLabel(row.dataType) : "—"}</td>
                  <td>{row.reportingPeriod ?? "—"}</td>
                  <td>
                    <Tag
                      tone={
                        row.aggregatedPriority === "Urgent" || row.aggregatedPriority === "VeryHigh"
                          ? "accent"
                          : row.aggregatedPriority === "High"
                            ? "warning"
                            : "neutral"
                      }
                    >
                      {row.aggregatedPriority === "VeryHigh" ? "Very high" : row.aggregatedPriority}
                    </Tag>
                  </td>
                  <td>
                    <span
                      className="rq-bar"
                      style={{ width: `${Math.max(4, (row.count / max) * 120)}px` }}
                      aria-hidden="true"
                    />
                    {row.count}
                  </td>
                  <td className="wf-table__actions">
                    <button
                      type="button"
                      className="p-button p-component p-button-text p-button-sm"
                      onClick={() => onOpen(row.datalandCompanyId, row.dataType, row.reportingPeriod)}
                    >
                      Show requests
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows.length > 100 ? <p className="wf-muted">The 100 most requested combinations are shown.</p> : null}
    </>
  );
}
