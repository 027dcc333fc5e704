import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { assignCompanyRight, inheritedRolesOf, listCompanyRights, removeCompanyRight } from "./rights";
import { CompanyIdParams, CompanyRights, InheritedRoles, UserIdParams } from "./schemas";
import type { AnyExecutor } from "./store";

const RIGHTS_TAGS = ["company-rights-controller"];
const INHERITED_TAGS = ["inherited-roles-controller"];

/** The company rights and inherited roles operations, on the community routes' plugin. */
export function registerRightsRoutes(plugin: FastifyInstance, db: AnyExecutor): void {
  const app = plugin.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/company-rights",
    {
      schema: {
        operationId: "postCompanyRight",
        tags: RIGHTS_TAGS,
        summary: "Give a company a right",
        description:
          "For admins. Every user holding a role at the company inherits what the right brings (Member: the member role) from their next request on. Giving a right the company holds already changes nothing.",
        body: Type.Ref("CompanyRightAssignmentString"),
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Ref("CompanyRightAssignmentString") },
      },
    },
    async (request) => {
      const body = request.body as { companyId: string; companyRight: "Member" | "Provider" };
      return assignCompanyRight(db, authorize(request.actor), body);
    },
  );

  app.delete(
    "/company-rights",
    {
      schema: {
        operationId: "deleteCompanyRight",
        tags: RIGHTS_TAGS,
        summary: "Take a right away from a company",
        description:
          "For admins. What the company's users inherited from it is gone from their next request on. 404 when the company does not hold the right.",
        body: Type.Ref("CompanyRightAssignmentString"),
        security: SIGNED_IN_SECURITY,
      },
    },
    async (request, reply) => {
      const body = request.body as { companyId: string; companyRight: "Member" | "Provider" };
      await removeCompanyRight(db, authorize(request.actor), body);
      return reply.code(200).send();
    },
  );

  app.get(
    "/company-rights/:companyId",
    {
      schema: {
        operationId: "getCompanyRights",
        tags: RIGHTS_TAGS,
        summary: "List the rights of a company",
        description: "For admins. 404 when there is no such company.",
        params: CompanyIdParams,
        security: SIGNED_IN_SECURITY,
        response: { 200: CompanyRights },
      },
    },
    async (request) => listCompanyRights(db, authorize(request.actor), request.params.companyId),
  );

  app.get(
    "/inherited-roles/:userId",
    {
      schema: {
        operationId: "getInheritedRoles",
        tags: INHERITED_TAGS,
        summary: "List the roles a user inherits from their companies",
        description:
          "From each company where the user holds a role to the roles they inherit there. Users read their own, admins anyone's; 404 when there is no such user.",
        params: UserIdParams,
        security: SIGNED_IN_SECURITY,
        response: { 200: InheritedRoles },
      },
    },
    async (request) => inheritedRolesOf(db, authorize(request.actor), request.params.userId),
  );
}
