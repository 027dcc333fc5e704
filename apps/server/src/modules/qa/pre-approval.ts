/**
 * Pre-approval: which uploads skip review. The configuration is one number, the sampling probability:
 * the share of uploads that still go to review. Every other upload is pre-approved, that is stored as
 * accepted (and activated) at once, as if an admin had set bypassQa. 1 (the default) reviews every
 * upload; 0 accepts every upload without review. Private (VSME) data is never under review, so the
 * setting does not touch it. Only admins read or change it.
 */
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { recordAudit } from "../audit";
import { can } from "./policy";
import * as store from "./pre-approval-store";
import { runInTransaction } from "./service";
import type { AnyExecutor } from "./store";

export const PRE_APPROVAL_REFUSED = "Only admins may read or change the pre-approval configuration.";

export interface PreApprovalConfig {
  samplingProbability: number;
}

export async function getPreApprovalConfig(db: AnyExecutor, actor: Actor): Promise<PreApprovalConfig> {
  authorize(actor, can(actor, "configurePreApproval"), PRE_APPROVAL_REFUSED);
  return { samplingProbability: await store.samplingProbability(db) };
}

export async function changePreApprovalConfig(
  db: AnyExecutor,
  actor: Actor,
  config: PreApprovalConfig,
): Promise<PreApprovalConfig> {
  const admin = authorize(actor, can(actor, "configurePreApproval"), PRE_APPROVAL_REFUSED);
  return runInTransaction(db, async (trx) => {
    const before = await store.samplingProbability(trx);
    await store.setSamplingProbability(trx, config.samplingProbability, admin.userId, Date.now());
    await recordAudit(trx as never, admin, {
      action: "pre-approval.changed",
      objectType: "pre-approval-config",
      objectId: "samplingProbability",
      before: { samplingProbability: before },
      after: { samplingProbability: config.samplingProbability },
    });
    return { samplingProbability: await store.samplingProbability(trx) };
  });
}

/**
 * Asked by the datasets module for each upload awaiting review: true when this upload is pre-approved
 * (not drawn for review). `draw` is a number in [0, 1), random unless a test fixes it.
 */
export async function uploadSkipsReview(db: AnyExecutor, draw: number = Math.random()): Promise<boolean> {
  const probability = await store.samplingProbability(db);
  return draw >= probability;
}
