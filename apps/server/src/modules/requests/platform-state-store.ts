/** Data requests' part of the admin console's platform state (identity's providePlatformStatePart). */
import { type AnyExecutor, requestsDb } from "./store";

/** How many data requests are in each state. */
export async function countRequestsByState(db: AnyExecutor): Promise<Record<string, number>> {
  const rows = await requestsDb(db)
    .selectFrom("community_data_request")
    .select((eb) => ["state", eb.fn.countAll<string>().as("count")])
    .groupBy("state")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
}
