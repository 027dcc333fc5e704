/** Export jobs' part of the admin console's platform state (identity's providePlatformStatePart). */
import { sql } from "kysely";
import { type AnyExecutor, datasetsDb } from "./store";

/** Export jobs still running, and those that failed in the last 24 hours. */
export async function countExportJobs(db: AnyExecutor): Promise<{ running: number; failed: number }> {
  const row = await datasetsDb(db)
    .selectFrom("dataset_export_job")
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere("state", "=", "Pending").as("running"),
      eb.fn
        .countAll<string>()
        .filterWhere((inner) =>
          inner.and([
            inner("state", "=", "Failure"),
            inner("finished_at", ">", sql<Date>`now() - interval '24 hours'`),
          ]),
        )
        .as("failed"),
    ])
    .executeTakeFirst();
  return { running: Number(row?.running ?? 0), failed: Number(row?.failed ?? 0) };
}
