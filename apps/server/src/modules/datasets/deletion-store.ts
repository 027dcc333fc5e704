/** SQL of deleting a dataset: its citations, its data points and the version itself. */
import type { DatasetsDb } from "./store";

/** Removes a dataset with its data points and citations; the caller's transaction keeps it whole. */
export async function deleteVersion(trx: DatasetsDb, dataId: string): Promise<void> {
  await trx.deleteFrom("dataset_document").where("data_id", "=", dataId).execute();
  await trx.deleteFrom("dataset_data_point").where("data_id", "=", dataId).execute();
  await trx.deleteFrom("dataset").where("data_id", "=", dataId).execute();
}
