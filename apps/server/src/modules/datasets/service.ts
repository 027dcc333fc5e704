/**
 * The rules of datasets: uploads as immutable versions, the one active dataset per company, framework
 * and reporting period (the newest accepted one), data points as rows, non-sourceability, and who sees
 * what. Functions marked "for other modules" may be called by qa, community, companies and portfolios.
 */
import { randomUUID } from "node:crypto";
import { type FrameworkId, isFrameworkId, validateFrameworkDataWithin } from "@openverde/frameworks";
import type { RawBuilder } from "kysely";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { eventInsert, publishEvent } from "../../platform/events";
import {
  ApiError,
  boundedReport,
  type ErrorDetails,
  MAX_REPORTED_ERRORS,
  notFound,
} from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { citedDocuments, extractDataPoints, isPrivateFramework } from "./framework-data";
import { timeOrderedUuid } from "./ids";
import {
  type CompanyRole,
  companyExists,
  companyIdForIdentifier,
  companyRolesOf,
  companySummaries,
  hasPrivateDataAccess,
  missingDocuments,
  reportActiveFrameworks,
} from "./neighbours";
import { can } from "./policy";
import * as store from "./store";
import {
  type AnyExecutor,
  type DataPointRow,
  type DatasetMetaRow,
  type DatasetsDb,
  type DatasetWithData,
  type Dimension,
  datasetsDb,
  type QaStatus,
} from "./store";

export type { DataPointRow, DatasetMetaRow, Dimension, QaStatus } from "./store";

const own = datasetsDb;

// ---- wire shapes -------------------------------------------------------------------------------

export interface DataMetaInformation {
  dataId: string;
  companyId: string;
  dataType: string;
  uploaderUserId: string | null;
  uploadTime: number;
  reportingPeriod: string;
  currentlyActive: boolean;
  qaStatus: QaStatus;
  ref: string;
}

/** The page of a dataset in the web app, under PUBLIC_URL. */
export function datasetRef(
  publicUrl: string,
  meta: Pick<DatasetMetaRow, "companyId" | "dataType" | "dataId">,
): string {
  return `${publicUrl.replace(/\/$/, "")}/companies/${meta.companyId}/frameworks/${meta.dataType}/${meta.dataId}`;
}

export function toWireMeta(publicUrl: string, row: DatasetMetaRow): DataMetaInformation {
  return {
    dataId: row.dataId,
    companyId: row.companyId,
    dataType: row.dataType,
    uploaderUserId: row.uploaderUserId,
    uploadTime: row.uploadTime,
    reportingPeriod: row.reportingPeriod,
    currentlyActive: row.currentlyActive,
    qaStatus: row.qaStatus,
    ref: datasetRef(publicUrl, row),
  };
}

// ---- errors ------------------------------------------------------------------------------------

const invalid = (field: string, message: string): ErrorDetails => ({
  errorType: "invalid-input",
  summary: `Invalid ${field}`,
  message,
  httpStatus: 400,
});

/** A 400 listing the problems; `total` counts also those that were only counted, not listed. */
function invalidInput(details: ErrorDetails[], total = details.length): ApiError {
  const first = details[0];
  return new ApiError(
    400,
    "invalid-input",
    first?.summary ?? "Invalid input",
    first?.message ?? "Invalid input.",
    boundedReport(details, total),
  );
}

const datasetNotFound = (dataId: string) =>
  notFound(`There is no dataset with the id ${dataId}.`, "Dataset not found");

export const isReportingPeriod = (value: string): boolean => /^\d{4}$/.test(value);

// ---- who sees what -----------------------------------------------------------------------------

/**
 * Answers, for one signed-in user, which datasets they may see; remembers the company roles and
 * access grants it looked up, so a list of many datasets costs one question per company.
 */
export class Viewer {
  private readonly roles = new Map<string, Promise<CompanyRole[]>>();
  private readonly grants = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: AnyExecutor,
    readonly actor: SignedInActor,
  ) {}

  rolesIn(companyId: string): Promise<CompanyRole[]> {
    let roles = this.roles.get(companyId);
    if (!roles) {
      roles = companyRolesOf(this.db, this.actor.userId, companyId);
      this.roles.set(companyId, roles);
    }
    return roles;
  }

  private granted(dimension: Dimension): Promise<boolean> {
    const key = `${dimension.companyId}/${dimension.dataType}/${dimension.reportingPeriod}`;
    let grant = this.grants.get(key);
    if (!grant) {
      grant = hasPrivateDataAccess(
        this.db,
        this.actor.userId,
        dimension.companyId,
        dimension.dataType,
        dimension.reportingPeriod,
      );
      this.grants.set(key, grant);
    }
    return grant;
  }

  /** Whether the user may see private data of this (company, framework, period) at all. */
  async maySeePrivateDimension(dimension: Dimension, uploaderUserId: string | null = null): Promise<boolean> {
    // The facts are looked up one at a time, the cheapest first, until the rule allows.
    const facts = { uploaderUserId, rolesInCompany: [] as CompanyRole[], grantedThroughRequest: false };
    if (can(this.actor, "seePrivate", facts)) return true;
    facts.rolesInCompany = await this.rolesIn(dimension.companyId);
    if (can(this.actor, "seePrivate", facts)) return true;
    facts.grantedThroughRequest = await this.granted(dimension);
    return can(this.actor, "seePrivate", facts);
  }

  async maySee(
    meta: Pick<DatasetMetaRow, "companyId" | "dataType" | "reportingPeriod" | "uploaderUserId" | "qaStatus">,
  ) {
    if (isPrivateFramework(meta.dataType) && !(await this.maySeePrivateDimension(meta, meta.uploaderUserId)))
      return false;
    if (meta.qaStatus !== "Accepted" && !can(this.actor, "seeUnaccepted", meta)) return false;
    return true;
  }

  async filter<
    T extends Pick<
      DatasetMetaRow,
      "companyId" | "dataType" | "reportingPeriod" | "uploaderUserId" | "qaStatus"
    >,
  >(rows: T[]): Promise<T[]> {
    const visible: T[] = [];
    for (const row of rows) if (await this.maySee(row)) visible.push(row);
    return visible;
  }
}

export function viewerFor(db: AnyExecutor, actor: Actor): Viewer {
  return new Viewer(db, authorize(actor, can(actor, "read")));
}

// ---- uploading ---------------------------------------------------------------------------------

export interface UploadRequest {
  frameworkId: FrameworkId;
  body: unknown;
  bypassQa: boolean;
}

export interface CheckedUpload {
  frameworkId: FrameworkId;
  companyId: string;
  reportingPeriod: string;
  data: Record<string, unknown>;
  qaStatus: QaStatus;
  uploader: SignedInActor;
}

function readWrapper(body: unknown): { companyId: unknown; reportingPeriod: unknown; data: unknown } {
  const object =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  return { companyId: object.companyId, reportingPeriod: object.reportingPeriod, data: object.data };
}

/** Checks who uploads and the wrapper (`companyId`, `reportingPeriod`), before the data itself. */
export async function checkUploader(
  db: AnyExecutor,
  actor: Actor,
  body: unknown,
  bypassQa: boolean,
): Promise<SignedInActor> {
  const user = authorize(actor, can(actor, "read"));
  const { companyId } = readWrapper(body);
  // Company roles are asked only when the user's own roles do not already allow the upload.
  const rolesInCompany =
    can(user, "upload", { rolesInCompany: [] }) || typeof companyId !== "string"
      ? []
      : await companyRolesOf(db, user.userId, companyId);
  authorize(
    user,
    can(user, "upload", { rolesInCompany }),
    "Uploading data needs the role ROLE_UPLOADER, or the company role CompanyOwner or DataUploader for this company.",
  );
  if (bypassQa)
    authorize(user, can(user, "bypassQa"), "Only admins may store a dataset without quality review.");
  return user;
}

/**
 * Validates an upload completely and reports every problem at once: the wrapper, the company, the
 * framework data (by JSON path) and the documents it cites. `extraDocuments` are documents arriving
 * with the upload (VSME) that count as stored.
 */
export async function checkUpload(
  db: AnyExecutor,
  uploader: SignedInActor,
  request: UploadRequest,
  extraDocuments: ReadonlySet<string> = new Set(),
): Promise<CheckedUpload> {
  const { companyId, reportingPeriod, data } = readWrapper(request.body);
  const problems: ErrorDetails[] = [];
  if (typeof request.body !== "object" || request.body === null || Array.isArray(request.body))
    throw invalidInput([
      invalid("body", "The body must be an object with companyId, reportingPeriod and data."),
    ]);
  if (typeof reportingPeriod !== "string" || !isReportingPeriod(reportingPeriod))
    problems.push(invalid("reportingPeriod", "reportingPeriod must be a year of four digits, e.g. 2024."));
  let dataValid = false;
  // Errors found beyond the ones listed; the report lists at most MAX_REPORTED_ERRORS.
  let unlisted = 0;
  if (data === undefined || data === null) problems.push(invalid("data", "data is required."));
  else {
    const { errors, total } = validateFrameworkDataWithin(request.frameworkId, data, MAX_REPORTED_ERRORS);
    for (const error of errors) problems.push(invalid(error.path, `${error.path}: ${error.message}`));
    unlisted = total - errors.length;
    dataValid = problems.length === 0;
  }
  // The company and the cited documents are asked at the same time, each in one query.
  const [companyFound, missing] = await Promise.all([
    typeof companyId === "string" ? companyExists(db, companyId) : Promise.resolve(false),
    dataValid
      ? missingDocuments(
          db,
          [...citedDocuments(data)].filter((reference) => !extraDocuments.has(reference)),
        )
      : Promise.resolve([]),
  ]);
  if (typeof companyId !== "string")
    problems.unshift(invalid("companyId", "companyId is required and must be text."));
  else if (!companyFound)
    problems.unshift(invalid("companyId", `companyId: there is no company with the id ${companyId}.`));
  for (const reference of missing)
    problems.push(
      invalid(
        "fileReference",
        `The document ${reference} is cited as a data source or referenced report but is not stored. Upload it first.`,
      ),
    );
  if (problems.length > 0) throw invalidInput(problems, problems.length + unlisted);
  return {
    frameworkId: request.frameworkId,
    companyId: companyId as string,
    reportingPeriod: reportingPeriod as string,
    data: data as Record<string, unknown>,
    qaStatus: request.bypassQa ? "Accepted" : "Pending",
    uploader,
  };
}

export interface StoreDatasetInput {
  frameworkId: FrameworkId;
  companyId: string;
  reportingPeriod: string;
  data: unknown;
  uploaderUserId: string | null;
  qaStatus: QaStatus;
  uploadTime?: number;
}

/**
 * Stores a checked dataset inside the caller's transaction: the version, its data points, the
 * documents it cites and the events; activates it when it is accepted. For other modules' seeds too.
 * A version awaiting review is written by one statement, so it needs no transaction of its own.
 */
export async function storeDatasetInTransaction(
  trx: AnyExecutor,
  input: StoreDatasetInput,
): Promise<DatasetMetaRow> {
  const db = own(trx);
  const uploadTime = input.uploadTime ?? Date.now();
  const dataId = timeOrderedUuid(uploadTime);
  const dimension = {
    companyId: input.companyId,
    dataType: input.frameworkId,
    reportingPeriod: input.reportingPeriod,
  };
  // An accepted version takes part in activation, whose decisions are serialised per dimension; a
  // version waiting for review changes nothing that others decide on, so it inserts without waiting.
  if (input.qaStatus === "Accepted") await store.lockDimension(db, dimension);
  const dataset = {
    dataId,
    ...dimension,
    uploaderUserId: input.uploaderUserId,
    uploadTime,
    qaStatus: input.qaStatus,
    dataJson: JSON.stringify(input.data),
  };
  await store.insertVersion(
    db,
    dataset,
    extractDataPoints(input.frameworkId, input.data).map((point) => ({
      dataPointId: timeOrderedUuid(uploadTime),
      dataPointType: point.dataPointType,
      path: point.path,
    })),
    [...citedDocuments(input.data)],
    isPrivateFramework(input.frameworkId),
    eventInsert("dataset.uploaded", {
      dataId,
      ...dimension,
      uploaderUserId: input.uploaderUserId,
      qaStatus: input.qaStatus,
    }),
  );
  let currentlyActive = false;
  if (input.qaStatus === "Accepted") {
    const active = await recomputeActiveDataset(trx, dimension, input.uploaderUserId);
    currentlyActive = active === dataId;
  }
  return {
    dataId,
    ...dimension,
    uploaderUserId: input.uploaderUserId,
    uploadTime,
    qaStatus: input.qaStatus,
    currentlyActive,
  };
}

/** The whole upload: checks, then the dataset and its events, stored together or not at all. */
export async function uploadDataset(
  db: AnyExecutor,
  actor: Actor,
  request: UploadRequest,
): Promise<DatasetMetaRow> {
  const uploader = await checkUploader(db, actor, request.body, request.bypassQa);
  const checked = await checkUpload(db, uploader, request);
  return storeChecked(db, checked);
}

export function storeChecked(db: AnyExecutor, checked: CheckedUpload): Promise<DatasetMetaRow> {
  const input: StoreDatasetInput = {
    frameworkId: checked.frameworkId,
    companyId: checked.companyId,
    reportingPeriod: checked.reportingPeriod,
    data: checked.data,
    uploaderUserId: checked.uploader.userId,
    qaStatus: checked.qaStatus,
  };
  // Awaiting review, the dataset and its event are one statement, atomic by itself: a transaction
  // around it would only add two round trips. Activating an accepted one takes several statements.
  if (input.qaStatus !== "Accepted") return storeDatasetInTransaction(db, input);
  return (db as DatasetsDb).transaction().execute((trx) => storeDatasetInTransaction(trx, input));
}

// ---- activation --------------------------------------------------------------------------------

/**
 * Makes the newest accepted dataset of the dimension the active one. When that changes it publishes
 * `dataset.activated`, moves the active data points along, tells the companies register and ends a
 * non-sourceability statement. Returns the active data id (or undefined when none is accepted).
 */
export async function recomputeActiveDataset(
  trx: AnyExecutor,
  dimension: Dimension,
  actingUserId: string | null = null,
): Promise<string | undefined> {
  const db = own(trx);
  await store.lockDimension(db, dimension);
  const candidates = await store.activationCandidates(db, dimension);
  const newest = candidates.find((candidate) => candidate.qaStatus === "Accepted");
  const current = candidates.find((candidate) => candidate.currentlyActive);
  if (newest?.dataId === current?.dataId) return newest?.dataId;
  if (current) await store.setActive(db, current.dataId, false);
  if (newest) await store.setActive(db, newest.dataId, true);
  const changed = [current?.dataId, newest?.dataId].filter((id): id is string => id !== undefined);
  await store.recomputeActiveDataPoints(
    db,
    dimension.companyId,
    dimension.reportingPeriod,
    await store.dataPointTypesOf(db, changed),
  );
  if (newest) {
    await publishEvent(trx as never, "dataset.activated", {
      dataId: newest.dataId,
      ...dimension,
      previousActiveDataId: current?.dataId ?? null,
    });
    const ended = await store.endNonSourceability(db, dimension);
    if (ended)
      await publishEvent(trx as never, "dataset.nonSourceable", {
        ...dimension,
        nonSourceable: false,
        reason: "A dataset for this reporting period is now available.",
        userId: actingUserId,
      });
  }
  if (!isPrivateFramework(dimension.dataType)) {
    // One company's counts are written by one transaction at a time, after the others committed.
    await store.lockCompany(db, dimension.companyId);
    const counts = await store.activeCountsOf(db, dimension.companyId);
    for (const privateType of ["vsme"]) delete counts[privateType];
    await reportActiveFrameworks(trx, dimension.companyId, counts);
  }
  return newest?.dataId;
}

/**
 * For the qa module: records a review verdict on a dataset inside the caller's transaction and
 * recomputes the active dataset of its company, framework and period (publishing `dataset.activated`
 * when it changes). With `overwriteDataPointQaStatus` every data point of the dataset takes the
 * verdict too. Returns the updated meta information, or undefined for an unknown dataset.
 */
export async function recordQaVerdict(
  trx: AnyExecutor,
  dataId: string,
  qaStatus: QaStatus,
  options: { overwriteDataPointQaStatus?: boolean; reviewerUserId?: string | null } = {},
): Promise<DatasetMetaRow | undefined> {
  if (!isUuid(dataId)) return undefined;
  const db = own(trx);
  const meta = await store.findMeta(db, dataId);
  if (!meta) return undefined;
  await store.lockDimension(db, meta);
  await store.setQaStatus(db, dataId, qaStatus);
  if (options.overwriteDataPointQaStatus) {
    await store.setDataPointStatusesOf(db, dataId, qaStatus);
    await store.recomputeActiveDataPoints(
      db,
      meta.companyId,
      meta.reportingPeriod,
      await store.dataPointTypesOf(db, [dataId]),
    );
  }
  await recomputeActiveDataset(trx, meta, options.reviewerUserId ?? null);
  return store.findMeta(db, dataId);
}

/**
 * For the qa module: sets the review status of one data point and makes the newest accepted data
 * point of its (company, type, period) the active one. Returns the updated row, or undefined.
 */
export async function setDataPointQaStatus(
  trx: AnyExecutor,
  dataPointId: string,
  qaStatus: QaStatus,
): Promise<DataPointRow | undefined> {
  if (!isUuid(dataPointId)) return undefined;
  const db = own(trx);
  const point = await store.findDataPoint(db, dataPointId);
  if (!point) return undefined;
  await store.setDataPointStatus(db, dataPointId, qaStatus);
  await store.recomputeActiveDataPoints(db, point.companyId, point.reportingPeriod, [point.dataPointType]);
  return store.findDataPoint(db, dataPointId);
}

// ---- reading, for other modules ----------------------------------------------------------------

/** For other modules: the id of the active dataset of a company, framework and period, if any. */
export async function findActiveDataId(
  db: AnyExecutor,
  companyId: string,
  dataType: string,
  reportingPeriod: string,
): Promise<string | undefined> {
  if (!isUuid(companyId)) return undefined;
  return store.findActiveDataId(own(db), { companyId, dataType, reportingPeriod });
}

/** For other modules: the meta information of a dataset, without access checks. */
export async function getDatasetMeta(db: AnyExecutor, dataId: string): Promise<DatasetMetaRow | undefined> {
  return isUuid(dataId) ? store.findMeta(own(db), dataId) : undefined;
}

/** For other modules: a dataset with its framework JSON (as stored), without access checks. */
export async function getDatasetWithData(
  db: AnyExecutor,
  dataId: string,
): Promise<(DatasetMetaRow & { data: unknown }) | undefined> {
  const row = isUuid(dataId) ? await store.findDataset(own(db), dataId) : undefined;
  if (!row) return undefined;
  const { dataText, ...meta } = row;
  return { ...meta, data: JSON.parse(dataText) };
}

/** For other modules: datasets by meta information (newest first), without access checks. */
export function searchDatasetMeta(db: AnyExecutor, search: store.MetaSearch): Promise<DatasetMetaRow[]> {
  if (search.companyId !== undefined && !isUuid(search.companyId)) return Promise.resolve([]);
  return store.searchDatasets(own(db), search, false);
}

/** For other modules: data points with their dataset's uploader and upload time, without access checks. */
export function listDataPoints(db: AnyExecutor, search: store.DataPointSearch): Promise<DataPointRow[]> {
  if (search.companyId !== undefined && !isUuid(search.companyId)) return Promise.resolve([]);
  if (search.dataId !== undefined && !isUuid(search.dataId)) return Promise.resolve([]);
  return store.searchDataPoints(own(db), search);
}

/**
 * For other modules that copy a dataset's facts into their own tables in one statement, without
 * reading them first: the select of its meta information (data_id, company_id, data_type,
 * reporting_period, uploader_user_id, upload_time, qa_status), to use as a subquery. `dataId` must be
 * a UUID.
 */
export function datasetMetaSelect(dataId: string): RawBuilder<unknown> {
  return store.metaSelect(dataId);
}

/**
 * For other modules, like datasetMetaSelect: the select of the keys of a dataset's data points
 * (data_point_id, data_id, company_id, data_type, data_point_type, reporting_period, qa_status).
 */
export function dataPointKeysSelect(dataId: string): RawBuilder<unknown> {
  return store.dataPointKeysSelect(dataId);
}

/** For other modules: one data point, without access checks. */
export function getDataPoint(db: AnyExecutor, dataPointId: string): Promise<DataPointRow | undefined> {
  return isUuid(dataPointId) ? store.findDataPoint(own(db), dataPointId) : Promise.resolve(undefined);
}

/**
 * For the companies and portfolios modules: per framework, the number of active datasets of a
 * company that this actor may see (private frameworks only for those who may see them; for an
 * anonymous actor only public frameworks).
 */
export async function activeDatasetCounts(
  db: AnyExecutor,
  companyId: string,
  actor: Actor,
): Promise<Record<string, number>> {
  if (!isUuid(companyId)) return {};
  const counts = await store.activeCountsOf(own(db), companyId);
  for (const dataType of Object.keys(counts)) {
    if (!isPrivateFramework(dataType)) continue;
    if (actor.kind !== "user") {
      delete counts[dataType];
      continue;
    }
    const viewer = new Viewer(db, actor);
    const rows = await store.searchDatasets(own(db), { companyId, dataType, onlyActive: true }, false);
    const visible = await viewer.filter(rows);
    if (visible.length === 0) delete counts[dataType];
    else counts[dataType] = visible.length;
  }
  return counts;
}

/** For other modules: whether the actor may see private data of this company, framework and period. */
export async function maySeePrivateData(
  db: AnyExecutor,
  actor: Actor,
  dimension: Dimension,
): Promise<boolean> {
  if (actor.kind !== "user") return false;
  return new Viewer(db, actor).maySeePrivateDimension(dimension);
}

// ---- reading, for the routes -------------------------------------------------------------------

/** A dataset of the framework the actor may see, or 404. */
export async function readDataset(
  db: AnyExecutor,
  actor: Actor,
  frameworkId: string,
  dataId: string,
): Promise<DatasetWithData> {
  const viewer = viewerFor(db, actor);
  const row = isUuid(dataId) ? await store.findDataset(own(db), dataId) : undefined;
  if (!row || row.dataType !== frameworkId || !(await viewer.maySee(row))) throw datasetNotFound(dataId);
  return row;
}

async function requireCompany(db: AnyExecutor, companyId: string): Promise<void> {
  if (!(await companyExists(db, companyId)))
    throw notFound(`There is no company with the id ${companyId}.`, "Company not found");
}

export async function readCompanyDatasets(
  db: AnyExecutor,
  actor: Actor,
  frameworkId: string,
  companyId: string,
  options: { showOnlyActive: boolean; reportingPeriod?: string },
): Promise<DatasetWithData[]> {
  const viewer = viewerFor(db, actor);
  const rows = isUuid(companyId)
    ? await store.searchDatasets(
        own(db),
        {
          companyId,
          dataType: frameworkId,
          onlyActive: options.showOnlyActive,
          ...(options.reportingPeriod !== undefined ? { reportingPeriod: options.reportingPeriod } : {}),
        },
        true,
      )
    : [];
  // Datasets exist only for stored companies, so the company is looked up only when none was found.
  if (rows.length === 0) await requireCompany(db, companyId);
  return viewer.filter(rows);
}

export async function readActiveDataset(
  db: AnyExecutor,
  actor: Actor,
  frameworkId: string,
  companyId: string,
  reportingPeriod: string,
): Promise<DatasetWithData> {
  const viewer = viewerFor(db, actor);
  const rows = isUuid(companyId)
    ? await store.searchDatasets(
        own(db),
        { companyId, dataType: frameworkId, reportingPeriod, onlyActive: true },
        true,
      )
    : [];
  const visible = await viewer.filter(rows);
  const row = visible[0];
  if (!row)
    throw notFound(
      `There is no active ${frameworkId} dataset of company ${companyId} for the reporting period ${reportingPeriod}.`,
      "Dataset not found",
    );
  return row;
}

/** The active dataset of the newest reporting period of the company an identifier names. */
export async function readLatestDataset(
  db: AnyExecutor,
  actor: Actor,
  frameworkId: string,
  identifier: string,
): Promise<DatasetWithData> {
  const viewer = viewerFor(db, actor);
  const companyId = await companyIdForIdentifier(db, identifier);
  if (!companyId) throw notFound(`No company has the identifier ${identifier}.`, "Company not found");
  const rows = await store.searchDatasets(
    own(db),
    { companyId, dataType: frameworkId, onlyActive: true },
    true,
  );
  const row = (await viewer.filter(rows))[0];
  if (!row) throw notFound(`Company ${companyId} has no active ${frameworkId} dataset.`, "Dataset not found");
  return row;
}

// ---- meta information --------------------------------------------------------------------------

export async function listMeta(
  db: AnyExecutor,
  actor: Actor,
  search: store.MetaSearch,
): Promise<DatasetMetaRow[]> {
  const viewer = viewerFor(db, actor);
  if (search.companyId !== undefined && !isUuid(search.companyId)) return [];
  return viewer.filter(await store.searchDatasets(own(db), search, false));
}

export async function readMeta(db: AnyExecutor, actor: Actor, dataId: string): Promise<DatasetMetaRow> {
  const viewer = viewerFor(db, actor);
  const meta = isUuid(dataId) ? await store.findMeta(own(db), dataId) : undefined;
  if (!meta || !(await viewer.maySee(meta))) throw datasetNotFound(dataId);
  return meta;
}

export async function changeUploader(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
  uploaderUserId: string,
): Promise<DatasetMetaRow> {
  authorize(actor, can(actor, "changeUploader"), "Only admins may change the uploader of a dataset.");
  if (!isUuid(uploaderUserId))
    throw invalidInput([invalid("uploaderUserId", "uploaderUserId must be a user id (a UUID).")]);
  const meta = isUuid(dataId) ? await store.findMeta(own(db), dataId) : undefined;
  if (!meta) throw datasetNotFound(dataId);
  await store.setUploader(own(db), dataId, uploaderUserId);
  return { ...meta, uploaderUserId };
}

export async function containedDataPoints(
  db: AnyExecutor,
  actor: Actor,
  dataId: string,
): Promise<Record<string, string>> {
  await readMeta(db, actor, dataId);
  const points = await store.searchDataPoints(own(db), { dataId });
  return Object.fromEntries(
    points
      .sort((a, b) => a.dataPointType.localeCompare(b.dataPointType))
      .map((p) => [p.dataPointType, p.dataPointId]),
  );
}

export async function listMetaByFilters(
  db: AnyExecutor,
  actor: Actor,
  filters: store.MetaSearch[],
): Promise<DatasetMetaRow[]> {
  const viewer = viewerFor(db, actor);
  const seen = new Set<string>();
  const result: DatasetMetaRow[] = [];
  for (const filter of filters) {
    if (filter.companyId !== undefined && !isUuid(filter.companyId)) continue;
    for (const row of await store.searchDatasets(own(db), filter, false)) {
      if (seen.has(row.dataId)) continue;
      seen.add(row.dataId);
      result.push(row);
    }
  }
  return viewer.filter(result);
}

export async function activeDatasetSearch(
  db: AnyExecutor,
  actor: Actor,
  dimensions: Dimension[],
): Promise<DatasetMetaRow[]> {
  const viewer = viewerFor(db, actor);
  const valid = dimensions.filter((dimension) => isUuid(dimension.companyId));
  return viewer.filter(await store.activeDatasetsFor(own(db), valid));
}

/**
 * Which (company, framework or data point type, period) combinations have active data. Framework ids
 * match active datasets; any other name matches active data points of that type.
 */
export async function availableDimensions(
  db: AnyExecutor,
  actor: Actor,
  filter: { companyIds?: string[]; frameworksOrDataPointTypes?: string[]; reportingPeriods?: string[] },
): Promise<Dimension[]> {
  const viewer = viewerFor(db, actor);
  const companyIds = filter.companyIds?.filter(isUuid);
  if (filter.companyIds && companyIds?.length === 0) return [];
  const names = filter.frameworksOrDataPointTypes;
  const frameworks = names?.filter(isFrameworkId);
  const pointTypes = names?.filter((name) => !isFrameworkId(name));
  const rows = await store.availableDimensions(own(db), {
    companyIds,
    frameworks: names ? frameworks : undefined,
    dataPointTypes: names ? pointTypes : undefined,
    reportingPeriods: filter.reportingPeriods,
  });
  const visible: Dimension[] = [];
  for (const row of rows) {
    if (
      isPrivateFramework(row.sourceDataType) &&
      !(await viewer.maySeePrivateDimension({ ...row, dataType: row.sourceDataType }, row.uploaderUserId))
    )
      continue;
    visible.push({ companyId: row.companyId, dataType: row.dataType, reportingPeriod: row.reportingPeriod });
  }
  return visible;
}

// ---- uploads per user --------------------------------------------------------------------------

export interface MyDatasetEntry {
  companyId: string;
  dataId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  qualityStatus: QaStatus;
  currentlyActive: boolean;
  uploadTime: number;
}

export async function uploadsOf(db: AnyExecutor, actor: Actor, userId: string): Promise<MyDatasetEntry[]> {
  authorize(actor, can(actor, "listUploadsOf", { userId }), "You may only list your own uploads.");
  const rows = await store.searchDatasets(own(db), { uploaderUserIds: [userId] }, false);
  rows.sort((a, b) => b.uploadTime - a.uploadTime);
  const names = await companySummaries(
    db,
    rows.map((row) => row.companyId),
  );
  return rows.map((row) => ({
    companyId: row.companyId,
    dataId: row.dataId,
    companyName: names.get(row.companyId)?.companyName ?? "",
    dataType: row.dataType,
    reportingPeriod: row.reportingPeriod,
    qualityStatus: row.qaStatus,
    currentlyActive: row.currentlyActive,
    uploadTime: row.uploadTime,
  }));
}

// ---- data points -------------------------------------------------------------------------------

export async function readDataPoint(
  db: AnyExecutor,
  actor: Actor,
  dataPointId: string,
): Promise<DataPointRow> {
  const viewer = viewerFor(db, actor);
  const point = isUuid(dataPointId) ? await store.findDataPoint(own(db), dataPointId) : undefined;
  if (!point || !(await viewer.maySee(point)))
    throw notFound(`There is no data point with the id ${dataPointId}.`, "Data point not found");
  return point;
}

// ---- non-sourceability -------------------------------------------------------------------------

export interface NonSourceabilityInformation {
  nonSourceabilityId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  qaStatus: QaStatus;
  uploaderUserId: string;
  uploadTime: number;
  currentlyActive: boolean;
  reason: string | null;
  bypassQa: boolean;
}

export async function listNonSourceability(
  db: AnyExecutor,
  actor: Actor,
  search: { companyId?: string; dataType?: string; reportingPeriod?: string; qaStatus?: QaStatus },
): Promise<NonSourceabilityInformation[]> {
  const viewer = viewerFor(db, actor);
  if (search.companyId !== undefined && !isUuid(search.companyId)) return [];
  const rows = await store.searchNonSourceable(own(db), search);
  const visible: NonSourceabilityInformation[] = [];
  for (const row of rows) {
    if (isPrivateFramework(row.dataType) && !(await viewer.maySeePrivateDimension(row, row.uploaderUserId)))
      continue;
    visible.push(row);
  }
  return visible;
}

/**
 * Records that data for a (company, framework, period) cannot be found, with who and why. The
 * statement is active while no dataset of that dimension is active; the newest one counts.
 */
export async function markNonSourceable(
  db: AnyExecutor,
  actor: Actor,
  body: { companyId: string; dataType: string; reportingPeriod: string; reason: string },
  bypassQa: boolean,
): Promise<NonSourceabilityInformation> {
  const user = await checkUploader(db, actor, body, bypassQa);
  const problems: ErrorDetails[] = [];
  if (!(await companyExists(db, body.companyId)))
    problems.push(invalid("companyId", `companyId: there is no company with the id ${body.companyId}.`));
  if (!isReportingPeriod(body.reportingPeriod))
    problems.push(invalid("reportingPeriod", "reportingPeriod must be a year of four digits, e.g. 2024."));
  if (!isFrameworkId(body.dataType))
    problems.push(invalid("dataType", `dataType ${body.dataType} is not a framework.`));
  if (body.reason.trim() === "")
    problems.push(invalid("reason", "reason must say why the data cannot be found."));
  if (problems.length > 0) throw invalidInput(problems);
  const dimension = {
    companyId: body.companyId,
    dataType: body.dataType,
    reportingPeriod: body.reportingPeriod,
  };
  return (db as DatasetsDb).transaction().execute(async (trx) => {
    const tx = own(trx);
    await store.lockDimension(tx, dimension);
    const hasActiveDataset = (await store.activeDatasetsFor(tx, [dimension])).length > 0;
    const entry: NonSourceabilityInformation = {
      nonSourceabilityId: randomUUID(),
      ...dimension,
      qaStatus: bypassQa ? "Accepted" : "Pending",
      uploaderUserId: user.userId,
      uploadTime: Date.now(),
      currentlyActive: !hasActiveDataset,
      reason: body.reason,
      bypassQa,
    };
    await store.insertNonSourceable(tx, entry);
    if (entry.currentlyActive)
      await publishEvent(trx as never, "dataset.nonSourceable", {
        ...dimension,
        nonSourceable: true,
        reason: body.reason,
        userId: user.userId,
      });
    return entry;
  });
}

export async function isNonSourceable(db: AnyExecutor, actor: Actor, dimension: Dimension): Promise<boolean> {
  const viewer = viewerFor(db, actor);
  if (!isUuid(dimension.companyId)) return false;
  if (isPrivateFramework(dimension.dataType) && !(await viewer.maySeePrivateDimension(dimension)))
    return false;
  return store.isNonSourceable(own(db), dimension);
}

// ---- hooks for other modules -------------------------------------------------------------------

/**
 * For the documents module's visibility rule: a document that only private datasets cite is visible
 * only to users who may see one of those datasets. Documents no dataset cites, or a public one cites,
 * stay visible.
 */
export async function documentVisibleTo(
  db: AnyExecutor,
  actor: SignedInActor,
  documentId: string,
): Promise<boolean> {
  const citations = await store.citationsOf(own(db), documentId);
  if (!citations.cited || citations.public) return true;
  const viewer = new Viewer(db, actor);
  for (const dataset of citations.privateDatasets) if (await viewer.maySee(dataset)) return true;
  return false;
}

/** For the companies module's `dataRegisteredByDataland`: the accepted datasets of public frameworks. */
export async function registeredDataOf(
  db: AnyExecutor,
  publicUrl: string,
  companyId: string,
): Promise<DataMetaInformation[]> {
  if (!isUuid(companyId)) return [];
  const rows = await store.searchDatasets(own(db), { companyId, qaStatus: "Accepted" }, false);
  return rows.filter((row) => !isPrivateFramework(row.dataType)).map((row) => toWireMeta(publicUrl, row));
}
