import { type FrameworkId, findFramework } from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useBlocker, useParams, useSearchParams } from "react-router";
import { ApiError, useApi } from "../../api";
import { Breadcrumb } from "../../components/Breadcrumb";
import {
  clearDraft,
  datasetToState,
  draftKey,
  type FormProblem,
  FormStore,
  FrameworkFormSections,
  type FrameworkFormSectionsHandle,
  loadDraft,
  type ReportEntry,
  ReportsArea,
  saveDraft,
  sectionIndexByPath,
  useChangedSince,
  usePeriod,
} from "../../components/framework-form";
import { fieldOfErrorPath } from "../../components/framework-form/rules";
import { PageFrame } from "../../components/PageFrame";
import { ErrorSummary } from "../../components/workflow";
import { formatDateTime } from "../../lib/dates";
import { rolesAllow, useAuth } from "../auth";
import { useCompany } from "../companies/company-api";
import { datasetById } from "./framework-data-api";
import {
  type DataMetaInformation,
  documentExists,
  problemsByPath,
  submitDataset,
} from "./UploadFrameworkDataPage.api";
import "./UploadFrameworkDataPage.css";
import { LeaveUploadDialog } from "./UploadFrameworkDataPage.leave";
import {
  collectProblems,
  type ServerProblem,
  SUMMARY_LIMIT,
  serverProblemStands,
  summaryItem,
  useRecheckAfterChanges,
} from "./UploadFrameworkDataPage.problems";

/** The confirmation takes the focus, which was on the submit button that is gone now. */
const focusOnArrival = (element: HTMLElement | null) => element?.focus({ preventScroll: true });

/** Reporting periods offered for uploads (spec §3): 2025 down to 2020. */
export const UPLOAD_REPORTING_PERIODS = ["2025", "2024", "2023", "2022", "2021", "2020"] as const;

export function UploadFrameworkDataPage() {
  const { companyId = "", frameworkType = "" } = useParams();
  const framework = findFramework(frameworkType);
  if (!framework)
    return (
      <PageFrame title="Upload framework data" description="This framework is not known.">
        <p>
          There is no framework “{frameworkType}”.{" "}
          <Link to={`/companies/${companyId}/frameworks/upload`}>Choose a framework</Link>.
        </p>
      </PageFrame>
    );
  return <UploadForm key={`${companyId}/${framework.id}`} companyId={companyId} frameworkId={framework.id} />;
}

type Phase =
  | { kind: "editing" }
  | { kind: "sending"; step: string }
  | { kind: "done"; meta: DataMetaInformation };

function UploadForm({ companyId, frameworkId }: { companyId: string; frameworkId: FrameworkId }) {
  const api = useApi();
  const { user, getAccessToken } = useAuth();
  const [search] = useSearchParams();
  const templateDataId = search.get("templateDataId") ?? undefined;
  const presetPeriod = search.get("reportingPeriod") ?? undefined;
  const company = useCompany(companyId);
  const framework = findFramework(frameworkId);
  const label = framework?.label ?? frameworkId;
  const companyName = company.data?.companyInformation.companyName;

  const [store] = useState(() => new FormStore(frameworkId, undefined, presetPeriod));
  const sections = useRef<FrameworkFormSectionsHandle>(null);
  const reportsRef = useRef<HTMLElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const key = draftKey(user?.sub ?? "anonymous", companyId, frameworkId);
  const [restoredAt, setRestoredAt] = useState<number | undefined>();
  const [ready, setReady] = useState(false);
  const [baseVersion, setBaseVersionState] = useState(0);
  const baseRef = useRef(0);
  const setBaseVersion = useCallback((value: number) => {
    baseRef.current = value;
    setBaseVersionState(value);
  }, []);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const serverProblems = useRef<ServerProblem[]>([]);
  const [unusedMessage, setUnusedMessage] = useState<string | undefined>();
  const [sendError, setSendError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>({ kind: "editing" });
  const [bypassQa, setBypassQa] = useState(false);
  const changed = useChangedSince(store, baseVersion);
  const period = usePeriod(store);
  const sectionIndex = useMemo(() => sectionIndexByPath(frameworkId), [frameworkId]);

  const template = useQuery({
    queryKey: ["upload-template", frameworkId, templateDataId],
    enabled: templateDataId !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => datasetById(api, frameworkId, templateDataId ?? ""),
  });

  // Start from the draft kept in the browser, else from the template dataset, else empty.
  useEffect(() => {
    if (ready || !user) return;
    const draft = loadDraft(key);
    if (draft && (draft.templateDataId ?? undefined) === templateDataId) {
      store.load({ values: draft.values, reports: draft.reports }, draft.reportingPeriod ?? presetPeriod);
      setRestoredAt(draft.savedAt);
      setBaseVersion(store.getVersion());
      setReady(true);
      return;
    }
    if (templateDataId === undefined) {
      setBaseVersion(store.getVersion());
      setReady(true);
      return;
    }
    if (template.data) {
      store.load(
        datasetToState(frameworkId, template.data.data),
        presetPeriod ?? template.data.reportingPeriod,
      );
      setBaseVersion(store.getVersion());
      setReady(true);
    } else if (template.isError) setReady(true);
  }, [
    ready,
    user,
    key,
    templateDataId,
    template.data,
    template.isError,
    store,
    frameworkId,
    presetPeriod,
    setBaseVersion,
  ]);

  const dirty = ready && changed && phase.kind !== "done";

  // Keep work in progress in the browser, a moment after the last change.
  useEffect(() => {
    if (!ready || phase.kind === "done") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = store.onChange(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (store.getVersion() === baseRef.current) {
          clearDraft(key);
          return;
        }
        const { values, reports } = store.snapshot();
        const period = store.getPeriod();
        const saved = saveDraft(key, {
          savedAt: Date.now(),
          ...(period ? { reportingPeriod: period } : {}),
          ...(templateDataId ? { templateDataId } : {}),
          values,
          reports,
        });
        if (!saved)
          setSendError("Your work could not be kept in this browser (its storage is full or blocked).");
      }, 600);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [ready, phase.kind, key, store, templateDataId]);

  // Leaving with unsaved changes asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && phase.kind === "editing" && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const discardDraft = () => {
    clearDraft(key);
    setRestoredAt(undefined);
    if (template.data)
      store.load(
        datasetToState(frameworkId, template.data.data),
        presetPeriod ?? template.data.reportingPeriod,
      );
    else store.load({ values: {}, reports: [] }, presetPeriod);
    setBaseVersion(store.getVersion());
    setProblems([]);
    setUnusedMessage(undefined);
  };

  const reportOnPlatform = useCallback(
    async (documentId: string) => documentExists(await getAccessToken(), documentId),
    [getAccessToken],
  );

  const reveal = useCallback((problem: FormProblem) => {
    if (problem.fieldPath) sections.current?.reveal(problem.fieldPath);
    else if (problem.at === "reportingPeriod") document.getElementById("ff-reporting-period")?.focus();
    else if (problem.at === "reports") {
      reportsRef.current?.scrollIntoView({ block: "start" });
      reportsRef.current?.focus({ preventScroll: true });
    }
  }, []);

  /** Shows the problems at their fields and in the summary; on submit the page also moves to them. */
  const showProblems = useCallback(
    (found: FormProblem[], unused: string | undefined, moveThere = true) => {
      store.touchAll();
      const byField = new Map<string, { at: string; message: string }[]>();
      for (const problem of found) {
        if (!problem.fieldPath) continue;
        byField.set(problem.fieldPath, [
          ...(byField.get(problem.fieldPath) ?? []),
          { at: problem.at, message: problem.message },
        ]);
      }
      store.setExternalProblems(byField);
      setProblems(found);
      setUnusedMessage(unused);
      if (!moveThere) return;
      if (unused) {
        // Spec §5: the page scrolls to the reports area.
        requestAnimationFrame(() => {
          reportsRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
          reportsRef.current?.focus({ preventScroll: true });
        });
      } else {
        requestAnimationFrame(() => {
          summaryRef.current?.scrollIntoView({ block: "start" });
          summaryRef.current?.focus({ preventScroll: true });
        });
      }
    },
    [store],
  );

  // Once the summary is shown, it follows the form: what is fixed leaves it, what breaks joins it.
  const recheck = useCallback(() => {
    const { problems: found, unusedReports } = collectProblems(store, frameworkId);
    serverProblems.current = serverProblems.current.filter((entry) => serverProblemStands(store, entry));
    showProblems([...found, ...serverProblems.current.map((entry) => entry.problem)], unusedReports, false);
  }, [store, frameworkId, showProblems]);
  useRecheckAfterChanges(store, problems.length > 0 || unusedMessage !== undefined, recheck);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (phase.kind !== "editing") return;
    setSendError(undefined);
    serverProblems.current = [];
    const { problems: found, unusedReports, payload } = collectProblems(store, frameworkId);
    const reportingPeriod = store.getPeriod();
    const state = store.snapshot();
    if (found.length > 0 || unusedReports) {
      showProblems(found, unusedReports);
      return;
    }
    store.setExternalProblems(new Map());
    setProblems([]);
    setUnusedMessage(undefined);
    const pendingReports = state.reports
      .filter((report) => report.status === "pending")
      .map((report) => ({ report, file: store.files.get(report.fileReference) as File }));
    setPhase({
      kind: "sending",
      step:
        pendingReports.length > 0 && frameworkId !== "vsme" ? "Sending the reports…" : "Sending the dataset…",
    });
    try {
      const meta = await submitDataset(
        api,
        getAccessToken,
        {
          frameworkId,
          companyId,
          reportingPeriod: reportingPeriod as string,
          data: payload,
          bypassQa: bypassQa && rolesAllow(user, "acceptWithoutReview") && frameworkId !== "vsme",
          pendingReports,
        },
        (fileReference) => {
          store.setReports(
            store
              .getReports()
              .map((report: ReportEntry) =>
                report.fileReference === fileReference ? { ...report, status: "onPlatform" } : report,
              ),
          );
          setPhase({ kind: "sending", step: "Sending the dataset…" });
        },
      );
      clearDraft(key);
      setPhase({ kind: "done", meta });
      window.scrollTo({ top: 0 });
    } catch (error) {
      setPhase({ kind: "editing" });
      const refused: FormProblem[] = problemsByPath(error).map((problem) => {
        const field = fieldOfErrorPath(store.fields, problem.path);
        return field
          ? { fieldPath: field.path, at: problem.path, message: problem.message }
          : { at: problem.path, message: problem.message };
      });
      serverProblems.current = refused.map((problem) => ({
        problem,
        valueThen: problem.fieldPath === undefined ? undefined : store.get(problem.fieldPath),
      }));
      if (refused.length > 0) showProblems(refused, undefined);
      setSendError(
        error instanceof ApiError
          ? `The upload was refused: ${error.message}`
          : `The upload failed: ${error instanceof Error ? error.message : String(error)}. Your work is kept in this browser; try again.`,
      );
    }
  };

  const problemCounts = useMemo(() => {
    const counts = new Map<number, number>();
    for (const problem of problems) {
      if (!problem.fieldPath) continue;
      const index = sectionIndex.get(problem.fieldPath);
      if (index !== undefined) counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    return counts;
  }, [problems, sectionIndex]);

  const title = `Upload ${label} data`;
  const description = companyName
    ? `For ${companyName}. Add the reports first, then enter the data and cite the reports as data sources.`
    : "Add the reports first, then enter the data and cite the reports as data sources.";

  if (phase.kind === "done") {
    const meta = phase.meta;
    return (
      <PageFrame
        title="Dataset uploaded"
        description={`${label} data for ${companyName ?? "the company"}, ${meta.reportingPeriod}.`}
      >
        <div className="upload-done" role="status" tabIndex={-1} ref={focusOnArrival}>
          <p>
            Thank you. The dataset is stored{" "}
            {meta.qaStatus === "Pending"
              ? "and waits for quality review."
              : `with the status ${meta.qaStatus}.`}
          </p>
          <ul className="upload-done__links">
            <li>
              <Link to={`/companies/${meta.companyId}/frameworks/${meta.dataType}/${meta.dataId}`}>
                View the new dataset
              </Link>
            </li>
            <li>
              <Link to="/datasets">Go to my datasets</Link>
            </li>
            <li>
              <Link to={`/companies/${meta.companyId}/frameworks/upload`}>
                Upload more data for this company
              </Link>
            </li>
          </ul>
        </div>
      </PageFrame>
    );
  }

  const periods: string[] = [...UPLOAD_REPORTING_PERIODS];
  if (period && !periods.includes(period)) periods.push(period);

  return (
    <>
      <Breadcrumb
        trail={[
          { label: "Choose a company", to: "/companies/choose" },
          { label: companyName ?? "Choose a framework", to: `/companies/${companyId}/frameworks/upload` },
          { label },
        ]}
      />
      <PageFrame title={title} description={description}>
        {company.isError ? (
          <p className="ff-message ff-message--block" role="alert">
            This company could not be loaded: {company.error.message}
          </p>
        ) : null}
        {templateDataId ? (
          <p className="upload-notice" role="status">
            {template.isPending
              ? "Loading the dataset to start from…"
              : template.isError
                ? `The dataset to start from could not be loaded: ${template.error.message}`
                : `Starting from the dataset of ${template.data?.reportingPeriod}: submitting stores a new version.`}
          </p>
        ) : null}
        {restoredAt ? (
          <div className="upload-notice" role="status">
            <span>Your unsaved work from {formatDateTime(restoredAt)} was restored.</span>
            <button
              type="button"
              className="p-button p-component p-button-text p-button-sm"
              onClick={discardDraft}
            >
              Discard it and start again
            </button>
          </div>
        ) : null}
        {!ready ? <p role="status">Preparing the form…</p> : null}
        {/* Not one form around everything: each field is a small form of its own (see FieldRow). */}
        <div className="upload-form" hidden={!ready}>
          <div className="upload-settings">
            <div className="upload-settings__item">
              <label htmlFor="ff-reporting-period" className="ff-field__label">
                Reporting period <span className="ff-required">(required)</span>
              </label>
              <select
                id="ff-reporting-period"
                className="p-inputtext p-component ff-input ff-select"
                value={period ?? ""}
                aria-invalid={problems.some((p) => p.at === "reportingPeriod") || undefined}
                onChange={(event) => store.setPeriod(event.target.value || undefined)}
              >
                <option value="">Select…</option>
                {periods.map((year) => (
                  <option key={year} value={year}>
                    {year}
                  </option>
                ))}
              </select>
            </div>
            {rolesAllow(user, "acceptWithoutReview") && frameworkId !== "vsme" ? (
              <div className="upload-settings__item">
                <label className="ff-checkbox">
                  <input
                    type="checkbox"
                    checked={bypassQa}
                    onChange={(event) => setBypassQa(event.target.checked)}
                  />
                  <span>Bypass quality review (admins): the dataset is accepted at once</span>
                </label>
              </div>
            ) : null}
            {frameworkId === "vsme" ? (
              <p className="ff-hint upload-settings__item">
                VSME data is private to the company, you, users granted access and admins. The reports travel
                with the dataset.
              </p>
            ) : null}
          </div>

          <ReportsArea
            ref={reportsRef}
            store={store}
            documentExists={reportOnPlatform}
            unusedMessage={unusedMessage}
          />

          {problems.length > 0 ? (
            <ErrorSummary
              ref={summaryRef}
              title={
                problems.length === 1
                  ? "1 thing to fix before submitting"
                  : `${problems.length} things to fix before submitting`
              }
              items={problems.slice(0, SUMMARY_LIMIT).map((problem) => summaryItem(problem, store, reveal))}
              footnote={
                problems.length > SUMMARY_LIMIT
                  ? `… and ${problems.length - SUMMARY_LIMIT} more, marked at the fields.`
                  : undefined
              }
            />
          ) : null}

          <FrameworkFormSections
            ref={sections}
            frameworkId={frameworkId}
            store={store}
            problemCounts={problemCounts}
          />

          <form className="upload-actions" noValidate onSubmit={onSubmit}>
            {sendError ? (
              <p className="ff-message ff-message--block" role="alert">
                {sendError}
              </p>
            ) : null}
            {phase.kind === "sending" ? (
              <p role="status" className="ff-hint">
                {phase.step}
              </p>
            ) : null}
            <button
              type="submit"
              className="p-button p-component"
              disabled={phase.kind === "sending" || !ready}
            >
              {phase.kind === "sending" ? "Submitting…" : "Submit dataset"}
            </button>
            <span className="ff-hint">
              {dirty ? "Your work is kept in this browser until you submit." : null}
            </span>
          </form>
        </div>
        {blocker.state === "blocked" ? (
          <LeaveUploadDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
        ) : null}
      </PageFrame>
    </>
  );
}
