/**
 * QA reports: a reviewer's findings on an uploaded dataset, data point by data point, or on one data
 * point. A finding is a verdict, a comment and, where the reviewer gives one, the corrected data point
 * with its source. Reports are never deleted, only deactivated (and reactivated) by their reporter or
 * an admin. Writing a report is one transaction: the report, its entries and, when it rejects or
 * corrects data, the event that tells the uploader.
 */
import { randomUUID } from "node:crypto";
import { AjvCompiler } from "@fastify/ajv-compiler";
import type { FrameworkId } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { ApiError, badRequest, notFound } from "../../platform/http/errors";
import { isUuid, registerUuidFormat } from "../../platform/ids";
import { recordAudit } from "../audit";
import {
  companyIdOf,
  type DatasetFacts,
  dataPointFacts,
  dataPointFieldsOf,
  datasetFacts,
  datasetSelects,
  isPrivateData,
  wireDatasetMeta,
} from "./neighbours";
import { fieldValueSchema, type QaReportVerdict, type ReportField, reportFields } from "./report-schemas";
import { canReport } from "./reports-policy";
import * as store from "./reports-store";
import { JUDGING_REFUSED, OWN_UPLOAD_REFUSED, runInTransaction, trackDataset } from "./service";
import type { AnyExecutor } from "./store";

export const QA_REPORT_FINDINGS = "qa.reportFindings";

/** Tells the uploader that a report rejects or corrects their data (notifications mails it). */
export interface QaReportFindingsPayload {
  dataId: string;
  qaReportId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  uploaderUserId: string;
  reporterUserId: string;
  rejected: number;
  corrected: number;
}

const READ_REFUSED = "Only those who may read the dataset may read its QA reports.";
const STATUS_REFUSED = "Only the reviewer who wrote a QA report, or an admin, may change its status.";

// ---- wire shapes ---------------------------------------------------------------------------------

export interface QaReportMetaInformation {
  dataId: string;
  dataType: string;
  qaReportId: string;
  reporterUserId: string;
  uploadTime: number;
  active: boolean;
}

export interface Finding {
  comment: string;
  verdict: QaReportVerdict;
  correctedData?: unknown;
}

export interface DataPointQaReport {
  dataPointId: string;
  dataPointType: string;
  qaReportId: string;
  reporterUserId: string;
  uploadTime: number;
  active: boolean;
  comment: string;
  verdict: QaReportVerdict;
  correctedData?: string;
}

/** A finding on a data point as the judgements of datasets read it (a report's entry with its reporter). */
export type DataPointReportEntry = DataPointQaReport;

const metaOf = (report: store.ReportRow): QaReportMetaInformation => ({
  dataId: report.dataId,
  dataType: report.dataType,
  qaReportId: report.qaReportId,
  reporterUserId: report.reporterUserId,
  uploadTime: report.uploadTime,
  active: report.active,
});

function dataPointReportOf(entry: store.DataPointEntryRow): DataPointQaReport {
  return {
    dataPointId: entry.dataPointId ?? "",
    dataPointType: entry.dataPointType,
    qaReportId: entry.qaEntryId,
    reporterUserId: entry.reporterUserId,
    uploadTime: entry.uploadTime,
    active: entry.active && entry.reportActive,
    comment: entry.comment ?? "",
    verdict: entry.verdict as QaReportVerdict,
    ...(entry.correctedData !== null ? { correctedData: entry.correctedData } : {}),
  };
}

/** Nested fields of a report body; a leaf is the finding's JSON text. */
interface JsonTree {
  [key: string]: JsonTree | string;
}

const writeTree = (tree: JsonTree): string =>
  `{${Object.entries(tree)
    .map(([key, value]) => `${JSON.stringify(key)}:${typeof value === "string" ? value : writeTree(value)}`)
    .join(",")}}`;

/**
 * A dataset report's body rebuilt from its entries, as JSON text: the framework's object with a finding
 * per field. The stored corrected data points are JSON text already and go in as they are, unparsed.
 */
function reportBodyJson(entries: readonly store.EntryRow[]): string {
  const body: JsonTree = {};
  for (const entry of entries) {
    if (entry.fieldPath === null) continue;
    const keys = entry.fieldPath.split(".");
    let node = body;
    for (const key of keys.slice(0, -1)) {
      if (node[key] === undefined) node[key] = {};
      node = node[key] as JsonTree;
    }
    const corrected = entry.correctedData === null ? "" : `,"correctedData":${entry.correctedData}`;
    node[keys[keys.length - 1] as string] =
      entry.verdict === null
        ? (entry.correctedData ?? "null")
        : `{"comment":${JSON.stringify(entry.comment ?? "")},"verdict":"${entry.verdict}"${corrected}}`;
  }
  return writeTree(body);
}

/** `{ metaInfo, report }` of the reference as JSON text. */
const reportWithMetaJson = (report: store.ReportRow, entries: readonly store.EntryRow[]): string =>
  `{"metaInfo":${JSON.stringify(metaOf(report))},"report":${reportBodyJson(entries)}}`;

// ---- looking up what a report is about --------------------------------------------------------------

/** The dataset of a framework's report operation, or 404 (also for a dataset the actor may not know of). */
async function reportedDataset(
  db: AnyExecutor,
  actor: Actor,
  framework: FrameworkId,
  dataId: string,
): Promise<DatasetFacts> {
  const facts = await datasetFacts(db, dataId, actor);
  if (!facts || facts.dataType !== framework)
    throw notFound(`No ${framework} dataset with the id ${dataId} is known.`, "Dataset not found");
  return facts;
}

/** A data point and its dataset, or 404. Private (VSME) data is not under public review: no reports there. */
async function reportedDataPoint(db: AnyExecutor, actor: Actor, dataPointId: string) {
  const point = await dataPointFacts(db, dataPointId, actor);
  const dataset =
    point && !isPrivateData(point.dataType) ? await datasetFacts(db, point.dataId, actor) : undefined;
  if (!point || !dataset)
    throw notFound(`No data point with the id ${dataPointId} is known.`, "Data point not found");
  return { point, dataset };
}

function requireReadable(actor: Actor, dataset: DatasetFacts): void {
  authorize(actor, canReport(actor, "read", dataset), READ_REFUSED);
}

// ---- the findings of a report -------------------------------------------------------------------------

interface NewEntry {
  fieldPath: string | null;
  qaEntryId: string;
  dataPointId: string | null;
  dataPointType: string;
  verdict: QaReportVerdict | null;
  comment: string | null;
  correctedData: string | null;
}

const dataPointTypeCache = new Map<FrameworkId, Map<string, string>>();

/** The data point type of each field path of a framework (a field that is no data point: `<framework>.<path>`). */
function dataPointTypeOf(framework: FrameworkId, path: string): string {
  let types = dataPointTypeCache.get(framework);
  if (!types) {
    types = new Map(dataPointFieldsOf(framework).map((field) => [field.path, field.dataPointType]));
    dataPointTypeCache.set(framework, types);
  }
  return types.get(path) ?? `${framework}.${path}`;
}

function valueAt(body: unknown, path: string): unknown {
  let node = body;
  for (const key of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The findings of an entry: itself, or those nested per key (a map of data points). */
function findingsIn(entry: NewEntry): { verdict: string; correctedData?: unknown }[] {
  if (entry.verdict !== null) return [{ verdict: entry.verdict, correctedData: entry.correctedData }];
  const byKey = JSON.parse(entry.correctedData ?? "{}") as Record<string, Record<string, Finding>>;
  return Object.values(byKey).flatMap((findings) => Object.values(findings ?? {}));
}

/**
 * The entries of a report on a dataset: one per field the body holds (already validated by its schema).
 * Their data points are found by type when they are stored.
 */
function entriesOf(framework: FrameworkId, body: unknown): NewEntry[] {
  const entries: NewEntry[] = [];
  for (const reportField of reportFields(framework) as ReportField[]) {
    const value = valueAt(body, reportField.field.path);
    if (value === undefined || value === null) continue;
    const dataPointType = dataPointTypeOf(framework, reportField.field.path);
    const common = {
      fieldPath: reportField.field.path,
      qaEntryId: randomUUID(),
      dataPointId: null,
      dataPointType,
    };
    if (reportField.shape === "findingsByKey") {
      entries.push({ ...common, verdict: null, comment: null, correctedData: JSON.stringify(value) });
    } else {
      const finding = value as Finding;
      const corrected = finding.correctedData;
      entries.push({
        ...common,
        verdict: finding.verdict,
        comment: finding.comment,
        correctedData: corrected === undefined || corrected === null ? null : JSON.stringify(corrected),
      });
    }
  }
  return entries;
}

/** Publishes the findings event when a report rejects or corrects someone's data. */
async function tellUploader(
  trx: AnyExecutor,
  dataset: DatasetFacts,
  report: store.ReportRow,
  entries: readonly NewEntry[],
): Promise<void> {
  const findings = entries.flatMap(findingsIn);
  const rejected = findings.filter((finding) => finding.verdict === "QaRejected").length;
  const corrected = findings.filter((finding) => finding.correctedData != null).length;
  if (!dataset.uploaderUserId || (rejected === 0 && corrected === 0)) return;
  const payload: QaReportFindingsPayload = {
    dataId: dataset.dataId,
    qaReportId: report.qaReportId,
    companyId: dataset.companyId,
    dataType: dataset.dataType,
    reportingPeriod: dataset.reportingPeriod,
    uploaderUserId: dataset.uploaderUserId,
    reporterUserId: report.reporterUserId,
    rejected,
    corrected,
  };
  await publishEvent(trx as never, QA_REPORT_FINDINGS, payload);
}

// ---- reports on datasets ------------------------------------------------------------------------------

export async function postDatasetReport(
  db: AnyExecutor,
  actor: Actor,
  framework: FrameworkId,
  dataId: string,
  body: unknown,
): Promise<QaReportMetaInformation> {
  authorize(actor, canReport(actor, "write"), JUDGING_REFUSED);
  const dataset = await reportedDataset(db, actor, framework, dataId);
  const reviewer = authorize(actor, canReport(actor, "writeOn", dataset), OWN_UPLOAD_REFUSED);
  return runInTransaction(db, async (trx) => {
    // The review record is started here if the upload's event is still on its way (report searches
    // read the dataset's review state). The entries find their data points among the dataset's as they
    // are stored.
    await trackDataset(trx, dataId);
    const entries = entriesOf(framework, body);
    if (entries.length === 0)
      throw badRequest("A QA report needs a finding on at least one data point.", "Empty QA report");
    const report: store.ReportRow = {
      qaReportId: randomUUID(),
      dataId,
      dataType: framework,
      onDataPoint: false,
      reporterUserId: reviewer.userId,
      uploadTime: Date.now(),
      active: true,
    };
    await store.insertReport(trx, report, entries, datasetSelects(dataId).dataPoints);
    await tellUploader(trx, dataset, report, entries);
    return metaOf(report);
  });
}

/** The reports on a dataset, as the JSON text of the reference's list (it is sent as it is). */
export async function listDatasetReports(
  db: AnyExecutor,
  actor: Actor,
  framework: FrameworkId,
  dataId: string,
  filter: { showInactive?: boolean; reporterUserId?: string },
): Promise<string> {
  authorize(actor);
  const dataset = await reportedDataset(db, actor, framework, dataId);
  requireReadable(actor, dataset);
  const reports = await store.findDatasetReportsWithEntries(db, dataId, {
    showInactive: filter.showInactive ?? false,
    reporterUserId: filter.reporterUserId,
  });
  return `[${reports.map(({ report, entries }) => reportWithMetaJson(report, entries)).join(",")}]`;
}

async function datasetReport(db: AnyExecutor, dataId: string, qaReportId: string): Promise<store.ReportRow> {
  const report = isUuid(qaReportId) ? await store.findReport(db, qaReportId) : undefined;
  if (!report || report.dataId !== dataId || report.onDataPoint)
    throw notFound(
      `The dataset ${dataId} has no QA report with the id ${qaReportId}.`,
      "QA report not found",
    );
  return report;
}

/** One report on a dataset, as JSON text. */
export async function getDatasetReport(
  db: AnyExecutor,
  actor: Actor,
  framework: FrameworkId,
  dataId: string,
  qaReportId: string,
): Promise<string> {
  authorize(actor);
  const dataset = await reportedDataset(db, actor, framework, dataId);
  requireReadable(actor, dataset);
  const report = await datasetReport(db, dataId, qaReportId);
  return reportWithMetaJson(report, await store.findEntries(db, [qaReportId]));
}

export async function setDatasetReportStatus(
  db: AnyExecutor,
  actor: Actor,
  framework: FrameworkId,
  dataId: string,
  qaReportId: string,
  active: boolean,
): Promise<void> {
  authorize(actor);
  await reportedDataset(db, actor, framework, dataId);
  const report = await datasetReport(db, dataId, qaReportId);
  const user = authorize(actor, canReport(actor, "changeStatus", report), STATUS_REFUSED);
  if (report.active === active) return;
  await runInTransaction(db, async (trx) => {
    await store.setReportActive(trx, qaReportId, active);
    await recordAudit(trx as never, user, {
      action: active ? "qa-report.reactivated" : "qa-report.deactivated",
      objectType: "qa-report",
      objectId: qaReportId,
      before: { active: report.active },
      after: { active },
    });
  });
}

// ---- reports on single data points --------------------------------------------------------------------

type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null;
};

const buildValidator = AjvCompiler()(
  {},
  {
    customOptions: { removeAdditional: false, coerceTypes: false, strict: false, allErrors: false },
    onCreate: registerUuidFormat,
  },
) as unknown as (route: { schema: unknown; method: string; url: string; httpPart: string }) => Validate;

const correctedDataValidators = new Map<string, Validate>();

/** The check of a corrected value of one field: the field's own schema from the framework catalogue. */
function correctedDataValidator(framework: FrameworkId, path: string): Validate {
  const key = `${framework}:${path}`;
  let validate = correctedDataValidators.get(key);
  if (!validate) {
    validate = buildValidator({
      schema: fieldValueSchema(framework, path),
      method: "POST",
      url: key,
      httpPart: "body",
    });
    correctedDataValidators.set(key, validate);
  }
  return validate;
}

/** The corrected data point as stored JSON text, checked against the data point's type. */
function checkedCorrection(
  framework: string,
  dataPointType: string,
  text: string | undefined,
): string | null {
  if (text === undefined || text.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("correctedData must be the corrected data point as JSON text.", "Invalid correctedData");
  }
  if (value === null) return null;
  const path = dataPointFieldsOf(framework as FrameworkId).find(
    (field) => field.dataPointType === dataPointType,
  )?.path;
  if (!path)
    throw badRequest(
      `The data point type ${dataPointType} takes no corrected value in a QA report.`,
      "Unknown data point type",
    );
  const validate = correctedDataValidator(framework as FrameworkId, path);
  if (!validate(value)) {
    const error = validate.errors?.[0];
    throw new ApiError(
      400,
      "invalid-input",
      "Invalid correctedData",
      `correctedData${error?.instancePath ?? ""} ${error?.message ?? "is not a valid"} (data point type ${dataPointType}).`,
    );
  }
  return JSON.stringify(value);
}

export async function postDataPointReport(
  db: AnyExecutor,
  actor: Actor,
  dataPointId: string,
  body: { comment: string; verdict: QaReportVerdict; correctedData?: string },
): Promise<DataPointQaReport> {
  authorize(actor, canReport(actor, "write"), JUDGING_REFUSED);
  const { point, dataset } = await reportedDataPoint(db, actor, dataPointId);
  const reviewer = authorize(actor, canReport(actor, "writeOn", dataset), OWN_UPLOAD_REFUSED);
  const correctedData = checkedCorrection(point.dataType, point.dataPointType, body.correctedData);
  const report: store.ReportRow = {
    qaReportId: randomUUID(),
    dataId: point.dataId,
    dataType: point.dataPointType,
    onDataPoint: true,
    reporterUserId: reviewer.userId,
    uploadTime: Date.now(),
    active: true,
  };
  const entry: NewEntry = {
    fieldPath: null,
    qaEntryId: report.qaReportId,
    dataPointId,
    dataPointType: point.dataPointType,
    verdict: body.verdict,
    comment: body.comment,
    correctedData,
  };
  await runInTransaction(db, async (trx) => {
    await trackDataset(trx, point.dataId);
    await store.insertReport(trx, report, [entry], datasetSelects(point.dataId).dataPoints);
    await tellUploader(trx, dataset, report, [entry]);
  });
  return dataPointReportOf({ ...entry, ...report, reportActive: true, qaReportId: report.qaReportId });
}

export async function listDataPointReports(
  db: AnyExecutor,
  actor: Actor,
  dataPointId: string,
  filter: { showInactive?: boolean; reporterUserId?: string },
): Promise<DataPointQaReport[]> {
  authorize(actor);
  const { dataset } = await reportedDataPoint(db, actor, dataPointId);
  requireReadable(actor, dataset);
  const entries = await store.findDataPointEntries(db, dataPointId, {
    showInactive: filter.showInactive ?? false,
    reporterUserId: filter.reporterUserId,
  });
  return entries.map(dataPointReportOf);
}

async function dataPointReport(db: AnyExecutor, dataPointId: string, qaReportId: string) {
  const entry = isUuid(qaReportId) ? await store.findDataPointEntry(db, dataPointId, qaReportId) : undefined;
  if (!entry)
    throw notFound(
      `The data point ${dataPointId} has no QA report with the id ${qaReportId}.`,
      "QA report not found",
    );
  return entry;
}

export async function getDataPointReport(
  db: AnyExecutor,
  actor: Actor,
  dataPointId: string,
  qaReportId: string,
): Promise<DataPointQaReport> {
  authorize(actor);
  const { dataset } = await reportedDataPoint(db, actor, dataPointId);
  requireReadable(actor, dataset);
  return dataPointReportOf(await dataPointReport(db, dataPointId, qaReportId));
}

/**
 * Deactivates or reactivates a report on a data point. For a finding that is part of a report on the
 * whole dataset, only that finding changes; the dataset's report keeps its own status.
 */
export async function setDataPointReportStatus(
  db: AnyExecutor,
  actor: Actor,
  dataPointId: string,
  qaReportId: string,
  active: boolean,
): Promise<void> {
  authorize(actor);
  await reportedDataPoint(db, actor, dataPointId);
  const entry = await dataPointReport(db, dataPointId, qaReportId);
  const user = authorize(actor, canReport(actor, "changeStatus", entry), STATUS_REFUSED);
  await runInTransaction(db, async (trx) => {
    await store.setEntryActive(trx, qaReportId, active);
    if (entry.qaReportId === qaReportId) await store.setReportActive(trx, qaReportId, active);
    await recordAudit(trx as never, user, {
      action: active ? "qa-report.reactivated" : "qa-report.deactivated",
      objectType: "qa-report",
      objectId: qaReportId,
      before: { active: entry.active && entry.reportActive },
      after: { active },
    });
  });
}

// ---- across datasets ---------------------------------------------------------------------------------

/** At most this many reports are listed by the metadata search. */
const METADATA_LIMIT = 1000;

const DAY_MS = 86_400_000;

export async function searchReportMetadata(
  db: AnyExecutor,
  actor: Actor,
  publicUrl: string,
  query: {
    uploaderUserIds?: string[];
    showOnlyActive?: boolean;
    qaStatus?: string;
    minUploadDate?: string;
    maxUploadDate?: string;
    companyIdentifier?: string;
  },
): Promise<{ dataMetadata: unknown; qaReportMetadata: QaReportMetaInformation }[]> {
  const user = authorize(actor);
  let companyId: string | undefined;
  if (query.companyIdentifier !== undefined) {
    companyId = await companyIdOf(db, query.companyIdentifier);
    if (!companyId) return [];
  }
  const reports = await store.searchDatasetReports(
    db,
    {
      reporterUserIds: query.uploaderUserIds,
      onlyActive: query.showOnlyActive ?? true,
      qaStatus: query.qaStatus,
      minUploadTime: query.minUploadDate ? Date.parse(query.minUploadDate) : undefined,
      // The whole last day counts.
      maxUploadTime: query.maxUploadDate ? Date.parse(query.maxUploadDate) + DAY_MS : undefined,
      companyId,
      readableBy: canReport(actor, "readEveryReport") ? undefined : user.userId,
    },
    METADATA_LIMIT,
  );
  const metas = new Map<string, DatasetFacts | undefined>();
  const result: { dataMetadata: unknown; qaReportMetadata: QaReportMetaInformation }[] = [];
  for (const report of reports) {
    if (!metas.has(report.dataId)) metas.set(report.dataId, await datasetFacts(db, report.dataId, actor));
    const dataset = metas.get(report.dataId);
    if (!dataset) continue;
    result.push({ dataMetadata: wireDatasetMeta(publicUrl, dataset), qaReportMetadata: metaOf(report) });
  }
  return result;
}

// ---- for the judgements of datasets (same module) -----------------------------------------------------

/**
 * Every finding on the data points of a dataset, active or not, oldest first: from reports on the
 * dataset and reports on its single data points. Runs on the caller's executor (a transaction too).
 */
export async function dataPointReportsOfDataset(
  db: AnyExecutor,
  dataId: string,
): Promise<DataPointReportEntry[]> {
  if (!isUuid(dataId)) return [];
  return (await store.findDatasetEntries(db, dataId)).map(dataPointReportOf);
}
