/** Request and response schemas of the /community request operations (the reference's names and shapes). */
import { type Static, type TSchema, Type } from "@fastify/type-provider-typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { uuidString } from "../../platform/ids";
import {
  ACCESS_STATUSES,
  type AccessStatus,
  AGGREGATED_PRIORITIES,
  type AggregatedPriority,
  COMMUNITY_STATUSES,
  type CommunityStatus,
  REQUEST_DATA_TYPES,
  type RequestDataType,
} from "./model";
import {
  ID_EXAMPLE,
  LIST_LIMITS,
  PriorityRef,
  paging,
  RequestPrioritySchema,
  reportingPeriod,
  stringEnum,
  timestamp,
} from "./schema-parts";

/** An id in a query (400 naming the field when it is no id; platform/ids). */
const uuid = (description: string) => uuidString({ description, example: ID_EXAMPLE });
/** An id in a path: a plain string, which the service answers 404 when it is no id (platform/ids). */
const idInPath = (description: string) => Type.String({ description, example: ID_EXAMPLE });
const contacts = () =>
  Type.Array(Type.String({ maxLength: TEXT_LIMITS.email }), {
    uniqueItems: true,
    maxItems: LIST_LIMITS.values,
    description: "E-mail addresses at the company that the requester asks to share the data.",
    example: ["sustainability@example.com"],
  });
const message = () =>
  Type.String({
    description: "What the requester writes to those contacts.",
    maxLength: TEXT_LIMITS.prose,
    example: "We would value your VSME data on Openverde.",
  });
const notifyMeImmediately = () =>
  Type.Boolean({
    description:
      "Whether the requester hears of each change of the request at once by e-mail; otherwise it goes into the weekly digest.",
  });
const adminComment = () =>
  Type.String({
    description: "A note of the admins on the request.",
    maxLength: TEXT_LIMITS.prose,
    example: "Sourcing starts next month.",
  });

// ---------------------------------------------------------------------------------------------------
// Named enums

export const RequestStatusSchema = stringEnum<CommunityStatus>(COMMUNITY_STATUSES, {
  $id: "RequestStatus",
  description: "Where the request stands, as the requester sees it.",
});
export const AccessStatusSchema = stringEnum<AccessStatus>(ACCESS_STATUSES, {
  $id: "AccessStatus",
  description:
    "For private data: whether the company lets the requester read it. Public data needs no access.",
});
export const AggregatedRequestPrioritySchema = stringEnum<AggregatedPriority>(AGGREGATED_PRIORITIES, {
  $id: "AggregatedRequestPriority",
});

const dataTypeEnum = (description = "The framework of the requested data.") =>
  stringEnum<RequestDataType>(REQUEST_DATA_TYPES, { description });

const StatusRef = Type.Unsafe<CommunityStatus>(Type.Ref("RequestStatus"));
const AccessRef = Type.Unsafe<AccessStatus>(Type.Ref("AccessStatus"));
const AggregatedPriorityRef = Type.Unsafe<AggregatedPriority>(Type.Ref("AggregatedRequestPriority"));

// ---------------------------------------------------------------------------------------------------
// Data requests

export const SingleDataRequest = Type.Object(
  {
    companyIdentifier: Type.String({
      minLength: 1,
      maxLength: TEXT_LIMITS.lookup,
      description: "The company: its Openverde id or one of its identifiers (LEI, ISIN, PermId, ...).",
      example: "5493001KJX4BT0IHAG73",
    }),
    dataType: dataTypeEnum(),
    reportingPeriods: Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
      uniqueItems: true,
      maxItems: LIST_LIMITS.values,
      description: "The reporting periods (years) asked for; each becomes a request of its own.",
      example: ["2023", "2024"],
    }),
    contacts: Type.Optional(contacts()),
    message: Type.Optional(message()),
    notifyMeImmediately: notifyMeImmediately(),
  },
  { $id: "SingleDataRequest" },
);
export type SingleDataRequest = Static<typeof SingleDataRequest>;

const periods = (description: string) =>
  Type.Array(Type.String(), { description, example: ["2023", "2024"] });

export const SingleDataRequestResponse = Type.Object(
  {
    message: Type.String({
      description: "What became of the request, in words.",
      example: "Your data request was stored successfully.",
    }),
    reportingPeriodsOfStoredDataRequests: periods("The periods for which a new request was stored."),
    reportingPeriodsOfDuplicateDataRequests: periods(
      "The periods left out because the user has an active request for them already.",
    ),
    reportingPeriodsOfStoredAccessRequests: periods(
      "The periods of private data that is there already, for which the company is asked for access.",
    ),
  },
  { $id: "SingleDataRequestResponse" },
);

export const SingleRequestQuery = Type.Object({
  userId: Type.Optional(
    Type.String({ description: "Admins only: the user in whose name the request is made." }),
  ),
});

export const BulkDataRequest = Type.Object(
  {
    companyIdentifiers: Type.Array(Type.String({ maxLength: TEXT_LIMITS.lookup }), {
      uniqueItems: true,
      maxItems: LIST_LIMITS.bulk,
      description: "The companies: Openverde ids or identifiers such as LEIs and ISINs.",
      example: ["5493001KJX4BT0IHAG73", "US0378331005"],
    }),
    dataTypes: Type.Array(dataTypeEnum(), {
      uniqueItems: true,
      maxItems: LIST_LIMITS.bulk,
      description: "The frameworks asked for.",
      example: ["sfdr", "vsme"],
    }),
    reportingPeriods: Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
      uniqueItems: true,
      maxItems: LIST_LIMITS.bulk,
      description: "The reporting periods (years) asked for.",
      example: ["2023", "2024"],
    }),
    notifyMeImmediately: notifyMeImmediately(),
  },
  { $id: "BulkDataRequest" },
);
export type BulkDataRequest = Static<typeof BulkDataRequest>;

export const ResourceResponse = Type.Object(
  {
    userProvidedIdentifier: Type.String({
      description: "The identifier as the user gave it.",
      example: "5493001KJX4BT0IHAG73",
    }),
    companyName: Type.String({ description: "The company's name.", example: "Example Energie AG" }),
    framework: Type.String({ description: "The framework.", example: "sfdr" }),
    reportingPeriod: reportingPeriod(),
    resourceId: Type.String({
      description:
        "The request that was stored or that existed already, or the dataset that is there already.",
      example: "1e63a842-1e65-43ed-b78a-5e7cec155c28",
    }),
    resourceUrl: Type.Optional(Type.String({ description: "Where that request or dataset is shown." })),
  },
  { $id: "ResourceResponse" },
);

const resources = (description: string) => Type.Array(Type.Ref("ResourceResponse"), { description });

export const BulkDataRequestResponse = Type.Object(
  {
    acceptedDataRequests: resources(
      "The requests that were stored (including access requests for private data).",
    ),
    alreadyExistingRequests: resources("Combinations the user has an active request for already."),
    alreadyExistingDatasets: resources("Combinations whose public data is there already."),
    rejectedCompanyIdentifiers: Type.Array(Type.String(), {
      description: "Identifiers no company is known by.",
      example: ["XS0000000000"],
    }),
  },
  { $id: "BulkDataRequestResponse" },
);

export const StoredDataRequestMessageObject = Type.Object(
  {
    contacts: contacts(),
    message: Type.Optional(message()),
    creationTimestamp: timestamp("When the message was written (epoch milliseconds)."),
  },
  { $id: "StoredDataRequestMessageObject", description: "A message the requester sent to company contacts." },
);

export const StoredDataRequestStatusObject = Type.Object(
  {
    status: StatusRef,
    creationTimestamp: timestamp("When the request got this status (epoch milliseconds)."),
    accessStatus: AccessRef,
    requestStatusChangeReason: Type.Optional(Type.String({ description: "Why the status changed." })),
    answeringDataId: Type.Optional(Type.String({ description: "The dataset that answered the request." })),
  },
  { $id: "StoredDataRequestStatusObject" },
);

const requestCore = {
  dataRequestId: Type.String({
    description: "The request's id.",
    example: "1e63a842-1e65-43ed-b78a-5e7cec155c28",
  }),
  userId: Type.String({
    description: "The user who asked.",
    example: "1e63a842-1e65-43ed-b78a-5e7cec155c28",
  }),
  userEmailAddress: Type.Optional(Type.String({ description: "The e-mail address of the user who asked." })),
};
const requestDimensions = {
  creationTimestamp: timestamp("When the request was made (epoch milliseconds)."),
  dataType: Type.String({ description: "The framework.", example: "sfdr" }),
  reportingPeriod: reportingPeriod(),
  datalandCompanyId: Type.String({
    description: "The id under which Openverde keeps the company.",
    example: "c9710c7b-9cd6-446b-85b0-3773d2aceb48",
  }),
};
const requestStatusFields = {
  lastModifiedDate: timestamp("When the request last changed (epoch milliseconds)."),
  requestStatus: StatusRef,
  accessStatus: AccessRef,
  requestPriority: PriorityRef,
  adminComment: Type.Optional(adminComment()),
};

export const StoredDataRequest = Type.Object(
  {
    ...requestCore,
    notifyMeImmediately: notifyMeImmediately(),
    ...requestDimensions,
    messageHistory: Type.Array(Type.Ref("StoredDataRequestMessageObject"), {
      description: "The messages sent to company contacts about the request.",
    }),
    dataRequestStatusHistory: Type.Array(Type.Ref("StoredDataRequestStatusObject"), {
      description: "Every status the request had, oldest first.",
    }),
    ...requestStatusFields,
  },
  { $id: "StoredDataRequest" },
);

export const ExtendedStoredDataRequest = Type.Object(
  {
    ...requestCore,
    ...requestDimensions,
    companyName: Type.String({ description: "The company's name.", example: "Example Energie AG" }),
    ...requestStatusFields,
  },
  { $id: "ExtendedStoredDataRequest" },
);

export const DataRequestPatch = Type.Object(
  {
    requestStatus: Type.Optional(StatusRef),
    accessStatus: Type.Optional(AccessRef),
    contacts: Type.Optional(contacts()),
    message: Type.Optional(message()),
    requestPriority: Type.Optional(PriorityRef),
    notifyMeImmediately: Type.Optional(notifyMeImmediately()),
    adminComment: Type.Optional(adminComment()),
    requestStatusChangeReason: Type.Optional(
      Type.String({
        description: "Why the status changes; kept in the status history.",
        maxLength: TEXT_LIMITS.prose,
      }),
    ),
  },
  { $id: "DataRequestPatch" },
);
export type DataRequestPatch = Static<typeof DataRequestPatch>;

export const DataRequestIdParams = Type.Object({
  dataRequestId: idInPath("The request's id."),
});

export const DatasetAccessParams = Type.Object({
  companyId: idInPath("The id under which Openverde keeps the company."),
  dataType: Type.String({ description: "The framework.", example: "vsme" }),
  reportingPeriod: Type.String({ description: "The reporting period.", example: "2024" }),
  userId: idInPath("The id of the user."),
});

const requestFilters = {
  dataType: Type.Optional(
    Type.Array(dataTypeEnum(), { uniqueItems: true, description: "Only these frameworks." }),
  ),
  userId: Type.Optional(uuid("Only requests of this user.")),
  emailAddress: Type.Optional(
    Type.String({ description: "Only requests of users whose e-mail address contains this text." }),
  ),
  adminComment: Type.Optional(
    Type.String({ description: "Only requests whose admin comment contains this text." }),
  ),
  requestStatus: Type.Optional(
    Type.Array(StatusRef, { uniqueItems: true, description: "Only these statuses." }),
  ),
  accessStatus: Type.Optional(
    Type.Array(AccessRef, { uniqueItems: true, description: "Only these access statuses." }),
  ),
  requestPriority: Type.Optional(
    Type.Array(PriorityRef, { uniqueItems: true, description: "Only these priorities." }),
  ),
  reportingPeriods: Type.Optional(
    Type.Array(Type.String(), { uniqueItems: true, description: "Only these reporting periods." }),
  ),
  datalandCompanyId: Type.Optional(uuid("Only requests for this company.")),
  companySearchString: Type.Optional(
    Type.String({
      description: "Only requests for companies whose name or an identifier contains this text.",
    }),
  ),
};

export const RequestSearchQuery = Type.Object({
  ...requestFilters,
  ...paging("requests"),
});
export type RequestSearchQuery = Static<typeof RequestSearchQuery>;

export const RequestCountQuery = Type.Object(requestFilters);

export const AggregatedQuery = Type.Object({
  dataTypes: Type.Optional(
    Type.Array(dataTypeEnum(), { uniqueItems: true, description: "Only these frameworks." }),
  ),
  reportingPeriod: Type.Optional(Type.String({ description: "Only this reporting period." })),
  aggregatedPriority: Type.Optional(AggregatedPriorityRef),
});

export const AggregatedDataRequestWithAggregatedPriority = Type.Object(
  {
    dataType: Type.Optional(dataTypeEnum()),
    reportingPeriod: Type.Optional(reportingPeriod()),
    datalandCompanyId: Type.String({ description: "The id under which Openverde keeps the company." }),
    aggregatedPriority: AggregatedPriorityRef,
    count: Type.Integer({
      format: "int64",
      description: "How many open requests of this priority there are.",
      example: 23,
    }),
  },
  { $id: "AggregatedDataRequestWithAggregatedPriority" },
);

/** Every named component, in an order where each one comes after what it refers to. */
export const COMPONENTS: TSchema[] = [
  RequestStatusSchema,
  AccessStatusSchema,
  RequestPrioritySchema,
  AggregatedRequestPrioritySchema,
  SingleDataRequest,
  SingleDataRequestResponse,
  BulkDataRequest,
  ResourceResponse,
  BulkDataRequestResponse,
  StoredDataRequestMessageObject,
  StoredDataRequestStatusObject,
  StoredDataRequest,
  ExtendedStoredDataRequest,
  DataRequestPatch,
  AggregatedDataRequestWithAggregatedPriority,
];
