import { dataTypes } from "@openverde/frameworks";
import { QA_STATUSES } from "@openverde/frameworks/qa-status";
import { type Static, type TSchema, Type } from "@sinclair/typebox";

export const refTo = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T>>(Type.Ref(schema.$id as string));

/** A string enum as the reference writes it (`type: string, enum: [...]`). */
export const stringEnum = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: "string", enum: [...values], ...options });

export const QaStatusSchema = stringEnum(QA_STATUSES, {
  $id: "QaStatus",
  description: "Where data stands in review: awaiting review, accepted or rejected.",
});

const uuidExample = "1e63a842-1e65-43ed-b78a-5e7cec155c28";

export const QaReviewResponse = Type.Object(
  {
    dataId: Type.String({ description: "The id of the dataset.", examples: [uuidExample] }),
    companyId: Type.String({
      description: "The id of the company the dataset is about.",
      examples: [uuidExample],
    }),
    companyName: Type.String({ description: "The company's current name.", examples: ["ABC Corporation"] }),
    framework: Type.String({ description: "The framework of the dataset.", examples: ["sfdr"] }),
    reportingPeriod: Type.String({
      description: "The reporting period (usually a fiscal year).",
      examples: ["2023"],
    }),
    timestamp: Type.Integer({
      format: "int64",
      description:
        "When the review state was set, in milliseconds since 1970-01-01 UTC: the upload time until the first verdict.",
      examples: [1751291891271],
    }),
    qaStatus: refTo(QaStatusSchema),
    qaJudgeUserId: Type.Optional(Type.String({ description: "Not used by Openverde; never present." })),
    qaJudgeUserName: Type.Optional(Type.String({ description: "Not used by Openverde; never present." })),
    datasetReviewId: Type.Optional(Type.String({ description: "Not used by Openverde; never present." })),
    numberQaReports: Type.Integer({
      format: "int64",
      description: "How many QA reports were written about the dataset (Openverde keeps none, so 0).",
      examples: [0],
    }),
    comment: Type.Optional(
      Type.String({ description: "Why the reviewer decided as they did, if they said." }),
    ),
    triggeringUserId: Type.Optional(
      Type.String({
        description:
          "Who set this review state: the reviewer of a verdict, the uploader for the upload itself.",
        examples: [uuidExample],
      }),
    ),
    priorityOfAssociatedDataSourcing: Type.Optional(
      Type.Integer({
        format: "int32",
        description:
          "The most urgent priority of the data requests still waiting for this data (1 = urgent, 2 = high, " +
          "3 = baseline, 4 = low). Absent when nobody is waiting, and for callers who are neither reviewers nor admins.",
        examples: [1],
      }),
    ),
  },
  {
    $id: "QaReviewResponse",
    description: "The review state of one dataset (or one entry of its review history).",
  },
);

export const DataPointQaReviewInformation = Type.Object(
  {
    dataPointId: Type.String({ description: "The id of the data point.", examples: [uuidExample] }),
    companyId: Type.String({
      description: "The id of the company the data point is about.",
      examples: [uuidExample],
    }),
    companyName: Type.String({ description: "The company's current name.", examples: ["ABC Corporation"] }),
    dataPointType: Type.String({
      description: "The data point type of the data point.",
      examples: ["extendedEnumYesNoIsNfrdMandatory"],
    }),
    reportingPeriod: Type.String({
      description: "The reporting period (usually a fiscal year).",
      examples: ["2023"],
    }),
    timestamp: Type.Integer({
      format: "int64",
      description:
        "When this review state was set, in milliseconds since 1970-01-01 UTC (for the upload, its time).",
      examples: [1751291891271],
    }),
    qaStatus: refTo(QaStatusSchema),
    comment: Type.Optional(
      Type.String({ description: "Why the reviewer decided as they did, if they said." }),
    ),
    reviewerId: Type.Optional(
      Type.String({
        description: "The reviewer who set this state; absent for the upload itself.",
        examples: [uuidExample],
      }),
    ),
  },
  {
    $id: "DataPointQaReviewInformation",
    description: "The review state of one data point, or one entry of its review history.",
  },
);

export const sharedSchemas = [QaStatusSchema, QaReviewResponse, DataPointQaReviewInformation];

const chunkSize = (fallback: number, maximum: number) =>
  Type.Integer({
    format: "int32",
    minimum: 1,
    maximum,
    default: fallback,
    description: `How many entries one page holds (default ${fallback}, at most ${maximum}).`,
  });
const chunkIndex = Type.Integer({
  format: "int32",
  minimum: 0,
  default: 0,
  description: "Which page to return, counting from 0.",
});

const dataTypeFilter = Type.Array(stringEnum(dataTypes), {
  uniqueItems: true,
  description: "Only datasets of these frameworks.",
});
const reportingPeriods = Type.Array(Type.String({ maxLength: 64 }), {
  uniqueItems: true,
  description: "Only datasets of these reporting periods.",
});
const companyName = Type.String({
  maxLength: 500,
  description: "Only datasets of companies whose name contains this text (case and accents ignored).",
});

export const DatasetQueueQuery = Type.Object({
  dataTypes: Type.Optional(dataTypeFilter),
  reportingPeriods: Type.Optional(reportingPeriods),
  companyName: Type.Optional(companyName),
  qaStatus: Type.Optional(
    stringEnum(QA_STATUSES, {
      description: "Only datasets in this review state; without it, those awaiting review (Pending).",
    }),
  ),
  chunkSize: Type.Optional(chunkSize(10, 1000)),
  chunkIndex: Type.Optional(chunkIndex),
});
export type DatasetQueueQuery = Static<typeof DatasetQueueQuery>;

export const UnreviewedCountQuery = Type.Object({
  dataTypes: Type.Optional(dataTypeFilter),
  reportingPeriods: Type.Optional(reportingPeriods),
  companyName: Type.Optional(companyName),
});
export type UnreviewedCountQuery = Static<typeof UnreviewedCountQuery>;

export const DataIdParams = Type.Object({
  dataId: Type.String({ description: "The id of the dataset.", examples: [uuidExample] }),
});

export const DataPointIdParams = Type.Object({
  dataPointId: Type.String({ description: "The id of the data point.", examples: [uuidExample] }),
});

const verdictStatus = stringEnum(QA_STATUSES, {
  description:
    "The verdict: Accepted or Rejected; Pending sends judged data back to review (that needs If-Match).",
});
const verdictComment = Type.String({
  maxLength: 10_000,
  description: "Why you decide so; the uploader is told when a dataset is rejected.",
});

export const DatasetVerdictQuery = Type.Object({
  qaStatus: verdictStatus,
  comment: Type.Optional(verdictComment),
  overwriteDataPointQaStatus: Type.Optional(
    Type.Boolean({ description: "Also give every data point of the dataset this verdict (default false)." }),
  ),
});
export type DatasetVerdictQuery = Static<typeof DatasetVerdictQuery>;

export const DataPointVerdictQuery = Type.Object({
  qaStatus: verdictStatus,
  comment: Type.Optional(verdictComment),
});
export type DataPointVerdictQuery = Static<typeof DataPointVerdictQuery>;

export const IfMatchHeaders = Type.Object({
  "if-match": Type.Optional(
    Type.String({
      description:
        "The ETag of the review state you judge, from GET. Needed to change a verdict already given; " +
        "if the state changed meanwhile the answer is 409.",
    }),
  ),
});

export const DataPointQuery = Type.Object({
  companyId: Type.Optional(Type.String({ description: "Only data points of this company." })),
  dataType: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "Only data points of this framework's datasets, or of this data point type.",
    }),
  ),
  reportingPeriod: Type.Optional(
    Type.String({ maxLength: 64, description: "Only data points of this period." }),
  ),
  qaStatus: Type.Optional(
    stringEnum(QA_STATUSES, {
      description: "Only data points in this review state.",
    }),
  ),
  showOnlyActive: Type.Optional(
    Type.Boolean({
      default: true,
      description:
        "true (default): the current review state of each data point; false: every entry of their review histories.",
    }),
  ),
  chunkSize: Type.Optional(chunkSize(10, 1000)),
  chunkIndex: Type.Optional(chunkIndex),
});
export type DataPointQuery = Static<typeof DataPointQuery>;

export const DataPointQueueQuery = Type.Object({
  chunkSize: Type.Optional(chunkSize(1000, 10_000)),
  chunkIndex: Type.Optional(chunkIndex),
});
export type DataPointQueueQuery = Static<typeof DataPointQueueQuery>;
