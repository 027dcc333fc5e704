import type { FrameworkId } from "@openverde/frameworks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { ApiError, unwrap, useApi } from "../../api";
import { QaStatusTag } from "../../components/framework-view";
import { Alert, ConfirmDialog, EmptyState, Pager, plural } from "../../components/workflow";
import { type DataPointRow, dataPointRows, needsIfMatch, type QaStatus } from "./qa-model";

const PAGE_SIZE = 25;

/** Verdicts on single data points of a dataset: each data point's state, accept or reject one by one. */
export function DataPointVerdicts({
  dataId,
  frameworkId,
  companyId,
  reportingPeriod,
  readOnly,
}: {
  dataId: string;
  frameworkId: FrameworkId;
  companyId: string;
  reportingPeriod: string;
  readOnly: boolean;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [search, setSearch] = useState("");
  const [onlyPending, setOnlyPending] = useState(false);
  const [page, setPage] = useState(0);
  const [judging, setJudging] = useState<{ row: DataPointRow; status: QaStatus }>();
  const [comment, setComment] = useState("");
  const [message, setMessage] = useState<{ tone: "success" | "error" | "warning"; text: string }>();

  const contained = useQuery({
    queryKey: ["qa-data-points", dataId, "contained"],
    retry: false,
    queryFn: () =>
      unwrap(api.backend.GET("/metadata/{dataId}/data-points", { params: { path: { dataId } } })) as Promise<
        Record<string, string>
      >,
  });
  const reviews = useQuery({
    queryKey: ["qa-data-points", dataId, "reviews"],
    retry: false,
    queryFn: () =>
      unwrap(
        api.qa.GET("/data-points", {
          params: {
            query: {
              companyId,
              dataType: frameworkId,
              reportingPeriod,
              showOnlyActive: true,
              chunkSize: 1000,
              chunkIndex: 0,
            },
          },
        }),
      ),
  });
  const rows = useMemo(
    () => (contained.data ? dataPointRows(frameworkId, contained.data, reviews.data ?? []) : []),
    [contained.data, reviews.data, frameworkId],
  );
  const needle = search.trim().toLowerCase();
  const filtered = rows
    .filter((row) => !onlyPending || row.qaStatus === "Pending")
    .filter((row) => !needle || `${row.label} ${row.section}`.toLowerCase().includes(needle));
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pageCount - 1);
  const counts: Partial<Record<QaStatus, number>> = {};
  for (const row of rows) counts[row.qaStatus] = (counts[row.qaStatus] ?? 0) + 1;

  const judge = useMutation({
    mutationFn: async ({ row, status }: { row: DataPointRow; status: QaStatus }) => {
      let ifMatch: string | undefined;
      if (needsIfMatch(row.qaStatus)) {
        const state = await api.qa.GET("/data-points/{dataPointId}", {
          params: { path: { dataPointId: row.dataPointId } },
        });
        ifMatch = state.response.headers.get("etag") ?? undefined;
      }
      await unwrap(
        api.qa.POST("/data-points/{dataPointId}", {
          params: {
            path: { dataPointId: row.dataPointId },
            query: { qaStatus: status, ...(comment.trim() ? { comment: comment.trim() } : {}) },
            ...(ifMatch ? { header: { "if-match": ifMatch } } : {}),
          },
        }),
      );
    },
    onSuccess: (_, { row, status }) => {
      setMessage({ tone: "success", text: `“${row.label}” is now ${status.toLowerCase()}.` });
      setJudging(undefined);
      setComment("");
      return queryClient.invalidateQueries({ queryKey: ["qa-data-points", dataId] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setMessage({
          tone: "warning",
          text: `${error.message} Someone judged this data point meanwhile; the list was reloaded.`,
        });
        setJudging(undefined);
        return queryClient.invalidateQueries({ queryKey: ["qa-data-points", dataId] });
      }
      return undefined;
    },
  });

  return (
    <section className="wf-section qa-points" aria-labelledby={`${id}-heading`}>
      <div className="wf-section__head">
        <h2 id={`${id}-heading`}>Data point verdicts</h2>
        {rows.length > 0 ? (
          <span className="wf-muted">
            {plural(rows.length, "data point")}: {counts.Pending ?? 0} awaiting review, {counts.Accepted ?? 0}{" "}
            accepted, {counts.Rejected ?? 0} rejected
          </span>
        ) : null}
      </div>
      <p className="wf-muted">
        Judge single data points where the dataset as a whole is not the right unit, e.g. to reject one wrong
        value.
      </p>
      {message ? (
        <Alert tone={message.tone}>
          <p>{message.text}</p>
        </Alert>
      ) : null}
      {contained.isError ? (
        <Alert tone="error" title="The data points could not be loaded">
          <p>{contained.error.message}</p>
        </Alert>
      ) : null}
      {contained.isSuccess && rows.length === 0 ? (
        <EmptyState title="This dataset has no data points of its own." />
      ) : null}
      {rows.length > 0 ? (
        <>
          <form
            className="wf-filters"
            aria-label="Filter data points"
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="wf-field wf-field--wide">
              <label htmlFor={`${id}-search`}>Data point</label>
              <input
                id={`${id}-search`}
                type="search"
                className="p-inputtext p-component"
                placeholder="Find by name or section"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(0);
                }}
              />
            </div>
            <label className="wf-check wf-check--inline">
              <input
                type="checkbox"
                checked={onlyPending}
                onChange={(event) => {
                  setOnlyPending(event.target.checked);
                  setPage(0);
                }}
              />
              <span>Only those awaiting review</span>
            </label>
          </form>
          {filtered.length === 0 ? (
            <EmptyState title="No data point matches." />
          ) : (
            <div className="wf-table-wrap">
              <table className="wf-table">
                <caption className="visually-hidden">
                  Data points of the dataset and their review state
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Data point</th>
                    <th scope="col">Status</th>
                    {readOnly ? null : (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE).map((row) => (
                    <tr key={row.dataPointId}>
                      <td>
                        {row.label}
                        <span className="wf-table__sub">{row.section}</span>
                      </td>
                      <td>
                        <QaStatusTag status={row.qaStatus} />
                        {row.comment ? <span className="wf-table__sub">{row.comment}</span> : null}
                      </td>
                      {readOnly ? null : (
                        <td className="wf-table__actions">
                          <button
                            type="button"
                            className="p-button p-component p-button-outlined p-button-sm"
                            disabled={row.qaStatus === "Accepted"}
                            aria-label={`Accept ${row.label}`}
                            onClick={() => {
                              judge.reset();
                              setComment("");
                              setJudging({ row, status: "Accepted" });
                            }}
                          >
                            Accept
                          </button>
                          <button
                            type="button"
                            className="p-button p-component p-button-outlined p-button-danger p-button-sm"
                            disabled={row.qaStatus === "Rejected"}
                            aria-label={`Reject ${row.label}`}
                            onClick={() => {
                              judge.reset();
                              setComment("");
                              setJudging({ row, status: "Rejected" });
                            }}
                          >
                            Reject
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager label="Pages of data points" page={current} pageCount={pageCount} onPage={setPage} />
        </>
      ) : null}
      <ConfirmDialog
        visible={judging !== undefined}
        title={judging ? `${judging.status === "Accepted" ? "Accept" : "Reject"} this data point?` : ""}
        confirmLabel={judging?.status === "Accepted" ? "Accept data point" : "Reject data point"}
        danger={judging?.status === "Rejected"}
        busy={judge.isPending}
        onConfirm={() => {
          if (!judging) return;
          if (judging.status === "Rejected" && !comment.trim()) {
            document.getElementById(`${id}-comment`)?.focus();
            return;
          }
          judge.mutate(judging);
        }}
        onCancel={() => setJudging(undefined)}
      >
        {judging ? (
          <>
            <p>
              <strong>{judging.row.label}</strong>
              <br />
              <span className="wf-muted">{judging.row.section}</span>
            </p>
            <div className="wf-field">
              <label htmlFor={`${id}-comment`}>
                Comment{judging.status === "Rejected" ? " (required: say what is wrong)" : " (optional)"}
              </label>
              <textarea
                id={`${id}-comment`}
                className="p-inputtext p-component"
                rows={3}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            </div>
            {judge.isError ? (
              <Alert tone="error">
                <p>{judge.error.message}</p>
              </Alert>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
