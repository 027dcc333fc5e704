/** Forgetting the review of a dataset that is deleted: asked by the datasets module inside its transaction. */
import { type AnyExecutor, qaDb } from "./store";

/** Removes a dataset's review row and the history of it and of its data points. */
export async function forgetDatasetReview(trx: AnyExecutor, dataId: string): Promise<void> {
  const db = qaDb(trx);
  // Data point entries first: they point at the dataset's review entries.
  await db.deleteFrom("qa_data_point_review").where("data_id", "=", dataId).execute();
  await db.deleteFrom("qa_dataset_review").where("data_id", "=", dataId).execute();
  await db.deleteFrom("qa_dataset").where("data_id", "=", dataId).execute();
}
