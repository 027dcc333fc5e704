import type { TableShape } from "@openverde/frameworks/tables";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { unwrap, useApi } from "../../api";
import { saveFile } from "../../components/framework-view/export";
import { Alert, CheckboxGroup } from "../../components/workflow";
import {
  type DatasetFacts,
  DOWNLOAD_FORMATS,
  type DownloadFormat,
  type ExportedDataset,
  formatProblem,
  portfolioFile,
  TABLE_SHAPES,
} from "./portfolio-download";
import { frameworkName } from "./portfolio-model";

type JobState = "Pending" | "Success" | "Failure";

interface Job {
  framework: string;
  exportJobId: string;
  state: JobState;
  message?: string;
}

const POLL_MS = 1000;
const MAX_POLLS = 180;

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/**
 * Download of a portfolio's newest data as one file: the server exports each framework's datasets
 * (one export job per framework, followed until its data is ready), and the browser writes them into
 * one workbook with a sheet per framework, one CSV or one JSON document.
 */
export function PortfolioDownload({
  portfolioId,
  portfolioName,
  frameworks,
  companies,
  visible,
  onClose,
}: {
  portfolioId: string;
  portfolioName: string;
  frameworks: string[];
  /** The portfolio's companies, to name them in the file. */
  companies: readonly { companyId: string; companyName: string }[];
  visible: boolean;
  onClose: () => void;
}) {
  const api = useApi();
  const id = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [format, setFormat] = useState<DownloadFormat>("EXCEL");
  const [shape, setShape] = useState<TableShape>("wide");
  const [jobs, setJobs] = useState<Job[]>([]);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [without, setWithout] = useState<string[]>([]);
  const cancelled = useRef(false);

  useEffect(() => {
    if (visible) {
      cancelled.current = false;
      setChosen(frameworks);
      setJobs([]);
      setError(undefined);
      setSaved(undefined);
      setWithout([]);
    } else cancelled.current = true;
  }, [visible, frameworks]);

  const setJob = (exportJobId: string, patch: Partial<Job>) =>
    setJobs((current) =>
      current.map((job) => (job.exportJobId === exportJobId ? { ...job, ...patch } : job)),
    );

  /** Waits for a job and answers with its datasets; throws (and marks the job) when it fails. */
  const follow = async (job: Job): Promise<ExportedDataset[]> => {
    const fail = (message: string): never => {
      setJob(job.exportJobId, { state: "Failure", message });
      throw new Error(`${frameworkName(job.framework)}: ${message}`);
    };
    for (let poll = 0; poll < MAX_POLLS && !cancelled.current; poll++) {
      const state = await unwrap(
        api.backend.GET("/export/{exportJobId}/state", {
          params: { path: { exportJobId: job.exportJobId } },
        }),
      );
      if (state === "Failure") return fail("the data could not be exported.");
      if (state === "Success") {
        const result = await api.backend.GET("/export/{exportJobId}/download", {
          params: { path: { exportJobId: job.exportJobId } },
          parseAs: "json",
        });
        if (result.response.status === 204) {
          await pause();
          continue;
        }
        if (!result.response.ok || !Array.isArray(result.data))
          return fail(`the download failed (${result.response.status}).`);
        setJob(job.exportJobId, { state: "Success" });
        return result.data as ExportedDataset[];
      }
      await pause();
    }
    return fail(cancelled.current ? "cancelled." : "it took too long; try again.");
  };

  /** QA status and upload time of the exported datasets, from their meta information. */
  const factsOf = async (exported: Map<string, ExportedDataset[]>): Promise<DatasetFacts[]> => {
    const dimensions = [...exported].flatMap(([dataType, datasets]) =>
      datasets.map((dataset) => ({
        companyId: dataset.companyId,
        dataType,
        reportingPeriod: dataset.reportingPeriod,
      })),
    );
    if (dimensions.length === 0) return [];
    return unwrap(api.backend.POST("/metadata/active-dataset-search", { body: dimensions }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(undefined);
    const problem =
      chosen.length === 0 ? "Choose at least one framework." : formatProblem(format, shape, chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    setRunning(true);
    try {
      // The server writes JSON; the browser shapes it, so every framework lands in the one file.
      const answer = await unwrap(
        api.users.POST("/portfolios/{portfolioId}/export-jobs", {
          params: { path: { portfolioId } },
          body: { frameworks: chosen, fileFormat: "JSON", keepValueFieldsOnly: false, includeAliases: true },
        }),
      );
      const started: Job[] = answer.exportJobs.map((job) => ({ ...job, state: "Pending" }));
      setJobs(started);
      setWithout(answer.frameworksWithoutData);
      const results = await Promise.allSettled(started.map(follow));
      const failed = results.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
      const exported = new Map<string, ExportedDataset[]>();
      for (const framework of chosen) {
        const index = started.findIndex((job) => job.framework === framework);
        const result = results[index];
        if (result?.status === "fulfilled") exported.set(framework, result.value);
      }
      const names = new Map(
        companies.map((company) => [company.companyId.toLowerCase(), company.companyName]),
      );
      const file = await portfolioFile(
        portfolioName,
        format,
        shape,
        exported,
        await factsOf(exported),
        names,
      );
      if (cancelled.current) return;
      saveFile(file.bytes, file.type, file.fileName);
      setSaved(file.fileName);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The download could not be made.");
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
            The newest active dataset of each company, in one file.
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
              {DOWNLOAD_FORMATS.map((option) => (
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
            <p className="wf-muted" style={{ margin: "0.5rem 0 0", fontSize: "0.9rem" }}>
              {DOWNLOAD_FORMATS.find((option) => option.value === format)?.hint}
            </p>
          </fieldset>
          {format === "JSON" ? null : (
            <fieldset className="wf-checks">
              <legend className="wf-field__label">Layout</legend>
              <div className="wf-checks__options">
                {TABLE_SHAPES.map((option) => (
                  <label key={option.value} className="wf-check">
                    <input
                      type="radio"
                      name={`${id}-shape`}
                      value={option.value}
                      checked={shape === option.value}
                      onChange={() => setShape(option.value)}
                    />
                    <span>
                      {option.label}: {option.hint}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {jobs.length > 0 ? (
            <ul className="pf-jobs" aria-live="polite">
              {jobs.map((job) => (
                <li key={job.exportJobId}>
                  <i
                    className={`pi ${
                      job.state === "Success"
                        ? "pi-check-circle pf-jobs__ok"
                        : job.state === "Failure"
                          ? "pi-times-circle pf-jobs__failed"
                          : "pi-spin pi-spinner"
                    }`}
                    aria-hidden="true"
                  />
                  <span>
                    {frameworkName(job.framework)}:{" "}
                    {job.state === "Success"
                      ? "ready"
                      : job.state === "Failure"
                        ? (job.message ?? "failed")
                        : "preparing the data…"}
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
          {saved ? (
            <Alert tone="success">
              <p>Downloaded as {saved}.</p>
            </Alert>
          ) : null}
          {error && chosen.length > 0 ? (
            <Alert tone="error" title="The download did not work">
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
