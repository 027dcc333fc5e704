/**
 * What the datasets module reads out of a framework data object: its data points, the documents it
 * cites and how those agree with its referenced reports. The rules of the data itself live in
 * @openverde/frameworks (validateFrameworkData).
 */
import { type FieldDefinition, type FrameworkId, frameworkIds, getFramework } from "@openverde/frameworks";
import { dataPointTypeFields } from "@openverde/frameworks/data-point-types";

/** Frameworks whose data only the company and the users it lets in may see. */
export const PRIVATE_FRAMEWORKS: ReadonlySet<string> = new Set(["vsme"]);
export const isPrivateFramework = (dataType: string): boolean => PRIVATE_FRAMEWORKS.has(dataType);

/** Frameworks whose data everyone signed in may read, each with its own /data/{framework} operations. */
export const PUBLIC_FRAMEWORKS: readonly FrameworkId[] = frameworkIds.filter((id) => !isPrivateFramework(id));

export const ALL_FRAMEWORKS: readonly FrameworkId[] = frameworkIds;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function valueAtKeys(data: unknown, keys: readonly string[]): unknown {
  let node = data;
  for (const key of keys) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

const valueAt = (data: unknown, path: string): unknown => valueAtKeys(data, path.split("."));

/** True when a value carries nothing: null, or a wrapper whose every property is null. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (isObject(value)) return Object.values(value).every((inner) => inner === null || inner === undefined);
  return false;
}

interface DataPointField {
  field: FieldDefinition;
  dataPointType: string;
  /** The field's wire path split into its keys once, not on every upload. */
  keys: readonly string[];
}

const dataPointFieldCache = new Map<FrameworkId, DataPointField[]>();

/** The fields of a framework that are data points, with their data point type (the shared rule). */
export function dataPointFields(frameworkId: FrameworkId): DataPointField[] {
  let fields = dataPointFieldCache.get(frameworkId);
  if (!fields) {
    fields = dataPointTypeFields(frameworkId).map(({ field, dataPointType }) => ({
      field,
      dataPointType,
      keys: field.path.split("."),
    }));
    dataPointFieldCache.set(frameworkId, fields);
  }
  return fields;
}

export interface ExtractedDataPoint {
  dataPointType: string;
  path: string;
  value: unknown;
}

/** The data points a dataset holds: every field with a value. */
export function extractDataPoints(frameworkId: FrameworkId, data: unknown): ExtractedDataPoint[] {
  const points: ExtractedDataPoint[] = [];
  for (const { field, dataPointType, keys } of dataPointFields(frameworkId)) {
    const value = valueAtKeys(data, keys);
    if (isEmpty(value)) continue;
    points.push({ dataPointType, path: field.path, value });
  }
  return points;
}

/** Every document the data cites: referenced reports and data sources, wherever they are. */
export function citedDocuments(data: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (isObject(node)) {
      if (typeof node.fileReference === "string") found.add(node.fileReference);
      for (const value of Object.values(node)) visit(value);
    }
  };
  visit(data);
  return found;
}

/** File references of the data sources, outside the referenced reports. */
function dataSourceReferences(frameworkId: FrameworkId, data: unknown): Set<string> {
  const reportsPath = getFramework(frameworkId).referencedReportsPath;
  const found = new Set<string>();
  const visit = (node: unknown, path: string) => {
    if (path === reportsPath) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, path);
    } else if (isObject(node)) {
      if (typeof node.fileReference === "string") found.add(node.fileReference);
      for (const [key, value] of Object.entries(node)) visit(value, path ? `${path}.${key}` : key);
    }
  };
  visit(data, "");
  return found;
}

export interface ReferencedReport {
  name: string;
  fileReference: string;
}

export function referencedReports(frameworkId: FrameworkId, data: unknown): ReferencedReport[] {
  const path = getFramework(frameworkId).referencedReportsPath;
  if (!path) return [];
  const reports = valueAt(data, path);
  if (!isObject(reports)) return [];
  return Object.entries(reports).flatMap(([name, report]) =>
    isObject(report) && typeof report.fileReference === "string"
      ? [{ name, fileReference: report.fileReference }]
      : [],
  );
}

/** Referenced reports that no data source uses. */
export function unusedReports(frameworkId: FrameworkId, data: unknown): ReferencedReport[] {
  const used = dataSourceReferences(frameworkId, data);
  return referencedReports(frameworkId, data).filter((report) => !used.has(report.fileReference));
}

/** The wire path of the referenced reports as a JSON path of the upload (`data.general...`). */
export function referencedReportsJsonPath(frameworkId: FrameworkId): string | undefined {
  const path = getFramework(frameworkId).referencedReportsPath;
  return path ? `data.${path}` : undefined;
}
