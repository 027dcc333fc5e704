import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { QA_STATUSES } from "@openverde/frameworks/qa-status";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import type { ModuleContext } from "../../platform/module";
import {
  decideNonSourceability,
  listNonSourceableReviews,
  NON_SOURCEABLE_QUEUE_LIMIT,
  nonSourceableQueue,
} from "./non-sourceable";
import { QaStatusSchema, refTo, stringEnum } from "./schemas";

const NonSourceableQaReviewInformation = Type.Object(
  {
    nonSourceabilityId: Type.String({ description: "The id of the claim." }),
    companyId: Type.String({ description: "The company whose data cannot be sourced." }),
    dataType: Type.String({ description: "The framework.", examples: ["sfdr"] }),
    reportingPeriod: Type.String({ description: "The reporting period.", examples: ["2023"] }),
    qaStatus: refTo(QaStatusSchema),
    reason: Type.Optional(Type.String({ description: "Why the claimant says the data cannot be found." })),
    uploaderUserId: Type.String({ description: "Who made the claim." }),
    uploadTime: Type.Integer({
      format: "int64",
      description: "When the claim was made, in milliseconds since 1970-01-01 UTC.",
    }),
    reviewerUserId: Type.Optional(Type.String({ description: "The reviewer who decided, once decided." })),
    qaComment: Type.Optional(Type.String({ description: "The reviewer's comment, if they gave one." })),
  },
  {
    $id: "NonSourceableQaReviewInformation",
    description: "A claim that data cannot be sourced, with its review.",
  },
);

const NonSourceabilityDecisionRequest = Type.Object(
  {
    qaStatus: refTo(QaStatusSchema),
    qaComment: Type.Optional(
      Type.String({ maxLength: TEXT_LIMITS.prose, description: "Why you decide so (optional)." }),
    ),
  },
  {
    $id: "NonSourceabilityDecisionRequest",
    description: "A verdict on a claim: Accepted (the data cannot be sourced) or Rejected.",
  },
);

const NonSourceableQuery = Type.Object({
  companyId: Type.Optional(
    Type.String({ maxLength: TEXT_LIMITS.id, description: "Only claims on this company." }),
  ),
  dataType: Type.Optional(
    Type.String({ maxLength: TEXT_LIMITS.code, description: "Only claims on this framework." }),
  ),
  reportingPeriod: Type.Optional(
    Type.String({ maxLength: TEXT_LIMITS.code, description: "Only claims on this period." }),
  ),
  qaStatus: Type.Optional(stringEnum(QA_STATUSES, { description: "Only claims in this review state." })),
  chunkSize: Type.Optional(
    Type.Integer({
      format: "int32",
      minimum: 1,
      maximum: 1000,
      default: 10,
      description: "Claims per page.",
    }),
  ),
  chunkIndex: Type.Optional(
    Type.Integer({ format: "int32", minimum: 0, default: 0, description: "Which page, counting from 0." }),
  ),
});

const NonSourceabilityIdParams = Type.Object({
  nonSourceabilityId: Type.String({ description: "The id of the claim." }),
});

const TAGS = ["non-sourceability-qa-controller"];

/** The review of non-sourceability claims, registered inside the qa routes. */
export const nonSourceableRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    app.addSchema(NonSourceableQaReviewInformation);
    app.addSchema(NonSourceabilityDecisionRequest);

    app.get(
      "/nonSourceable",
      {
        schema: {
          operationId: "getNonSourceableReviews",
          tags: TAGS,
          summary: "Claims that data cannot be sourced",
          description:
            "Claims by company, framework, period and review state, newest first, with their reviews. For " +
            "reviewers and admins.",
          querystring: NonSourceableQuery,
          response: { 200: Type.Array(refTo(NonSourceableQaReviewInformation)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => {
        const {
          chunkSize = 10,
          chunkIndex = 0,
          ...search
        } = request.query as Static<typeof NonSourceableQuery>;
        return listNonSourceableReviews(db, request.actor, { ...search, chunkSize, chunkIndex });
      },
    );

    app.get(
      "/nonSourceable/queue",
      {
        schema: {
          operationId: "getNonSourceableQueue",
          tags: TAGS,
          summary: "Claims awaiting review",
          description: `The claims that data cannot be sourced still awaiting review, oldest first (at most ${NON_SOURCEABLE_QUEUE_LIMIT}). For reviewers and admins.`,
          response: { 200: Type.Array(refTo(NonSourceableQaReviewInformation)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => nonSourceableQueue(db, request.actor),
    );

    app.post(
      "/nonSourceable/:nonSourceabilityId",
      {
        schema: {
          operationId: "postNonSourceabilityDecision",
          tags: TAGS,
          summary: "Decide on a claim that data cannot be sourced",
          description:
            "Accepted: the data is recorded as not sourceable, and the data requests waiting for it end as " +
            "NonSourceable. Rejected: the claim never takes effect. Reviewers only, never on their own claim; a " +
            "claim decided already answers 409.",
          params: NonSourceabilityIdParams,
          body: refTo(NonSourceabilityDecisionRequest),
          response: { 200: refTo(NonSourceableQaReviewInformation) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) =>
        decideNonSourceability(
          db,
          request.actor,
          request.params.nonSourceabilityId,
          request.body as Static<typeof NonSourceabilityDecisionRequest>,
        ),
    );
  };
