import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { patchRequestPriority, patchRequestState } from "./changing";
import { createBulkRequests, createSingleRequest } from "./creating";
import { extendedRequestHistory, requestHistory } from "./history";
import type { DataSourcingState } from "./model";
import { can } from "./policy";
import { LIST_LIMITS } from "./schema-parts";
import {
  patchDataSourcing,
  patchDataSourcingDocuments,
  patchDataSourcingState,
  patchDocumentSourcingAttempt,
} from "./sourcing-lifecycle";
import {
  dataSourcingHistory,
  dataSourcingOfProvider,
  readDataSourcing,
  searchDataSourcing,
  sourcingPriorities,
} from "./sourcing-objects";
import {
  countEnhancedRequests,
  countRequests,
  enhancedRequestsOfUser,
  listRequests,
  readRequest,
  searchEnhancedRequests,
} from "./sourcing-requests";
import {
  type AdminDataSourcingPatch,
  AttemptPatchQuery,
  type BulkDataRequest,
  COMPONENTS,
  DataRequestIdParams,
  DataSourcingIdParams,
  DataSourcingSearchQuery,
  DocumentIdsBody,
  DocumentsPatchQuery,
  HistoryQuery,
  OnBehalfQuery,
  PagingQuery,
  ProviderParams,
  RequestCountQuery,
  RequestListQuery,
  RequestPriorityPatchQuery,
  type RequestSearchFilterString,
  RequestStatePatchQuery,
  type SingleRequest,
  SourcingStatePatchQuery,
} from "./sourcing-schemas";

const REQUEST_TAGS = ["request-controller"];
const ENHANCED_TAGS = ["enhanced-request-controller"];
const SOURCING_TAGS = ["data-sourcing-controller"];

/** For admin-only operations: 403 before the input is judged, so nobody else learns what it checks. */
const adminOnly = {
  preValidation: async (request: { actor: Actor }) => {
    authorize(request.actor, can(request.actor, "administerSourcing"), "Only admins may do this.");
  },
};

/** The operations of /data-sourcing: requests in its vocabulary and the sourcing objects. */
export const dataSourcingRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of COMPONENTS) app.addSchema(schema);
    // Every /data-sourcing operation needs a signed-in user: say so before judging the input.
    app.addHook("preValidation", async (request) => {
      authorize(request.actor);
    });

    // -----------------------------------------------------------------------------------------------
    // Requests

    app.post(
      "/requests",
      {
        schema: {
          operationId: "createRequest",
          tags: REQUEST_TAGS,
          summary: "Ask for the data of one company, framework and period",
          description:
            "Stores a request and joins it to the sourcing object of its company, framework and period (creating or reopening it). 400 when you have an open request for the same data already. Only admins give userId to ask in another user's name.",
          querystring: OnBehalfQuery,
          body: Type.Ref("SingleRequest"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("SingleRequestResponse") },
        },
      },
      async (request) =>
        createSingleRequest(
          db,
          authorize(request.actor),
          request.body as SingleRequest,
          request.query.userId,
        ),
    );

    app.post(
      "/requests/bulk",
      {
        schema: {
          operationId: "postBulkDataRequest",
          tags: REQUEST_TAGS,
          summary: "Ask for the data of many companies, frameworks and periods at once",
          description:
            "Every combination becomes a request, except unknown companies, data you asked for already, public data that is there already, and data found not to be sourceable; the answer lists each group. An unknown framework refuses the whole call.",
          querystring: OnBehalfQuery,
          body: Type.Ref("BulkDataRequest"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("BulkDataRequestResponse") },
        },
      },
      async (request) =>
        createBulkRequests(
          db,
          authorize(request.actor),
          request.body as BulkDataRequest,
          request.query.userId,
        ),
    );

    app.get(
      "/requests/count",
      {
        schema: {
          operationId: "getNumberOfRequests",
          tags: REQUEST_TAGS,
          summary: "Count the requests that match the filters",
          description:
            "Admins count every request, everyone else their own. Processed counts the answered, resolved, closed and non-sourceable ones.",
          querystring: RequestCountQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Integer({ format: "int32" }) },
        },
      },
      async (request) => countRequests(db, authorize(request.actor), request.query),
    );

    app.get(
      "/requests",
      {
        schema: {
          operationId: "searchRequests",
          tags: REQUEST_TAGS,
          summary: "List the requests that match the filters",
          description:
            "Admins see every request, everyone else their own; newest first, in pages of chunkSize.",
          querystring: RequestListQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("ExtendedStoredRequest")) },
        },
      },
      async (request) => {
        const { chunkSize, chunkIndex, ...filters } = request.query;
        return listRequests(db, authorize(request.actor), filters, { chunkSize, chunkIndex });
      },
    );

    app.get(
      "/requests/:dataRequestId",
      {
        schema: {
          operationId: "getRequest",
          tags: REQUEST_TAGS,
          summary: "Read one request",
          description: "For the requester and admins.",
          params: DataRequestIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ExtendedStoredRequest") },
        },
      },
      async (request) => readRequest(db, authorize(request.actor), request.params.dataRequestId),
    );

    app.get(
      "/requests/:dataRequestId/history",
      {
        schema: {
          operationId: "getRequestHistoryById",
          tags: REQUEST_TAGS,
          summary: "The history of a request",
          description:
            "One entry per change of where the request stands (its own state, or its sourcing object's while it is processed): when, who, from which state, and why. For the requester and admins.",
          params: DataRequestIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("RequestHistoryEntryData")) },
        },
      },
      async (request) => requestHistory(db, authorize(request.actor), request.params.dataRequestId),
    );

    app.get(
      "/requests/:dataRequestId/extended-history",
      {
        schema: {
          operationId: "getExtendedRequestHistoryById",
          tags: REQUEST_TAGS,
          summary: "The full history of a request",
          description:
            "Every change of the request and of its sourcing object's state while it is processed, with both states and the admin comment. For the requester and admins.",
          params: DataRequestIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("ExtendedRequestHistoryEntryData")) },
        },
      },
      async (request) => extendedRequestHistory(db, authorize(request.actor), request.params.dataRequestId),
    );

    app.patch(
      "/requests/:dataRequestId/state",
      {
        schema: {
          operationId: "patchRequestState",
          tags: REQUEST_TAGS,
          summary: "Move a request along its life cycle",
          description:
            "Open → Processing → Processed, or Withdrawn from Open or Processing. Admins make every move; the requester may only withdraw. Any other move is refused with 400 naming the allowed ones.",
          params: DataRequestIdParams,
          querystring: RequestStatePatchQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("StoredRequest") },
        },
      },
      async (request) =>
        patchRequestState(
          db,
          authorize(request.actor),
          request.params.dataRequestId,
          request.query.requestState,
          request.query.adminComment,
        ),
    );

    app.patch(
      "/requests/:dataRequestId/priority",
      {
        ...adminOnly,
        schema: {
          operationId: "patchRequestPriority",
          tags: REQUEST_TAGS,
          summary: "Set a request's priority",
          description: "Admins only; the admin comment, when given, is stored and kept in the history.",
          params: DataRequestIdParams,
          querystring: RequestPriorityPatchQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("StoredRequest") },
        },
      },
      async (request) =>
        patchRequestPriority(
          db,
          authorize(request.actor),
          request.params.dataRequestId,
          request.query.requestPriority,
          request.query.adminComment,
        ),
    );

    // -----------------------------------------------------------------------------------------------
    // Enhanced requests

    app.get(
      "/enhanced-requests",
      {
        schema: {
          operationId: "getRequestsForRequestingUser",
          tags: ENHANCED_TAGS,
          summary: "List your own requests with how their sourcing goes",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("DataSourcingEnhancedRequest")) },
        },
      },
      async (request) => enhancedRequestsOfUser(db, authorize(request.actor)),
    );

    app.post(
      "/enhanced-requests/search",
      {
        ...adminOnly,
        schema: {
          operationId: "postRequestSearch",
          tags: ENHANCED_TAGS,
          summary: "Search every request (admins)",
          querystring: PagingQuery,
          body: Type.Ref("RequestSearchFilterString"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("DataSourcingEnhancedRequest")) },
        },
      },
      async (request) =>
        searchEnhancedRequests(
          db,
          authorize(request.actor),
          request.body as RequestSearchFilterString,
          request.query,
        ),
    );

    app.post(
      "/enhanced-requests/search/count",
      {
        ...adminOnly,
        schema: {
          operationId: "postRequestCountQuery",
          tags: ENHANCED_TAGS,
          summary: "Count every request that matches (admins)",
          body: Type.Ref("RequestSearchFilterString"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Integer({ format: "int32" }) },
        },
      },
      async (request) =>
        countEnhancedRequests(db, authorize(request.actor), request.body as RequestSearchFilterString),
    );

    // -----------------------------------------------------------------------------------------------
    // Sourcing objects

    app.get(
      "/data-sourcing",
      {
        schema: {
          operationId: "searchDataSourcings",
          tags: SOURCING_TAGS,
          summary: "Search sourcing objects",
          description:
            "Admins see every sourcing object; the people of a collecting or extracting company those assigned to it. Newest first, in pages of chunkSize.",
          querystring: DataSourcingSearchQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("StoredDataSourcing")) },
        },
      },
      async (request) => {
        const { chunkSize, chunkIndex, ...search } = request.query;
        return searchDataSourcing(db, authorize(request.actor), search, { chunkSize, chunkIndex });
      },
    );

    app.post(
      "/data-sourcing/priorities",
      {
        schema: {
          operationId: "getDataSourcingPriorities",
          tags: SOURCING_TAGS,
          summary: "The priorities of the sourcing objects of these dimensions",
          description:
            "Dimensions without a sourcing object are left out; the priority only for admins and the assigned companies.",
          body: Type.Array(Type.Ref("BasicDataDimensions"), { maxItems: LIST_LIMITS.bulk }),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("DataSourcingPriorityByDataDimensions")) },
        },
      },
      async (request) =>
        sourcingPriorities(
          db,
          authorize(request.actor),
          request.body as { companyId: string; dataType: string; reportingPeriod: string }[],
        ),
    );

    app.get(
      "/data-sourcing/provider/:providerCompanyId",
      {
        schema: {
          operationId: "getDataSourcingForCompanyId",
          tags: SOURCING_TAGS,
          summary: "The sourcing objects assigned to a collecting or extracting company",
          description: "For admins and the people of that company (any company role there).",
          params: ProviderParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("StoredDataSourcing")) },
        },
      },
      async (request) =>
        dataSourcingOfProvider(db, authorize(request.actor), request.params.providerCompanyId),
    );

    app.get(
      "/data-sourcing/:dataSourcingId",
      {
        schema: {
          operationId: "getDataSourcingById",
          tags: SOURCING_TAGS,
          summary: "Read one sourcing object",
          description:
            "For admins and the people of the companies collecting documents or extracting data for it.",
          params: DataSourcingIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("StoredDataSourcing") },
        },
      },
      async (request) => readDataSourcing(db, authorize(request.actor), request.params.dataSourcingId),
    );

    app.patch(
      "/data-sourcing/:dataSourcingId",
      {
        ...adminOnly,
        schema: {
          operationId: "patchDataSourcing",
          tags: SOURCING_TAGS,
          summary: "Change a sourcing object (admins)",
          description:
            "Fields left out stay as they are. A state change follows the same transitions as the state operation.",
          params: DataSourcingIdParams,
          body: Type.Ref("AdminDataSourcingPatch"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("StoredDataSourcing") },
        },
      },
      async (request) =>
        patchDataSourcing(
          db,
          authorize(request.actor),
          request.params.dataSourcingId,
          request.body as AdminDataSourcingPatch,
        ),
    );

    app.patch(
      "/data-sourcing/:dataSourcingId/state",
      {
        schema: {
          operationId: "patchDataSourcingState",
          tags: SOURCING_TAGS,
          summary: "Move a sourcing object along its life cycle",
          description:
            "Initialized → DocumentSourcing → DocumentSourcingDone → DataExtraction → DataVerification → Done, with NonSourceableVerification → NonSourceable as the other end. Admins make every allowed move; the document collector DocumentSourcing → DocumentSourcingDone, the data extractor DataExtraction → DataVerification. Other moves are refused with 400 naming the allowed ones. Starting sourcing makes the open requests Processing; Done processes them; NonSourceable records the data as non-sourceable and ends them as such.",
          params: DataSourcingIdParams,
          querystring: SourcingStatePatchQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ReducedDataSourcing") },
        },
      },
      async (request) =>
        patchDataSourcingState(
          db,
          authorize(request.actor),
          request.params.dataSourcingId,
          request.query.state as DataSourcingState,
          request.query.comment,
        ),
    );

    app.patch(
      "/data-sourcing/:dataSourcingId/documents",
      {
        schema: {
          operationId: "patchDataSourcingDocuments",
          tags: SOURCING_TAGS,
          summary: "Attach documents to a sourcing object",
          description:
            "Adds the documents to those there (appendDocuments true, the default) or replaces them. Every id must name a stored document. For admins and the document collector.",
          params: DataSourcingIdParams,
          querystring: DocumentsPatchQuery,
          body: DocumentIdsBody,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ReducedDataSourcing") },
        },
      },
      async (request) =>
        patchDataSourcingDocuments(
          db,
          authorize(request.actor),
          request.params.dataSourcingId,
          request.body,
          request.query.appendDocuments,
        ),
    );

    app.patch(
      "/data-sourcing/:dataSourcingId/document-sourcing-attempt",
      {
        schema: {
          operationId: "patchDateOfNextDocumentSourcingAttempt",
          tags: SOURCING_TAGS,
          summary: "Plan the next search for documents",
          description: "For admins and the document collector.",
          params: DataSourcingIdParams,
          querystring: AttemptPatchQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ReducedDataSourcing") },
        },
      },
      async (request) =>
        patchDocumentSourcingAttempt(
          db,
          authorize(request.actor),
          request.params.dataSourcingId,
          request.query.dateOfNextDocumentSourcingAttempt,
        ),
    );

    app.get(
      "/data-sourcing/:dataSourcingId/history",
      {
        schema: {
          operationId: "getDataSourcingHistoryById",
          tags: SOURCING_TAGS,
          summary: "The history of a sourcing object",
          description:
            "The object after each change, oldest first, with who made it (left out for the platform itself), the state before and why. stateChangesOnly leaves out changes that kept the state.",
          params: DataSourcingIdParams,
          querystring: HistoryQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("DataSourcingWithoutReferences")) },
        },
      },
      async (request) =>
        dataSourcingHistory(db, authorize(request.actor), request.params.dataSourcingId, {
          stateChangesOnly: request.query.stateChangesOnly,
        }),
    );
  };
