/**
 * The upload form's state and its mapping to and from the wire: one wire value per field path (so a
 * dataset loaded as a template keeps every detail it has, e.g. tag names of data sources), plus the
 * list of reports. Pure: no React, no browser APIs.
 */
import {
  buildFrameworkForm,
  type FormField,
  type FrameworkId,
  getFramework,
  visibleFieldPaths,
} from "@openverde/frameworks";

export const DOCUMENT_CATEGORIES = ["AnnualReport", "SustainabilityReport", "Policy", "Other"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** Where a report's file is: already stored on the platform, waiting to be sent, or lost with a reload. */
export type ReportStatus = "onPlatform" | "pending" | "missingFile";

/** A report of the reports area; `name` is its key in `referencedReports` and the data sources' fileName. */
export interface ReportEntry {
  name: string;
  /** The SHA-256 of the file in lower-case hex: the document id on the platform. */
  fileReference: string;
  /** `fileName` as written in `referencedReports`, when a loaded dataset had one. */
  fileName?: string | null;
  publicationDate?: string | null;
  category: DocumentCategory;
  status: ReportStatus;
}

export type FieldValues = Record<string, unknown>;

export interface FormState {
  values: FieldValues;
  reports: ReportEntry[];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every field of a form in display order. */
export function formFields(frameworkId: FrameworkId): FormField[] {
  return buildFrameworkForm(frameworkId).sections.flatMap((section) =>
    section.subsections.flatMap((sub) => sub.fields),
  );
}

export function getAtPath(data: unknown, path: string): unknown {
  let node = data;
  for (const key of path.split(".")) {
    if (!isPlainObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** Writes `value` at a dotted path, creating the objects on the way. */
export function setAtPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = data;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (!isPlainObject(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** Empty answers: nothing, blank text, and lists or objects holding only empty answers. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmptyValue);
  if (isPlainObject(value)) return Object.values(value).every(isEmptyValue);
  return false;
}

/** Drops empty answers at every depth; what remains is what the user actually gave. */
export function pruneEmpty(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(pruneEmpty).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, pruneEmpty(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/** Every data source object inside a value (`dataSource` keys at any depth). */
export function collectDataSources(
  value: unknown,
  found: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const item of value) collectDataSources(item, found);
  else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === "dataSource" && isPlainObject(item)) found.push(item);
      else collectDataSources(item, found);
    }
  }
  return found;
}

/** The file references the answers cite as data sources. */
export function citedFileReferences(values: FieldValues): Set<string> {
  const cited = new Set<string>();
  for (const source of collectDataSources(Object.values(values))) {
    if (typeof source.fileReference === "string") cited.add(source.fileReference);
  }
  return cited;
}

export function referencedReportsMap(
  reports: readonly ReportEntry[],
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    reports.map((report) => [
      report.name,
      {
        fileReference: report.fileReference,
        ...(report.fileName !== undefined ? { fileName: report.fileName } : { fileName: report.name }),
        ...(report.publicationDate ? { publicationDate: report.publicationDate } : {}),
      },
    ]),
  );
}

function categoryOf(name: string): DocumentCategory {
  if (/sustainab/i.test(name)) return "SustainabilityReport";
  if (/annual/i.test(name)) return "AnnualReport";
  if (/polic/i.test(name)) return "Policy";
  return "Other";
}

/**
 * Loads a framework data object (e.g. an existing dataset, to edit as a new version) into form state.
 * The reports are the dataset's referenced reports plus any other document it cites.
 */
export function datasetToState(frameworkId: FrameworkId, data: unknown): FormState {
  const framework = getFramework(frameworkId);
  const values: FieldValues = {};
  for (const field of formFields(frameworkId)) {
    if (field.path === framework.referencedReportsPath) continue;
    const value = getAtPath(data, field.path);
    if (value !== undefined && value !== null) values[field.path] = structuredClone(value);
  }
  const reports: ReportEntry[] = [];
  const known = new Set<string>();
  const referenced = framework.referencedReportsPath
    ? getAtPath(data, framework.referencedReportsPath)
    : undefined;
  if (isPlainObject(referenced)) {
    for (const [name, report] of Object.entries(referenced)) {
      if (!isPlainObject(report) || typeof report.fileReference !== "string") continue;
      known.add(report.fileReference);
      reports.push({
        name,
        fileReference: report.fileReference,
        ...("fileName" in report ? { fileName: report.fileName as string | null } : {}),
        ...(typeof report.publicationDate === "string" ? { publicationDate: report.publicationDate } : {}),
        category: categoryOf(name),
        status: "onPlatform",
      });
    }
  }
  for (const source of collectDataSources(Object.values(values))) {
    const reference = source.fileReference;
    if (typeof reference !== "string" || known.has(reference)) continue;
    known.add(reference);
    const name =
      typeof source.fileName === "string" && source.fileName ? source.fileName : reference.slice(0, 12);
    reports.push({
      name,
      fileReference: reference,
      ...(typeof source.publicationDate === "string" ? { publicationDate: source.publicationDate } : {}),
      category: categoryOf(name),
      status: "onPlatform",
    });
  }
  return { values, reports };
}

/**
 * The framework data object to upload: the answers without empty ones, the referenced reports from the
 * reports area and, unless `keepHidden`, without answers to fields their show-if conditions hide.
 */
export function stateToPayload(
  frameworkId: FrameworkId,
  state: FormState,
  options: { keepHidden?: boolean } = {},
): Record<string, unknown> {
  const framework = getFramework(frameworkId);
  const data: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(state.values)) {
    const pruned = pruneEmpty(value);
    if (pruned !== undefined) setAtPath(data, path, pruned);
  }
  if (framework.referencedReportsPath && state.reports.length > 0)
    setAtPath(data, framework.referencedReportsPath, referencedReportsMap(state.reports));
  if (options.keepHidden) return data;
  const visible = new Set(visibleFieldPaths(frameworkId, data));
  const result: Record<string, unknown> = {};
  for (const field of formFields(frameworkId)) {
    if (!visible.has(field.path)) continue;
    const value = getAtPath(data, field.path);
    if (value !== undefined) setAtPath(result, field.path, value);
  }
  return result;
}
