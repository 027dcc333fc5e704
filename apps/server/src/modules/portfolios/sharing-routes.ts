/** The /users operations of sharing a portfolio, registered by routes.ts inside its signed-in guard. */
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { PortfolioIdParams } from "./schemas";
import { toBasePortfolio } from "./service";
import {
  accessRights,
  findSharingRecipient,
  leaveSharedPortfolio,
  patchSharing,
  portfoliosSharedWithCurrentUser,
  sharedPortfolioNamesOfCurrentUser,
} from "./sharing";
import type { AnyExecutor } from "./store";

/** The module's Fastify instance with TypeBox types. */
export type PortfoliosApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

const TAGS = ["portfolio-controller"];

export function registerSharingRoutes(app: PortfoliosApp, db: AnyExecutor): void {
  app.get(
    "/portfolios/shared",
    {
      schema: {
        operationId: "getAllSharedPortfoliosForCurrentUser",
        tags: TAGS,
        summary: "List the portfolios shared with you",
        description: "Each with the name of its owner (ownerName).",
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Array(Type.Ref("BasePortfolio")) },
      },
    },
    async (request) => portfoliosSharedWithCurrentUser(db, request.actor),
  );

  app.get(
    "/portfolios/shared/names",
    {
      schema: {
        operationId: "getAllSharedPortfolioNamesForCurrentUser",
        tags: TAGS,
        summary: "List the names of the portfolios shared with you",
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Array(Type.Ref("BasePortfolioName")) },
      },
    },
    async (request) => sharedPortfolioNamesOfCurrentUser(db, request.actor),
  );

  app.delete(
    "/portfolios/shared/:portfolioId",
    {
      schema: {
        operationId: "deleteCurrentUserFromSharing",
        tags: TAGS,
        summary: "Take yourself off a portfolio shared with you",
        description:
          "You no longer read the portfolio nor get its monitoring mails. 403 for its owner, who deletes it instead.",
        params: PortfolioIdParams,
        security: SIGNED_IN_SECURITY,
        response: { 204: Type.Unsafe<void>({ description: "You are no longer a reader of the portfolio." }) },
      },
    },
    async (request, reply) => {
      await leaveSharedPortfolio(db, request.actor, request.params.portfolioId);
      return reply.code(204).send();
    },
  );

  app.patch(
    "/portfolios/:portfolioId/sharing",
    {
      schema: {
        operationId: "patchSharing",
        tags: TAGS,
        summary: "Choose the users a portfolio is shared with",
        description:
          "Replaces the portfolio's readers: existing users other than its owner, who then read it, its enriched view and downloads, and get its monitoring mails. For the owner and admins (403 for a reader).",
        params: PortfolioIdParams,
        body: Type.Ref("PortfolioSharingPatch"),
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Ref("BasePortfolio") },
      },
    },
    async (request) =>
      toBasePortfolio(
        await patchSharing(db, request.actor, request.params.portfolioId, {
          sharedUserIds: (request.body as { sharedUserIds: string[] }).sharedUserIds,
        }),
      ),
  );

  app.get(
    "/portfolios/:portfolioId/access-rights",
    {
      schema: {
        operationId: "getPortfolioAccessRights",
        tags: TAGS,
        summary: "List who may use a portfolio",
        description:
          "Its owner, then its readers, with their e-mail addresses. For the owner and admins (403 for a reader).",
        params: PortfolioIdParams,
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Array(Type.Ref("PortfolioUserAccessRight")) },
      },
    },
    async (request) => accessRights(db, request.actor, request.params.portfolioId),
  );

  app.post(
    "/portfolios/:portfolioId/sharing/recipient",
    {
      schema: {
        operationId: "findSharingRecipient",
        tags: TAGS,
        summary: "Find the user to share a portfolio with by e-mail address (an Openverde addition)",
        description:
          "The user the exact address names, for the portfolio's owner (and admins): 404 when no user has it, 400 for the owner's own address.",
        params: PortfolioIdParams,
        body: Type.Ref("SharingRecipientLookup"),
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Ref("SharingRecipient") },
      },
    },
    async (request) =>
      findSharingRecipient(
        db,
        request.actor,
        request.params.portfolioId,
        (request.body as { email: string }).email,
      ),
  );
}
