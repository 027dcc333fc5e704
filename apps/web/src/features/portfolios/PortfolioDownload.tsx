import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { unwrap, useApi } from "../../api";
import { Alert, CheckboxGroup } from "../../components/workflow";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  extensionOf,
  fileNameFrom,
  frameworkName,
} from "./portfolio-model";

type JobState = "Pending" | "Success" | "Failure" | "Downloaded";

interface Job {
  framework: string;
  exportJobId: string;
  state: JobState;
  message?: string;
}

const POLL_MS = 1000;
const MAX_POLLS = 180;

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Download of a portfolio's newest data: one export job per framework, followed until its file is ready. */
export function PortfolioDownload({
  portfolioId,
  portfolioName,
  frameworks,
  visible,
  onClose,
}: {
  portfolioId: string;
  portfolioName: string;
  frameworks: string[];
  visible: boolean;
  onClose: () => void;
}) {
  const api = useApi();
  const id = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [format, setFormat] = useState<ExportFormat>("CSV");
  const [valuesOnly, setValuesOnly] = useState(true);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const [without, setWithout] = useState<string[]>([]);
  const cancelled = useRef(false);

  useEffect(() => {
    if (visible) {
      cancelled.current = false;
      setChosen(frameworks);
      setJobs([]);
      setError(undefined);
      setWithout([]);
    } else cancelled.current = true;
  }, [visible, frameworks]);

  const setJob = (exportJobId: string, patch: Partial<Job>) =>
    setJobs((current) =>
      current.map((job) => (job.exportJobId === exportJobId ? { ...job, ...patch } : job)),
    );

  const follow = async (job: Job) => {
    for (let poll = 0; poll < MAX_POLLS && !cancelled.current; poll++) {
      const state = await unwrap(
        api.backend.GET("/export/{exportJobId}/state", {
          params: { path: { exportJobId: job.exportJobId } },
        }),
      );
      if (state === "Failure") {
        setJob(job.exportJobId, { state: "Failure", message: "The file could not be made." });
        return;
      }
      if (state === "Success") {
        const result = await api.backend.GET("/export/{exportJobId}/download", {
          params: { path: { exportJobId: job.exportJobId } },
          parseAs: "blob",
        });
        if (result.response.status === 204) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          continue;
        }
        if (!result.response.ok || !result.data)
          throw new Error(`The download failed (${result.response.status}).`);
        save(
          result.data as Blob,
          fileNameFrom(
            result.response.headers.get("content-disposition"),
            `${portfolioName} ${frameworkName(job.framework)}.${extensionOf(format)}`,
          ),
        );
        setJob(job.exportJobId, { state: "Downloaded" });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (!cancelled.current)
      setJob(job.exportJobId, { state: "Failure", message: "It took too long; try again." });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError("Choose at least one framework.");
      return;
    }
    setError(undefined);
    setRunning(true);
    try {
      const answer = await unwrap(
        api.users.POST("/portfolios/{portfolioId}/export-jobs", {
          params: { path: { portfolioId } },
          body: {
            frameworks: chosen,
            fileFormat: format,
            keepValueFieldsOnly: valuesOnly,
            includeAliases: true,
          },
        }),
      );
      const started: Job[] = answer.exportJobs.map((job) => ({ ...job, state: "Pending" }));
      setJobs(started);
      setWithout(answer.frameworksWithoutData);
      await Promise.all(
        started.map((job) =>
          follow(job).catch((failure: unknown) =>
            setJob(job.exportJobId, {
              state: "Failure",
              message: failure instanceof Error ? failure.message : "The download failed.",
            }),
          ),
        ),
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The download could not be started.");
    } finally {
      setRunning(false);
    }
  };

  const options = frameworks.map((framework) => ({ value: framework, label: frameworkName(framework) }));
  return (
    <Dialog
      visible={visible}
      header={`Download “${portfolioName}”`}
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "38rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      {frameworks.length === 0 ? (
        <Alert tone="info">
          <p>No company of this portfolio has data yet, so there is nothing to download.</p>
        </Alert>
      ) : (
        <form className="wf-form" onSubmit={submit} noValidate aria-label="Download portfolio data">
          <p className="wf-muted" style={{ margin: 0 }}>
            The newest active dataset of each company, one file per framework.
          </p>
          <CheckboxGroup
            legend="Frameworks"
            options={options}
            selected={chosen}
            onChange={setChosen}
            {...(error && chosen.length === 0 ? { error } : {})}
          />
          <fieldset className="wf-checks">
            <legend className="wf-field__label">Format</legend>
            <div className="wf-checks__options pf-formats">
              {EXPORT_FORMATS.map((option) => (
                <label key={option.value} className="wf-check">
                  <input
                    type="radio"
                    name={`${id}-format`}
                    value={option.value}
                    checked={format === option.value}
                    onChange={() => setFormat(option.value)}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label className="wf-check wf-check--inline">
            <input
              type="checkbox"
              checked={valuesOnly}
              onChange={(event) => setValuesOnly(event.target.checked)}
            />
            <span>Values only (without sources, quality and comments)</span>
          </label>
          {jobs.length > 0 ? (
            <ul className="pf-jobs" aria-live="polite">
              {jobs.map((job) => (
                <li key={job.exportJobId}>
                  <i
                    className={`pi ${
                      job.state === "Downloaded"
                        ? "pi-check-circle pf-jobs__ok"
                        : job.state === "Failure"
                          ? "pi-times-circle pf-jobs__failed"
                          : "pi-spin pi-spinner"
                    }`}
                    aria-hidden="true"
                  />
                  <span>
                    {frameworkName(job.framework)}:{" "}
                    {job.state === "Downloaded"
                      ? "downloaded"
                      : job.state === "Failure"
                        ? (job.message ?? "failed")
                        : "preparing the file…"}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {without.length > 0 ? (
            <Alert tone="info">
              <p>No data to download for {without.map(frameworkName).join(", ")}.</p>
            </Alert>
          ) : null}
          {error && chosen.length > 0 ? (
            <Alert tone="error" title="The download did not start">
              <p>{error}</p>
            </Alert>
          ) : null}
          <div className="wf-dialog__footer">
            <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
              Close
            </button>
            <button type="submit" className="p-button p-component" disabled={running}>
              {running ? (
                <i className="pi pi-spin pi-spinner" aria-hidden="true" />
              ) : (
                <i className="pi pi-download" aria-hidden="true" />
              )}
              <span>{running ? "Preparing…" : "Download"}</span>
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
