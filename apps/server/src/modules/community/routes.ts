import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { notFound } from "../../platform/http/errors";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { approveOwnershipClaim, declineOwnershipClaim, listOwnershipClaims } from "./ownership-claims";
import { registerRightsRoutes } from "./rights-routes";
import {
  ClaimIdParams,
  COMPONENTS,
  CompanyIdParams,
  CompanyOwnershipAnswer,
  OwnershipClaimQuery,
  OwnershipQuery,
  RoleAssignmentParams,
  RoleAssignmentQuery,
} from "./schemas";
import {
  assignCompanyRole,
  checkCompanyRole,
  claimCompanyOwnership,
  companyOwnership,
  hasCompanyOwner,
  listCompanyRoleAssignments,
  recommendedUsers,
  removeCompanyRole,
  validateEmailAddress,
} from "./service";

const ROLES_TAGS = ["company-roles-controller"];
const EMAIL_TAGS = ["email-address-controller"];
const CLAIM_TAGS = ["ownership-claims"];

export const communityRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of COMPONENTS) app.addSchema(schema);
    // Every community operation needs a signed-in user: say so before judging the input.
    app.addHook("preValidation", async (request) => {
      authorize(request.actor);
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
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("CompanyRoleAssignment") },
        },
      },
      async (request) => assignCompanyRole(db, authorize(request.actor), request.params),
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
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        await removeCompanyRole(db, authorize(request.actor), request.params);
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
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        const holds = await checkCompanyRole(db, authorize(request.actor), request.params);
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
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("CompanyRoleAssignmentExtended")) },
        },
      },
      async (request) => listCompanyRoleAssignments(db, authorize(request.actor), request.query),
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
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        authorize(request.actor);
        if (!(await hasCompanyOwner(db, request.params.companyId)))
          throw notFound("The company has no owner.");
        return reply.code(200).send();
      },
    );

    app.get(
      "/company-ownership/:companyId",
      {
        schema: {
          operationId: "getCompanyOwnership",
          tags: ROLES_TAGS,
          summary: "Whether a company has an owner, as an answer",
          description:
            "Openverde's own: the HEAD check's answer in a body, so that \"no owner\" is a 200 the web app can ask for without the browser logging a failed request.",
          params: CompanyIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: CompanyOwnershipAnswer },
        },
      },
      async (request) => {
        authorize(request.actor);
        return companyOwnership(db, request.params.companyId);
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
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        await claimCompanyOwnership(
          db,
          authorize(request.actor),
          request.params.companyId,
          request.query.comment,
        );
        return reply.code(200).send();
      },
    );

    // Openverde's own: admins decide the claims in the admin console.

    app.get(
      "/company-ownership-claims",
      {
        schema: {
          operationId: "getOwnershipClaims",
          tags: CLAIM_TAGS,
          summary: "Ownership claims with who claims which company and why, for admins",
          description:
            "Openverde's own. The pending claims, oldest first (the default), or the approved or declined ones, newest decision first; at most 500.",
          querystring: OwnershipClaimQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("OwnershipClaim")) },
        },
      },
      async (request) => listOwnershipClaims(db, authorize(request.actor), request.query),
    );

    app.post(
      "/company-ownership-claims/:claimId/approval",
      {
        schema: {
          operationId: "approveOwnershipClaim",
          tags: CLAIM_TAGS,
          summary: "Approve an ownership claim: the user becomes an owner of the company",
          description:
            "Openverde's own; the same as assigning the CompanyOwner role. Admins only; 409 when the claim is decided already.",
          params: ClaimIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("OwnershipClaim") },
        },
      },
      async (request) => approveOwnershipClaim(db, authorize(request.actor), request.params.claimId),
    );

    app.post(
      "/company-ownership-claims/:claimId/decline",
      {
        schema: {
          operationId: "declineOwnershipClaim",
          tags: CLAIM_TAGS,
          summary: "Decline an ownership claim",
          description:
            "Openverde's own. The user's roles stay as they were; they may claim again. Admins only; 409 when the claim is decided already.",
          params: ClaimIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("OwnershipClaim") },
        },
      },
      async (request) => declineOwnershipClaim(db, authorize(request.actor), request.params.claimId),
    );

    // -----------------------------------------------------------------------------------------------
    // Company rights and the roles their users inherit

    registerRightsRoutes(plugin, db);

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
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("KeycloakUserInfo")) },
        },
      },
      async (request) => recommendedUsers(db, authorize(request.actor), request.params.companyId),
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
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("KeycloakUserInfo") },
        },
      },
      async (request) => {
        const body = request.body as { email: string };
        return validateEmailAddress(db, authorize(request.actor), body.email);
      },
    );
  };
