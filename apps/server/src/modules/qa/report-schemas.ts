/**
 * The schemas of QA reports, named as the reference names them. A report on a dataset mirrors its
 * framework's data object (`SfdrData`, `SfdrGeneral`, ... in the /qa document) with every data point
 * replaced by the reviewer's finding on it, a `QaReportDataPoint<wire type>`: verdict, comment and the
 * corrected data point. The shapes are derived from the framework catalogue, so a framework added
 * there gets its report shape without a line here.
 */
import { Type } from "@fastify/type-provider-typebox";
import {
  type FieldDefinition,
  type FrameworkDefinition,
  type FrameworkId,
  frameworkDataSchema,
  frameworkFields,
  getFramework,
  type OpenApiSchema,
} from "@openverde/frameworks";
import { QA_STATUSES } from "@openverde/frameworks/qa-status";
import { referencedName, valueTypes } from "@openverde/frameworks/value-types";
import { parseWireType, type WireType } from "@openverde/frameworks/wire-type";
import { TEXT_LIMITS } from "../../platform/http/text-limits";

export const QA_REPORT_VERDICTS = ["QaAccepted", "QaRejected", "QaInconclusive", "QaNotAttempted"] as const;
export type QaReportVerdict = (typeof QA_REPORT_VERDICTS)[number];

/** The frameworks with QA reports on whole datasets: every framework of the reference's /qa API. */
export const REPORTED_FRAMEWORKS: readonly FrameworkId[] = [
  "sfdr",
  "pcaf",
  "nuclear-and-gas",
  "eutaxonomy-non-financials",
  "eutaxonomy-non-financials-2026-73",
  "eutaxonomy-financials",
  "eutaxonomy-financials-2026-73",
];

/**
 * The frameworks whose reports review the list of referenced reports too. The other frameworks' data
 * are assembled from data points, and their referenced reports are the list the data points' sources
 * point into, not a data point a reviewer judges (as in the reference).
 */
const REFERENCED_REPORTS_REVIEWED: ReadonlySet<FrameworkId> = new Set(["nuclear-and-gas"]);

/** How a field of the framework appears in a report on a dataset. */
export type ReportField =
  /** A finding on the data point: verdict, comment, corrected data point. */
  | { field: FieldDefinition; shape: "finding"; component: string }
  /**
   * A map whose values hold data points (SFDR's high impact climate sectors): per key, a finding on
   * each of them; `valueComponent` names the map's values.
   */
  | { field: FieldDefinition; shape: "findingsByKey"; valueComponent: string };

const COMPONENT_PREFIX = "#/components/schemas/";

/** The reference's name of a wire type inside a generic name: `map<CompanyReport>` is `MapStringCompanyReport`. */
function wireTypeName(type: WireType): string {
  switch (type.kind) {
    case "ref":
      return type.name;
    case "primitive":
      return type.name === "date" ? "LocalDate" : type.name.charAt(0).toUpperCase() + type.name.slice(1);
    case "array":
      return `List${wireTypeName(type.items)}`;
    case "map":
      return `MapString${wireTypeName(type.values)}`;
  }
}

const reportFieldCache = new Map<FrameworkId, ReportField[]>();

/** The fields of a framework as a report on its datasets holds them, in display order. */
export function reportFields(id: FrameworkId): ReportField[] {
  let fields = reportFieldCache.get(id);
  if (!fields) {
    fields = [];
    for (const field of frameworkFields(getFramework(id))) {
      const type = parseWireType(field.wire);
      if (field.kind === "referencedReports") {
        if (REFERENCED_REPORTS_REVIEWED.has(id))
          fields.push({ field, shape: "finding", component: `QaReportDataPoint${wireTypeName(type)}` });
      } else if (field.wrapper !== "plain") {
        fields.push({ field, shape: "finding", component: `QaReportDataPoint${wireTypeName(type)}` });
      } else if (type.kind === "map" && type.values.kind === "ref") {
        fields.push({ field, shape: "findingsByKey", valueComponent: type.values.name });
      }
      // A bare value (SFDR's data date) has no data point wrapper to correct: the report leaves it out.
    }
    reportFieldCache.set(id, fields);
  }
  return fields;
}

/**
 * Every free-text string of a schema gets the prose limit (the framework definitions bound their
 * uploads as a whole; a report's findings are bounded field by field like every other request).
 */
function withTextLimits<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withTextLimits) as T;
  if (!schema || typeof schema !== "object") return schema;
  const result = Object.fromEntries(
    Object.entries(schema).map(([key, inner]) => [key, key === "enum" ? inner : withTextLimits(inner)]),
  ) as Record<string, unknown>;
  const types = Array.isArray(result.type) ? result.type : [result.type];
  const bounded = ["enum", "const", "format", "pattern", "maxLength"].some((key) => key in result);
  if (types.includes("string") && !bounded) result.maxLength = TEXT_LIMITS.prose;
  return result as T;
}

// ---- the OpenAPI components ----------------------------------------------------------------------

const parentPath = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf(".")));
const lastKey = (path: string): string => path.slice(path.lastIndexOf(".") + 1);
const ref = (name: string): OpenApiSchema => ({ $ref: `${COMPONENT_PREFIX}${name}` });

const verdictSchema: OpenApiSchema = {
  type: "string",
  description: "The verdict of a QA report regarding a data point.",
  enum: [...QA_REPORT_VERDICTS],
};

function findingComponent(correctedData: OpenApiSchema): OpenApiSchema {
  return {
    required: ["comment", "verdict"],
    type: "object",
    properties: {
      comment: { type: "string", description: "Why the reviewer gives this verdict." },
      verdict: ref("QaReportDataPointVerdict"),
      correctedData: {
        ...correctedData,
        description: "The corrected data point, where the reviewer gives one.",
      },
    },
  };
}

function wireSchema(type: WireType): OpenApiSchema {
  switch (type.kind) {
    case "ref":
      return ref(type.name);
    case "primitive":
      return type.name === "date" ? { type: "string", format: "date" } : { type: type.name };
    case "array":
      return { type: "array", items: wireSchema(type.items) };
    case "map":
      return { type: "object", additionalProperties: wireSchema(type.values) };
  }
}

/** The map values' component with a finding on each of its data points, and those findings' components. */
function findingsComponents(name: string): Record<string, OpenApiSchema> {
  const components: Record<string, OpenApiSchema> = {};
  const properties: Record<string, OpenApiSchema> = {};
  for (const [key, property] of Object.entries(valueTypes[name]?.properties ?? {})) {
    const inner = referencedName(property);
    if (!inner) continue;
    properties[key] = ref(`QaReportDataPoint${inner}`);
    components[`QaReportDataPoint${inner}`] = findingComponent(ref(inner));
  }
  components[name] = { type: "object", properties };
  return components;
}

/** The report components of one framework: its data object and groups, and the findings they hold. */
function frameworkReportComponents(framework: FrameworkDefinition): Record<string, OpenApiSchema> {
  const components: Record<string, OpenApiSchema> = {};
  const fields = reportFields(framework.id);
  for (const group of framework.groups) {
    const properties: Record<string, OpenApiSchema> = {};
    for (const child of framework.groups)
      if (child.path !== "" && parentPath(child.path) === group.path)
        properties[lastKey(child.path)] = ref(child.schemaName);
    for (const entry of fields) {
      if (parentPath(entry.field.path) !== group.path) continue;
      const type = parseWireType(entry.field.wire);
      if (entry.shape === "findingsByKey") {
        properties[lastKey(entry.field.path)] = wireSchema(type);
        Object.assign(components, findingsComponents(entry.valueComponent));
      } else {
        properties[lastKey(entry.field.path)] = ref(entry.component);
        components[entry.component] = findingComponent(wireSchema(type));
      }
    }
    components[group.schemaName] = { type: "object", properties };
  }
  components[`QaReportWithMetaInformation${framework.schemaName}`] = {
    required: ["metaInfo", "report"],
    type: "object",
    properties: { metaInfo: ref("QaReportMetaInformation"), report: ref(framework.schemaName) },
  };
  return components;
}

/** Every component of the /qa document that reports use, each with the `$id` Fastify's shared schemas need. */
export function reportSharedSchemas(): object[] {
  const components: Record<string, OpenApiSchema> = {
    ...structuredClone(valueTypes),
    QaReportDataPointVerdict: verdictSchema,
  };
  for (const id of REPORTED_FRAMEWORKS)
    Object.assign(components, frameworkReportComponents(getFramework(id)));
  return [
    ...Object.entries(components).map(([name, schema]) => ({
      $id: name,
      ...toSharedRefs(withTextLimits(schema)),
    })),
    QaReportMetaInformation,
    DataAndQaReportMetadata,
    DataPointQaReport,
    QaReportDataPointString,
    QaReportStatusPatch,
    QaReporter,
  ];
}

/** Rewrites `#/components/schemas/X` into the `X#` form of Fastify's shared schemas. */
function toSharedRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(toSharedRefs) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENT_PREFIX)
          ? `${inner.slice(COMPONENT_PREFIX.length)}#`
          : toSharedRefs(inner),
      ]),
    ) as T;
  return value;
}

// ---- validating a report ----------------------------------------------------------------------------

type JsonSchema = Record<string, unknown>;

const plainDataSchemas = new Map<FrameworkId, JsonSchema>();

/** The framework's own validation schema, read (never changed) field by field, so made once. */
function plainDataSchema(id: FrameworkId): JsonSchema {
  let schema = plainDataSchemas.get(id);
  if (!schema) {
    schema = frameworkDataSchema(id);
    plainDataSchemas.set(id, schema);
  }
  return schema;
}

/** The plain JSON Schema of one field's value, out of the framework's own validation schema. */
export function fieldValueSchema(id: FrameworkId, path: string): JsonSchema {
  let node: JsonSchema | undefined = plainDataSchema(id);
  for (const key of path.split(".")) {
    const inner: JsonSchema | undefined = (node?.anyOf as JsonSchema[] | undefined)?.[0] ?? node;
    node = (inner?.properties as Record<string, JsonSchema> | undefined)?.[key];
  }
  if (!node) throw new Error(`No field ${path} in ${id}`);
  return withTextLimits(node);
}

export const commentSchema = { type: "string", maxLength: TEXT_LIMITS.prose };

const findingSchema = (correctedData: JsonSchema): JsonSchema => ({
  type: "object",
  additionalProperties: false,
  required: ["comment", "verdict"],
  properties: { comment: commentSchema, verdict: { enum: [...QA_REPORT_VERDICTS] }, correctedData },
});

/** A map of objects of data points (plain schema, maybe nullable) as a map of objects of findings. */
function findingsByKeySchema(map: JsonSchema): JsonSchema {
  const plain = ((map.anyOf as JsonSchema[] | undefined)?.[0] ?? map) as JsonSchema;
  const values = plain.additionalProperties as JsonSchema;
  const properties = Object.fromEntries(
    Object.entries((values.properties ?? {}) as Record<string, JsonSchema>).map(([key, property]) => [
      key,
      findingSchema(property),
    ]),
  );
  return {
    type: "object",
    maxProperties: 100,
    additionalProperties: { type: "object", additionalProperties: false, properties },
  };
}

/**
 * The plain JSON Schema a report on a dataset of the framework is validated with: only the framework's
 * groups and fields, each finding with its verdict, a comment and a corrected value of the field's type.
 */
export function reportBodySchema(id: FrameworkId): JsonSchema {
  const framework = getFramework(id);
  const objects = new Map<string, JsonSchema>();
  for (const group of framework.groups)
    objects.set(group.path, { type: "object", additionalProperties: false, properties: {} });
  for (const group of framework.groups) {
    if (group.path === "") continue;
    const parent = objects.get(parentPath(group.path)) as { properties: JsonSchema };
    parent.properties[lastKey(group.path)] = objects.get(group.path);
  }
  for (const entry of reportFields(id)) {
    const parent = objects.get(parentPath(entry.field.path)) as { properties: JsonSchema };
    const value = fieldValueSchema(id, entry.field.path);
    parent.properties[lastKey(entry.field.path)] =
      entry.shape === "findingsByKey" ? findingsByKeySchema(value) : findingSchema(value);
  }
  return objects.get("") as JsonSchema;
}

// ---- the named shapes of the wire ---------------------------------------------------------------------

const uuidExample = "1e63a842-1e65-43ed-b78a-5e7cec155c28";
const verdictRef = Type.Unsafe<QaReportVerdict>({ $ref: "QaReportDataPointVerdict#" });

export const QaReportMetaInformation = Type.Object(
  {
    dataId: Type.String({ description: "The dataset the report is about.", examples: [uuidExample] }),
    dataType: Type.String({
      description: "The framework of the dataset, or the data point type for a report on one data point.",
      examples: ["sfdr"],
    }),
    qaReportId: Type.String({ description: "The id of the report.", examples: [uuidExample] }),
    reporterUserId: Type.Optional(Type.String({ description: "The reviewer who wrote the report." })),
    uploadTime: Type.Integer({
      format: "int64",
      description: "When the report was written, in milliseconds since 1970-01-01 UTC.",
      examples: [1751291891271],
    }),
    active: Type.Boolean({ description: "False once the report has been deactivated." }),
  },
  { $id: "QaReportMetaInformation" },
);

export const DataAndQaReportMetadata = Type.Object(
  {
    dataMetadata: Type.Unsafe({ $ref: "DataMetaInformation#" }),
    qaReportMetadata: Type.Unsafe({ $ref: "QaReportMetaInformation#" }),
  },
  { $id: "DataAndQaReportMetadata" },
);

export const DataPointQaReport = Type.Object(
  {
    dataPointId: Type.String({ description: "The data point the report is about.", examples: [uuidExample] }),
    dataPointType: Type.String({
      description: "The type of the data point.",
      examples: ["extendedEnumYesNoIsNfrdMandatory"],
    }),
    qaReportId: Type.String({
      description: "The id of the report on the data point.",
      examples: [uuidExample],
    }),
    reporterUserId: Type.String({
      description: "The reviewer who wrote the report.",
      examples: [uuidExample],
    }),
    uploadTime: Type.Integer({
      format: "int64",
      description: "When the report was written, in milliseconds since 1970-01-01 UTC.",
      examples: [1751291891271],
    }),
    active: Type.Boolean({
      description: "False once the report (or the dataset report it is part of) has been deactivated.",
    }),
    comment: Type.String({ description: "Why the reviewer gives this verdict." }),
    verdict: verdictRef,
    correctedData: Type.Optional(
      Type.String({ description: "The corrected data point as JSON text, where the reviewer gives one." }),
    ),
  },
  { $id: "DataPointQaReport" },
);

export const QaReportDataPointString = Type.Object(
  {
    comment: Type.String({
      description: "Why the reviewer gives this verdict.",
      maxLength: TEXT_LIMITS.prose,
    }),
    verdict: verdictRef,
    correctedData: Type.Optional(
      Type.String({
        description:
          "The corrected data point as JSON text, in the shape of the data point type (value, quality, comment, dataSource with its page).",
        maxLength: TEXT_LIMITS.prose,
      }),
    ),
  },
  { $id: "QaReportDataPointString" },
);

export const QaReportStatusPatch = Type.Object(
  { active: Type.Boolean({ description: "True to reactivate the report, false to deactivate it." }) },
  { $id: "QaReportStatusPatch" },
);

export const QaReporter = Type.Object(
  {
    reporterUserId: Type.String({ format: "uuid", description: "The reviewer who wrote a QA report." }),
    reporterUserName: Type.Optional(Type.String({ description: "The reviewer's name." })),
    reporterEmailAddress: Type.Optional(Type.String({ description: "The reviewer's e-mail address." })),
  },
  { $id: "QaReporter" },
);

// ---- parameters ---------------------------------------------------------------------------------------

export const ReportListQuery = Type.Object({
  showInactive: Type.Optional(Type.Boolean({ description: "Include deactivated reports." })),
  reporterUserId: Type.Optional(
    Type.String({ description: "Only the reports of this reviewer.", maxLength: TEXT_LIMITS.id }),
  ),
});

export const ReportMetadataQuery = Type.Object({
  uploaderUserIds: Type.Optional(
    Type.Array(Type.String({ format: "uuid" }), {
      uniqueItems: true,
      maxItems: 100,
      description: "Only reports by these reviewers.",
    }),
  ),
  showOnlyActive: Type.Optional(Type.Boolean({ default: true, description: "Only active reports." })),
  qaStatus: Type.Optional(
    Type.Unsafe<(typeof QA_STATUSES)[number]>({
      type: "string",
      enum: [...QA_STATUSES],
      description: "Only reports on datasets in this review state.",
    }),
  ),
  minUploadDate: Type.Optional(
    Type.String({ format: "date", description: "Only reports written on or after this day (UTC)." }),
  ),
  maxUploadDate: Type.Optional(
    Type.String({ format: "date", description: "Only reports written on or before this day (UTC)." }),
  ),
  companyIdentifier: Type.Optional(
    Type.String({
      description: "Only reports on data of this company: its id or any of its identifiers (LEI, ISIN, ...).",
      maxLength: TEXT_LIMITS.lookup,
    }),
  ),
});

export const DataReportParams = Type.Object({ dataId: Type.String() });
export const DataReportIdParams = Type.Object({ dataId: Type.String(), qaReportId: Type.String() });
export const DataPointReportParams = Type.Object({ dataPointId: Type.String() });
export const DataPointReportIdParams = Type.Object({ dataPointId: Type.String(), qaReportId: Type.String() });
