/**
 * Request and response schemas of the datasets API, named as the reference names them. The framework
 * components (SfdrData, CompanyAssociatedDataSfdrData, DataMetaInformation, ...) come from
 * @openverde/frameworks and are published beside these.
 */
import { type Static, type TSchema, Type } from "@fastify/type-provider-typebox";
import { frameworkOpenApiComponents } from "@openverde/frameworks";
import type { QaStatus as QaStatusValue } from "@openverde/frameworks/qa-status";
import { TEXT_LIMITS } from "../../platform/http/text-limits";

/** A reference to a published component by name. */
export const ref = <T = unknown>(name: string) => Type.Unsafe<T>({ $ref: `${name}#` });

const COMPONENT_PREFIX = "#/components/schemas/";

/** Rewrites `#/components/schemas/X` into the `X#` form Fastify's shared schemas understand. */
function toSharedRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSharedRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENT_PREFIX)
          ? `${inner.slice(COMPONENT_PREFIX.length)}#`
          : toSharedRefs(inner),
      ]),
    );
  }
  return value;
}

/** The framework components as shared schemas (with `$id`), ready for `app.addSchema`. */
export function frameworkSharedSchemas(): Record<string, unknown>[] {
  return Object.entries(frameworkOpenApiComponents()).map(([name, schema]) => ({
    $id: name,
    ...(toSharedRefs(schema) as Record<string, unknown>),
  }));
}

export const QaStatus = ref<QaStatusValue>("QaStatus");
const DataTypeRef = ref<string>("DataTypeEnum");

export const DataMetaInformationPatch = Type.Object(
  {
    uploaderUserId: Type.String({
      description: "The user to record as the uploader.",
      maxLength: TEXT_LIMITS.id,
    }),
  },
  { $id: "DataMetaInformationPatch", description: "A change to a dataset's meta information." },
);
export type DataMetaInformationPatch = Static<typeof DataMetaInformationPatch>;

export const DataMetaInformationSearchFilter = Type.Object(
  {
    companyId: Type.Optional(Type.Union([Type.String({ maxLength: TEXT_LIMITS.id }), Type.Null()])),
    dataType: Type.Optional(Type.Union([DataTypeRef, Type.Null()])),
    reportingPeriod: Type.Optional(Type.Union([Type.String({ maxLength: TEXT_LIMITS.code }), Type.Null()])),
    onlyActive: Type.Boolean(),
    uploaderUserIds: Type.Optional(Type.Union([Type.Array(Type.String({ format: "uuid" })), Type.Null()])),
    qaStatus: Type.Optional(Type.Union([QaStatus, Type.Null()])),
  },
  {
    $id: "DataMetaInformationSearchFilter",
    description: "One set of conditions on dataset meta information.",
  },
);
export type DataMetaInformationSearchFilter = Static<typeof DataMetaInformationSearchFilter>;

export const BasicDataDimensions = Type.Object(
  {
    companyId: Type.String({ maxLength: TEXT_LIMITS.id }),
    dataType: Type.String({ maxLength: TEXT_LIMITS.code }),
    reportingPeriod: Type.String({ maxLength: TEXT_LIMITS.code }),
  },
  {
    $id: "BasicDataDimensions",
    description: "A company, a framework (or data point type) and a reporting period.",
  },
);
export type BasicDataDimensions = Static<typeof BasicDataDimensions>;

export const NonSourceabilityRequest = Type.Object(
  {
    companyId: Type.String({ maxLength: TEXT_LIMITS.id }),
    dataType: DataTypeRef,
    reportingPeriod: Type.String({ maxLength: TEXT_LIMITS.code }),
    reason: Type.String({ description: "Why the data cannot be found.", maxLength: TEXT_LIMITS.prose }),
  },
  { $id: "NonSourceabilityRequest", description: "A statement that data cannot be found, and why." },
);
export type NonSourceabilityRequest = Static<typeof NonSourceabilityRequest>;

export const NonSourceabilityInformationResponse = Type.Object(
  {
    nonSourceabilityId: Type.String(),
    companyId: Type.String(),
    dataType: DataTypeRef,
    reportingPeriod: Type.String(),
    qaStatus: QaStatus,
    uploaderUserId: Type.String(),
    uploadTime: Type.Integer({ format: "int64" }),
    currentlyActive: Type.Boolean(),
    reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    bypassQa: Type.Boolean(),
  },
  { $id: "NonSourceabilityInformationResponse", description: "A recorded non-sourceability statement." },
);

export const DataMetaInformationForMyDatasets = Type.Object(
  {
    companyId: Type.String(),
    dataId: Type.String(),
    companyName: Type.String(),
    dataType: DataTypeRef,
    reportingPeriod: Type.String(),
    qualityStatus: QaStatus,
    currentlyActive: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    uploadTime: Type.Integer({ format: "int64" }),
  },
  {
    $id: "DataMetaInformationForMyDatasets",
    description: "One of a user's uploads, with the company's name.",
  },
);

/**
 * The longest JSON text of one data point: a list of taxonomy activities with their figures and
 * sources takes tens of kilobytes; a dataset of a framework, with all its data points, stays far below.
 */
const MAX_DATA_POINT_CHARS = 1_000_000;

export const UploadedDataPoint = Type.Object(
  {
    dataPoint: Type.String({
      description: "The data point's value as JSON text.",
      maxLength: MAX_DATA_POINT_CHARS,
    }),
    dataPointType: Type.String({ maxLength: TEXT_LIMITS.lookup }),
    companyId: Type.String({ maxLength: TEXT_LIMITS.id }),
    reportingPeriod: Type.String({ maxLength: TEXT_LIMITS.code }),
  },
  { $id: "UploadedDataPoint", description: "One data point with its type, company and period." },
);

export const DataPointToValidate = Type.Object(
  {
    dataPoint: Type.String({
      description: "The data point's value as JSON text.",
      maxLength: MAX_DATA_POINT_CHARS,
    }),
    dataPointType: Type.String({ maxLength: TEXT_LIMITS.lookup }),
  },
  { $id: "DataPointToValidate", description: "A data point's value and the type to check it against." },
);

export const DataPointMetaInformation = Type.Object(
  {
    dataPointId: Type.String(),
    dataPointType: Type.String(),
    companyId: Type.String(),
    reportingPeriod: Type.String(),
    uploaderUserId: Type.String(),
    uploadTime: Type.Integer({ format: "int64" }),
    currentlyActive: Type.Boolean(),
    qaStatus: QaStatus,
  },
  { $id: "DataPointMetaInformation", description: "What is known about a stored data point." },
);

export const ExportFileType = Type.Union([Type.Literal("CSV"), Type.Literal("EXCEL"), Type.Literal("JSON")], {
  $id: "ExportFileType",
  description: "The file format of an export.",
});
export type ExportFileType = Static<typeof ExportFileType>;

export const ExportRequestData = Type.Object(
  {
    reportingPeriods: Type.Array(Type.String({ maxLength: TEXT_LIMITS.code })),
    companyIds: Type.Array(Type.String({ maxLength: TEXT_LIMITS.id })),
    fileFormat: ref<ExportFileType>("ExportFileType"),
  },
  {
    $id: "ExportRequestData",
    description: "Which companies and reporting periods to export, in which format.",
  },
);
export type ExportRequestData = Static<typeof ExportRequestData>;

export const ExportLatestRequestData = Type.Object(
  {
    companyIds: Type.Array(Type.String({ maxLength: TEXT_LIMITS.id })),
    fileFormat: ref<ExportFileType>("ExportFileType"),
  },
  {
    $id: "ExportLatestRequestData",
    description: "Which companies to export (their newest period), in which format.",
  },
);
export type ExportLatestRequestData = Static<typeof ExportLatestRequestData>;

export const ExportJobInfo = Type.Object(
  { id: Type.String({ format: "uuid" }) },
  { $id: "ExportJobInfo", description: "The id of a queued export job." },
);

export const ExportJobProgressState = Type.Union(
  [Type.Literal("Pending"), Type.Literal("Success"), Type.Literal("Failure")],
  { $id: "ExportJobProgressState", description: "How far an export job is." },
);

export const ownSharedSchemas: TSchema[] = [
  DataMetaInformationPatch,
  DataMetaInformationSearchFilter,
  BasicDataDimensions,
  NonSourceabilityRequest,
  NonSourceabilityInformationResponse,
  DataMetaInformationForMyDatasets,
  UploadedDataPoint,
  DataPointToValidate,
  DataPointMetaInformation,
  ExportFileType,
  ExportRequestData,
  ExportLatestRequestData,
  ExportJobInfo,
  ExportJobProgressState,
];

export const ErrorResponseRef = { $ref: "#/components/schemas/ErrorResponse" };
