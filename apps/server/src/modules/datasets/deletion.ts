/**
 * Deleting a dataset (DELETE /data/{dataId}, admins only): the version, its data points, the documents'
 * citations of it and its review go in one transaction. When it was the active version, the newest
 * accepted version left takes its place (publishing `dataset.activated`), and the active data points of
 * its types are chosen again without it. `dataset.deleted` and the audit trail tell who deleted what.
 */
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { isUuid } from "../../platform/ids";
import { recordAudit } from "../audit";
import { deleteVersion } from "./deletion-store";
import { can } from "./policy";
import { datasetNotFound, recomputeActiveDataset } from "./service";
import * as store from "./store";
import { type AnyExecutor, type DatasetsDb, datasetsDb } from "./store";

export const DATASET_DELETED = "dataset.deleted";

export interface DatasetDeletedPayload {
  dataId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  /** Whether it was the active version of its company, framework and period. */
  wasActive: boolean;
  deletedByUserId: string;
}

/** What a module above removes of a dataset being deleted, inside the deleting transaction. */
export type DatasetDeletionStep = (trx: AnyExecutor, dataId: string) => Promise<void>;

const deletionSteps: DatasetDeletionStep[] = [];

/**
 * Modules that keep state of their own about a dataset (the qa module its review) provide the step that
 * removes it; they sit above this module, which therefore cannot ask them directly.
 */
export function provideDatasetDeletionStep(step: DatasetDeletionStep): void {
  deletionSteps.push(step);
}

export async function deleteDataset(db: AnyExecutor, actor: Actor, dataId: string): Promise<void> {
  const admin = authorize(actor, can(actor, "deleteDataset"), "Only admins may delete a dataset.");
  if (!isUuid(dataId)) throw datasetNotFound(dataId);
  await (db as DatasetsDb).transaction().execute(async (trx) => {
    const own = datasetsDb(trx);
    const meta = await store.findMeta(own, dataId);
    if (!meta) throw datasetNotFound(dataId);
    await store.lockDimension(own, meta);
    const types = await store.dataPointTypesOf(own, [dataId]);
    if (meta.currentlyActive) {
      // Out of the running, it is replaced by the newest accepted version left (or by none), with the
      // event and the companies register's counts that activation brings.
      await store.setQaStatus(own, dataId, "Rejected");
      const { companyId, dataType, reportingPeriod } = meta;
      await recomputeActiveDataset(trx, { companyId, dataType, reportingPeriod }, admin.userId);
    }
    for (const step of deletionSteps) await step(trx, dataId);
    await deleteVersion(own, dataId);
    await store.recomputeActiveDataPoints(own, meta.companyId, meta.reportingPeriod, types);
    const payload: DatasetDeletedPayload = {
      dataId,
      companyId: meta.companyId,
      dataType: meta.dataType,
      reportingPeriod: meta.reportingPeriod,
      wasActive: meta.currentlyActive,
      deletedByUserId: admin.userId,
    };
    await publishEvent(trx as never, DATASET_DELETED, payload);
    await recordAudit(trx, admin, {
      action: "dataset.deleted",
      objectType: "dataset",
      objectId: dataId,
      before: {
        companyId: meta.companyId,
        dataType: meta.dataType,
        reportingPeriod: meta.reportingPeriod,
        qaStatus: meta.qaStatus,
        currentlyActive: meta.currentlyActive,
        uploaderUserId: meta.uploaderUserId,
      },
    });
  });
}
