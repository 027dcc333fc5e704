import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import type { ModuleContext } from "../../platform/module";
import { PENDING_QUEUE_LIMIT, pendingDatasetQueue } from "./queue";
import { QaReviewResponse, refTo } from "./schemas";

const PendingQueueQuery = Type.Object({
  companyName: Type.Optional(
    Type.String({
      maxLength: TEXT_LIMITS.companyName,
      description: "Only datasets of companies whose name contains this text (case and accents ignored).",
      examples: ["ABC Corporation"],
    }),
  ),
});

/** `GET /datasets/queue`, registered inside the qa routes (after their shared schemas). */
export const queueRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    app.get(
      "/datasets/queue",
      {
        schema: {
          operationId: "getInfoOnPendingDatasets",
          tags: ["qa-controller"],
          summary: "Every dataset awaiting review",
          description:
            "The datasets awaiting review, oldest upload first (at most " +
            `${PENDING_QUEUE_LIMIT}; GET /datasets pages through more), optionally only of companies whose ` +
            "name contains companyName. For reviewers and admins.",
          querystring: PendingQueueQuery,
          response: { 200: Type.Array(refTo(QaReviewResponse)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => pendingDatasetQueue(db, request.actor, request.query.companyName),
    );
  };
