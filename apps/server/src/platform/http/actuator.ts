import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";

export interface BuildInfo {
  name: string;
  version: string;
  commit: string;
}

const linkSchema = {
  type: "object",
  properties: { href: { type: "string" }, templated: { type: "boolean" } },
} as const;

const linksSchema = {
  type: "object",
  additionalProperties: { type: "object", additionalProperties: linkSchema },
} as const;

const infoSchema = { type: "object", additionalProperties: true } as const;

const healthSchema = {
  type: "object",
  properties: { status: { type: "string", enum: ["UP", "DOWN"] } },
} as const;

/** The reference's actuator endpoints: a link index, health (database reachable) and build info. */
export async function registerActuator(
  app: FastifyInstance,
  database: Database,
  build: BuildInfo,
): Promise<void> {
  app.get(
    "/actuator",
    {
      schema: {
        tags: ["Actuator"],
        summary: "Lists the monitoring endpoints",
        operationId: "links",
        response: { 200: linksSchema },
      },
    },
    async (request) => {
      const self = `${request.protocol}://${request.host}${request.url.replace(/\/$/, "")}`;
      return {
        _links: {
          self: { href: self, templated: false },
          health: { href: `${self}/health`, templated: false },
          info: { href: `${self}/info`, templated: false },
        },
      };
    },
  );
  app.get(
    "/actuator/health",
    {
      schema: {
        tags: ["Actuator"],
        summary: "Tells whether the service can answer, including its database",
        operationId: "health",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const up = await database.ping();
      return reply.code(up ? 200 : 503).send({ status: up ? "UP" : "DOWN" });
    },
  );
  app.get(
    "/actuator/info",
    {
      schema: {
        tags: ["Actuator"],
        summary: "Names the running build",
        operationId: "info",
        response: { 200: infoSchema },
      },
    },
    async () => ({ app: build }),
  );
}
