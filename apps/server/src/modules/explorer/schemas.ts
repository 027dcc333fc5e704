/** Request and response schemas of the explorer (Openverde's own operations in the /api document). */
import { frameworkIds } from "@openverde/frameworks";
import { QA_STATUSES } from "@openverde/frameworks/qa-status";
import { type Static, Type } from "@sinclair/typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { uuidString } from "../../platform/ids";

export const MAX_DATA_POINTS = 20;
export const MAX_PERIODS = 10;
export const MAX_COMPANY_IDS = 5000;
export const MAX_CHUNK_SIZE = 1000;
export const DEFAULT_CHUNK_SIZE = 100;
/** Far beyond any register (a billion companies at the largest page), and safely a whole number in SQL. */
export const MAX_CHUNK_INDEX = 1_000_000;

const period = (description: string) =>
  Type.String({ pattern: "^\\d{4}$", description, example: "2024", maxLength: 4 });

const ExplorerCompanies = Type.Object(
  {
    companyIds: Type.Optional(
      Type.Array(uuidString(), {
        maxItems: MAX_COMPANY_IDS,
        description: "These companies (ids as in the register). Not together with portfolioId.",
      }),
    ),
    portfolioId: Type.Optional(
      uuidString({ description: "The companies of this portfolio: one of yours or one shared with you." }),
    ),
    countryCodes: Type.Optional(
      Type.Array(Type.String({ pattern: "^[A-Z]{2}$", maxLength: 2 }), {
        maxItems: 300,
        description: "Only companies with their headquarters in one of these countries (ISO 3166-1 alpha-2).",
      }),
    ),
    sectors: Type.Optional(
      Type.Array(Type.String({ maxLength: TEXT_LIMITS.place }), {
        maxItems: 200,
        description: "Only companies of one of these sectors (as the register writes them).",
      }),
    ),
    hasData: Type.Optional(
      Type.Boolean({
        description:
          "true: only companies with an active dataset of the framework in at least one of the reporting periods (that you may read).",
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Which companies make the rows: a list of ids or a portfolio, narrowed by the filters; the filters alone choose from the whole register.",
  },
);

const ExplorerSort = Type.Object(
  {
    by: Type.Union([Type.Literal("companyName"), Type.Literal("value")], {
      description: "companyName, or the value of one data point in one reporting period.",
    }),
    dataPoint: Type.Optional(
      Type.String({
        maxLength: TEXT_LIMITS.title,
        description: "With by=value: one of the data points asked for.",
      }),
    ),
    reportingPeriod: Type.Optional(period("With by=value: one of the reporting periods asked for.")),
    direction: Type.Optional(
      Type.Union([Type.Literal("asc"), Type.Literal("desc")], { description: "asc (default) or desc." }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "The order of the rows. Companies without the value come last in either direction; ties go by company name.",
  },
);

export const ExplorerQuery = Type.Object(
  {
    framework: Type.Unsafe<(typeof frameworkIds)[number]>({
      type: "string",
      enum: [...frameworkIds],
      description: "The framework (data type) whose data points are read.",
    }),
    dataPoints: Type.Array(Type.String({ maxLength: TEXT_LIMITS.title }), {
      minItems: 1,
      maxItems: MAX_DATA_POINTS,
      description:
        "Data points as wire paths of the framework, e.g. environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.",
    }),
    reportingPeriods: Type.Array(period("A reporting period (year)."), {
      minItems: 1,
      maxItems: MAX_PERIODS,
      description: "The reporting periods, one column per data point and period.",
    }),
    companies: Type.Optional(ExplorerCompanies),
    sort: Type.Optional(ExplorerSort),
    chunkSize: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CHUNK_SIZE,
        default: DEFAULT_CHUNK_SIZE,
        description: `Companies per page (default ${DEFAULT_CHUNK_SIZE}, at most ${MAX_CHUNK_SIZE}). Ignored by the export.`,
      }),
    ),
    chunkIndex: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_CHUNK_INDEX,
        default: 0,
        description: "The page, from 0. Ignored by the export.",
      }),
    ),
  },
  {
    $id: "ExplorerQuery",
    additionalProperties: false,
    description: "What to read: data points × periods × companies.",
  },
);
export type ExplorerQueryBody = Static<typeof ExplorerQuery>;

const ExplorerColumnSchema = Type.Object(
  {
    dataPoint: Type.String(),
    reportingPeriod: Type.String(),
    label: Type.String({ description: "The data point's label in the framework." }),
    unit: Type.Optional(
      Type.String({ description: "The unit of the column's values, where the framework fixes one." }),
    ),
  },
  { $id: "ExplorerColumn" },
);

const ExplorerCellSchema = Type.Object(
  {
    value: Type.Unknown({
      description:
        "The value as stored: a number, text, true/false, a list or an object; null when missing (see missing).",
    }),
    unit: Type.Optional(Type.String({ description: "The value's unit, or its currency for amounts." })),
    quality: Type.Optional(
      Type.String({ description: "The quality stated with the value (Audited, Reported, ...)." }),
    ),
    qaStatus: Type.Union([...QA_STATUSES.map((status) => Type.Literal(status)), Type.Null()], {
      description: "The review status of this data point; null when there is none.",
    }),
    dataId: Type.Optional(Type.String({ description: "The active dataset the value comes from." })),
    source: Type.Optional(
      Type.Object({
        fileReference: Type.String({ description: "The document's id (SHA-256), for /documents/{id}." }),
        fileName: Type.Optional(Type.String()),
        page: Type.Optional(Type.String()),
      }),
    ),
    missing: Type.Optional(
      Type.Union([Type.Literal("NoDataset"), Type.Literal("NotSourceable"), Type.Literal("EmptyField")], {
        description:
          "Why there is no value: NoDataset (no active dataset of the period), NotSourceable (declared not findable), EmptyField (the dataset leaves it empty).",
      }),
    ),
  },
  { $id: "ExplorerCell" },
);

const ExplorerRowSchema = Type.Object(
  {
    companyId: Type.String(),
    companyName: Type.String(),
    lei: Type.Union([Type.String(), Type.Null()]),
    countryCode: Type.String(),
    sector: Type.Union([Type.String(), Type.Null()]),
    cells: Type.Array(Type.Ref("ExplorerCell"), {
      description: "One cell per column, in the columns' order.",
    }),
  },
  { $id: "ExplorerRow" },
);

export const ExplorerResult = Type.Object(
  {
    totalCompanies: Type.Integer({ description: "Companies in the whole selection, over all pages." }),
    columns: Type.Array(Type.Ref("ExplorerColumn")),
    rows: Type.Array(Type.Ref("ExplorerRow")),
  },
  { $id: "ExplorerResult" },
);

export const ExportFormatQuery = Type.Object({
  format: Type.Union([Type.Literal("csv"), Type.Literal("xlsx"), Type.Literal("json")], {
    description: "csv, xlsx (Excel) or json.",
  }),
});

export const COMPONENTS = [
  ExplorerQuery,
  ExplorerColumnSchema,
  ExplorerCellSchema,
  ExplorerRowSchema,
  ExplorerResult,
];
