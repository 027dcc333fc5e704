import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { Alert, ConfirmDialog, Tag, type TagTone } from "../../components/workflow";
import { formatDateTime } from "../../lib/dates";
import { durationLabel, type PlatformState, requestStateLabel } from "./admin-model";

/** How often the page asks again while it is open: the state changes while one looks at it. */
const REFRESH_MS = 30_000;

const healthTone: Record<string, TagTone> = { UP: "success", DOWN: "danger", NOT_CONFIGURED: "warning" };
const healthLabel: Record<string, string> = { UP: "Up", DOWN: "Down", NOT_CONFIGURED: "Not configured" };

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="wf-card admin-state__card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

const unavailable = <p className="wf-muted">Not available: this part could not be read.</p>;

/** The Platform section: health, queues, jobs, e-mails, sign-in locks, version and uptime on one page. */
export function PlatformStateSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string>();
  const state = useQuery({
    queryKey: ["admin-platform-state"],
    queryFn: () => unwrap(api.admin.GET("/platform-state")),
    refetchInterval: REFRESH_MS,
  });
  const retry = useMutation({
    mutationFn: () => unwrap(api.admin.POST("/platform-state/mails/retry")),
    onSuccess: ({ retried }) => {
      setConfirming(false);
      setNotice(`${retried === 1 ? "1 e-mail is" : `${retried} e-mails are`} queued to be sent again.`);
      void queryClient.invalidateQueries({ queryKey: ["admin-audit"] });
      return queryClient.invalidateQueries({ queryKey: ["admin-platform-state"] });
    },
  });
  const data: PlatformState | undefined = state.data;
  return (
    <section aria-labelledby={`${id}-state`}>
      <h2 id={`${id}-state`} className="visually-hidden">
        Platform state
      </h2>
      <div className="admin-summary">
        <p className="wf-muted" aria-live="polite">
          {data ? `Checked ${formatDateTime(data.checkedAt)}; checked again every 30 seconds.` : ""}
        </p>
        <button
          type="button"
          className="p-button p-component p-button-outlined p-button-sm"
          onClick={() => void state.refetch()}
          disabled={state.isFetching}
        >
          <i className="pi pi-refresh" aria-hidden="true" />
          <span>Check now</span>
        </button>
      </div>
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {state.isPending ? <LoadingIndicator label="Loading the platform's state." /> : null}
      {state.isError ? (
        <Alert tone="error" title="The platform's state could not be loaded">
          <p>{state.error.message}</p>
        </Alert>
      ) : null}
      {data ? (
        <div className="admin-state">
          <Card title="Health">
            <dl className="admin-state__list">
              <dt>Database</dt>
              <dd>
                <Tag tone={healthTone[data.database.status]}>{healthLabel[data.database.status] ?? ""}</Tag>
              </dd>
              <dt>Mailer</dt>
              <dd>
                {data.mailer ? (
                  <Tag tone={healthTone[data.mailer.status]}>{healthLabel[data.mailer.status] ?? ""}</Tag>
                ) : (
                  "Not available"
                )}
              </dd>
            </dl>
            {data.mailer?.status === "NOT_CONFIGURED" ? (
              <p className="wf-muted">No SMTP server is set (SMTP_URL): e-mails stay in the outbox.</p>
            ) : null}
            {data.mailer?.lastError ? (
              <p className="admin-state__error">Last error: {data.mailer.lastError}</p>
            ) : null}
          </Card>
          <Card title="Review queue">
            {data.reviewQueue ? (
              <dl className="admin-state__list">
                <dt>Datasets waiting</dt>
                <dd className="wf-num">{data.reviewQueue.length}</dd>
                <dt>Oldest waits since</dt>
                <dd>{formatDateTime(data.reviewQueue.oldestSince)}</dd>
              </dl>
            ) : (
              unavailable
            )}
            <p>
              <Link to="/qualityassurance">Open the review queue</Link>
            </p>
          </Card>
          <Card title="Data requests">
            {data.dataRequests === null ? unavailable : null}
            {data.dataRequests?.length === 0 ? <p className="wf-muted">No data requests yet.</p> : null}
            {data.dataRequests && data.dataRequests.length > 0 ? (
              <dl className="admin-state__list">
                {data.dataRequests.map((row) => (
                  <div key={row.state} className="admin-state__pair">
                    <dt>{requestStateLabel(row.state)}</dt>
                    <dd className="wf-num">{row.count}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            <p>
              <Link to="/requestoverview">All data requests</Link>
            </p>
          </Card>
          <Card title="Export jobs">
            {data.exportJobs ? (
              <dl className="admin-state__list">
                <dt>Running</dt>
                <dd className="wf-num">{data.exportJobs.running}</dd>
                <dt>Failed in the last 24 hours</dt>
                <dd className="wf-num">{data.exportJobs.failed}</dd>
              </dl>
            ) : (
              unavailable
            )}
          </Card>
          <Card title="E-mails">
            {data.mails ? (
              <>
                <dl className="admin-state__list">
                  <dt>Waiting to be sent</dt>
                  <dd className="wf-num">{data.mails.waiting}</dd>
                  <dt>Failed</dt>
                  <dd className="wf-num">{data.mails.failed}</dd>
                </dl>
                <button
                  type="button"
                  className="p-button p-component p-button-outlined p-button-sm"
                  disabled={data.mails.failed === 0}
                  onClick={() => setConfirming(true)}
                >
                  <i className="pi pi-send" aria-hidden="true" />
                  <span>Send failed e-mails again</span>
                </button>
              </>
            ) : (
              unavailable
            )}
          </Card>
          <Card title="Sign-in locks">
            <dl className="admin-state__list">
              <dt>Locked now</dt>
              <dd className="wf-num">{data.signInLocks.locked}</dd>
              <dt>Counting failures</dt>
              <dd className="wf-num">{data.signInLocks.counting}</dd>
            </dl>
            <p>
              <Link to="/admin/sign-in-locks">See and lift sign-in locks</Link>
            </p>
          </Card>
          <Card title="This server">
            <dl className="admin-state__list">
              <dt>Version</dt>
              <dd>
                {data.version} <span className="wf-muted">({data.commit})</span>
              </dd>
              <dt>Running for</dt>
              <dd>{durationLabel(data.uptimeSeconds)}</dd>
              <dt>Started</dt>
              <dd>{formatDateTime(data.startedAt)}</dd>
            </dl>
          </Card>
        </div>
      ) : null}
      <ConfirmDialog
        visible={confirming}
        title="Send the failed e-mails again?"
        confirmLabel="Send again"
        busy={retry.isPending}
        onConfirm={() => retry.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Each failed e-mail is tried again from its first attempt. Check the mailer first: while it is down,
          they fail again.
        </p>
        {retry.isError ? (
          <Alert tone="error" title="The e-mails were not queued">
            <p>{retry.error.message}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
