import type { FastifyInstance } from "fastify";
import type { Composition } from "../platform/module";

/** A JSON Schema as it appears in the published OpenAPI documents (loosely typed on purpose). */
export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

/** One operation of one module's published OpenAPI document. */
export interface Operation {
  prefix: string;
  method: string;
  /** The path as the document writes it, relative to the prefix, e.g. `/companies/{companyId}`. */
  path: string;
  operationId: string;
  parameters: Parameter[];
  /** The request body's media type and schema, if the operation takes one. */
  body: { mediaType: string; schema: Schema; required: boolean } | undefined;
  /** Resolves `$ref`s against the operation's document. */
  resolve(schema: Schema | undefined): Schema;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

/** Reads every group's `<prefix>/openapi.json` from the app and lists its operations. */
export async function loadOperations(app: FastifyInstance, composition: Composition): Promise<Operation[]> {
  const operations: Operation[] = [];
  for (const group of composition.groups) {
    const response = await app.inject({ method: "GET", url: `${group.prefix}/openapi.json` });
    if (response.statusCode !== 200)
      throw new Error(`${group.prefix}/openapi.json answered ${response.statusCode}`);
    const document = response.json() as OpenApiDocument;
    const components = document.components?.schemas ?? {};
    const resolve = (schema: Schema | undefined): Schema => {
      let current = schema ?? {};
      for (let depth = 0; depth < 20 && typeof current.$ref === "string"; depth++) {
        const name = (current.$ref as string).split("/").pop() ?? "";
        current = components[name] ?? {};
      }
      return current;
    };
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, raw] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        const content = (raw.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
          ?.content;
        const mediaType = content ? Object.keys(content)[0] : undefined;
        operations.push({
          prefix: group.prefix,
          method: method.toUpperCase(),
          path,
          operationId: String(raw.operationId ?? `${method} ${path}`),
          parameters: ((raw.parameters as Parameter[] | undefined) ?? []).map((parameter) => ({
            ...parameter,
            schema: resolve(parameter.schema),
          })),
          body:
            content && mediaType
              ? {
                  mediaType,
                  schema: resolve(content[mediaType]?.schema),
                  required: Boolean((raw.requestBody as { required?: boolean }).required),
                }
              : undefined,
          resolve,
        });
      }
    }
  }
  return operations;
}

export const operationKey = (operation: Pick<Operation, "prefix" | "method" | "path">) =>
  `${operation.prefix} ${operation.method} ${operation.path}`;

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: "00000000-0000-4000-8000-00000000abcd",
  date: "2024-12-31",
  "date-time": "2024-12-31T12:00:00Z",
  email: "someone@example.org",
  uri: "https://example.org/",
  url: "https://example.org/",
  binary: "x",
};

/**
 * The smallest value the schema accepts, as far as a simple walk can tell: required properties only,
 * the first enum value, the minimum of a range. Good enough to get past validation for most operations.
 */
export function sampleValue(
  schema: Schema | undefined,
  resolve: (schema: Schema) => Schema,
  depth = 0,
): unknown {
  const current = resolve(schema ?? {});
  if (depth > 25) return null;
  if ("const" in current) return current.const;
  if (Array.isArray(current.enum) && current.enum.length > 0) return current.enum[0];
  if ("example" in current && current.example !== undefined && typeof current.example !== "object")
    return current.example;
  for (const key of ["oneOf", "anyOf"] as const) {
    const options = current[key] as Schema[] | undefined;
    if (Array.isArray(options) && options.length > 0) {
      const concrete = options.find((option) => resolve(option).type !== "null") ?? options[0];
      return sampleValue(concrete, resolve, depth + 1);
    }
  }
  if (Array.isArray(current.allOf)) {
    const merged: Record<string, unknown> = {};
    for (const part of current.allOf as Schema[]) {
      const value = sampleValue(part, resolve, depth + 1);
      if (value && typeof value === "object" && !Array.isArray(value)) Object.assign(merged, value);
    }
    return merged;
  }
  const type = Array.isArray(current.type)
    ? (current.type as string[]).find((t) => t !== "null")
    : current.type;
  switch (type) {
    case "object": {
      const properties = (current.properties ?? {}) as Record<string, Schema>;
      const value: Record<string, unknown> = {};
      for (const name of (current.required as string[] | undefined) ?? []) {
        value[name] = sampleValue(properties[name], resolve, depth + 1);
      }
      return value;
    }
    case "array": {
      const count = Number(current.minItems ?? 0);
      return Array.from({ length: count }, () => sampleValue(current.items as Schema, resolve, depth + 1));
    }
    case "integer":
    case "number":
      return (
        Number(current.minimum ?? (current.exclusiveMinimum as number | undefined) ?? 0) +
        (typeof current.exclusiveMinimum === "number" ? 1 : 0)
      );
    case "boolean":
      return false;
    case "string": {
      const format = typeof current.format === "string" ? FORMAT_SAMPLES[current.format] : undefined;
      if (format) return format;
      if (current.pattern === "^\\d{4}$" || String(current.pattern ?? "").includes("\\d{4}")) return "2024";
      return "x".repeat(Math.max(1, Number(current.minLength ?? 1)));
    }
    default:
      return properties(current) ? {} : "x";
  }
}

const properties = (schema: Schema) => typeof schema.properties === "object";

/** Fills `{name}` placeholders of a path with encoded values. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "x"));
}

/** A multipart body with the given parts; files are sent as application/pdf. */
export function multipartBody(
  parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[],
): { payload: Buffer; contentType: string } {
  const boundary = `----openverde-test-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const type = part.contentType ?? (part.filename ? "application/pdf" : "application/json");
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${type}\r\n\r\n`),
    );
    chunks.push(typeof part.value === "string" ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** True when the body is in the platform's one error format. */
export function isErrorFormat(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const errors = (body as { errors?: unknown }).errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every(
      (error) =>
        error &&
        typeof error === "object" &&
        typeof (error as Record<string, unknown>).errorType === "string" &&
        typeof (error as Record<string, unknown>).summary === "string" &&
        typeof (error as Record<string, unknown>).message === "string" &&
        typeof (error as Record<string, unknown>).httpStatus === "number",
    )
  );
}
