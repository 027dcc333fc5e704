/**
 * The form's rules beyond the wire schema: the reports-used rule and the page rule of spec §5,
 * per-field messages while typing, and the whole-form check before submitting. Pure.
 */
import {
  type FormField,
  type FrameworkId,
  getFramework,
  isValidPage,
  pageRuleMessage,
  validateFrameworkData,
} from "@openverde/frameworks";
import {
  citedFileReferences,
  type FieldValues,
  formFields,
  isEmptyValue,
  pruneEmpty,
  type ReportEntry,
  referencedReportsMap,
  setAtPath,
} from "./form-state";

export { isValidPage, pageRuleMessage };

export const UNUSED_REPORTS_MESSAGE =
  "Not all uploaded reports are used as a data source. Please remove the following reports, or use them as a data source: ";

export const REQUIRED_MESSAGE = "This field is required.";
export const REPORT_MISSING_MESSAGE = "Choose the report this data comes from.";

/** The reports of the reports area no answer cites. */
export function unusedReports(values: FieldValues, reports: readonly ReportEntry[]): ReportEntry[] {
  const cited = citedFileReferences(values);
  return reports.filter((report) => !cited.has(report.fileReference));
}

/** The spec §5 message for unused reports, or undefined when every report is used. */
export function unusedReportsMessage(
  values: FieldValues,
  reports: readonly ReportEntry[],
): string | undefined {
  const unused = unusedReports(values, reports);
  return unused.length > 0 ? `${UNUSED_REPORTS_MESSAGE}${unused.map((r) => r.name).join(", ")}` : undefined;
}

/** The page rule of spec §5 for a page input: undefined when empty or valid. */
export function pageMessage(page: string | null | undefined): string | undefined {
  if (page === undefined || page === null || page.trim() === "") return undefined;
  return isValidPage(page.trim()) ? undefined : pageRuleMessage;
}

/** A message placed at a part of a field: `""` for the field itself, else a dotted sub-path (`dataSource.page`). */
export interface FieldMessage {
  at: string;
  message: string;
}

function friendly(at: string, message: string): string {
  if (at.endsWith("dataSource.fileReference") && message === "A value is required.")
    return REPORT_MISSING_MESSAGE;
  return message;
}

/** `data.a.b[0].c` relative to the field path `a.b` → `0.c` (dots only, for matching inputs). */
function relative(errorPath: string, fieldPath: string): string | undefined {
  const base = `data.${fieldPath}`;
  if (errorPath === base) return "";
  if (!errorPath.startsWith(base) || !/^[.[]/.test(errorPath.slice(base.length))) return undefined;
  return errorPath
    .slice(base.length)
    .replace(/\[(\d+)\]/g, ".$1")
    .replace(/\["([^"]*)"\]/g, ".$1")
    .replace(/^\./, "");
}

/**
 * Messages for one field while the user types: the package's rules for its value (ranges, codes,
 * formats, enums, the page rule, data sources naming added reports) and the data-source checks.
 */
export function fieldMessages(
  frameworkId: FrameworkId,
  field: FormField,
  value: unknown,
  reports: readonly ReportEntry[],
): FieldMessage[] {
  const pruned = pruneEmpty(value);
  if (pruned === undefined) return [];
  const framework = getFramework(frameworkId);
  const data: Record<string, unknown> = {};
  setAtPath(data, field.path, pruned);
  if (framework.referencedReportsPath && framework.referencedReportsPath !== field.path)
    setAtPath(data, framework.referencedReportsPath, referencedReportsMap(reports));
  const messages: FieldMessage[] = [];
  const seen = new Set<string>();
  for (const error of validateFrameworkData(frameworkId, data)) {
    const at = relative(error.path, field.path);
    if (at === undefined) continue;
    const message = friendly(at, error.message);
    const key = `${at}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    messages.push({ at, message });
  }
  const known = new Set(reports.map((report) => report.fileReference));
  const sourceOf = (v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>).dataSource
      : undefined;
  const source = sourceOf(pruned);
  if (typeof source === "object" && source !== null) {
    const reference = (source as Record<string, unknown>).fileReference;
    if (typeof reference === "string" && !known.has(reference) && !seen.has(`dataSource.fileReference|`))
      messages.push({
        at: "dataSource.fileReference",
        message: "This report is not in the reports area any more.",
      });
  }
  return messages;
}

export interface FormProblem {
  /** The field the problem belongs to; undefined for problems of the whole form. */
  fieldPath?: string;
  at: string;
  message: string;
}

/** Finds the field an error path of `validateFrameworkData` belongs to (longest matching field path). */
export function fieldOfErrorPath(fields: readonly FormField[], errorPath: string): FormField | undefined {
  let best: FormField | undefined;
  for (const field of fields) {
    if (relative(errorPath, field.path) === undefined) continue;
    if (!best || field.path.length > best.path.length) best = field;
  }
  return best;
}

/**
 * The whole-form check before submitting: required fields, inputs that could not be read, the
 * package's validation of the complete payload, and the reports-used rule. Empty means ready to send.
 */
export function checkForm(input: {
  frameworkId: FrameworkId;
  values: FieldValues;
  reports: readonly ReportEntry[];
  payload: Record<string, unknown>;
  visiblePaths: ReadonlySet<string>;
  inputErrors: ReadonlyMap<string, string>;
  reportingPeriod: string | undefined;
}): { problems: FormProblem[]; unusedReports?: string } {
  const fields = formFields(input.frameworkId);
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: FormProblem) => {
    const key = `${problem.fieldPath}|${problem.at}|${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  };
  if (!input.reportingPeriod) add({ at: "reportingPeriod", message: "Choose the reporting period." });
  for (const [key, message] of input.inputErrors) {
    const [fieldPath, at = ""] = key.split("#");
    if (fieldPath && input.visiblePaths.has(fieldPath)) add({ fieldPath, at, message });
  }
  for (const field of fields) {
    if (field.kind === "referencedReports" || !field.required || !input.visiblePaths.has(field.path))
      continue;
    if (isEmptyValue(input.values[field.path]))
      add({ fieldPath: field.path, at: "", message: REQUIRED_MESSAGE });
  }
  for (const error of validateFrameworkData(input.frameworkId, input.payload)) {
    const field = fieldOfErrorPath(fields, error.path);
    if (field) {
      const at = relative(error.path, field.path) ?? "";
      if (at === "" && error.message === "A value is required.") continue;
      add({ fieldPath: field.path, at, message: friendly(at, error.message) });
    } else if (!/^data\.[\w.]+$/.test(error.path) || error.message !== "A value is required.") {
      add({ at: error.path, message: error.message });
    }
  }
  for (const path of input.visiblePaths) {
    const source = input.values[path];
    if (typeof source !== "object" || source === null) continue;
    const dataSource = (source as Record<string, unknown>).dataSource;
    if (typeof dataSource === "object" && dataSource !== null) {
      const page = (dataSource as Record<string, unknown>).page;
      const message = typeof page === "string" ? pageMessage(page) : undefined;
      if (message) add({ fieldPath: path, at: "dataSource.page", message });
    }
  }
  const unused = unusedReportsMessage(input.payload, input.reports);
  return unused ? { problems, unusedReports: unused } : { problems };
}
