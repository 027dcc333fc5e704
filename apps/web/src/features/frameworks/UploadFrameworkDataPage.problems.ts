/**
 * What stands between the upload form and a submit: the whole-form check, the reports whose files
 * the browser no longer has, and an empty form. Asked on submit and again after every change while
 * the summary is shown, so the summary only ever lists what is still wrong.
 */
import type { FrameworkId } from "@openverde/frameworks";
import { createElement, useEffect } from "react";
import { checkForm, type FormProblem, type FormStore, stateToPayload } from "../../components/framework-form";
import type { ErrorSummaryItem } from "../../components/workflow";

/** How long the form must be still before the summary is checked again. */
const RECHECK_DELAY_MS = 250;

/** The summary lists this many problems; the rest are marked at their fields only. */
export const SUMMARY_LIMIT = 30;

export interface FormCheck {
  problems: FormProblem[];
  unusedReports: string | undefined;
  payload: Record<string, unknown>;
}

export function collectProblems(store: FormStore, frameworkId: FrameworkId): FormCheck {
  const state = store.snapshot();
  const payload = stateToPayload(frameworkId, state);
  const result = checkForm({
    frameworkId,
    values: state.values,
    reports: state.reports,
    payload,
    visiblePaths: store.visiblePaths(),
    inputErrors: store.getInputErrors(),
    reportingPeriod: store.getPeriod(),
  });
  const missingFiles = state.reports.filter(
    (report) =>
      report.status === "missingFile" ||
      (report.status === "pending" && !store.files.has(report.fileReference)),
  );
  const problems = [
    ...result.problems,
    ...missingFiles.map((report) => ({
      at: "reports",
      message: `Choose the file of the report "${report.name}" again: files are not kept in the browser.`,
    })),
  ];
  if (Object.keys(payload).length === 0)
    problems.push({ at: "form", message: "Enter at least one value before submitting." });
  return { problems, unusedReports: result.unusedReports, payload };
}

/** A problem the server reported, with the value its field had then: it stands until that value changes. */
export interface ServerProblem {
  problem: FormProblem;
  valueThen: unknown;
}

export const serverProblemStands = (store: FormStore, { problem, valueThen }: ServerProblem): boolean =>
  problem.fieldPath === undefined || Object.is(store.get(problem.fieldPath), valueThen);

/** While `active`, calls `recheck` once the form has been still for a moment after a change. */
export function useRecheckAfterChanges(store: FormStore, active: boolean, recheck: () => void): void {
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = store.onChange(() => {
      clearTimeout(timer);
      timer = setTimeout(recheck, RECHECK_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [store, active, recheck]);
}

/**
 * A problem as the summary lists it: named by its field's label (or the reporting period, the reports)
 * with a button that moves there; a problem the form has no field for shows the path the server named.
 */
export function summaryItem(
  problem: FormProblem,
  store: FormStore,
  reveal: (problem: FormProblem) => void,
): ErrorSummaryItem {
  const key = `${problem.fieldPath}|${problem.at}|${problem.message}`;
  const field = problem.fieldPath ? store.field(problem.fieldPath) : undefined;
  const where =
    field?.label ??
    (problem.at === "reportingPeriod"
      ? "Reporting period"
      : problem.at === "reports"
        ? "Reports"
        : undefined);
  if (where !== undefined) return { key, message: problem.message, where, reveal: () => reveal(problem) };
  if (problem.at === "form") return { key, message: problem.message };
  return { key, message: problem.message, where: createElement("code", null, problem.at) };
}
