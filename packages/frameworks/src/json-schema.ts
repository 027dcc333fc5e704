/**
 * JSON Schemas derived from the definitions:
 * - OpenAPI 3.0 components named as in the reference (`SfdrData`, `CompanyAssociatedDataSfdrData`, ...),
 *   for the server's published OpenAPI documents;
 * - self-contained JSON Schemas (no `$ref`, no `nullable`) for request validation with ajv/Fastify.
 * The schemas describe the wire shape only; `validateFrameworkData` adds the rules a schema cannot say
 * (ranges per field, code lists, pages, report consistency, unknown keys).
 */
import { frameworkFields, getFramework, listFrameworks } from "./catalogue.ts";
import type { FrameworkDefinition, FrameworkId } from "./model.ts";
import { frameworkIds } from "./model.ts";
import { type OpenApiSchema, valueType, valueTypes } from "./value-types.ts";
import { parseWireType, type WireType } from "./wire-type.ts";

export type JsonSchema = Record<string, unknown>;

const componentPrefix = "#/components/schemas/";

function reference(name: string, nullable: boolean): OpenApiSchema {
  const ref = { $ref: `${componentPrefix}${name}` };
  return nullable ? { nullable: true, allOf: [ref] } : ref;
}

/** The OpenAPI property schema of a wire type, written the way the reference writes it. */
export function wireTypeSchema(type: WireType, nullable: boolean): OpenApiSchema {
  const withNull = (schema: OpenApiSchema): OpenApiSchema =>
    nullable ? { ...schema, nullable: true } : schema;
  switch (type.kind) {
    case "ref":
      return reference(type.name, nullable);
    case "primitive":
      switch (type.name) {
        case "date":
          return withNull({ type: "string", format: "date" });
        case "int32":
          return withNull({ type: "integer", format: "int32" });
        default:
          return withNull({ type: type.name });
      }
    case "array":
      return withNull({ type: "array", items: wireTypeSchema(type.items, false) });
    case "map":
      return withNull({ type: "object", additionalProperties: wireTypeSchema(type.values, false) });
  }
}

function parentPath(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? "" : path.slice(0, dot);
}

function lastKey(path: string): string {
  return path.slice(path.lastIndexOf(".") + 1);
}

/** The component schemas of the framework's own objects (data root, categories, sub-categories). */
function groupComponents(framework: FrameworkDefinition): Record<string, OpenApiSchema> {
  const components: Record<string, OpenApiSchema> = {};
  const fields = frameworkFields(framework);
  for (const group of framework.groups) {
    const properties: Record<string, OpenApiSchema> = {};
    const required: string[] = [];
    const children = [
      ...framework.groups
        .filter((child) => child.path !== "" && parentPath(child.path) === group.path)
        .map((child) => ({
          path: child.path,
          required: child.required,
          schema: reference(child.schemaName, !child.required),
        })),
      ...fields
        .filter((field) => parentPath(field.path) === group.path)
        .map((field) => ({
          path: field.path,
          required: field.required,
          schema: wireTypeSchema(parseWireType(field.wire), !field.required),
        })),
    ];
    for (const child of children) {
      properties[lastKey(child.path)] = child.schema;
      if (child.required) required.push(lastKey(child.path));
    }
    components[group.schemaName] = {
      ...(required.length > 0 ? { required } : {}),
      type: "object",
      properties,
    };
  }
  return components;
}

function wrapperComponents(framework: FrameworkDefinition): Record<string, OpenApiSchema> {
  const data = { $ref: `${componentPrefix}${framework.schemaName}` };
  return {
    [`CompanyAssociatedData${framework.schemaName}`]: {
      required: ["companyId", "data", "reportingPeriod"],
      type: "object",
      properties: { companyId: { type: "string" }, reportingPeriod: { type: "string" }, data },
    },
    [`DataAndMetaInformation${framework.schemaName}`]: {
      required: ["data", "metaInfo"],
      type: "object",
      properties: { metaInfo: { $ref: `${componentPrefix}DataMetaInformation` }, data },
    },
  };
}

/**
 * Every framework component for an OpenAPI document: the data objects with their categories,
 * the CompanyAssociatedData / DataAndMetaInformation wrappers and the shared value types.
 */
export function frameworkOpenApiComponents(): Record<string, OpenApiSchema> {
  const components: Record<string, OpenApiSchema> = {};
  for (const framework of listFrameworks()) {
    Object.assign(components, groupComponents(framework), wrapperComponents(framework));
  }
  Object.assign(components, structuredClone(valueTypes));
  // The platform serves the seven frameworks only, so the data type enum lists exactly those.
  components.DataTypeEnum = { type: "string", enum: [...frameworkIds] };
  return components;
}

/** The OpenAPI component name of a framework's data object, e.g. `SfdrData`. */
export function frameworkSchemaName(id: FrameworkId): string {
  return getFramework(id).schemaName;
}

/** Rewrites an OpenAPI 3.0 schema into plain JSON Schema with every reference resolved in place. */
function toPlainJsonSchema(schema: OpenApiSchema, resolve: (name: string) => OpenApiSchema): JsonSchema {
  const { nullable, allOf, $ref, properties, items, additionalProperties, ...rest } = schema;
  if ($ref) return toPlainJsonSchema(resolve($ref.slice(componentPrefix.length)), resolve);
  if (allOf?.length === 1 && allOf[0]) {
    const inner = toPlainJsonSchema(allOf[0], resolve);
    return nullable ? { anyOf: [inner, { type: "null" }] } : inner;
  }
  const result: JsonSchema = { ...rest };
  if (properties) {
    result.properties = Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [key, toPlainJsonSchema(property, resolve)]),
    );
  }
  if (items) result.items = toPlainJsonSchema(items, resolve);
  if (typeof additionalProperties === "object") {
    result.additionalProperties = toPlainJsonSchema(additionalProperties, resolve);
  }
  if (nullable && typeof rest.type === "string") {
    result.type = [rest.type, "null"];
    if (rest.enum) result.enum = [...rest.enum, null];
  }
  return result;
}

const dataSchemas = new Map<FrameworkId, JsonSchema>();

/** A self-contained JSON Schema of the framework's data object, for request validation (ajv, Fastify). */
export function frameworkDataSchema(id: FrameworkId): JsonSchema {
  let schema = dataSchemas.get(id);
  if (!schema) {
    const framework = getFramework(id);
    const groups = groupComponents(framework);
    const resolve = (name: string) => groups[name] ?? valueType(name);
    schema = toPlainJsonSchema({ $ref: `${componentPrefix}${framework.schemaName}` }, resolve);
    dataSchemas.set(id, schema);
  }
  return structuredClone(schema);
}

/** A self-contained JSON Schema of an upload body: `{ companyId, reportingPeriod, data }`. */
export function companyAssociatedDataSchema(id: FrameworkId): JsonSchema {
  return {
    type: "object",
    required: ["companyId", "data", "reportingPeriod"],
    properties: {
      companyId: { type: "string" },
      reportingPeriod: { type: "string" },
      data: frameworkDataSchema(id),
    },
  };
}
