/**
 * The pending-dataset queue of the reference (`GET /datasets/queue`): every dataset awaiting review,
 * oldest upload first, optionally of companies whose name contains a text. The paged, filtered queue
 * of `GET /datasets` (dataset-reviews.ts) answers the same question; this one takes no paging, so it
 * returns at most PENDING_QUEUE_LIMIT datasets.
 */
import type { Actor } from "../../platform/auth/actor";
import { listDatasetReviews, type QaReviewResponse } from "./dataset-reviews";
import type { AnyExecutor } from "./store";

/** The longest answer: the queue is read by people, page by page through GET /datasets beyond that. */
export const PENDING_QUEUE_LIMIT = 1000;

export function pendingDatasetQueue(
  db: AnyExecutor,
  actor: Actor,
  companyName: string | undefined,
): Promise<QaReviewResponse[]> {
  return listDatasetReviews(db, actor, {
    ...(companyName !== undefined ? { companyName } : {}),
    qaStatus: "Pending",
    chunkSize: PENDING_QUEUE_LIMIT,
    chunkIndex: 0,
  });
}
