import valueTypesFile from "./definitions/value-types.json" with { type: "json" };

/** An OpenAPI 3.0 schema object as the reference writes it (`nullable`, `allOf` around `$ref`). */
export type OpenApiSchema = {
  type?: string;
  format?: string;
  $ref?: string;
  allOf?: OpenApiSchema[];
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  additionalProperties?: OpenApiSchema | boolean;
  enum?: string[];
  nullable?: boolean;
  minLength?: number;
  description?: string;
};

/** Shared component schemas the fields use: data point wrappers, enums and list items, named as in the reference. */
export const valueTypes = valueTypesFile as unknown as Record<string, OpenApiSchema>;

export function componentName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

/** The component a property points at, whether written as a bare `$ref` or as nullable `allOf`. */
export function referencedName(schema: OpenApiSchema): string | undefined {
  const ref = schema.$ref ?? schema.allOf?.[0]?.$ref;
  return ref ? componentName(ref) : undefined;
}

export function valueType(name: string): OpenApiSchema {
  const schema = valueTypes[name];
  if (!schema) throw new Error(`Unknown value type ${name}`);
  return schema;
}
