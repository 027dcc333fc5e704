/**
 * The explorer's columns and cells, from the framework catalogue: which data point a path names, its
 * label and unit, and how a stored data point becomes a cell (value, unit, quality, source, review
 * status, or why it is missing).
 */
import { type FieldDefinition, type FrameworkId, fieldByPath, getFramework } from "@openverde/frameworks";
import { dataPointTypeFields } from "@openverde/frameworks/data-point-types";
import type { QaStatus } from "@openverde/frameworks/qa-status";
import { badRequest } from "../../platform/http/errors";
import type { ActiveDataPointParts, ActiveDimensionData } from "./neighbours";

/** A data point chosen for the table: its field, its data point type and its unit. */
export interface ChosenDataPoint {
  path: string;
  field: FieldDefinition;
  dataPointType: string;
  /** The value sits inside `{ value, quality, dataSource, ... }`. */
  wrapped: boolean;
  unit?: string;
}

export type MissingReason = "NoDataset" | "NotSourceable" | "EmptyField";

export interface ExplorerSource {
  fileReference: string;
  fileName?: string;
  page?: string;
}

export interface ExplorerCell {
  value: unknown;
  unit?: string;
  quality?: string;
  qaStatus: QaStatus | null;
  dataId?: string;
  source?: ExplorerSource;
  missing?: MissingReason;
}

export interface ExplorerColumn {
  dataPoint: string;
  reportingPeriod: string;
  label: string;
  unit?: string;
}

const unitOf = (field: FieldDefinition): string | undefined =>
  field.unit ?? (field.kind === "percentage" ? "%" : undefined);

/** The data points named by the paths, in the order asked; 400 naming every path that is none. */
export function chooseDataPoints(frameworkId: FrameworkId, paths: readonly string[]): ChosenDataPoint[] {
  const types = new Map(
    dataPointTypeFields(frameworkId).map(({ field, dataPointType }) => [field.path, dataPointType]),
  );
  const framework = getFramework(frameworkId);
  const unknown = paths.filter((path) => !types.has(path));
  if (unknown.length > 0)
    throw badRequest(
      `These are no data points of ${framework.label} (${frameworkId}): ${unknown.slice(0, 5).join(", ")}. The framework's data points are listed at /specifications.`,
      "Invalid dataPoints",
    );
  return [...new Set(paths)].map((path) => {
    const field = fieldByPath(framework, path) as FieldDefinition;
    return {
      path,
      field,
      dataPointType: types.get(path) as string,
      wrapped: field.wrapper !== "plain",
      unit: unitOf(field),
    };
  });
}

/** One column per data point and period, the data points first, as the table shows them. */
export function columnsOf(points: readonly ChosenDataPoint[], periods: readonly string[]): ExplorerColumn[] {
  return points.flatMap((point) =>
    periods.map((reportingPeriod) => ({
      dataPoint: point.path,
      reportingPeriod,
      label: point.field.label,
      ...(point.unit ? { unit: point.unit } : {}),
    })),
  );
}

/** The cell of one data point of one company and period; `dimension` is undefined when it has nothing. */
export function cellOf(
  point: ChosenDataPoint,
  dimension: ActiveDimensionData<ActiveDataPointParts> | undefined,
): ExplorerCell {
  if (!dimension || dimension.dataId === null)
    return { value: null, qaStatus: null, missing: dimension?.nonSourceable ? "NotSourceable" : "NoDataset" };
  const stored = dimension.points.get(point.dataPointType);
  if (!stored) return { value: null, qaStatus: null, dataId: dimension.dataId, missing: "EmptyField" };
  const cell: ExplorerCell = {
    value: stored.value ?? null,
    qaStatus: stored.qaStatus,
    dataId: dimension.dataId,
  };
  const unit = stored.currency ?? point.unit;
  if (unit && cell.value !== null) cell.unit = unit;
  if (stored.quality !== null) cell.quality = stored.quality;
  if (stored.fileReference !== null)
    cell.source = {
      fileReference: stored.fileReference,
      ...(stored.fileName !== null ? { fileName: stored.fileName } : {}),
      ...(stored.page !== null ? { page: stored.page } : {}),
    };
  if (cell.value === null) cell.missing = "EmptyField";
  return cell;
}
