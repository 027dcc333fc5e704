/**
 * The rules of datasets: the wire shape of their meta information, who sees what, the one active
 * dataset per company, framework and reporting period (the newest accepted one), and what other
 * modules read. Uploading is in upload.ts, the reads behind the routes in read.ts, non-sourceability
 * in non-sourceability.ts.
 */
import type { RawBuilder } from "kysely";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { ApiError, boundedReport, type ErrorDetails, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { isPrivateFramework } from "./framework-data";
import { type CompanyRole, companyRolesOf, hasPrivateDataAccess, reportActiveFrameworks } from "./neighbours";
import { endNonSourceability } from "./non-sourceability-store";
import { can } from "./policy";
import * as store from "./store";
import {
  type AnyExecutor,
  type DataPointRow,
  type DatasetMetaRow,
  type Dimension,
  datasetsDb,
  type QaStatus,
  SINGLE_DATA_POINT_TYPE,
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

export const invalid = (field: string, message: string): ErrorDetails => ({
  errorType: "invalid-input",
  summary: `Invalid ${field}`,
  message,
  httpStatus: 400,
});

/** A 400 listing the problems; `total` counts also those that were only counted, not listed. */
export function invalidInput(details: ErrorDetails[], total = details.length): ApiError {
  const first = details[0];
  return new ApiError(
    400,
    "invalid-input",
    first?.summary ?? "Invalid input",
    first?.message ?? "Invalid input.",
    boundedReport(details, total),
  );
}

export const datasetNotFound = (dataId: string) =>
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
  if (dimension.dataType === SINGLE_DATA_POINT_TYPE) return undefined;
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
    // The dimension is named field by field: callers may pass a dataset's whole meta information, whose
    // dataId (the version a verdict was given on) is not necessarily the one activated.
    const { companyId, dataType, reportingPeriod } = dimension;
    await publishEvent(trx as never, "dataset.activated", {
      dataId: newest.dataId,
      companyId,
      dataType,
      reportingPeriod,
      previousActiveDataId: current?.dataId ?? null,
    });
    const ended = await endNonSourceability(db, dimension);
    if (ended)
      await publishEvent(trx as never, "dataset.nonSourceable", {
        companyId,
        dataType,
        reportingPeriod,
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

/**
 * For other modules that keep state per data point without copying every data point: the select of
 * the keys of all data points (data_point_id, data_id, data_point_type), to join by data_id or
 * data_point_id inside their own statement.
 */
export function allDataPointKeysSelect(): RawBuilder<unknown> {
  return store.allDataPointKeysSelect();
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
