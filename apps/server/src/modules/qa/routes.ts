import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import {
  dataPointReviewQueue,
  getDataPointReviewHistory,
  judgeDataPoint,
  listDataPointReviews,
} from "./data-point-reviews";
import {
  countUnreviewedDatasets,
  getDatasetReview,
  getDatasetReviewHistory,
  judgeDataset,
  listDatasetReviews,
} from "./dataset-reviews";
import { judgementRoutes } from "./judgement-routes";
import { nonSourceableRoutes } from "./non-sourceable-routes";
import { preApprovalRoutes } from "./pre-approval-routes";
import { queueRoutes } from "./queue-routes";
import { registerReportRoutes } from "./reports-routes";
import {
  DataIdParams,
  DataPointIdParams,
  DataPointQaReviewInformation,
  DataPointQuery,
  DataPointQueueQuery,
  DataPointVerdictQuery,
  DatasetQueueQuery,
  DatasetVerdictQuery,
  IfMatchHeaders,
  QaReviewResponse,
  refTo,
  sharedSchemas,
  UnreviewedCountQuery,
} from "./schemas";
import { etagOf } from "./service";

const TAGS = ["qa-controller"];

export const qaRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of sharedSchemas) app.addSchema(schema);
    registerReportRoutes(app, context);

    app.get(
      "/datasets",
      {
        schema: {
          operationId: "getInfoOnDatasets",
          tags: TAGS,
          summary: "The dataset review queue",
          description:
            "Lists datasets in one review state (awaiting review unless qaStatus says otherwise), oldest upload " +
            "first, with the company's name and the priority of any data request waiting for the data. For " +
            "reviewers and admins.",
          querystring: DatasetQueueQuery,
          response: { 200: Type.Array(refTo(QaReviewResponse)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => {
        const { chunkSize = 10, chunkIndex = 0, ...filters } = request.query as DatasetQueueQuery;
        return listDatasetReviews(db, request.actor, { ...filters, chunkSize, chunkIndex });
      },
    );

    app.get(
      "/numberOfUnreviewedDatasets",
      {
        schema: {
          operationId: "getNumberOfPendingDatasets",
          tags: TAGS,
          summary: "How many datasets await review",
          description:
            "Counts the datasets awaiting review, with the same filters as the queue. For reviewers and admins.",
          querystring: UnreviewedCountQuery,
          response: { 200: Type.Integer({ format: "int32" }) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => countUnreviewedDatasets(db, request.actor, request.query as UnreviewedCountQuery),
    );

    app.get(
      "/datasets/:dataId",
      {
        schema: {
          operationId: "getQaReviewResponseByDataId",
          tags: TAGS,
          summary: "The review state of a dataset",
          description:
            "The current review state of one dataset, with its version as ETag (send it as If-Match to change a " +
            "verdict). Uploaders may read it for their own datasets; reviewers and admins for any.",
          params: DataIdParams,
          response: { 200: refTo(QaReviewResponse) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        const { review, version } = await getDatasetReview(db, request.actor, request.params.dataId);
        reply.header("etag", etagOf(version));
        return review;
      },
    );

    app.get(
      "/datasets/:dataId/history",
      {
        schema: {
          operationId: "getQaReviewHistoryByDataId",
          tags: TAGS,
          summary: "Every review state a dataset has had",
          description:
            "The upload and every verdict since, oldest first: who, when, which status and why. Uploaders may " +
            "read it for their own datasets; reviewers and admins for any.",
          params: DataIdParams,
          response: { 200: Type.Array(refTo(QaReviewResponse)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => getDatasetReviewHistory(db, request.actor, request.params.dataId),
    );

    app.post(
      "/datasets/:dataId",
      {
        schema: {
          operationId: "changeQaStatus",
          tags: TAGS,
          summary: "Judge a dataset",
          description:
            "Accepts or rejects a dataset awaiting review. Accepting makes it the active dataset when it is the " +
            "newest accepted one of its company, framework and period; rejecting keeps it inactive and tells the " +
            "uploader why. With overwriteDataPointQaStatus every data point takes the verdict too. Reviewers only, " +
            "never for their own upload. A verdict already given is changed only with If-Match; if someone else " +
            "judged the dataset first, the answer is 409.",
          params: DataIdParams,
          querystring: DatasetVerdictQuery,
          headers: IfMatchHeaders,
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        const version = await judgeDataset(db, request.actor, request.params.dataId, {
          ...(request.query as DatasetVerdictQuery),
          ifMatch: request.headers["if-match"],
        });
        return reply.code(200).header("etag", etagOf(version)).send();
      },
    );

    app.get(
      "/data-points",
      {
        schema: {
          operationId: "getDataPointQaReviewInformation",
          tags: TAGS,
          summary: "Review states of data points",
          description:
            "Lists data point reviews by company, framework or data point type, period and status, newest first: " +
            "the current state of each data point, or with showOnlyActive=false every entry of their histories. " +
            "For reviewers and admins.",
          querystring: DataPointQuery,
          response: { 200: Type.Array(refTo(DataPointQaReviewInformation)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => {
        const {
          chunkSize = 10,
          chunkIndex = 0,
          showOnlyActive = true,
          ...filters
        } = request.query as DataPointQuery;
        return listDataPointReviews(db, request.actor, { ...filters, showOnlyActive, chunkSize, chunkIndex });
      },
    );

    app.get(
      "/data-points/queue",
      {
        schema: {
          operationId: "getDataPointReviewQueue",
          tags: TAGS,
          summary: "The data point review queue",
          description: "Data points awaiting review, newest upload first. For reviewers and admins.",
          querystring: DataPointQueueQuery,
          response: { 200: Type.Array(refTo(DataPointQaReviewInformation)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => {
        const { chunkSize = 1000, chunkIndex = 0 } = request.query as DataPointQueueQuery;
        return dataPointReviewQueue(db, request.actor, { chunkSize, chunkIndex });
      },
    );

    app.get(
      "/data-points/:dataPointId",
      {
        schema: {
          operationId: "getDataPointQaReviewInformationByDataId",
          tags: TAGS,
          summary: "The review history of a data point",
          description:
            "Every review state of one data point, newest (the current one) first, with the current version as " +
            "ETag. Uploaders may read it for their own data; reviewers and admins for any.",
          params: DataPointIdParams,
          response: { 200: Type.Array(refTo(DataPointQaReviewInformation)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        const { history, version } = await getDataPointReviewHistory(
          db,
          request.actor,
          request.params.dataPointId,
        );
        reply.header("etag", etagOf(version));
        return history;
      },
    );

    app.post(
      "/data-points/:dataPointId",
      {
        schema: {
          operationId: "changeDataPointQaStatus",
          tags: TAGS,
          summary: "Judge a data point",
          description:
            "Accepts or rejects one data point awaiting review; what the views show as accepted for its type follows. " +
            "Reviewers only, never for their own upload. A verdict already given is changed only with If-Match; if " +
            "someone else judged it first, the answer is 409.",
          params: DataPointIdParams,
          querystring: DataPointVerdictQuery,
          headers: IfMatchHeaders,
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        const version = await judgeDataPoint(db, request.actor, request.params.dataPointId, {
          ...(request.query as DataPointVerdictQuery),
          ifMatch: request.headers["if-match"],
        });
        return reply.code(200).header("etag", etagOf(version)).send();
      },
    );

    await plugin.register(queueRoutes(context));
    await plugin.register(preApprovalRoutes(context));
    await plugin.register(nonSourceableRoutes(context));
    await plugin.register(judgementRoutes(context));
  };
