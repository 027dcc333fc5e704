import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import {
  Alert,
  EmptyState,
  FilterSearch,
  FilterSelect,
  formatDateTime,
  Pager,
  plural,
} from "../../components/workflow";
import { DELETED_USER } from "../../lib/people";
import { useDebounced } from "../../lib/use-debounced";
import { ACTION_OPTIONS, actionLabel, changeSummary, dayBoundary, OBJECT_TYPE_OPTIONS } from "./admin-model";

const CHUNK_SIZE = 50;

interface Filters {
  action: string;
  objectType: string;
  objectId: string;
  fromDay: string;
  toDay: string;
}

const noFilters: Filters = { action: "", objectType: "", objectId: "", fromDay: "", toDay: "" };

/** The Audit trail section: the privileged changes, newest first, with filters and a CSV export. */
export function AuditTrailSection() {
  const api = useApi();
  const id = useId();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [page, setPage] = useState(0);
  const objectId = useDebounced(filters.objectId.trim(), 300);
  const update = (change: Partial<Filters>) => {
    setFilters({ ...filters, ...change });
    setPage(0);
  };
  const from = dayBoundary(filters.fromDay);
  const to = dayBoundary(filters.toDay, true);
  const query = {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.objectType ? { objectType: filters.objectType } : {}),
    ...(objectId ? { objectId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const trail = useQuery({
    queryKey: ["admin-audit", query, page],
    queryFn: () =>
      unwrap(
        api.admin.GET("/audit-trail", {
          params: { query: { ...query, chunkSize: CHUNK_SIZE, chunkIndex: page } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: async () => {
      const { data, response } = await api.admin.GET("/audit-trail/export", {
        params: { query },
        parseAs: "blob",
      });
      if (!response.ok || !data) throw new Error(`The export failed (${response.status}).`);
      const url = URL.createObjectURL(data as Blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = "openverde-audit-trail.csv";
      link.click();
      URL.revokeObjectURL(url);
    },
  });
  const filtering = Object.values(filters).some((value) => value !== "");
  const total = trail.data?.totalCount ?? 0;

  return (
    <section aria-labelledby={`${id}-trail`}>
      <h2 id={`${id}-trail`} className="visually-hidden">
        Audit trail
      </h2>
      <form
        className="wf-filters"
        aria-label="Filter the audit trail"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelect
          className="wf-field"
          label="Action"
          allLabel="All actions"
          value={filters.action}
          options={ACTION_OPTIONS}
          onChange={(action) => update({ action })}
        />
        <FilterSelect
          className="wf-field"
          label="Object type"
          allLabel="All objects"
          value={filters.objectType}
          options={OBJECT_TYPE_OPTIONS}
          onChange={(objectType) => update({ objectType })}
        />
        <FilterSearch
          className="wf-field"
          label="Object id"
          placeholder="A user, company or key id"
          value={filters.objectId}
          onChange={(value) => update({ objectId: value })}
        />
        <div className="wf-field">
          <label htmlFor={`${id}-from`}>From (UTC)</label>
          <input
            id={`${id}-from`}
            type="date"
            className="p-inputtext p-component"
            value={filters.fromDay}
            onChange={(event) => update({ fromDay: event.target.value })}
          />
        </div>
        <div className="wf-field">
          <label htmlFor={`${id}-to`}>To (UTC)</label>
          <input
            id={`${id}-to`}
            type="date"
            className="p-inputtext p-component"
            value={filters.toDay}
            onChange={(event) => update({ toDay: event.target.value })}
          />
        </div>
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
      <div className="wf-summary admin-summary">
        <span aria-live="polite">
          {trail.isSuccess ? (
            <>
              <strong>{plural(total, "entry", "entries")}</strong>{" "}
              {filtering ? "match the filters" : "in all"}
            </>
          ) : (
            " "
          )}
        </span>
        <button
          type="button"
          className="p-button p-component p-button-outlined p-button-sm"
          onClick={() => exportCsv.mutate()}
          disabled={exportCsv.isPending || total === 0}
        >
          <i className="pi pi-download" aria-hidden="true" />
          <span>Export as CSV</span>
        </button>
      </div>
      {exportCsv.isError ? (
        <Alert tone="error" title="The export failed">
          <p>{exportCsv.error.message}</p>
        </Alert>
      ) : null}
      {trail.isPending ? <LoadingIndicator label="Loading the audit trail." /> : null}
      {trail.isError ? (
        <Alert tone="error" title="The audit trail could not be loaded">
          <p>{trail.error.message}</p>
        </Alert>
      ) : null}
      {trail.isSuccess && trail.data.entries.length === 0 ? (
        <EmptyState
          title={filtering ? "No entry matches these filters." : "Nothing has been recorded yet."}
        />
      ) : null}
      {trail.isSuccess && trail.data.entries.length > 0 ? (
        <div className="wf-table-wrap" aria-busy={trail.isFetching}>
          <table className="wf-table admin-audit">
            <caption className="visually-hidden">Audit trail, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {trail.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="admin-audit__when">{formatDateTime(Date.parse(entry.at))}</td>
                  <td>
                    {entry.actorName}
                    {entry.actorDeleted ? <div className="wf-muted">{DELETED_USER}</div> : null}
                  </td>
                  <td>{actionLabel(entry.action)}</td>
                  <td>
                    {entry.objectType}
                    <div className="wf-muted admin-audit__id">{entry.objectId}</div>
                  </td>
                  <td className="admin-audit__change">{changeSummary(entry.before, entry.after) || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        label="Pages of the audit trail"
        page={page}
        pageCount={Math.ceil(total / CHUNK_SIZE)}
        onPage={setPage}
      />
    </section>
  );
}
