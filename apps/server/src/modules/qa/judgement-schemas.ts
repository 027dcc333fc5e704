/** TypeBox schemas of dataset judgements, named as the reference names them. */
import { type Static, Type } from "@sinclair/typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { ACCEPTED_SOURCES, JUDGEMENT_STATES } from "./judgement-model";
import { refTo, stringEnum } from "./schemas";

const uuidExample = "1e63a842-1e65-43ed-b78a-5e7cec155c28";

/** A component the QA reports publish (report-schemas.ts). */
const reportComponent = <T>(id: string) => Type.Unsafe<T>({ $ref: `${id}#` });

export const DatasetJudgementState = stringEnum(JUDGEMENT_STATES, {
  $id: "DatasetJudgementState",
  description: "The state of the dataset judgement.",
});

export const AcceptedDataPointSource = stringEnum(ACCEPTED_SOURCES, {
  $id: "AcceptedDataPointSource",
  description:
    "Where the accepted value of a data point comes from: the upload (Original), a QA report's correction (Qa) " +
    "or the judge (Custom).",
  examples: ["Original"],
});

export const DataPointJudgement = Type.Object(
  {
    dataPointType: Type.String({
      description: "The data point type.",
      examples: ["extendedEnumYesNoIsNfrdMandatory"],
    }),
    dataPointId: Type.String({ description: "The id of the uploaded data point.", examples: [uuidExample] }),
    qaReports: Type.Array(reportComponent("DataPointQaReport"), {
      description: "The QA reports' findings on this data point, with their reporters.",
    }),
    acceptedSource: Type.Optional(refTo(AcceptedDataPointSource)),
    reporterUserIdOfAcceptedQaReport: Type.Optional(
      Type.String({
        format: "uuid",
        description: "With acceptedSource Qa: whose QA report's value is accepted.",
        examples: [uuidExample],
      }),
    ),
    customValue: Type.Optional(
      Type.String({ description: "With acceptedSource Custom: the judge's data point as JSON text." }),
    ),
    reasonForCustomDataPoint: Type.Optional(
      Type.String({ description: "With acceptedSource Custom: why the judge entered a value of their own." }),
    ),
  },
  { $id: "DataPointJudgement", description: "The judgement of one data point." },
);

export const DatasetJudgementResponse = Type.Object(
  {
    dataSetJudgementId: Type.String({ description: "The id of the judgement.", examples: [uuidExample] }),
    datasetId: Type.String({ description: "The id of the judged dataset.", examples: [uuidExample] }),
    companyId: Type.String({ description: "The company of the dataset.", examples: [uuidExample] }),
    dataType: Type.String({ description: "The framework of the dataset.", examples: ["sfdr"] }),
    reportingPeriod: Type.String({ description: "The reporting period.", examples: ["2023"] }),
    judgementState: refTo(DatasetJudgementState),
    qaJudgeUserId: Type.Optional(Type.String({ description: "The judge.", examples: [uuidExample] })),
    qaJudgeUserName: Type.Optional(Type.String({ description: "The judge's name.", examples: ["Jane Doe"] })),
    qaReporters: Type.Array(reportComponent("QaReporter"), {
      description: "Everyone who wrote a QA report on the dataset.",
    }),
    dataPoints: Type.Record(Type.String(), refTo(DataPointJudgement), {
      description: "The judgement of every data point of the dataset, by data point type.",
    }),
  },
  {
    $id: "DatasetJudgementResponse",
    description: "A dataset judgement with the judgement of each data point.",
  },
);

export const JudgementDetailsPatch = Type.Object(
  {
    acceptedSource: Type.Optional(refTo(AcceptedDataPointSource)),
    reporterUserIdOfAcceptedQaReport: Type.Optional(
      Type.String({
        maxLength: TEXT_LIMITS.id,
        description: "With acceptedSource Qa: the reporter whose QA report's value you accept.",
        examples: [uuidExample],
      }),
    ),
    customDataPoint: Type.Optional(
      Type.String({
        maxLength: TEXT_LIMITS.prose,
        description:
          "With acceptedSource Custom: the data point as JSON text (value, quality, comment, dataSource with its page).",
      }),
    ),
    reasonForCustomDataPoint: Type.Optional(
      Type.String({ maxLength: TEXT_LIMITS.prose, description: "With acceptedSource Custom: why." }),
    ),
  },
  { $id: "JudgementDetailsPatch", description: "Where the accepted value of one data point comes from." },
);
export type JudgementDetailsPatch = Static<typeof JudgementDetailsPatch>;

export const JudgedCorrection = Type.Object(
  {
    dataPointType: Type.String({
      description: "The data point type.",
      examples: ["extendedDecimalScope1GhgEmissionsInTonnes"],
    }),
    fieldPath: Type.Optional(
      Type.String({
        description: "The field's path in the framework data.",
        examples: ["environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes"],
      }),
    ),
    acceptedSource: stringEnum(["Qa", "Custom"] as const, {
      description: "Qa: the corrected value of a QA report; Custom: a value the judge entered.",
    }),
    originalDataPoint: Type.Optional(
      Type.Unknown({ description: "The data point as uploaded (value, quality, comment, data source)." }),
    ),
    reporterUserId: Type.Optional(
      Type.String({ description: "Qa: whose QA report the value comes from.", examples: [uuidExample] }),
    ),
    reporterUserName: Type.Optional(
      Type.String({ description: "Qa: the reporter's name.", examples: ["Jane Doe"] }),
    ),
    comment: Type.String({ description: "Qa: the finding's comment; Custom: the judge's reason." }),
  },
  { $id: "JudgedCorrection", description: "A value a dataset judgement put in place of the uploaded one." },
);

export const JudgedVersionCorrections = Type.Object(
  {
    dataId: Type.String({ description: "The dataset asked about.", examples: [uuidExample] }),
    dataSetJudgementId: Type.Optional(
      Type.String({ description: "The judgement that produced this dataset.", examples: [uuidExample] }),
    ),
    judgedDataId: Type.Optional(
      Type.String({
        description: "The dataset that judgement judged (the upload).",
        examples: [uuidExample],
      }),
    ),
    qaJudgeUserId: Type.Optional(Type.String({ description: "The judge.", examples: [uuidExample] })),
    qaJudgeUserName: Type.Optional(Type.String({ description: "The judge's name.", examples: ["Jane Doe"] })),
    judgedAt: Type.Optional(
      Type.Integer({ description: "When the judgement finished, in milliseconds since 1970." }),
    ),
    corrections: Type.Array(refTo(JudgedCorrection), {
      description: "The corrected data points; empty for a dataset no judgement produced.",
    }),
  },
  {
    $id: "JudgedVersionCorrections",
    description: "The values a dataset judgement corrected in the version it accepted.",
  },
);

export const judgementSchemas = [
  DatasetJudgementState,
  AcceptedDataPointSource,
  DataPointJudgement,
  DatasetJudgementResponse,
  JudgementDetailsPatch,
  JudgedCorrection,
  JudgedVersionCorrections,
];

const judgementId = Type.String({ description: "The id of the judgement.", examples: [uuidExample] });
const datasetId = Type.String({ description: "The id of the dataset.", examples: [uuidExample] });

export const JudgementIdParams = Type.Object({ datasetJudgementId: judgementId });
export const DatasetIdParams = Type.Object({ datasetId });
export const DataIdParams = Type.Object({ dataId: datasetId });
export const DataPointParams = Type.Object({
  datasetJudgementId: judgementId,
  dataPointType: Type.String({
    description: "The data point type.",
    examples: ["extendedEnumYesNoIsNfrdMandatory"],
  }),
});
export const StateQuery = Type.Object({ datasetJudgementState: refTo(DatasetJudgementState) });
