/** Forgetting the review of a dataset that is deleted: asked by the datasets module inside its transaction. */
import { forgetJudgementsOfDataset } from "./judgement-store";
import { type AnyExecutor, qaDb } from "./store";

/**
 * Removes a dataset's review row, the history of it and of its data points, and its judgements (a
 * judgement that produced it as its accepted version loses the link). QA reports stay: they are
 * never deleted, only deactivated.
 */
export async function forgetDatasetReview(trx: AnyExecutor, dataId: string): Promise<void> {
  const db = qaDb(trx);
  // Data point entries first: they point at the dataset's review entries.
  await db.deleteFrom("qa_data_point_review").where("data_id", "=", dataId).execute();
  await db.deleteFrom("qa_dataset_review").where("data_id", "=", dataId).execute();
  await db.deleteFrom("qa_dataset").where("data_id", "=", dataId).execute();
  await forgetJudgementsOfDataset(trx, dataId);
}
