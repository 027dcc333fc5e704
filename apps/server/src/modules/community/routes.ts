import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import { requireUser } from "./policy";
import {
  AggregatedQuery,
  type BulkDataRequest,
  COMPONENTS,
  CompanyIdParams,
  DataRequestIdParams,
  type DataRequestPatch,
  DatasetAccessParams,
  OwnershipQuery,
  RequestCountQuery,
  RequestSearchQuery,
  RoleAssignmentParams,
  RoleAssignmentQuery,
  type SingleDataRequest,
  SingleRequestQuery,
} from "./schemas";
import {
  aggregatedOpenDataRequests,
  assignCompanyRole,
  checkCompanyRole,
  checkDatasetAccess,
  claimCompanyOwnership,
  countDataRequestsFor,
  dataRequestsOfUser,
  hasCompanyOwner,
  listCompanyRoleAssignments,
  patchDataRequest,
  postBulkDataRequest,
  postSingleDataRequest,
  readDataRequest,
  recommendedUsers,
  removeCompanyRole,
  searchDataRequests,
  validateEmailAddress,
} from "./service";

const SECURED: Record<string, string[]>[] = [{ "default-oauth": [] }, { "default-bearer-auth": [] }];
const ROLES_TAGS = ["company-roles-controller"];
const EMAIL_TAGS = ["email-address-controller"];
const REQUEST_TAGS = ["request-controller"];
const ACCESS_TAGS = ["data-access-controller"];

export const communityRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of COMPONENTS) app.addSchema(schema);
    // Every community operation needs a signed-in user: say so before judging the input.
    app.addHook("preValidation", async (request) => {
      requireUser(request.actor);
    });

    // -----------------------------------------------------------------------------------------------
    // Company roles

    app.post(
      "/company-role-assignments/:role/:companyId/:userId",
      {
        schema: {
          operationId: "assignCompanyRole",
          tags: ROLES_TAGS,
          summary: "Give a user a role at a company",
          description:
            "A user holds at most one role per company; a new one replaces the old. Admins assign any role; the company's owners and member admins assign Member, DataUploader and MemberAdmin, but do not change an owner's role. Only admins make owners, which also approves the user's ownership claim.",
          params: RoleAssignmentParams,
          security: SECURED,
          response: { 200: Type.Ref("CompanyRoleAssignment") },
        },
      },
      async (request) => assignCompanyRole(db, requireUser(request.actor), request.params),
    );

    app.delete(
      "/company-role-assignments/:role/:companyId/:userId",
      {
        schema: {
          operationId: "removeCompanyRole",
          tags: ROLES_TAGS,
          summary: "Take a role at a company away from a user",
          description:
            "Admins remove any role, users give up their own, and the company's owners and member admins remove Member, DataUploader and MemberAdmin roles there. 404 when the user does not hold the role.",
          params: RoleAssignmentParams,
          security: SECURED,
        },
      },
      async (request, reply) => {
        await removeCompanyRole(db, requireUser(request.actor), request.params);
        return reply.code(200).send();
      },
    );

    app.head(
      "/company-role-assignments/:role/:companyId/:userId",
      {
        // HEAD checks are operations of their own in the reference, so the document lists them.
        config: { swagger: { exposeHeadRoute: true } },
        schema: {
          operationId: "hasUserCompanyRole",
          tags: ROLES_TAGS,
          summary: "Check whether a user holds a role at a company",
          description:
            "200 when the user holds the role, 404 when not. Admins, the user and members of the company may ask.",
          params: RoleAssignmentParams,
          security: SECURED,
        },
      },
      async (request, reply) => {
        const holds = await checkCompanyRole(db, requireUser(request.actor), request.params);
        if (!holds) throw notFound("The user does not hold this role at the company.");
        return reply.code(200).send();
      },
    );

    app.get(
      "/company-role-assignments",
      {
        schema: {
          operationId: "getExtendedCompanyRoleAssignments",
          tags: ROLES_TAGS,
          summary: "List company role assignments with the users' e-mail and name",
          description:
            "Filtered by role, company and user. Admins see every assignment; others their own and those of the companies where they hold a role.",
          querystring: RoleAssignmentQuery,
          security: SECURED,
          response: { 200: Type.Array(Type.Ref("CompanyRoleAssignmentExtended")) },
        },
      },
      async (request) => listCompanyRoleAssignments(db, requireUser(request.actor), request.query),
    );

    // -----------------------------------------------------------------------------------------------
    // Ownership

    app.head(
      "/company-ownership/:companyId",
      {
        // HEAD checks are operations of their own in the reference, so the document lists them.
        config: { swagger: { exposeHeadRoute: true } },
        schema: {
          operationId: "hasCompanyAtLeastOneOwner",
          tags: ROLES_TAGS,
          summary: "Check whether a company has an owner",
          description: "200 when at least one user owns the company, 404 when none does.",
          params: CompanyIdParams,
          security: SECURED,
        },
      },
      async (request, reply) => {
        requireUser(request.actor);
        if (!(await hasCompanyOwner(db, request.params.companyId)))
          throw notFound("The company has no owner.");
        return reply.code(200).send();
      },
    );

    app.post(
      "/company-ownership/:companyId",
      {
        schema: {
          operationId: "postCompanyOwnershipRequest",
          tags: ROLES_TAGS,
          summary: "Claim to own a company",
          description:
            "Records the claim and lets the admins know; an admin approves it by making the user a CompanyOwner. A second claim while the first is pending changes nothing.",
          params: CompanyIdParams,
          querystring: OwnershipQuery,
          security: SECURED,
        },
      },
      async (request, reply) => {
        await claimCompanyOwnership(
          db,
          requireUser(request.actor),
          request.params.companyId,
          request.query.comment,
        );
        return reply.code(200).send();
      },
    );

    // -----------------------------------------------------------------------------------------------
    // E-mail addresses

    app.get(
      "/emails/:companyId/recommended-users",
      {
        schema: {
          operationId: "getUsersByCompanyAssociatedSubdomains",
          tags: EMAIL_TAGS,
          summary: "Suggest users to add to a company",
          description:
            "Users whose e-mail domain belongs to the company (its associated subdomains or web site) and who hold no role there yet. For admins and the company's owners and member admins.",
          params: CompanyIdParams,
          security: SECURED,
          response: { 200: Type.Array(Type.Ref("KeycloakUserInfo")) },
        },
      },
      async (request) => recommendedUsers(db, requireUser(request.actor), request.params.companyId),
    );

    app.post(
      "/emails/validation",
      {
        schema: {
          operationId: "postEmailAddressValidation",
          tags: EMAIL_TAGS,
          summary: "Find the user with an e-mail address",
          description:
            "400 when the address is malformed, 404 when no user has it. For admins and users who own or administer a company (to add colleagues).",
          body: Type.Ref("EmailAddress"),
          security: SECURED,
          response: { 200: Type.Ref("KeycloakUserInfo") },
        },
      },
      async (request) => {
        const body = request.body as { email: string };
        return validateEmailAddress(db, requireUser(request.actor), body.email);
      },
    );

    // -----------------------------------------------------------------------------------------------
    // Data requests

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
          security: SECURED,
          response: { 200: Type.Ref("SingleDataRequestResponse") },
        },
      },
      async (request) =>
        postSingleDataRequest(
          db,
          requireUser(request.actor),
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
          security: SECURED,
          response: { 200: Type.Ref("BulkDataRequestResponse") },
        },
      },
      async (request) =>
        postBulkDataRequest(db, requireUser(request.actor), request.body as BulkDataRequest, {
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
          security: SECURED,
          response: { 200: Type.Array(Type.Ref("ExtendedStoredDataRequest")) },
        },
      },
      async (request) => dataRequestsOfUser(db, requireUser(request.actor)),
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
          security: SECURED,
          response: { 200: Type.Integer({ format: "int32" }) },
        },
      },
      async (request) => countDataRequestsFor(db, requireUser(request.actor), request.query),
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
          security: SECURED,
          response: { 200: Type.Array(Type.Ref("AggregatedDataRequestWithAggregatedPriority")) },
        },
      },
      async (request) => {
        requireUser(request.actor);
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
          security: SECURED,
          response: { 200: Type.Array(Type.Ref("ExtendedStoredDataRequest")) },
        },
      },
      async (request) => {
        const { chunkSize, chunkIndex, ...filters } = request.query;
        return searchDataRequests(db, requireUser(request.actor), filters, { chunkSize, chunkIndex });
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
          security: SECURED,
          response: { 200: Type.Ref("StoredDataRequest") },
        },
      },
      async (request) => readDataRequest(db, requireUser(request.actor), request.params.dataRequestId),
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
          security: SECURED,
          response: { 200: Type.Ref("StoredDataRequest") },
        },
      },
      async (request) =>
        patchDataRequest(
          db,
          requireUser(request.actor),
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
          security: SECURED,
        },
      },
      async (request, reply) => {
        if (!(await checkDatasetAccess(db, requireUser(request.actor), request.params)))
          throw notFound("The user has no access to this dataset.");
        return reply.code(200).send();
      },
    );
  };
