/**
 * Everything the qa module asks of other modules, in one place: the datasets module (meta
 * information, data points, recording verdicts), the companies register (names) and the requests
 * module (priorities of data requests). Each call goes through the other module's index.ts.
 */
import type { FrameworkId } from "@openverde/frameworks";
import type { RawBuilder } from "kysely";
import type { Actor } from "../../platform/auth/actor";
import { isUuid } from "../../platform/ids";
import * as companies from "../companies";
import * as datasets from "../datasets";
import * as identity from "../identity";
import { findDataRequests } from "../requests";
import type { AnyExecutor, QaStatus } from "./store";

// biome-ignore lint/suspicious/noExplicitAny: the neighbour modules accept any module's executor.
type Executor = any;

// ---- datasets ----------------------------------------------------------------------------------

export interface DatasetFacts {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  uploaderUserId: string | null;
  uploadTime: number;
  qaStatus: QaStatus;
  currentlyActive: boolean;
}

export interface DataPointFacts {
  dataPointId: string;
  dataId: string;
  dataType: string;
  dataPointType: string;
  companyId: string;
  reportingPeriod: string;
  qaStatus: QaStatus;
  uploaderUserId: string | null;
  uploadTime: number;
}

/**
 * Private (VSME) data is not under public review, and the datasets module answers "not found" to
 * whoever may not see it; the review of it must not tell more.
 */
async function knownTo<T extends { companyId: string; dataType: string; reportingPeriod: string }>(
  db: AnyExecutor,
  actor: Actor,
  facts: T | undefined,
): Promise<T | undefined> {
  if (!facts || !datasets.isPrivateFramework(facts.dataType)) return facts;
  return (await datasets.maySeePrivateData(db as Executor, actor, facts)) ? facts : undefined;
}

/** Whether data of this type is private (VSME): not under public review, so no QA reports or claims on it. */
export const isPrivateData = (dataType: string): boolean => datasets.isPrivateFramework(dataType);

/** A dataset's meta information, if the actor may know that it exists. */
export async function datasetFacts(
  db: AnyExecutor,
  dataId: string,
  actor: Actor,
): Promise<DatasetFacts | undefined> {
  if (!isUuid(dataId)) return undefined;
  return knownTo(db, actor, await datasets.getDatasetMeta(db as Executor, dataId));
}

/**
 * The selects of a dataset's meta information and of its data points' keys, to copy them into our
 * tables in one statement without reading them first; `dataId` must be a UUID.
 */
export function datasetSelects(dataId: string): {
  dataset: RawBuilder<unknown>;
  dataPoints: RawBuilder<unknown>;
} {
  return { dataset: datasets.datasetMetaSelect(dataId), dataPoints: datasets.dataPointKeysSelect(dataId) };
}

/**
 * The select of the keys of all data points (data_point_id, data_id, data_point_type), to join in our
 * statements: the data points of a dataset nothing has changed yet have no review rows of their own.
 */
export const allDataPointKeys = (): RawBuilder<unknown> => datasets.allDataPointKeysSelect();

export async function dataPointFacts(
  db: AnyExecutor,
  dataPointId: string,
  actor: Actor,
): Promise<DataPointFacts | undefined> {
  if (!isUuid(dataPointId)) return undefined;
  return knownTo(db, actor, await datasets.getDataPoint(db as Executor, dataPointId));
}

/**
 * Records a dataset verdict with the datasets module inside our transaction: its status, the data
 * points' statuses with `overwriteDataPointQaStatus`, and the active dataset of its dimension.
 */
export async function recordDatasetVerdict(
  trx: AnyExecutor,
  dataId: string,
  qaStatus: QaStatus,
  options: { overwriteDataPointQaStatus: boolean; reviewerUserId: string },
): Promise<DatasetFacts | undefined> {
  return datasets.recordQaVerdict(trx as Executor, dataId, qaStatus, options);
}

export async function recordDataPointVerdict(
  trx: AnyExecutor,
  dataPointId: string,
  qaStatus: QaStatus,
): Promise<void> {
  await datasets.setDataPointQaStatus(trx as Executor, dataPointId, qaStatus);
}

/** The hook through which the datasets module asks whether an upload skips review. */
export const providePreApprovalCheck = datasets.providePreApprovalCheck;

/** Statements that data cannot be sourced (made in the datasets module), and verdicts on them. */
export type NonSourceabilityClaim = datasets.NonSourceabilityInformation;

export const nonSourceabilityClaims = (
  db: AnyExecutor,
  search: { companyId?: string; dataType?: string; reportingPeriod?: string; qaStatus?: QaStatus },
): Promise<NonSourceabilityClaim[]> => datasets.nonSourceabilityClaims(db as Executor, search);

export const findNonSourceabilityClaim = (
  db: AnyExecutor,
  nonSourceabilityId: string,
): Promise<NonSourceabilityClaim | undefined> =>
  datasets.findNonSourceabilityClaim(db as Executor, nonSourceabilityId);

export const recordNonSourceabilityVerdict = (
  trx: AnyExecutor,
  nonSourceabilityId: string,
  qaStatus: "Accepted" | "Rejected",
  reviewerUserId: string,
): Promise<NonSourceabilityClaim | undefined> =>
  datasets.recordNonSourceabilityVerdict(trx as Executor, nonSourceabilityId, qaStatus, reviewerUserId);

/**
 * For QA reports: the data point type of each field of a framework (the datasets module decides it
 * when it splits an upload into data points), and a dataset's meta information as the wire shows it.
 */
export const dataPointFieldsOf = (frameworkId: FrameworkId): { dataPointType: string; path: string }[] =>
  datasets
    .dataPointFields(frameworkId)
    .map(({ dataPointType, field }) => ({ dataPointType, path: field.path }));

export const wireDatasetMeta = (publicUrl: string, facts: DatasetFacts) =>
  datasets.toWireMeta(publicUrl, facts);

/** For dataset judgements: a dataset's data points with their uploaded values (no access checks). */
export const dataPointsForJudgement = (db: AnyExecutor, dataId: string) =>
  datasets.dataPointsForJudgement(db as Executor, dataId);

/** The problems of a value for a data point type of a framework; undefined for an unknown type. */
export const dataPointValueProblems = datasets.dataPointValueProblems;

/** Stores and activates the accepted version a judgement produced (inside the caller's transaction). */
export const storeJudgedVersion = (
  trx: AnyExecutor,
  basedOn: string,
  replacements: ReadonlyMap<string, unknown>,
  judgeUserId: string,
) => datasets.storeJudgedVersion(trx as Executor, basedOn, replacements, judgeUserId);

// ---- companies ---------------------------------------------------------------------------------

/** Company names by id; unknown ids are left out. */
export async function companyNames(
  db: AnyExecutor,
  companyIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(companyIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  return companies.getCompanyNames(db as Executor, ids);
}

/** The company an identifier (its id, an LEI, an ISIN, ...) names, if any. */
export async function companyIdOf(db: AnyExecutor, identifier: string): Promise<string | undefined> {
  const [found] = await companies.validateIdentifiers(db as Executor, [identifier]);
  return found?.companyInformation?.companyId;
}

// ---- identity ----------------------------------------------------------------------------------

/** Names and e-mail addresses of users by id (judges and reporters); unknown ids are left out. */
export async function userNames(
  db: AnyExecutor,
  userIds: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const users = await identity.getUsersByIds(db as Executor, userIds);
  return new Map(users.map((user) => [user.userId, { name: user.name || user.username, email: user.email }]));
}

// ---- requests ----------------------------------------------------------------------------------

/** The wire priority of a data request: lower is more urgent, 1 is the most urgent. */
const PRIORITY_RANK: Record<string, number> = { Urgent: 1, High: 2, Baseline: 3, Low: 4 };

export interface Dimension {
  companyId: string;
  dataType: string;
  reportingPeriod: string;
}

export const dimensionKey = (dimension: Dimension): string =>
  `${dimension.companyId}/${dimension.dataType}/${dimension.reportingPeriod}`;

/**
 * For each dimension, the most urgent priority among data requests still waiting for that data
 * (open or being processed), as the wire number; dimensions nobody is waiting for are left out.
 */
export async function waitingRequestPriorities(
  db: AnyExecutor,
  dimensions: readonly Dimension[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (dimensions.length === 0) return result;
  const wanted = new Set(dimensions.map(dimensionKey));
  let requests: Awaited<ReturnType<typeof findDataRequests>>;
  try {
    requests = await findDataRequests(db as Executor, {
      companyIds: [...new Set(dimensions.map((d) => d.companyId))],
      dataTypes: [...new Set(dimensions.map((d) => d.dataType))],
      reportingPeriods: [...new Set(dimensions.map((d) => d.reportingPeriod))],
      states: ["Open", "Processing"],
    });
  } catch (error) {
    // Without the requests module (its tables are missing) nobody can be waiting for data.
    if ((error as { code?: string }).code === "42P01") return result;
    throw error;
  }
  for (const request of requests) {
    const key = dimensionKey(request);
    if (!wanted.has(key)) continue;
    const rank = PRIORITY_RANK[request.priority];
    if (rank === undefined) continue;
    const best = result.get(key);
    if (best === undefined || rank < best) result.set(key, rank);
  }
  return result;
}
