/** SQL for the reviews of non-sourceability claims (migrations/004_pre_approval_and_non_sourceable_reviews.sql). */
import type { Kysely, Transaction } from "kysely";
import type { AnyExecutor } from "./store";

type NonSourceableReviewTables = {
  qa_non_sourceable_review: {
    non_sourceability_id: string;
    qa_status: "Accepted" | "Rejected";
    reviewer_user_id: string;
    comment: string | null;
    reviewed_at: number;
  };
};

const own = (db: AnyExecutor) =>
  (db as Kysely<Record<string, never>>).withTables<NonSourceableReviewTables>() as unknown as
    | Kysely<NonSourceableReviewTables>
    | Transaction<NonSourceableReviewTables>;

export interface NonSourceableReview {
  nonSourceabilityId: string;
  qaStatus: "Accepted" | "Rejected";
  reviewerUserId: string;
  comment: string | null;
  reviewedAt: number;
}

/** Records a verdict; false when the claim had one already (the first verdict stays). */
export async function insertReview(db: AnyExecutor, review: NonSourceableReview): Promise<boolean> {
  const inserted = await own(db)
    .insertInto("qa_non_sourceable_review")
    .values({
      non_sourceability_id: review.nonSourceabilityId,
      qa_status: review.qaStatus,
      reviewer_user_id: review.reviewerUserId,
      comment: review.comment,
      reviewed_at: review.reviewedAt,
    })
    .onConflict((conflict) => conflict.column("non_sourceability_id").doNothing())
    .returning("non_sourceability_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The verdicts on these claims, by claim id. */
export async function reviewsOf(
  db: AnyExecutor,
  nonSourceabilityIds: readonly string[],
): Promise<Map<string, NonSourceableReview>> {
  if (nonSourceabilityIds.length === 0) return new Map();
  const rows = await own(db)
    .selectFrom("qa_non_sourceable_review")
    .select([
      "non_sourceability_id as nonSourceabilityId",
      "qa_status as qaStatus",
      "reviewer_user_id as reviewerUserId",
      "comment",
      "reviewed_at as reviewedAt",
    ])
    .where("non_sourceability_id", "in", [...nonSourceabilityIds])
    .execute();
  return new Map(rows.map((row) => [row.nonSourceabilityId, { ...row, reviewedAt: Number(row.reviewedAt) }]));
}
