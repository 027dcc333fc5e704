import { Type } from "@fastify/type-provider-typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";

const uuidExample = "1e63a842-1e65-43ed-b78a-5e7cec155c28";

/** How many users a portfolio may be shared with. */
export const MAX_READERS = 100;

export const NotificationFrequency = Type.Unsafe<"NoNotifications" | "Daily" | "Weekly" | "Monthly">({
  type: "string",
  enum: ["NoNotifications", "Daily", "Weekly", "Monthly"],
  description: "How often the owner gets an e-mail about new data in the monitored portfolio.",
  example: "Weekly",
  $id: "NotificationFrequency",
});

const timeWindowThreshold = () =>
  Type.Optional(
    Type.Unsafe<"Standard" | "Extended">({
      type: "string",
      enum: ["Standard", "Extended"],
      description:
        "How far back monitoring looks for reporting periods whose fiscal year has ended: Standard 6 months, Extended 16 months.",
      example: "Standard",
    }),
  );

const portfolioId = () => Type.String({ description: "The id of the portfolio.", example: uuidExample });
const portfolioName = () =>
  Type.String({
    description: "The portfolio's name.",
    example: "My Portfolio",
    maxLength: TEXT_LIMITS.title,
  });
const ownerId = () =>
  Type.String({ description: "The id of the user the portfolio belongs to.", example: uuidExample });
const isMonitored = () =>
  Type.Boolean({ description: "Whether Openverde monitors the portfolio's companies." });
const monitoredFrameworks = () =>
  Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
    uniqueItems: true,
    description: "The frameworks monitored for the portfolio's companies.",
    example: ["sfdr"],
  });
const sharedUserIds = () =>
  Type.Array(Type.String({ maxLength: TEXT_LIMITS.id }), {
    uniqueItems: true,
    maxItems: MAX_READERS,
    description:
      "The ids of the users the portfolio is shared with (its readers): existing users other than its owner.",
    example: [uuidExample],
  });
const companyIds = (description: string, extra: Record<string, unknown> = {}) =>
  Type.Array(Type.String({ maxLength: TEXT_LIMITS.lookup }), {
    uniqueItems: true,
    description,
    example: ["c9710c7b-9cd6-446b-85b0-3773d2aceb48"],
    ...extra,
  });

export const PortfolioUpload = Type.Object(
  {
    portfolioName: portfolioName(),
    identifiers: companyIds(
      "The portfolio's companies: Openverde company ids or identifiers such as LEI or ISIN. Identifiers that name no company are reported in a 400 answer.",
      { minItems: 1 },
    ),
    isMonitored: isMonitored(),
    monitoredFrameworks: monitoredFrameworks(),
    notificationFrequency: Type.Ref("NotificationFrequency"),
    timeWindowThreshold: timeWindowThreshold(),
    sharedUserIds: sharedUserIds(),
  },
  { $id: "PortfolioUpload" },
);

export const BasePortfolio = Type.Object(
  {
    portfolioId: portfolioId(),
    portfolioName: portfolioName(),
    userId: ownerId(),
    creationTimestamp: Type.Integer({
      format: "int64",
      description: "When the portfolio was created, in milliseconds since 1970-01-01 UTC.",
      example: 1751291891271,
    }),
    lastUpdateTimestamp: Type.Integer({
      format: "int64",
      description: "When the portfolio was last changed, in milliseconds since 1970-01-01 UTC.",
      example: 1751291891271,
    }),
    identifiers: companyIds("The ids of the portfolio's companies, in the order given."),
    isMonitored: isMonitored(),
    monitoredFrameworks: monitoredFrameworks(),
    notificationFrequency: Type.Ref("NotificationFrequency"),
    timeWindowThreshold: timeWindowThreshold(),
    sharedUserIds: sharedUserIds(),
    ownerName: Type.Optional(
      Type.String({
        description:
          "The name of the portfolio's owner (an Openverde addition), given in the list of portfolios shared with you.",
        example: "Jane Doe",
      }),
    ),
  },
  { $id: "BasePortfolio" },
);

export const BasePortfolioName = Type.Object(
  { portfolioId: portfolioId(), portfolioName: portfolioName() },
  { $id: "BasePortfolioName" },
);

export const SupportRequestData = Type.Object(
  {
    topic: Type.String({
      description: "What the user needs help with.",
      example: "Find company identifiers.",
      maxLength: TEXT_LIMITS.title,
    }),
    message: Type.String({
      description: "The request for help, in the user's words.",
      example: "I cannot find the identifiers of three companies I want to add to my portfolio.",
      maxLength: TEXT_LIMITS.prose,
    }),
  },
  { $id: "SupportRequestData" },
);

export const PortfolioMonitoringPatch = Type.Object(
  {
    isMonitored: isMonitored(),
    monitoredFrameworks: monitoredFrameworks(),
    notificationFrequency: Type.Ref("NotificationFrequency"),
    timeWindowThreshold: timeWindowThreshold(),
  },
  { $id: "PortfolioMonitoringPatch" },
);

export const EnrichedPortfolioEntry = Type.Object(
  {
    companyId: Type.String({
      description: "The company's id.",
      example: "c9710c7b-9cd6-446b-85b0-3773d2aceb48",
    }),
    companyName: Type.String({ description: "The company's name.", example: "Example Energie AG" }),
    sector: Type.Optional(Type.String({ description: "The company's sector.", example: "Utilities" })),
    countryCode: Type.String({ description: "The company's country (ISO 3166-1 alpha-2).", example: "DE" }),
    companyCockpitRef: Type.String({ description: "The address of the company's page." }),
    frameworkHyphenatedNamesToDataRef: Type.Record(Type.String(), Type.String(), {
      description: "Per framework with data: the address of the company's data of that framework.",
      example: {
        sfdr: "https://openverde.example.org/companies/c9710c7b-9cd6-446b-85b0-3773d2aceb48/frameworks/sfdr",
      },
    }),
    availableReportingPeriods: Type.Record(Type.String(), Type.String(), {
      description: "Per framework with data: its reporting periods, newest first, separated by commas.",
      example: { sfdr: "2024, 2023" },
    }),
  },
  { $id: "EnrichedPortfolioEntry" },
);

export const EnrichedPortfolio = Type.Object(
  {
    portfolioId: portfolioId(),
    portfolioName: portfolioName(),
    userId: ownerId(),
    entries: Type.Array(Type.Ref("EnrichedPortfolioEntry")),
    isMonitored: Type.Optional(isMonitored()),
    monitoredFrameworks: Type.Optional(monitoredFrameworks()),
    notificationFrequency: Type.Ref("NotificationFrequency"),
    timeWindowThreshold: timeWindowThreshold(),
    sharedUserIds: Type.Optional(sharedUserIds()),
  },
  { $id: "EnrichedPortfolio" },
);

export const PortfolioSharingPatch = Type.Object(
  { sharedUserIds: sharedUserIds() },
  { $id: "PortfolioSharingPatch" },
);

export const PortfolioUserAccessRight = Type.Object(
  {
    userId: Type.String({ description: "The user's id.", example: uuidExample }),
    userEmail: Type.Optional(
      Type.String({ description: "The user's e-mail address.", example: "jane.doe@example.com" }),
    ),
    portfolioAccessRole: Type.Unsafe<"Owner" | "Reader">({
      type: "string",
      enum: ["Owner", "Reader"],
      description:
        "Owner: changes, shares and deletes the portfolio. Reader: it is shared with them to read.",
      example: "Owner",
    }),
  },
  { $id: "PortfolioUserAccessRight" },
);

export const SharingRecipientLookup = Type.Object(
  {
    email: Type.String({
      description: "The e-mail address of the user to share the portfolio with.",
      example: "jane.doe@example.com",
      maxLength: TEXT_LIMITS.email,
    }),
  },
  { $id: "SharingRecipientLookup" },
);

export const SharingRecipient = Type.Object(
  {
    userId: Type.String({ description: "The user's id, for sharedUserIds.", example: uuidExample }),
    userEmail: Type.String({ description: "The user's e-mail address.", example: "jane.doe@example.com" }),
    userName: Type.String({ description: "The user's name.", example: "Jane Doe" }),
  },
  { $id: "SharingRecipient" },
);

export const PortfolioExportRequest = Type.Object(
  {
    frameworks: Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
      minItems: 1,
      uniqueItems: true,
      description: "The frameworks to export; one file per framework.",
      example: ["sfdr", "lksg"],
    }),
    fileFormat: Type.Union([Type.Literal("CSV"), Type.Literal("EXCEL"), Type.Literal("JSON")], {
      description: "The file format.",
    }),
    keepValueFieldsOnly: Type.Optional(
      Type.Boolean({ default: true, description: "Only the values, without sources and quality fields." }),
    ),
    includeAliases: Type.Optional(
      Type.Boolean({ default: true, description: "Column names by the frameworks' export aliases." }),
    ),
  },
  { $id: "PortfolioExportRequest" },
);

export const PortfolioExportJobs = Type.Object(
  {
    exportJobs: Type.Array(
      Type.Object({
        framework: Type.String(),
        exportJobId: Type.String({
          description:
            "Ask /api/export/{exportJobId}/state until Success, then fetch /api/export/{exportJobId}/download.",
        }),
      }),
    ),
    frameworksWithoutData: Type.Array(Type.String(), {
      description: "Frameworks asked for of which no company of the portfolio has active data.",
    }),
  },
  { $id: "PortfolioExportJobs" },
);

export const PortfolioIdParams = Type.Object({ portfolioId: portfolioId() });
export const UserIdParams = Type.Object({
  userId: Type.String({
    description: "The id of the user whose portfolios are listed.",
    example: uuidExample,
  }),
});
export const PagingQuery = Type.Object({
  chunkSize: Type.Integer({
    format: "int32",
    minimum: 1,
    maximum: 1000,
    default: 100,
    description: "How many portfolios one chunk holds (default 100).",
  }),
  chunkIndex: Type.Integer({
    format: "int32",
    minimum: 0,
    default: 0,
    description: "Which chunk to return, from 0 (default 0).",
  }),
});

export const COMPONENTS = [
  NotificationFrequency,
  PortfolioUpload,
  BasePortfolio,
  BasePortfolioName,
  SupportRequestData,
  PortfolioMonitoringPatch,
  EnrichedPortfolioEntry,
  EnrichedPortfolio,
  PortfolioExportRequest,
  PortfolioExportJobs,
  PortfolioSharingPatch,
  PortfolioUserAccessRight,
  SharingRecipientLookup,
  SharingRecipient,
];
