/** SQL for the pre-approval configuration (migrations/004_pre_approval_and_non_sourceable_reviews.sql). */
import type { Kysely, Transaction } from "kysely";
import { prepared } from "../../platform/db/prepared-statements";
import type { AnyExecutor } from "./store";

type PreApprovalTables = {
  qa_pre_approval_config: {
    singleton: boolean;
    sampling_probability: number;
    changed_by_user_id: string | null;
    changed_at: number | null;
  };
};

const own = (db: AnyExecutor) =>
  (db as Kysely<Record<string, never>>).withTables<PreApprovalTables>() as unknown as
    | Kysely<PreApprovalTables>
    | Transaction<PreApprovalTables>;

/** The share of uploads that still go to review (1 when the row is missing: review everything). */
export async function samplingProbability(db: AnyExecutor): Promise<number> {
  // Asked by every upload: kept prepared, it is not parsed and planned each time.
  const tables = own(db);
  const query = tables.selectFrom("qa_pre_approval_config").select("sampling_probability");
  const [row] = (await tables.executeQuery(prepared(query))).rows;
  return row ? Number(row.sampling_probability) : 1;
}

export async function setSamplingProbability(
  db: AnyExecutor,
  probability: number,
  userId: string,
  at: number,
): Promise<void> {
  await own(db)
    .insertInto("qa_pre_approval_config")
    .values({
      singleton: true,
      sampling_probability: probability,
      changed_by_user_id: userId,
      changed_at: at,
    })
    .onConflict((conflict) =>
      conflict.column("singleton").doUpdateSet({
        sampling_probability: probability,
        changed_by_user_id: userId,
        changed_at: at,
      }),
    )
    .execute();
}
