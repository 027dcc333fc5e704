import { type Static, type TSchema, type TString, Type } from "@fastify/type-provider-typebox";
import { type DataType, dataTypes } from "@openverde/frameworks";
import { QA_STATUSES, type QaStatus } from "@openverde/frameworks/qa-status";
import { TEXT_LIMITS } from "../../platform/http/text-limits";

/** The frameworks (and framework versions) a company can have data for, as on the wire. */
export const DATA_TYPES = dataTypes;
export type { DataType };

export const IDENTIFIER_TYPES = [
  "Lei",
  "Isin",
  "PermId",
  "Ticker",
  "Duns",
  "CompanyRegistrationNumber",
  "VatNumber",
] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

const companyId = (description = "The id under which Openverde keeps the company.") =>
  Type.String({ description, example: "c9710c7b-9cd6-446b-85b0-3773d2aceb48" });

export const DataTypeEnum = Type.Unsafe<DataType>({
  type: "string",
  enum: [...DATA_TYPES],
  $id: "DataTypeEnum",
});
export const IdentifierTypeSchema = Type.Unsafe<IdentifierType>({
  type: "string",
  enum: [...IDENTIFIER_TYPES],
  $id: "IdentifierType",
});

const identifiersDescription =
  "The company's identifiers by type (Lei, Isin, PermId, Ticker, Duns, CompanyRegistrationNumber, VatNumber); each value belongs to one company only.";
const identifierValues = Type.Array(Type.String({ maxLength: TEXT_LIMITS.identifier }));
const Identifiers = Type.Record(Type.String(), identifierValues, {
  description: identifiersDescription,
  example: { Lei: ["5493001KJX4BT0IHAG73"] },
});

/**
 * An optional field that may also be null, written with OpenAPI's `nullable` (as the reference
 * does). Unlike a union with null, request coercion then leaves a null as null.
 */
const nullableOf = <T extends TSchema>(schema: T) =>
  Type.Optional(Type.Unsafe<Static<T> | null>({ ...schema, nullable: true }));
const nullable = (schema: TString) => nullableOf(schema);
const nullableStrings = (description: string, example: string[], maxLength: number) =>
  nullableOf(Type.Array(Type.String({ maxLength }), { description, example }));
const nullableInteger = (description: string) =>
  nullableOf(Type.Integer({ format: "int32", description, example: -1 }));
const nullableBoolean = (description: string) => nullableOf(Type.Boolean({ description }));

const optionalFields = {
  companyAlternativeNames: nullableStrings(
    "Other names the company is known by, such as short forms.",
    ["ABC Corp."],
    TEXT_LIMITS.companyName,
  ),
  companyContactDetails: nullableStrings(
    "E-mail addresses to reach the company.",
    ["contact@example.com"],
    TEXT_LIMITS.email,
  ),
  companyLegalForm: nullable(
    Type.String({
      description: "The company's legal form.",
      example: "Aktiengesellschaft (AG)",
      maxLength: TEXT_LIMITS.title,
    }),
  ),
  headquartersPostalCode: nullable(
    Type.String({
      description: "Postal code of the registered office.",
      example: "10115",
      maxLength: TEXT_LIMITS.code,
    }),
  ),
  fiscalYearEnd: nullable(
    Type.String({
      description: "Day and month the fiscal year ends.",
      example: "31-Mar",
      maxLength: TEXT_LIMITS.code,
    }),
  ),
  reportingPeriodShift: nullableInteger(
    "How many years the reporting period differs from the year the fiscal year ends in.",
  ),
  sector: nullable(
    Type.String({
      description: "The company's industry or sector.",
      example: "Utilities",
      maxLength: TEXT_LIMITS.place,
    }),
  ),
  sectorCodeWz: nullable(
    Type.String({
      description: "Industry code by the NACE-based WZ classification.",
      example: "35.11.0",
      maxLength: TEXT_LIMITS.code,
    }),
  ),
  isTeaserCompany: nullableBoolean("Whether the company is shown as a sample to visitors."),
  website: nullable(
    Type.String({
      description: "The company's web site.",
      example: "www.example.com",
      maxLength: TEXT_LIMITS.url,
    }),
  ),
  parentCompanyLei: nullable(
    Type.String({
      description: "LEI of the company's parent, if any.",
      example: "5493001KJX4BT0IHAG73",
      maxLength: TEXT_LIMITS.identifier,
    }),
  ),
  associatedSubdomains: nullableStrings(
    "E-mail domain labels (the part after the @ up to a following dot) of the company's staff, used to suggest its users.",
    ["example", "hr.example"],
    TEXT_LIMITS.url,
  ),
};

export const CompanyInformation = Type.Object(
  {
    companyName: Type.String({
      description: "The company's legal name.",
      example: "Example Energie AG",
      maxLength: TEXT_LIMITS.companyName,
    }),
    ...optionalFields,
    headquarters: Type.String({
      description: "City of the registered office.",
      example: "Berlin",
      maxLength: TEXT_LIMITS.place,
    }),
    identifiers: Identifiers,
    countryCode: Type.String({
      description: "Country of the company as an ISO 3166-1 alpha-2 code.",
      example: "DE",
      maxLength: TEXT_LIMITS.code,
    }),
  },
  { $id: "CompanyInformation" },
);
export type CompanyInformation = Static<typeof CompanyInformation>;

export const CompanyInformationPatch = Type.Object(
  {
    companyName: nullable(
      Type.String({ description: "The company's legal name.", maxLength: TEXT_LIMITS.companyName }),
    ),
    ...optionalFields,
    headquarters: nullable(
      Type.String({ description: "City of the registered office.", maxLength: TEXT_LIMITS.place }),
    ),
    identifiers: nullableOf(
      Type.Record(Type.String(), identifierValues, {
        description: `${identifiersDescription} The types given replace the company's values of those types.`,
      }),
    ),
    countryCode: nullable(
      Type.String({ description: "Country as an ISO 3166-1 alpha-2 code.", maxLength: TEXT_LIMITS.code }),
    ),
  },
  { $id: "CompanyInformationPatch" },
);
export type CompanyInformationPatch = Static<typeof CompanyInformationPatch>;

/** The meta information of one dataset, as the datasets module reports it for the company. */
const RegisteredDataset = Type.Object(
  {
    dataId: Type.String(),
    companyId: Type.String(),
    dataType: Type.String(),
    uploaderUserId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    uploadTime: Type.Integer({ description: "Milliseconds since 1970." }),
    reportingPeriod: Type.String(),
    currentlyActive: Type.Boolean(),
    qaStatus: Type.Unsafe<QaStatus>({ type: "string", enum: [...QA_STATUSES] }),
    ref: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: true },
);

export const StoredCompany = Type.Object(
  {
    companyId: companyId(),
    companyInformation: Type.Ref("CompanyInformation"),
    dataRegisteredByDataland: Type.Array(RegisteredDataset, {
      description: "The datasets Openverde holds for the company (their meta information).",
    }),
  },
  { $id: "StoredCompany" },
);
export interface StoredCompany {
  companyId: string;
  companyInformation: CompanyInformation;
  dataRegisteredByDataland: unknown[];
}

export const BasicCompanyInformation = Type.Object(
  {
    companyId: companyId(),
    companyName: Type.String({ description: "The company's legal name." }),
    headquarters: Type.String({ description: "City of the registered office." }),
    countryCode: Type.String({ description: "Country as an ISO 3166-1 alpha-2 code." }),
    sector: nullable(Type.String({ description: "The company's industry or sector." })),
    lei: nullable(Type.String({ description: "The company's LEI, if known." })),
  },
  { $id: "BasicCompanyInformation" },
);
export type BasicCompanyInformation = Static<typeof BasicCompanyInformation>;

export const CompanyIdentifierValidationResult = Type.Object(
  {
    identifier: Type.String({ description: "The identifier as it was asked for." }),
    companyInformation: Type.Optional(
      Type.Union([Type.Ref("BasicCompanyInformation"), Type.Null()], {
        description: "The company with this identifier or id; null if there is none.",
      }),
    ),
  },
  { $id: "CompanyIdentifierValidationResult" },
);

export const CompanyIdAndName = Type.Object(
  {
    companyId: companyId(),
    companyName: Type.String({ description: "The company's legal name." }),
  },
  { $id: "CompanyIdAndName" },
);

export const CompanyId = Type.Object({ companyId: companyId() }, { $id: "CompanyId" });

export const AggregatedFrameworkDataSummary = Type.Object(
  {
    numberOfProvidedReportingPeriods: Type.Integer({
      format: "int64",
      description: "For how many reporting periods the framework has active data.",
    }),
  },
  { $id: "AggregatedFrameworkDataSummary" },
);

export const CompanyAvailableDistinctValues = Type.Object(
  {
    countryCodes: Type.Array(Type.String(), {
      uniqueItems: true,
      description: "The country codes (ISO 3166-1 alpha-2) of the companies held.",
      example: ["DE"],
    }),
    sectors: Type.Array(Type.String(), {
      uniqueItems: true,
      description: "The sectors of the companies held.",
      example: ["Utilities"],
    }),
  },
  { $id: "CompanyAvailableDistinctValues" },
);

export const ErrorResponse = Type.Object(
  {
    errors: Type.Array(
      Type.Object({
        errorType: Type.String(),
        summary: Type.String(),
        message: Type.String(),
        httpStatus: Type.Number(),
      }),
    ),
  },
  { $id: "ErrorResponse" },
);

export const CompanyIdParams = Type.Object({
  companyId: companyId("The id of the company."),
});

export const IdentifierParams = Type.Object({
  identifierType: Type.Unsafe<IdentifierType>(Type.Ref("IdentifierType")),
  identifier: Type.String({ description: "The identifier to look up.", example: "5493001KJX4BT0IHAG73" }),
});

const searchString = Type.String({
  description:
    "Text to find in company names, alternative names and identifiers; accents and case do not matter. At least 3 characters after trimming; empty means no search.",
  example: "Energie",
});
const filters = {
  dataTypes: Type.Optional(
    Type.Array(Type.Unsafe<DataType>(Type.Ref("DataTypeEnum")), {
      uniqueItems: true,
      description: "Only companies with active data in one of these frameworks.",
    }),
  ),
  countryCodes: Type.Optional(
    Type.Array(Type.String(), {
      uniqueItems: true,
      description: "Only companies from one of these countries (ISO 3166-1 alpha-2).",
      example: ["DE"],
    }),
  ),
  sectors: Type.Optional(
    Type.Array(Type.String(), {
      uniqueItems: true,
      description: "Only companies in one of these sectors.",
      example: ["Utilities"],
    }),
  ),
};

export const SearchQuery = Type.Object({
  searchString: Type.Optional(searchString),
  ...filters,
  chunkSize: Type.Optional(
    Type.Integer({
      format: "int32",
      default: 100,
      minimum: 1,
      maximum: 10_000,
      description: "How many companies one chunk (page) of the ordered results holds.",
    }),
  ),
  chunkIndex: Type.Optional(
    Type.Integer({
      format: "int32",
      default: 0,
      minimum: 0,
      description: "Which chunk of the ordered results to return, counted from 0.",
    }),
  ),
});

export const CountQuery = Type.Object({ searchString: Type.Optional(searchString), ...filters });

export const NamesQuery = Type.Object({
  searchString,
  resultLimit: Type.Optional(
    Type.Integer({
      format: "int32",
      default: 100,
      minimum: 1,
      maximum: 1000,
      description: "At most this many companies are returned.",
    }),
  ),
});
