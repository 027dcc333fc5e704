/**
 * The review of non-sourceability claims: an uploader says data for a company, framework and period
 * cannot be found (POST /api/metadata/nonSourceable, the datasets module); a reviewer confirms or
 * rejects the claim here. Confirmed, the datasets module makes it the active statement and tells the
 * platform (`dataset.nonSourceable`: the data requests end as NonSourceable, their sourcing object
 * too); rejected, it never takes effect and the requests stay as they are. Either way
 * `nonSourceability.reviewed` tells whoever listens. Private (VSME) data is not under public review.
 */

import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { publishEvent } from "../../platform/events";
import { badRequest, conflict, notFound } from "../../platform/http/errors";
import { recordAudit } from "../audit";
import {
  findNonSourceabilityClaim,
  isPrivateData,
  type NonSourceabilityClaim,
  nonSourceabilityClaims,
  recordNonSourceabilityVerdict,
} from "./neighbours";
import * as store from "./non-sourceable-store";
import { can } from "./policy";
import { JUDGING_REFUSED, normalizedComment, QUEUES_REFUSED, runInTransaction } from "./service";
import type { AnyExecutor, QaStatus } from "./store";

export const NON_SOURCEABILITY_REVIEWED = "nonSourceability.reviewed";

export interface NonSourceabilityReviewedPayload {
  nonSourceabilityId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  qaStatus: "Accepted" | "Rejected";
  /** Who claimed the data cannot be sourced. */
  claimantUserId: string;
  reviewerUserId: string;
  comment: string | null;
}

/** NonSourceableQaReviewInformation of the reference. */
export interface NonSourceableQaReviewInformation {
  nonSourceabilityId: string;
  companyId: string;
  dataType: string;
  reportingPeriod: string;
  qaStatus: QaStatus;
  reason?: string;
  uploaderUserId: string;
  uploadTime: number;
  reviewerUserId?: string;
  qaComment?: string;
}

/** The longest queue answered at once (the queue takes no paging, as in the reference). */
export const NON_SOURCEABLE_QUEUE_LIMIT = 1000;

const OWN_CLAIM_REFUSED = "You said this data cannot be sourced; another reviewer has to decide.";

function view(claim: NonSourceabilityClaim, review: store.NonSourceableReview | undefined) {
  const information: NonSourceableQaReviewInformation = {
    nonSourceabilityId: claim.nonSourceabilityId,
    companyId: claim.companyId,
    dataType: claim.dataType,
    reportingPeriod: claim.reportingPeriod,
    qaStatus: claim.qaStatus,
    ...(claim.reason !== null ? { reason: claim.reason } : {}),
    uploaderUserId: claim.uploaderUserId,
    uploadTime: claim.uploadTime,
    ...(review ? { reviewerUserId: review.reviewerUserId } : {}),
    ...(review?.comment ? { qaComment: review.comment } : {}),
  };
  return information;
}

async function withReviews(db: AnyExecutor, claims: NonSourceabilityClaim[]) {
  const reviews = await store.reviewsOf(
    db,
    claims.map((claim) => claim.nonSourceabilityId),
  );
  return claims.map((claim) => view(claim, reviews.get(claim.nonSourceabilityId)));
}

const publicClaims = (claims: NonSourceabilityClaim[]) =>
  claims.filter((claim) => !isPrivateData(claim.dataType));

export interface NonSourceableQuery {
  companyId?: string;
  dataType?: string;
  reportingPeriod?: string;
  qaStatus?: QaStatus;
  chunkSize: number;
  chunkIndex: number;
}

/** Claims by company, framework, period and review status, newest first, page by page. */
export async function listNonSourceableReviews(
  db: AnyExecutor,
  actor: Actor,
  query: NonSourceableQuery,
): Promise<NonSourceableQaReviewInformation[]> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  const { chunkSize, chunkIndex, ...search } = query;
  const claims = publicClaims(await nonSourceabilityClaims(db, search));
  return withReviews(db, claims.slice(chunkSize * chunkIndex, chunkSize * (chunkIndex + 1)));
}

/** The claims awaiting review, oldest first. */
export async function nonSourceableQueue(
  db: AnyExecutor,
  actor: Actor,
): Promise<NonSourceableQaReviewInformation[]> {
  authorize(actor, can(actor, "readReviews"), QUEUES_REFUSED);
  const claims = publicClaims(await nonSourceabilityClaims(db, { qaStatus: "Pending" })).reverse();
  return withReviews(db, claims.slice(0, NON_SOURCEABLE_QUEUE_LIMIT));
}

const claimNotFound = (id: string) =>
  notFound(`There is no claim that data cannot be sourced with the id ${id}.`, "Claim not found");

/**
 * A reviewer's verdict on a claim awaiting review, in one transaction with what it changes and the
 * event it publishes. Only reviewers, never on their own claim; a claim decided already answers 409.
 */
export async function decideNonSourceability(
  db: AnyExecutor,
  actor: Actor,
  nonSourceabilityId: string,
  decision: { qaStatus: QaStatus; qaComment?: string },
): Promise<NonSourceableQaReviewInformation> {
  authorize(actor, can(actor, "judge"), JUDGING_REFUSED);
  const { qaStatus } = decision;
  if (qaStatus === "Pending")
    throw badRequest("qaStatus must be Accepted (the data cannot be sourced) or Rejected.");
  const comment = normalizedComment(decision.qaComment);
  return runInTransaction(db, async (trx) => {
    const claim = await findNonSourceabilityClaim(trx, nonSourceabilityId);
    if (!claim || isPrivateData(claim.dataType)) throw claimNotFound(nonSourceabilityId);
    const reviewer = authorize(
      actor,
      can(actor, "judgeUpload", { uploaderUserId: claim.uploaderUserId }),
      OWN_CLAIM_REFUSED,
    );
    if (claim.qaStatus !== "Pending")
      throw conflict(`The claim has been decided already: ${claim.qaStatus}.`, "Already decided");
    const decided = await recordNonSourceabilityVerdict(
      trx,
      claim.nonSourceabilityId,
      qaStatus,
      reviewer.userId,
    );
    if (!decided) throw claimNotFound(nonSourceabilityId);
    const review: store.NonSourceableReview = {
      nonSourceabilityId: claim.nonSourceabilityId,
      qaStatus,
      reviewerUserId: reviewer.userId,
      comment,
      reviewedAt: Date.now(),
    };
    if (!(await store.insertReview(trx, review)))
      throw conflict("Another reviewer decided on the claim at the same moment.", "Already decided");
    const payload: NonSourceabilityReviewedPayload = {
      nonSourceabilityId: claim.nonSourceabilityId,
      companyId: claim.companyId,
      dataType: claim.dataType,
      reportingPeriod: claim.reportingPeriod,
      qaStatus,
      claimantUserId: claim.uploaderUserId,
      reviewerUserId: reviewer.userId,
      comment,
    };
    await publishEvent(trx as never, NON_SOURCEABILITY_REVIEWED, payload);
    await recordAudit(trx as never, reviewer, {
      action: "non-sourceability.decided",
      objectType: "non-sourceability",
      objectId: claim.nonSourceabilityId,
      before: { qaStatus: claim.qaStatus },
      after: { qaStatus, comment },
    });
    return view(decided, review);
  });
}
