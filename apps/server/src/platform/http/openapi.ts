import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import type { PrefixGroup } from "../module";

const ERROR_RESPONSE_SCHEMAS = {
  ErrorDetails: {
    type: "object",
    required: ["errorType", "httpStatus", "message", "summary"],
    properties: {
      errorType: { type: "string" },
      summary: { type: "string" },
      message: { type: "string" },
      httpStatus: { type: "number" },
      metaInformation: { type: "object" },
    },
  },
  ErrorResponse: {
    type: "object",
    required: ["errors"],
    properties: { errors: { type: "array", items: { $ref: "#/components/schemas/ErrorDetails" } } },
  },
};

/**
 * The swagger plugin suffixes every HEAD operation id with "-head" in case it copies a GET's. Our HEAD
 * routes are declared on their own with the reference's ids (doesFrameworkSpecificationExist, ...).
 */
function withOwnHeadOperationId(schema: { operationId?: string }, method: string | string[]) {
  const operationId = schema?.operationId;
  if (method !== "HEAD" || !operationId?.endsWith("-head")) return schema;
  return { ...schema, operationId: operationId.slice(0, -"-head".length) };
}

/** The security of an operation that needs a signed-in caller: a token of the provider or an API key. */
export const SIGNED_IN_SECURITY: Record<string, string[]>[] = [
  { "default-oauth": [] },
  { "default-bearer-auth": [] },
];

export interface OpenApiOptions {
  group: PrefixGroup;
  version: string;
  realmPath: string;
  /** Framework and other shared component schemas a module wants published under their own names. */
  components?: Record<string, unknown>;
}

/**
 * Publishes the routes registered in this plugin's context as `<prefix>/openapi.json` with paths
 * relative to the prefix, as `servers` says, and an interactive page at `<prefix>/swagger-ui/`.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  const { group } = options;
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: group.title, description: group.description, version: options.version },
      servers: [{ url: group.prefix }],
      components: {
        schemas: { ...ERROR_RESPONSE_SCHEMAS, ...(options.components ?? {}) } as never,
        securitySchemes: {
          "default-bearer-auth": { type: "http", scheme: "bearer" },
          "default-oauth": {
            type: "oauth2",
            flows: {
              authorizationCode: {
                authorizationUrl: `${options.realmPath}/protocol/openid-connect/auth`,
                tokenUrl: `${options.realmPath}/protocol/openid-connect/token`,
                scopes: {},
              },
            },
          },
        },
      },
    },
    // Paths are published relative to the prefix: the plugin strips the server URL by itself.
    transform: ({ schema, url, route }) => ({
      schema: withOwnHeadOperationId(schema as { operationId?: string }, route.method) as never,
      // The prefix's own root ("/documents/") is "/" in the reference, not an empty path.
      url: url === group.prefix ? `${url}/` : url,
      route,
    }),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: "/swagger-ui",
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    staticCSP: false,
  });
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
