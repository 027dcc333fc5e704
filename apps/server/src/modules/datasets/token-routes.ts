/** GET /token: whether the caller's access token (or API key) is valid, for clients that check before calling. */
import { Type } from "@fastify/type-provider-typebox";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { type DatasetsApp, ERROR } from "./route-parts";

export function registerTokenRoutes(app: DatasetsApp): void {
  app.get(
    "/token",
    {
      schema: {
        operationId: "validateToken",
        tags: ["token-validity-controller"],
        summary: "Check the caller's credentials",
        description: "Answers 200 with an empty body to a signed-in caller and 401 to anyone else.",
        security: SIGNED_IN_SECURITY,
        response: { 200: Type.Unsafe<void>({ description: "The credentials are valid." }), default: ERROR },
      },
    },
    async (request, reply) => {
      authorize(request.actor);
      return reply.code(200).send();
    },
  );
}
