/** The review queue's part of the admin console's platform state (identity's providePlatformStatePart). */
import { type AnyExecutor, qaDb } from "./store";

/** Datasets waiting for a review, and the upload time of the one that waits longest. */
export async function selectReviewQueueState(
  db: AnyExecutor,
): Promise<{ length: number; oldestSince: Date | null }> {
  const row = await qaDb(db)
    .selectFrom("qa_dataset")
    .select((eb) => [eb.fn.countAll<string>().as("length"), eb.fn.min("upload_time").as("oldest")])
    .where("qa_status", "=", "Pending")
    .executeTakeFirst();
  const oldest = row?.oldest;
  return {
    length: Number(row?.length ?? 0),
    oldestSince: oldest === null || oldest === undefined ? null : new Date(Number(oldest)),
  };
}
