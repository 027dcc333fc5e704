/**
 * The rows of a dataset judgement as the review page shows them: each data point in the framework's
 * order with its label, the uploaded value and source, the QA reports' findings on it and the source of
 * the value the judge accepted. Pure, so it is tested without a browser.
 */
import type { FieldDefinition, FrameworkId } from "@openverde/frameworks";
import { dataPointTypeFields } from "@openverde/frameworks/data-point-types";
import { formatFieldValue } from "@openverde/frameworks/format-value";

export type AcceptedSource = "Original" | "Qa" | "Custom";

export interface JudgementFinding {
  reporterUserId: string;
  verdict: string;
  comment: string;
  active: boolean;
  correctedData?: string;
}

export interface JudgementDataPoint {
  dataPointType: string;
  dataPointId: string;
  qaReports: JudgementFinding[];
  acceptedSource?: AcceptedSource;
  reporterUserIdOfAcceptedQaReport?: string;
  customValue?: string;
  reasonForCustomDataPoint?: string;
}

export interface JudgementRow {
  dataPointType: string;
  label: string;
  field: FieldDefinition | undefined;
  /** The uploaded data point: an object (value, quality, comment, dataSource) or a plain value. */
  original: unknown;
  /** Active findings, newest last, with their corrected data point where they give one. */
  findings: (JudgementFinding & { corrected: unknown })[];
  decided: JudgementDataPoint;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function valueAt(data: unknown, path: string): unknown {
  let node = data;
  for (const key of path.split(".")) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** A data point given as JSON text, or undefined when there is none or it is no JSON. */
export function parseDataPoint(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The cited source of a data point (extended data points carry one), if any. */
export function sourceOf(dataPoint: unknown): Record<string, unknown> | undefined {
  return isObject(dataPoint) && isObject(dataPoint.dataSource) ? dataPoint.dataSource : undefined;
}

/** Extended data points wrap their value with quality, comment and source; plain ones are the value. */
const isExtended = (dataPoint: unknown): dataPoint is Record<string, unknown> =>
  isObject(dataPoint) && ("value" in dataPoint || "dataSource" in dataPoint || "quality" in dataPoint);

/** The rows of a judgement in the framework's order (data points of unknown types last). */
export function judgementRows(
  frameworkId: FrameworkId,
  data: unknown,
  dataPoints: Record<string, JudgementDataPoint>,
): JudgementRow[] {
  const rows: JudgementRow[] = [];
  const seen = new Set<string>();
  const toRow = (point: JudgementDataPoint, field: FieldDefinition | undefined): JudgementRow => {
    return {
      dataPointType: point.dataPointType,
      label: field?.label ?? point.dataPointType,
      field,
      original: field ? valueAt(data, field.path) : undefined,
      findings: point.qaReports
        .filter((finding) => finding.active)
        .map((finding) => ({ ...finding, corrected: parseDataPoint(finding.correctedData) })),
      decided: point,
    };
  };
  for (const { field, dataPointType } of dataPointTypeFields(frameworkId)) {
    const point = dataPoints[dataPointType];
    if (!point) continue;
    seen.add(dataPointType);
    rows.push(toRow(point, field));
  }
  for (const point of Object.values(dataPoints))
    if (!seen.has(point.dataPointType)) rows.push(toRow(point, undefined));
  return rows;
}

/** A data point's value for reading: formatted by its field where there is one. */
export function valueText(field: FieldDefinition | undefined, dataPoint: unknown): string {
  if (dataPoint === null || dataPoint === undefined) return "No value";
  const value = isExtended(dataPoint) ? dataPoint.value : dataPoint;
  const currency =
    isExtended(dataPoint) && typeof dataPoint.currency === "string" ? dataPoint.currency : undefined;
  const text = field ? formatFieldValue(field, value, currency) : null;
  if (text !== null) return text;
  if (value === null || value === undefined) return "No value";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The judge's own data point: the uploaded one with the typed value (a number where the upload holds
 * a number) and, where given, another page of the same source; a plain data point is the value alone.
 * As JSON text for customDataPoint.
 */
export function customDataPoint(original: unknown, valueInput: string, page: string): string {
  const trimmed = valueInput.trim();
  const typed = (like: unknown) =>
    trimmed === ""
      ? null
      : typeof like === "number" && Number.isFinite(Number(trimmed))
        ? Number(trimmed)
        : trimmed;
  if (original !== undefined && original !== null && !isExtended(original))
    return JSON.stringify(typed(original));
  const base = isExtended(original) ? original : {};
  const value = typed(base.value);
  const source = isObject(base.dataSource) ? { ...base.dataSource } : undefined;
  if (source && page.trim() !== "") source.page = page.trim();
  return JSON.stringify({ ...base, value, ...(source ? { dataSource: source } : {}) });
}

/** How the accepted value of a row reads in one sentence. */
export function decisionSentence(row: JudgementRow, reporterName: (userId: string) => string): string {
  const decided = row.decided;
  switch (decided.acceptedSource) {
    case "Qa":
      return `Accepted: the correction of ${reporterName(decided.reporterUserIdOfAcceptedQaReport ?? "")}.`;
    case "Custom":
      return `Accepted: your value, ${valueText(row.field, parseDataPoint(decided.customValue))}.`;
    case "Original":
      return "Accepted: the uploaded value.";
    default:
      return "Not decided yet: the uploaded value stands.";
  }
}
