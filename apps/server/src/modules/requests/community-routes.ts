import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { notFound } from "../../platform/http/errors";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { checkDatasetAccess, patchDataRequest } from "./changing";
import {
  aggregatedOpenDataRequests,
  countDataRequestsFor,
  dataRequestsOfUser,
  readDataRequest,
  searchDataRequests,
} from "./community-requests";
import {
  AggregatedQuery,
  type BulkDataRequest,
  COMPONENTS,
  DataRequestIdParams,
  type DataRequestPatch,
  DatasetAccessParams,
  RequestCountQuery,
  RequestSearchQuery,
  type SingleDataRequest,
  SingleRequestQuery,
} from "./community-schemas";
import { postBulkDataRequest, postSingleDataRequest } from "./creating";

const REQUEST_TAGS = ["request-controller"];
const ACCESS_TAGS = ["data-access-controller"];

/** The request operations of /community (the community module serves the rest of the prefix). */
export const communityRequestRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of COMPONENTS) app.addSchema(schema);
    // Every request operation needs a signed-in user: say so before judging the input.
    app.addHook("preValidation", async (request) => {
      authorize(request.actor);
    });

    app.post(
      "/requests/single",
      {
        schema: {
          operationId: "postSingleDataRequest",
          tags: REQUEST_TAGS,
          summary: "Ask for one company's data for one framework and some periods",
          description:
            "Stores one request per period. Periods you have an active request for are left out; private data that is there already becomes a request for access. Admins may ask in another user's name with userId.",
          querystring: SingleRequestQuery,
          body: Type.Ref("SingleDataRequest"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("SingleDataRequestResponse") },
        },
      },
      async (request) =>
        postSingleDataRequest(
          db,
          authorize(request.actor),
          request.body as SingleDataRequest,
          request.query.userId,
        ),
    );

    app.post(
      "/requests/bulk",
      {
        schema: {
          operationId: "postBulkDataRequest",
          tags: REQUEST_TAGS,
          summary: "Ask for data of many companies, frameworks and periods at once",
          description:
            "Every combination becomes a request, except for unknown identifiers (rejected), combinations you have asked for already, and public data that is there already.",
          body: Type.Ref("BulkDataRequest"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("BulkDataRequestResponse") },
        },
      },
      async (request) =>
        postBulkDataRequest(db, authorize(request.actor), request.body as BulkDataRequest, {
          publicUrl: context.config.publicUrl,
        }),
    );

    app.get(
      "/requests/user",
      {
        schema: {
          operationId: "getDataRequestsForRequestingUser",
          tags: REQUEST_TAGS,
          summary: "List your own data requests",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("ExtendedStoredDataRequest")) },
        },
      },
      async (request) => dataRequestsOfUser(db, authorize(request.actor)),
    );

    app.get(
      "/requests/numberOfRequests",
      {
        schema: {
          operationId: "getNumberOfRequests",
          tags: REQUEST_TAGS,
          summary: "Count the data requests that match the filters",
          description: "The same filters and visibility as the list of requests, without pages.",
          querystring: RequestCountQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Integer({ format: "int32" }) },
        },
      },
      async (request) => countDataRequestsFor(db, authorize(request.actor), request.query),
    );

    app.get(
      "/requests/aggregated",
      {
        schema: {
          operationId: "getAggregatedOpenDataRequests",
          tags: REQUEST_TAGS,
          summary: "Count open requests per framework, period, company and priority",
          description: "For deciding what to source first; the most asked-for come first.",
          querystring: AggregatedQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("AggregatedDataRequestWithAggregatedPriority")) },
        },
      },
      async (request) => {
        authorize(request.actor);
        return aggregatedOpenDataRequests(db, request.query);
      },
    );

    app.get(
      "/requests",
      {
        schema: {
          operationId: "getDataRequests",
          tags: REQUEST_TAGS,
          summary: "Search data requests",
          description:
            "Admins search every request; others their own and those for the companies they own. Newest first, in pages of chunkSize.",
          querystring: RequestSearchQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("ExtendedStoredDataRequest")) },
        },
      },
      async (request) => {
        const { chunkSize, chunkIndex, ...filters } = request.query;
        return searchDataRequests(db, authorize(request.actor), filters, { chunkSize, chunkIndex });
      },
    );

    app.get(
      "/requests/:dataRequestId",
      {
        schema: {
          operationId: "getDataRequestById",
          tags: REQUEST_TAGS,
          summary: "Read one data request with its history",
          description: "For admins, the requester and the company's owners.",
          params: DataRequestIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("StoredDataRequest") },
        },
      },
      async (request) => readDataRequest(db, authorize(request.actor), request.params.dataRequestId),
    );

    app.patch(
      "/requests/:dataRequestId",
      {
        schema: {
          operationId: "patchDataRequest",
          tags: REQUEST_TAGS,
          summary: "Change a data request",
          description:
            "The requester withdraws an open request, closes or resolves an answered one, and changes contacts, message and notifications. The company's owners grant, decline or revoke access to private data. Admins change anything.",
          params: DataRequestIdParams,
          body: Type.Ref("DataRequestPatch"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("StoredDataRequest") },
        },
      },
      async (request) =>
        patchDataRequest(
          db,
          authorize(request.actor),
          request.params.dataRequestId,
          request.body as DataRequestPatch,
        ),
    );

    app.head(
      "/requests/dataset-access/:companyId/:dataType/:reportingPeriod/:userId",
      {
        // HEAD checks are operations of their own in the reference, so the document lists them.
        config: { swagger: { exposeHeadRoute: true } },
        schema: {
          operationId: "hasAccessToDataset",
          tags: ACCESS_TAGS,
          summary: "Check whether a user may read a company's private dataset",
          description:
            "200 when the company has granted the user access to its data of this framework and period, 404 when not. For admins, the user and the company's owners.",
          params: DatasetAccessParams,
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        if (!(await checkDatasetAccess(db, authorize(request.actor), request.params)))
          throw notFound("The user has no access to this dataset.");
        return reply.code(200).send();
      },
    );

    app.get(
      "/requests/dataset-access/:companyId/:dataType/:reportingPeriod/:userId",
      {
        schema: {
          operationId: "getDatasetAccess",
          tags: ACCESS_TAGS,
          summary: "Whether a user may read a company's private dataset, as an answer",
          description:
            "Openverde's own: the HEAD check's answer in a body, so that \"no access\" is a 200 the web app can ask for without the browser logging a failed request. For admins, the user and the company's owners.",
          params: DatasetAccessParams,
          security: SIGNED_IN_SECURITY,
          response: {
            200: Type.Object({
              hasAccess: Type.Boolean({
                description: "Whether the company granted the user its data of this framework and period.",
              }),
            }),
          },
        },
      },
      async (request) => ({
        hasAccess: await checkDatasetAccess(db, authorize(request.actor), request.params),
      }),
    );
  };
