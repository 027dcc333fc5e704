import { type FrameworkId, getFramework } from "@openverde/frameworks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { ApiError, unwrap, useApi } from "../../api";
import { Breadcrumb } from "../../components/Breadcrumb";
import {
  type DatasetColumn,
  DocumentOpenerProvider,
  FrameworkView,
  QaStatusTag,
  useDocumentLoader,
} from "../../components/framework-view";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, formatDateTime } from "../../components/workflow";
import { rolesAllow, useAuth } from "../auth";
import { datasetById } from "../frameworks/framework-data-api";
import { frameworkLabel } from "../requests/request-model";
import { DataPointVerdicts } from "./DataPointVerdicts";
import { JudgementPanel } from "./JudgementPanel";
import { isFrameworkIdLike, isOwnUpload, needsIfMatch, type QaStatus, verdictSentence } from "./qa-model";

interface Outcome {
  tone: "success" | "error" | "warning";
  title: string;
  text: string;
}

/** The review of one dataset: its data in the framework view, its review history and the verdict. */
export function ReviewDataset({ dataId }: { dataId: string }) {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const [comment, setComment] = useState("");
  const [overwrite, setOverwrite] = useState(true);
  const [outcome, setOutcome] = useState<Outcome>();

  const review = useQuery({
    queryKey: ["qa-review", dataId],
    retry: false,
    queryFn: async () => {
      const result = await api.qa.GET("/datasets/{dataId}", { params: { path: { dataId } } });
      const data = await unwrap(Promise.resolve(result));
      return { ...data, etag: result.response.headers.get("etag") ?? undefined };
    },
  });
  const history = useQuery({
    queryKey: ["qa-review", dataId, "history"],
    retry: false,
    queryFn: () => unwrap(api.qa.GET("/datasets/{dataId}/history", { params: { path: { dataId } } })),
  });
  const meta = useQuery({
    queryKey: ["metadata", dataId],
    retry: false,
    queryFn: () => unwrap(api.backend.GET("/metadata/{dataId}", { params: { path: { dataId } } })),
  });
  const framework = review.data?.framework;
  const frameworkId: FrameworkId | undefined =
    framework !== undefined && isFrameworkIdLike(framework) ? framework : undefined;
  const dataset = useQuery({
    queryKey: ["dataset", frameworkId, dataId],
    enabled: frameworkId !== undefined,
    retry: false,
    queryFn: () => datasetById(api, frameworkId ?? "sfdr", dataId),
  });
  const loader = useDocumentLoader(frameworkId);
  const own = isOwnUpload(meta.data?.uploaderUserId, user?.sub);

  const columns = useMemo((): DatasetColumn[] => {
    if (!dataset.data || !review.data) return [];
    return [
      {
        key: dataId,
        label: dataset.data.reportingPeriod,
        data: dataset.data.data,
        dataId,
        reportingPeriod: dataset.data.reportingPeriod,
        qaStatus: review.data.qaStatus,
        ...(meta.data ? { uploadTime: meta.data.uploadTime } : {}),
      },
    ];
  }, [dataset.data, review.data, meta.data, dataId]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["qa-review", dataId] }),
      queryClient.invalidateQueries({ queryKey: ["qa-queue"] }),
      queryClient.invalidateQueries({ queryKey: ["qa-data-points"] }),
      queryClient.invalidateQueries({ queryKey: ["metadata", dataId] }),
    ]);

  const verdict = useMutation({
    mutationFn: async (status: QaStatus) => {
      const current = review.data;
      const ifMatch = current && needsIfMatch(current.qaStatus) ? current.etag : undefined;
      await unwrap(
        api.qa.POST("/datasets/{dataId}", {
          params: {
            path: { dataId },
            query: {
              qaStatus: status,
              ...(comment.trim() ? { comment: comment.trim() } : {}),
              overwriteDataPointQaStatus: overwrite && status !== "Pending",
            },
            ...(ifMatch ? { header: { "if-match": ifMatch } } : {}),
          },
        }),
      );
      return status;
    },
    onSuccess: async (status) => {
      setOutcome({ tone: "success", title: "Verdict saved", text: verdictSentence(status, overwrite) });
      setComment("");
      await refresh();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setOutcome({
          tone: "warning",
          title: "Another reviewer decided first",
          text: `${error.message} The page now shows their verdict; look at it before you decide again.`,
        });
        await refresh();
      } else if (error instanceof ApiError && error.status === 403) {
        setOutcome({
          tone: "error",
          title: "You may not judge this dataset",
          text: `${error.message} Uploaders never review their own data: another reviewer has to.`,
        });
      } else setOutcome({ tone: "error", title: "The verdict was not saved", text: error.message });
    },
  });

  const current = review.data;
  const title = current
    ? `${frameworkLabel(current.framework)} ${current.reportingPeriod} of ${current.companyName}`
    : "Review dataset";

  return (
    <DocumentOpenerProvider loader={loader}>
      <Breadcrumb trail={[{ label: "Quality assurance", to: "/qualityassurance" }, { label: "Review" }]} />
      <PageFrame
        title={title}
        description="Check every data point against its source, then accept or reject the dataset. Your verdict and comment are kept in its history."
      >
        <Link to="/qualityassurance" className="wf-back">
          <i className="pi pi-arrow-left" aria-hidden="true" /> Back to the queue
        </Link>
        {review.isPending ? <LoadingIndicator label="Loading the dataset's review." /> : null}
        {review.isError ? (
          <Alert tone="error" title="This dataset could not be loaded">
            <p>{review.error.message}</p>
          </Alert>
        ) : null}
        {outcome ? (
          <Alert tone={outcome.tone} title={outcome.title}>
            <p>{outcome.text}</p>
            {outcome.tone === "success" ? (
              <p>
                <Link to="/qualityassurance">Next dataset in the queue</Link>
              </p>
            ) : null}
          </Alert>
        ) : null}
        {current ? (
          <>
            <dl className="wf-facts">
              <div>
                <dt>Review status</dt>
                <dd>
                  <QaStatusTag status={current.qaStatus} />
                </dd>
              </div>
              <div>
                <dt>Company</dt>
                <dd>
                  <Link to={`/companies/${current.companyId}`}>{current.companyName}</Link>
                </dd>
              </div>
              <div>
                <dt>Framework and period</dt>
                <dd>
                  {frameworkLabel(current.framework)}, {current.reportingPeriod}
                </dd>
              </div>
              <div>
                <dt>Uploaded</dt>
                <dd>{meta.data ? formatDateTime(meta.data.uploadTime) : "…"}</dd>
              </div>
              {current.qaStatus !== "Pending" ? (
                <div>
                  <dt>Verdict given</dt>
                  <dd>{formatDateTime(current.timestamp)}</dd>
                </div>
              ) : null}
            </dl>

            <div className="qa-layout">
              <div className="qa-layout__data">
                {dataset.isPending && frameworkId ? <LoadingIndicator label="Loading the data." /> : null}
                {dataset.isError ? (
                  <Alert tone="error" title="The data could not be loaded">
                    <p>{dataset.error.message}</p>
                  </Alert>
                ) : null}
                {frameworkId && columns.length > 0 ? (
                  <FrameworkView
                    frameworkId={frameworkId}
                    columns={columns}
                    exportName={`${current.companyName} ${getFramework(frameworkId).label} ${current.reportingPeriod}`}
                    company={{ id: current.companyId, name: current.companyName }}
                  />
                ) : null}
                {frameworkId && dataset.data ? (
                  <JudgementPanel
                    dataId={dataId}
                    frameworkId={frameworkId}
                    data={dataset.data.data}
                    userId={user?.sub}
                    mayJudge={!own && rolesAllow(user, "review")}
                  />
                ) : null}
              </div>

              <aside className="qa-layout__verdict" aria-labelledby={`${id}-verdict`}>
                <section className="wf-card qa-verdict">
                  <h2 id={`${id}-verdict`}>Your verdict</h2>
                  {own ? (
                    <Alert tone="warning" title="This is your own upload">
                      <p>You uploaded this dataset, so you cannot judge it. Another reviewer will.</p>
                    </Alert>
                  ) : (
                    <>
                      {current.qaStatus !== "Pending" ? (
                        <p className="wf-muted">
                          This dataset was {current.qaStatus.toLowerCase()} already. A new verdict replaces
                          it, unless someone changed it in the meantime.
                        </p>
                      ) : null}
                      <div className="wf-field">
                        <label htmlFor={`${id}-comment`}>Comment</label>
                        <p className="wf-field__hint" id={`${id}-comment-hint`}>
                          Why you decide so. The uploader reads it when you reject.
                        </p>
                        <textarea
                          id={`${id}-comment`}
                          className="p-inputtext p-component"
                          rows={4}
                          value={comment}
                          aria-describedby={`${id}-comment-hint`}
                          onChange={(event) => setComment(event.target.value)}
                        />
                      </div>
                      <label className="wf-check wf-check--inline qa-verdict__overwrite">
                        <input
                          type="checkbox"
                          checked={overwrite}
                          onChange={(event) => setOverwrite(event.target.checked)}
                        />
                        <span>Give every data point of the dataset the same verdict</span>
                      </label>
                      <div className="wf-actions">
                        <button
                          type="button"
                          className="p-button p-component"
                          disabled={verdict.isPending || current.qaStatus === "Accepted"}
                          onClick={() => verdict.mutate("Accepted")}
                        >
                          <i className="pi pi-check" aria-hidden="true" />
                          <span>Accept</span>
                        </button>
                        <button
                          type="button"
                          className="p-button p-component p-button-outlined p-button-danger"
                          disabled={verdict.isPending || current.qaStatus === "Rejected"}
                          onClick={() => {
                            if (!comment.trim()) {
                              setOutcome({
                                tone: "error",
                                title: "Say why you reject",
                                text: "Write a comment for the uploader before you reject the dataset.",
                              });
                              document.getElementById(`${id}-comment`)?.focus();
                              return;
                            }
                            verdict.mutate("Rejected");
                          }}
                        >
                          <i className="pi pi-times" aria-hidden="true" />
                          <span>Reject</span>
                        </button>
                        {current.qaStatus !== "Pending" ? (
                          <button
                            type="button"
                            className="p-button p-component p-button-text"
                            disabled={verdict.isPending}
                            onClick={() => verdict.mutate("Pending")}
                          >
                            Send back to review
                          </button>
                        ) : null}
                      </div>
                    </>
                  )}
                </section>

                <section className="wf-card" aria-labelledby={`${id}-history`}>
                  <h2 id={`${id}-history`}>Review history</h2>
                  {history.isError ? <p className="wf-muted">{history.error.message}</p> : null}
                  <ol className="wf-timeline">
                    {[...(history.data ?? [])].reverse().map((entry, index) => (
                      <li key={`${entry.timestamp}-${entry.qaStatus}-${entry.triggeringUserId ?? ""}`}>
                        <span className="wf-timeline__when">{formatDateTime(entry.timestamp)}</span>
                        <span className="wf-timeline__what">
                          <QaStatusTag status={entry.qaStatus} />
                          {index === (history.data?.length ?? 0) - 1 ? (
                            <span className="wf-muted">Upload</span>
                          ) : null}
                          {entry.triggeringUserId && entry.triggeringUserId === user?.sub ? (
                            <span className="wf-muted">by you</span>
                          ) : null}
                        </span>
                        {entry.comment ? <p className="wf-timeline__note">{entry.comment}</p> : null}
                      </li>
                    ))}
                  </ol>
                </section>
              </aside>
            </div>

            {frameworkId ? (
              <DataPointVerdicts
                dataId={dataId}
                frameworkId={frameworkId}
                companyId={current.companyId}
                reportingPeriod={current.reportingPeriod}
                readOnly={own}
              />
            ) : null}
          </>
        ) : null}
      </PageFrame>
    </DocumentOpenerProvider>
  );
}
