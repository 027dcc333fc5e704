import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import type { SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { getUserById, type User } from "../identity";
import { can } from "./policy";
import {
  ApiKeyAndMetaInfo,
  ApiKeyMetaInfo,
  GenerateApiKeyQuery,
  RevokeApiKeyResponse,
  ValidateApiKeyQuery,
} from "./schemas";
import { generateApiKey, getApiKeyMetaInfo, revokeApiKey, validateApiKey } from "./service";

const TAGS = ["api-key-controller"];

export const apiKeyRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    app.addSchema(ApiKeyMetaInfo);
    app.addSchema(ApiKeyAndMetaInfo);
    app.addSchema(RevokeApiKeyResponse);

    /** The caller as a stored user; a token of an external provider may name a user we do not store. */
    const asUser = async (actor: SignedInActor): Promise<User> =>
      (await getUserById(db, actor.userId)) ?? {
        userId: actor.userId,
        username: actor.username,
        email: actor.email ?? "",
        name: actor.name ?? "",
        roles: [...actor.roles],
      };

    app.get(
      "/generateApiKey",
      {
        schema: {
          operationId: "generateApiKey",
          tags: TAGS,
          summary: "Create a new API key for yourself",
          description:
            "Creates an API key that acts as you, with your roles, for the given number of days. It replaces the key you had, which stops working at once. The key is shown only in this answer.",
          querystring: GenerateApiKeyQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ApiKeyAndMetaInfo") },
        },
      },
      async (request) => {
        const actor = authorize(
          request.actor,
          can(request.actor, "generate"),
          "Sign in to create an API key; an API key cannot be used to create another one.",
        );
        return generateApiKey(db, await asUser(actor), request.query.daysValid, new Date(), actor);
      },
    );

    app.get(
      "/getApiKeyMetaInfoForUser",
      {
        schema: {
          operationId: "getApiKeyMetaInfoForUser",
          tags: TAGS,
          summary: "Tell whether you have an API key, until when and with which roles",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ApiKeyMetaInfo") },
        },
      },
      async (request) =>
        getApiKeyMetaInfo(db, await asUser(authorize(request.actor, can(request.actor, "readOwn")))),
    );

    app.post(
      "/revokeApiKey",
      {
        schema: {
          operationId: "revokeApiKey",
          tags: TAGS,
          summary: "Revoke your API key",
          description: "Your key stops working at once. The answer says whether there was a key to revoke.",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("RevokeApiKeyResponse") },
        },
      },
      async (request) => {
        const actor = authorize(request.actor, can(request.actor, "revokeOwn"));
        return revokeApiKey(db, actor.userId, actor);
      },
    );

    app.get(
      "/validateApiKey",
      {
        schema: {
          operationId: "validateApiKey",
          tags: TAGS,
          summary: "Check an API key",
          description:
            "Tells whether the key works and, if it is a real key, whose it is, its roles and its expiry. Needs no sign-in.",
          querystring: ValidateApiKeyQuery,
          response: { 200: Type.Ref("ApiKeyMetaInfo") },
        },
      },
      async (request) => validateApiKey(db, request.query.apiKey),
    );
  };
