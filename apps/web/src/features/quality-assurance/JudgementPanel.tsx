import type { FrameworkId } from "@openverde/frameworks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useMemo, useState } from "react";
import { unwrap, useApi } from "../../api";
import type { components } from "../../api/generated/qa";
import { DataSourceLink } from "../../components/framework-view";
import { Alert } from "../../components/workflow";
import {
  type AcceptedSource,
  customDataPoint,
  decisionSentence,
  type JudgementRow,
  judgementRows,
  sourceOf,
  valueText,
} from "./judgement-model";

type Judgement = components["schemas"]["DatasetJudgementResponse"];

interface Props {
  dataId: string;
  frameworkId: FrameworkId;
  /** The dataset's framework data, for the uploaded values. */
  data: unknown;
  /** The signed-in user's id. */
  userId: string | undefined;
  /** Whether the user may judge this dataset (a reviewer who did not upload it). */
  mayJudge: boolean;
}

/**
 * The judgement of a dataset, data point by data point: the uploaded value with its cited report (which
 * opens at its page), the QA reports' corrections, and the value the judge accepts (the upload's, a
 * report's or their own), then finishing with acceptance or rejection. Every control is a native radio,
 * field or button, so the whole judgement is done with the keyboard.
 */
export function JudgementPanel({ dataId, frameworkId, data, userId, mayJudge }: Props) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string }>();
  const key = ["qa-judgements", dataId];
  const judgements = useQuery({
    queryKey: key,
    retry: false,
    queryFn: () =>
      unwrap(
        api.qa.GET("/dataset-judgements/{datasetId}/datasetId", { params: { path: { datasetId: dataId } } }),
      ),
  });
  const pending = judgements.data?.find((judgement) => judgement.judgementState === "Pending");
  const last = judgements.data?.at(-1);
  const isJudge = pending !== undefined && pending.qaJudgeUserId === userId;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: ["qa-review", dataId] }),
      queryClient.invalidateQueries({ queryKey: ["qa-queue"] }),
    ]);
  const onError = (error: Error) => setMessage({ tone: "error", text: error.message });

  const start = useMutation({
    mutationFn: () =>
      unwrap(api.qa.POST("/dataset-judgements/{datasetId}", { params: { path: { datasetId: dataId } } })),
    onSuccess: refresh,
    onError,
  });
  const takeOver = useMutation({
    mutationFn: (judgementId: string) =>
      unwrap(
        api.qa.PATCH("/dataset-judgements/{datasetJudgementId}/judge", {
          params: { path: { datasetJudgementId: judgementId } },
        }),
      ),
    onSuccess: refresh,
    onError,
  });
  const finish = useMutation({
    mutationFn: (state: "FinishedWithDatasetAcceptance" | "FinishedWithDatasetRejection") =>
      unwrap(
        api.qa.PATCH("/dataset-judgements/{datasetJudgementId}/state", {
          params: {
            path: { datasetJudgementId: pending?.dataSetJudgementId ?? "" },
            query: { datasetJudgementState: state },
          },
        }),
      ),
    onSuccess: async (judgement) => {
      setMessage({
        tone: "success",
        text:
          judgement.judgementState === "FinishedWithDatasetAcceptance"
            ? "Judgement finished: the dataset is accepted with the values you chose, as a new version that is now active."
            : "Judgement finished: the dataset is rejected.",
      });
      await refresh();
    },
    onError,
  });

  const heading = `${id}-judgement`;
  return (
    <section className="wf-card qa-judgement" aria-labelledby={heading}>
      <h2 id={heading}>Judgement, data point by data point</h2>
      {message ? (
        <Alert tone={message.tone} title={message.tone === "success" ? "Done" : "Not saved"}>
          <p>{message.text}</p>
        </Alert>
      ) : null}
      {judgements.isError ? <p className="wf-muted">{judgements.error.message}</p> : null}
      {!pending && last ? (
        <p>
          The last judgement finished{" "}
          {last.judgementState === "FinishedWithDatasetAcceptance" ? "with acceptance" : "with rejection"}.
        </p>
      ) : null}
      {!pending && mayJudge && judgements.isSuccess ? (
        <button
          type="button"
          className="p-button p-component"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          Start judging this dataset
        </button>
      ) : null}
      {pending ? (
        <>
          <p>
            Judge:{" "}
            {pending.qaJudgeUserId === userId ? "you" : (pending.qaJudgeUserName ?? "another reviewer")}.{" "}
            {isJudge
              ? "For each data point, choose the value to accept; a choice is saved at once. Then finish."
              : null}
          </p>
          {!isJudge && mayJudge ? (
            <button
              type="button"
              className="p-button p-component p-button-outlined"
              disabled={takeOver.isPending}
              onClick={() => takeOver.mutate(pending.dataSetJudgementId)}
            >
              Become the judge
            </button>
          ) : null}
          <JudgementRows
            judgement={pending}
            frameworkId={frameworkId}
            data={data}
            dataId={dataId}
            editable={isJudge}
            onSaved={(judgement) =>
              queryClient.setQueryData(key, replaceJudgement(judgements.data, judgement))
            }
            onError={onError}
          />
          {isJudge ? (
            <div className="wf-actions">
              <button
                type="button"
                className="p-button p-component"
                disabled={finish.isPending}
                onClick={() => finish.mutate("FinishedWithDatasetAcceptance")}
              >
                Finish: accept these values
              </button>
              <button
                type="button"
                className="p-button p-component p-button-outlined p-button-danger"
                disabled={finish.isPending}
                onClick={() => finish.mutate("FinishedWithDatasetRejection")}
              >
                Finish: reject the dataset
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function replaceJudgement(list: Judgement[] | undefined, judgement: Judgement): Judgement[] {
  return (list ?? []).map((entry) =>
    entry.dataSetJudgementId === judgement.dataSetJudgementId ? judgement : entry,
  );
}

interface RowsProps {
  judgement: Judgement;
  frameworkId: FrameworkId;
  data: unknown;
  dataId: string;
  editable: boolean;
  onSaved: (judgement: Judgement) => void;
  onError: (error: Error) => void;
}

function JudgementRows({ judgement, frameworkId, data, dataId, editable, onSaved, onError }: RowsProps) {
  const rows = useMemo(
    () => judgementRows(frameworkId, data, judgement.dataPoints as never),
    [frameworkId, data, judgement.dataPoints],
  );
  const names = new Map(
    judgement.qaReporters.map((reporter) => [
      reporter.reporterUserId,
      reporter.reporterUserName ?? reporter.reporterEmailAddress ?? "a reviewer",
    ]),
  );
  const reporterName = (userId: string) => names.get(userId) ?? "a reviewer";
  return (
    <ol className="qa-judgement__rows">
      {rows.map((row) => (
        <JudgementRowItem
          key={row.dataPointType}
          row={row}
          judgementId={judgement.dataSetJudgementId}
          dataId={dataId}
          editable={editable}
          reporterName={reporterName}
          onSaved={onSaved}
          onError={onError}
        />
      ))}
    </ol>
  );
}

interface RowProps {
  row: JudgementRow;
  judgementId: string;
  dataId: string;
  editable: boolean;
  reporterName: (userId: string) => string;
  onSaved: (judgement: Judgement) => void;
  onError: (error: Error) => void;
}

function JudgementRowItem({ row, judgementId, dataId, editable, reporterName, onSaved, onError }: RowProps) {
  const api = useApi();
  const id = useId();
  const [customValue, setCustomValue] = useState("");
  const [customPage, setCustomPage] = useState("");
  const [reason, setReason] = useState("");
  const [choosingCustom, setChoosingCustom] = useState(row.decided.acceptedSource === "Custom");
  const save = useMutation({
    mutationFn: (body: components["schemas"]["JudgementDetailsPatch"]) =>
      unwrap(
        api.qa.PATCH("/dataset-judgements/{datasetJudgementId}/data-points/{dataPointType}", {
          params: { path: { datasetJudgementId: judgementId, dataPointType: row.dataPointType } },
          body,
        }),
      ),
    onSuccess: onSaved,
    onError,
  });
  const choose = (source: AcceptedSource, reporterUserId?: string) => {
    setChoosingCustom(source === "Custom");
    if (source === "Original") save.mutate({ acceptedSource: "Original" });
    if (source === "Qa" && reporterUserId)
      save.mutate({ acceptedSource: "Qa", reporterUserIdOfAcceptedQaReport: reporterUserId });
  };
  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      acceptedSource: "Custom",
      customDataPoint: customDataPoint(row.original, customValue, customPage),
      ...(reason.trim() ? { reasonForCustomDataPoint: reason.trim() } : {}),
    });
  };
  const decided = row.decided;
  const source = sourceOf(row.original);
  const group = `${id}-source`;
  return (
    <li className="qa-judgement__row">
      <fieldset disabled={!editable || save.isPending}>
        <legend>{row.label}</legend>
        <p className="qa-judgement__value">
          Uploaded: <strong>{valueText(row.field, row.original)}</strong>{" "}
          {source ? <DataSourceLink source={source} dataId={dataId} /> : null}
        </p>
        <p className="wf-muted" aria-live="polite">
          {decisionSentence(row, reporterName)}
        </p>
        <div
          role="radiogroup"
          aria-label={`Value to accept for ${row.label}`}
          className="qa-judgement__choices"
        >
          <label className="wf-check wf-check--inline">
            <input
              type="radio"
              name={group}
              checked={decided.acceptedSource === "Original" && !choosingCustom}
              onChange={() => choose("Original")}
            />
            <span>The uploaded value</span>
          </label>
          {row.findings.map((finding) => (
            <label className="wf-check wf-check--inline" key={`${finding.reporterUserId}-${finding.verdict}`}>
              <input
                type="radio"
                name={group}
                checked={
                  decided.acceptedSource === "Qa" &&
                  decided.reporterUserIdOfAcceptedQaReport === finding.reporterUserId &&
                  !choosingCustom
                }
                onChange={() => choose("Qa", finding.reporterUserId)}
              />
              <span>
                {reporterName(finding.reporterUserId)} ({finding.verdict.replace(/^Qa/, "")}):{" "}
                {finding.corrected !== undefined
                  ? valueText(row.field, finding.corrected)
                  : "the uploaded value"}
                {finding.comment ? ` — “${finding.comment}”` : ""}
              </span>
              {sourceOf(finding.corrected) ? (
                <DataSourceLink source={sourceOf(finding.corrected) ?? {}} dataId={dataId} />
              ) : null}
            </label>
          ))}
          <label className="wf-check wf-check--inline">
            <input type="radio" name={group} checked={choosingCustom} onChange={() => choose("Custom")} />
            <span>A value of my own</span>
          </label>
        </div>
        {choosingCustom ? (
          <form className="qa-judgement__custom" onSubmit={submitCustom}>
            <div className="wf-field">
              <label htmlFor={`${id}-value`}>Corrected value</label>
              <input
                id={`${id}-value`}
                className="p-inputtext p-component"
                value={customValue}
                onChange={(event) => setCustomValue(event.target.value)}
              />
            </div>
            <div className="wf-field">
              <label htmlFor={`${id}-page`}>Page in the report</label>
              <input
                id={`${id}-page`}
                className="p-inputtext p-component"
                inputMode="numeric"
                value={customPage}
                onChange={(event) => setCustomPage(event.target.value)}
              />
            </div>
            <div className="wf-field">
              <label htmlFor={`${id}-reason`}>Comment</label>
              <input
                id={`${id}-reason`}
                className="p-inputtext p-component"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <button type="submit" className="p-button p-component p-button-sm">
              Save my value
            </button>
          </form>
        ) : null}
      </fieldset>
    </li>
  );
}
