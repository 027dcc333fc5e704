import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { can } from "./policy";
import { createProxy, getProxy, removeProxy, replaceProxy, searchProxies } from "./proxies";
import { CompanyProxyString, ProxyIdParams, ProxySearchQuery, StoredCompanyProxy } from "./proxies-schemas";

const TAGS = ["company-proxy-controller"];
const ERROR = Type.Ref("ErrorResponse");

/** `/company-proxies`: which company's data stands in for another's (see proxies.ts). */
export const companyProxyRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of [CompanyProxyString, StoredCompanyProxy]) {
      const id = (schema as { $id?: string }).$id as string;
      if (!app.getSchema(id)) app.addSchema(schema);
    }
    const requireAdmin = (actor: Actor, doing: string) =>
      authorize(
        actor,
        can(actor, "administerProxies"),
        `${doing} company proxies needs the role ROLE_ADMIN.`,
      );

    app.get(
      "/company-proxies",
      {
        schema: {
          operationId: "searchCompanyProxies",
          tags: TAGS,
          summary: "Search company proxies",
          description:
            "The proxies matching every filter given, oldest first, one chunk at a time. A proxy for all frameworks (or periods) matches any framework (or period) asked for. Any signed-in user.",
          security: SIGNED_IN_SECURITY,
          querystring: ProxySearchQuery,
          response: { 200: Type.Array(Type.Ref("StoredCompanyProxy")), default: ERROR },
        },
      },
      async (request) => {
        authorize(request.actor);
        return searchProxies(db, request.query);
      },
    );

    app.post(
      "/company-proxies",
      {
        schema: {
          operationId: "postCompanyProxy",
          tags: TAGS,
          summary: "Record that one company's data stands in for another's",
          description:
            "The proxy company's data stands in for the proxied company's, for the framework and reporting period given (null: all). A company has one stand-in per framework and period: a proxy overlapping another of the same company is refused (400). Admins only.",
          security: SIGNED_IN_SECURITY,
          body: Type.Ref("CompanyProxyString"),
          response: { 200: Type.Ref("StoredCompanyProxy"), default: ERROR },
        },
      },
      async (request) => {
        const admin = requireAdmin(request.actor, "Recording");
        return createProxy(db, admin, request.body as CompanyProxyString);
      },
    );

    app.get(
      "/company-proxies/:proxyId",
      {
        schema: {
          operationId: "getCompanyProxyById",
          tags: TAGS,
          summary: "Read a company proxy",
          description: "The proxy with this id. Admins only.",
          security: SIGNED_IN_SECURITY,
          params: ProxyIdParams,
          response: { 200: Type.Ref("StoredCompanyProxy"), default: ERROR },
        },
      },
      async (request) => {
        requireAdmin(request.actor, "Reading single");
        return getProxy(db, request.params.proxyId);
      },
    );

    app.put(
      "/company-proxies/:proxyId",
      {
        schema: {
          operationId: "putCompanyProxy",
          tags: TAGS,
          summary: "Replace a company proxy",
          description:
            "Replaces the companies, framework and reporting period of the proxy (null: all), with the same checks as when it is recorded. Admins only.",
          security: SIGNED_IN_SECURITY,
          params: ProxyIdParams,
          body: Type.Ref("CompanyProxyString"),
          response: { 200: Type.Ref("StoredCompanyProxy"), default: ERROR },
        },
      },
      async (request) => {
        const admin = requireAdmin(request.actor, "Replacing");
        return replaceProxy(db, admin, request.params.proxyId, request.body as CompanyProxyString);
      },
    );

    app.delete(
      "/company-proxies/:proxyId",
      {
        schema: {
          operationId: "deleteCompanyProxy",
          tags: TAGS,
          summary: "Remove a company proxy",
          description: "Removes the proxy and answers with it. Admins only.",
          security: SIGNED_IN_SECURITY,
          params: ProxyIdParams,
          response: { 200: Type.Ref("StoredCompanyProxy"), default: ERROR },
        },
      },
      async (request) => {
        const admin = requireAdmin(request.actor, "Removing");
        return removeProxy(db, admin, request.params.proxyId);
      },
    );
  };
