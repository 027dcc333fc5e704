import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  dataPointBaseTypeValidatedBy,
  dataPointTypeValidatedBy,
  getDataPointBaseType,
  getDataPointType,
  getFrameworkSpecification,
  listFrameworkSpecifications,
  resolvedSchema,
} from "@openverde/frameworks";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import {
  DataPointBaseTypeIdParams,
  DataPointTypeIdParams,
  FrameworkIdParams,
  SHARED_SCHEMAS,
} from "./schemas";

const TAG = "Specifications";

function found<T>(value: T | undefined, what: string, id: string): T {
  if (value === undefined) throw notFound(`There is no ${what} with the id ${id}.`);
  return value;
}

/** The catalogue of frameworks and data point types: public, read-only, straight from packages/frameworks. */
export function specificationsRoutes(context: ModuleContext): FastifyPluginAsync {
  const links = { baseUrl: context.config.publicUrl };
  return async (plugin) => {
    for (const schema of SHARED_SCHEMAS) plugin.addSchema(schema);
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();

    app.get(
      "/frameworks",
      {
        schema: {
          tags: [TAG],
          operationId: "listFrameworkSpecifications",
          summary: "Lists the frameworks that are specified by data point types",
          response: { 200: Type.Array(Type.Ref("SimpleFrameworkSpecification")) },
        },
      },
      async () => listFrameworkSpecifications(links),
    );

    app.get(
      "/frameworks/:frameworkSpecificationId",
      {
        // The explicit HEAD below answers existence without building the whole specification.
        exposeHeadRoute: false,
        schema: {
          tags: [TAG],
          operationId: "getFrameworkSpecification",
          summary: "Gives a framework's tree of data point types",
          params: FrameworkIdParams,
          response: { 200: Type.Ref("FrameworkSpecification") },
        },
      },
      async (request) => {
        const id = request.params.frameworkSpecificationId;
        return found(getFrameworkSpecification(id, links), "framework specification", id);
      },
    );

    app.head(
      "/frameworks/:frameworkSpecificationId",
      {
        config: { swagger: { exposeHeadRoute: true } },
        schema: {
          tags: [TAG],
          operationId: "doesFrameworkSpecificationExist",
          summary: "Tells whether a framework specification exists",
          params: FrameworkIdParams,
        },
      },
      async (request, reply) => {
        const exists = getFrameworkSpecification(request.params.frameworkSpecificationId) !== undefined;
        return reply.code(exists ? 200 : 404).send();
      },
    );

    app.get(
      "/frameworks/:frameworkSpecificationId/resolved-schema",
      {
        schema: {
          tags: [TAG],
          operationId: "getResolvedFrameworkSpecification",
          summary: "Gives a framework's tree with the value schema of every data point in place",
          params: FrameworkIdParams,
          response: { 200: Type.Ref("DataPointBaseTypeResolvedSchema") },
        },
      },
      async (request) => {
        const id = request.params.frameworkSpecificationId;
        return found(resolvedSchema(id, links), "framework specification", id);
      },
    );

    app.get(
      "/data-point-types/:dataPointTypeId",
      {
        schema: {
          tags: [TAG],
          operationId: "getDataPointTypeSpecification",
          summary: "Describes one data point type: its base type, constraints and the frameworks using it",
          params: DataPointTypeIdParams,
          response: { 200: Type.Ref("DataPointTypeSpecification") },
        },
      },
      async (request) => {
        const id = request.params.dataPointTypeId;
        return found(getDataPointType(id, links), "data point type", id);
      },
    );

    app.get(
      "/data-point-types/:dataPointTypeId/validated-by",
      {
        schema: {
          tags: [TAG],
          operationId: "getKotlinClassValidatingTheDataPointType",
          summary: "Names the validator that checks values of a data point type",
          params: DataPointTypeIdParams,
          response: { 200: Type.String() },
        },
      },
      async (request, reply) => {
        const id = request.params.dataPointTypeId;
        return reply.type("text/plain").send(found(dataPointTypeValidatedBy(id), "data point type", id));
      },
    );

    app.get(
      "/data-point-base-types/:dataPointBaseTypeId",
      {
        schema: {
          tags: [TAG],
          operationId: "getDataPointBaseType",
          summary: "Describes one data point base type: its value shape, an example and who uses it",
          params: DataPointBaseTypeIdParams,
          response: { 200: Type.Ref("DataPointBaseTypeSpecification") },
        },
      },
      async (request) => {
        const id = request.params.dataPointBaseTypeId;
        return found(getDataPointBaseType(id, links), "data point base type", id);
      },
    );

    app.get(
      "/data-point-base-types/:dataPointBaseTypeId/validated-by",
      {
        schema: {
          tags: [TAG],
          operationId: "getKotlinClassValidatingTheDataPointBaseType",
          summary: "Names the validator that checks values of a data point base type",
          params: DataPointBaseTypeIdParams,
          response: { 200: Type.String() },
        },
      },
      async (request, reply) => {
        const id = request.params.dataPointBaseTypeId;
        return reply
          .type("text/plain")
          .send(found(dataPointBaseTypeValidatedBy(id), "data point base type", id));
      },
    );
  };
}
