/**
 * The reads behind the datasets routes, each as the asking actor: datasets by id, by company and as
 * the active or latest one, their meta information and its filters, the dimensions with data, a
 * user's uploads and single data points.
 */
import { isFrameworkId } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { isPrivateFramework } from "./framework-data";
import { companyExists, companyIdForIdentifier, companySummaries } from "./neighbours";
import { can } from "./policy";
import { datasetNotFound, invalid, invalidInput, viewerFor } from "./service";
import * as store from "./store";
import {
  type AnyExecutor,
  type DataPointRow,
  type DatasetMetaRow,
  type DatasetWithData,
  type Dimension,
  datasetsDb,
  type QaStatus,
} from "./store";

const own = datasetsDb;

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
