/**
 * Non-sourceability: the record that data for a company, framework and reporting period cannot be
 * found, who may mark it, and whether a dimension is marked.
 */
import { randomUUID } from "node:crypto";
import { isFrameworkId } from "@openverde/frameworks";
import type { Actor } from "../../platform/auth/actor";
import { publishEvent } from "../../platform/events";
import type { ErrorDetails } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { isPrivateFramework } from "./framework-data";
import { companyExists } from "./neighbours";
import * as nonSourceableStore from "./non-sourceability-store";
import { invalid, invalidInput, isReportingPeriod, viewerFor } from "./service";
import * as store from "./store";
import { type AnyExecutor, type DatasetsDb, type Dimension, datasetsDb, type QaStatus } from "./store";
import { checkUploader } from "./upload";

const own = datasetsDb;

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
  const rows = await nonSourceableStore.searchNonSourceable(own(db), search);
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
 * statement is active while no dataset of that dimension is active; the newest one counts. Without
 * bypassQa it first awaits review (the qa module): until a reviewer accepts it, it is not active and
 * nobody is told (recordNonSourceabilityVerdict).
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
      currentlyActive: bypassQa && !hasActiveDataset,
      reason: body.reason,
      bypassQa,
    };
    await nonSourceableStore.insertNonSourceable(tx, entry);
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

/**
 * For the qa module: the statements by dimension and review status, newest first, whoever made them
 * (the qa module decides who may see them).
 */
export function nonSourceabilityClaims(
  db: AnyExecutor,
  search: { companyId?: string; dataType?: string; reportingPeriod?: string; qaStatus?: QaStatus },
): Promise<NonSourceabilityInformation[]> {
  if (search.companyId !== undefined && !isUuid(search.companyId)) return Promise.resolve([]);
  return nonSourceableStore.searchNonSourceable(own(db), search);
}

export async function findNonSourceabilityClaim(
  db: AnyExecutor,
  nonSourceabilityId: string,
): Promise<NonSourceabilityInformation | undefined> {
  if (!isUuid(nonSourceabilityId)) return undefined;
  return nonSourceableStore.findNonSourceable(own(db), nonSourceabilityId);
}

/**
 * For the qa module, inside its transaction: records a reviewer's verdict on a statement awaiting
 * review. Accepted, it becomes the active statement of its dimension (unless a dataset is active
 * meanwhile) and `dataset.nonSourceable` tells the rest of the platform (data requests end as
 * NonSourceable, their sourcing object too); rejected, it stays inactive and nothing else changes.
 * Returns the statement as it is now, or undefined for an unknown id.
 */
export async function recordNonSourceabilityVerdict(
  trx: AnyExecutor,
  nonSourceabilityId: string,
  qaStatus: "Accepted" | "Rejected",
  reviewerUserId: string,
): Promise<NonSourceabilityInformation | undefined> {
  if (!isUuid(nonSourceabilityId)) return undefined;
  const tx = own(trx);
  const claim = await nonSourceableStore.findNonSourceable(tx, nonSourceabilityId, true);
  if (!claim) return undefined;
  await store.lockDimension(tx, claim);
  const active = qaStatus === "Accepted" && (await store.activeDatasetsFor(tx, [claim])).length === 0;
  await nonSourceableStore.setNonSourceableVerdict(tx, claim, qaStatus, active);
  if (active)
    await publishEvent(trx as never, "dataset.nonSourceable", {
      companyId: claim.companyId,
      dataType: claim.dataType,
      reportingPeriod: claim.reportingPeriod,
      nonSourceable: true,
      reason: claim.reason,
      userId: reviewerUserId,
    });
  return { ...claim, qaStatus, currentlyActive: active };
}

export async function isNonSourceable(db: AnyExecutor, actor: Actor, dimension: Dimension): Promise<boolean> {
  const viewer = viewerFor(db, actor);
  if (!isUuid(dimension.companyId)) return false;
  if (isPrivateFramework(dimension.dataType) && !(await viewer.maySeePrivateDimension(dimension)))
    return false;
  return nonSourceableStore.isNonSourceable(own(db), dimension);
}
