/** Request and response schemas of /data-sourcing (the reference's names and shapes). */
import { type Static, type TSchema, Type } from "@fastify/type-provider-typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import {
  DATA_SOURCING_STATES,
  type DataSourcingState,
  DISPLAYED_STATES,
  type DisplayedState,
  SOURCING_STATES,
  type SourcingState,
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

const companyId = () =>
  Type.String({
    description: "The id under which Openverde keeps the company.",
    example: ID_EXAMPLE,
    maxLength: TEXT_LIMITS.id,
  });
const dataType = () =>
  Type.String({
    description: "The framework, e.g. sfdr or eutaxonomy-financials.",
    example: "sfdr",
    maxLength: TEXT_LIMITS.code,
  });
const requestId = () =>
  Type.String({
    description: "The id of the data request.",
    example: "40c84975-529a-41d2-b5dc-dbb4c803d2bc",
  });
const dataSourcingId = () =>
  Type.String({
    description: "The id of the sourcing object.",
    example: "ef6d806c-4bd3-4ea2-b8e6-dcc590385e15",
  });
const adminComment = () =>
  Type.String({
    description: "A note of the admins.",
    example: "Sourcing starts next month.",
    maxLength: TEXT_LIMITS.prose,
  });
const memberComment = () =>
  Type.String({
    description: "What the requester wrote when asking.",
    example: "The sustainability report of this year should have scope 3 emissions.",
    maxLength: TEXT_LIMITS.prose,
  });
const date = (description: string) => Type.String({ format: "date", description, example: "2025-12-31" });
const providerCompany = (what: string) =>
  Type.String({
    description: `The id of the company that ${what}.`,
    example: ID_EXAMPLE,
    maxLength: TEXT_LIMITS.id,
  });
const priority = () =>
  Type.Integer({
    format: "int32",
    description:
      "How urgent the sourcing object is: 1 is the most urgent. Shown to admins and to the companies assigned to it only.",
    example: 1,
  });

// ---------------------------------------------------------------------------------------------------
// Named enums

export const RequestStateSchema = stringEnum<SourcingState>(SOURCING_STATES, {
  $id: "RequestState",
  description: "Where a request stands in the sourcing work.",
});
export const DataSourcingStateSchema = stringEnum<DataSourcingState>(DATA_SOURCING_STATES, {
  $id: "DataSourcingState",
  description: "Where the sourcing of one company, framework and period stands.",
});
export const DisplayedStateSchema = stringEnum<DisplayedState>(DISPLAYED_STATES, {
  $id: "DisplayedState",
  description: "Where a request stands, in one word for its requester.",
  example: "DataExtraction",
});

const StateRef = Type.Unsafe<SourcingState>(Type.Ref("RequestState"));
const SourcingStateRef = Type.Unsafe<DataSourcingState>(Type.Ref("DataSourcingState"));

// ---------------------------------------------------------------------------------------------------
// Requests

export const SingleRequest = Type.Object(
  {
    companyIdentifier: Type.String({
      minLength: 1,
      maxLength: TEXT_LIMITS.lookup,
      description: "The company: its Openverde id, LEI, ISIN or another identifier.",
      example: "5493001KJX4BT0IHAG73",
    }),
    dataType: dataType(),
    reportingPeriod: reportingPeriod(),
    memberComment: Type.Optional(memberComment()),
  },
  { $id: "SingleRequest" },
);
export type SingleRequest = Static<typeof SingleRequest>;

export const SingleRequestResponse = Type.Object(
  { requestId: requestId() },
  { $id: "SingleRequestResponse" },
);

export const BulkDataRequest = Type.Object(
  {
    companyIdentifiers: Type.Array(Type.String({ maxLength: TEXT_LIMITS.lookup }), {
      uniqueItems: true,
      maxItems: LIST_LIMITS.bulk,
      description: "The companies: Openverde ids, LEIs, ISINs or other identifiers.",
      example: ["5493001KJX4BT0IHAG73", "US0378331005"],
    }),
    dataTypes: Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
      uniqueItems: true,
      maxItems: LIST_LIMITS.bulk,
      description: "The frameworks. An unknown one refuses the whole call; nothing is stored then.",
      example: ["sfdr", "lksg"],
    }),
    reportingPeriods: Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
      uniqueItems: true,
      maxItems: LIST_LIMITS.bulk,
      description: "The reporting periods (years).",
      example: ["2023", "2024"],
    }),
  },
  { $id: "BulkDataRequest" },
);
export type BulkDataRequest = Static<typeof BulkDataRequest>;

export const BasicDataDimensions = Type.Object(
  { companyId: companyId(), dataType: dataType(), reportingPeriod: reportingPeriod() },
  { $id: "BasicDataDimensions" },
);
const DimensionsRef = Type.Ref("BasicDataDimensions");

export const BulkDataRequestResponse = Type.Object(
  {
    acceptedDataRequests: Type.Array(DimensionsRef, { description: "Stored as new requests." }),
    invalidDataRequests: Type.Array(DimensionsRef, {
      description: "Not stored: no company is known by the identifier (given as companyId).",
    }),
    existingDataRequests: Type.Array(DimensionsRef, {
      description: "Not stored: the user has asked for this data already.",
    }),
    existingDataSets: Type.Array(DimensionsRef, {
      description: "Not stored: the data is on Openverde already.",
    }),
    nonSourceableDataRequests: Type.Array(DimensionsRef, {
      description: "Not stored: the data was found not to be sourceable.",
    }),
  },
  { $id: "BulkDataRequestResponse" },
);

const storedRequestFields = {
  id: requestId(),
  companyId: companyId(),
  reportingPeriod: reportingPeriod(),
  dataType: dataType(),
  userId: Type.String({ description: "The id of the user who asked.", example: ID_EXAMPLE }),
  creationTimestamp: timestamp("When the request was made (epoch milliseconds)."),
  memberComment: Type.Optional(memberComment()),
  adminComment: Type.Optional(adminComment()),
  lastModifiedDate: timestamp("When the request last changed (epoch milliseconds)."),
  requestPriority: PriorityRef,
  state: StateRef,
  dataSourcingEntityId: Type.Optional(dataSourcingId()),
};

export const StoredRequest = Type.Object(storedRequestFields, { $id: "StoredRequest" });

export const ExtendedStoredRequest = Type.Object(
  {
    ...storedRequestFields,
    companyName: Type.String({ description: "The company's name.", example: "Acme Green Power AG" }),
    userEmailAddress: Type.Optional(
      Type.String({ description: "The requester's e-mail address.", example: "jane@example.com" }),
    ),
  },
  { $id: "ExtendedStoredRequest" },
);

export const DataSourcingDetails = Type.Object(
  {
    dataSourcingEntityId: Type.Optional(dataSourcingId()),
    dataSourcingState: Type.Optional(SourcingStateRef),
    dateOfNextDocumentSourcingAttempt: Type.Optional(date("When the next search for documents is planned.")),
    documentCollectorName: Type.Optional(
      Type.String({ description: "The name of the company collecting the documents." }),
    ),
    dataExtractorName: Type.Optional(
      Type.String({ description: "The name of the company extracting the data." }),
    ),
  },
  { $id: "DataSourcingDetails", description: "How the sourcing of the requested data goes." },
);

export const DataSourcingEnhancedRequest = Type.Object(
  {
    id: requestId(),
    companyId: companyId(),
    reportingPeriod: reportingPeriod(),
    dataType: dataType(),
    userId: storedRequestFields.userId,
    creationTimestamp: storedRequestFields.creationTimestamp,
    memberComment: Type.Optional(memberComment()),
    adminComment: Type.Optional(adminComment()),
    lastModifiedDate: storedRequestFields.lastModifiedDate,
    requestPriority: PriorityRef,
    state: StateRef,
    dataSourcingDetails: Type.Optional(Type.Ref("DataSourcingDetails")),
    companyName: Type.String({ description: "The company's name.", example: "Acme Green Power AG" }),
    userEmailAddress: Type.Optional(Type.String({ description: "The requester's e-mail address." })),
  },
  { $id: "DataSourcingEnhancedRequest" },
);

const historyExtras = {
  previousRequestState: Type.Optional(StateRef),
  changedByUserId: Type.Optional(
    Type.String({ description: "Who made the change; left out when the platform made it." }),
  ),
  comment: Type.Optional(Type.String({ description: "Why the change was made." })),
};

export const RequestHistoryEntryData = Type.Object(
  {
    modificationDate: timestamp("When the change happened (epoch milliseconds)."),
    displayedState: Type.Ref("DisplayedState"),
    requestState: Type.Optional(StateRef),
    ...historyExtras,
  },
  { $id: "RequestHistoryEntryData" },
);

export const ExtendedRequestHistoryEntryData = Type.Object(
  {
    modificationDate: timestamp("When the change happened (epoch milliseconds)."),
    requestState: StateRef,
    dataSourcingState: Type.Optional(SourcingStateRef),
    displayedState: Type.Ref("DisplayedState"),
    adminComment: Type.Optional(adminComment()),
    ...historyExtras,
  },
  { $id: "ExtendedRequestHistoryEntryData" },
);

const filterValues = <T extends TSchema>(item: T, description: string) =>
  Type.Array(item, { maxItems: LIST_LIMITS.values, description });

export const RequestSearchFilterString = Type.Object(
  {
    companyId: Type.Optional(
      Type.String({ description: "Only requests for this company.", maxLength: TEXT_LIMITS.id }),
    ),
    dataTypes: Type.Optional(
      filterValues(Type.String({ maxLength: TEXT_LIMITS.code }), "Only these frameworks."),
    ),
    reportingPeriods: Type.Optional(
      filterValues(Type.String({ maxLength: TEXT_LIMITS.code }), "Only these periods."),
    ),
    userId: Type.Optional(
      Type.String({ description: "Only requests of this user.", maxLength: TEXT_LIMITS.id }),
    ),
    requestStates: Type.Optional(filterValues(StateRef, "Only requests in these states.")),
    requestPriorities: Type.Optional(filterValues(PriorityRef, "Only requests of these priorities.")),
    emailAddress: Type.Optional(
      Type.String({
        description: "Only requests of users whose e-mail address contains this text.",
        maxLength: TEXT_LIMITS.email,
      }),
    ),
    adminComment: Type.Optional(
      Type.String({
        description: "Only requests whose admin comment contains this text.",
        maxLength: TEXT_LIMITS.prose,
      }),
    ),
    companySearchString: Type.Optional(
      Type.String({
        description: "Only requests for companies whose name or an identifier contains this.",
        maxLength: TEXT_LIMITS.lookup,
      }),
    ),
    dataSourcingStates: Type.Optional(
      filterValues(SourcingStateRef, "Only requests whose sourcing object is in these states."),
    ),
  },
  { $id: "RequestSearchFilterString" },
);
export type RequestSearchFilterString = Static<typeof RequestSearchFilterString>;

// ---------------------------------------------------------------------------------------------------
// Sourcing objects

export const ExpectedPublicationDateOfDocument = Type.Object(
  {
    documentCategory: Type.String({
      description: "What kind of document.",
      example: "AnnualReport",
      maxLength: TEXT_LIMITS.code,
    }),
    expectedPublicationDate: date("When it is expected to be published."),
  },
  { $id: "ExpectedPublicationDateOfDocument" },
);
const ExpectedRef = Type.Unsafe<{ documentCategory: string; expectedPublicationDate: string }>(
  Type.Ref("ExpectedPublicationDateOfDocument"),
);

const documentIds = (
  item: { minLength?: number } = {},
  options: { description?: string; example?: string[] } = {},
) =>
  Type.Array(Type.String({ ...item, maxLength: TEXT_LIMITS.id }), {
    uniqueItems: true,
    maxItems: LIST_LIMITS.values,
    ...options,
  });

export const AdminDataSourcingPatch = Type.Object(
  {
    documentCollector: Type.Optional(providerCompany("collects the documents")),
    dataExtractor: Type.Optional(providerCompany("extracts the data")),
    adminComment: Type.Optional(adminComment()),
    priority: Type.Optional(
      Type.Integer({ format: "int32", minimum: 1, description: "1 is the most urgent." }),
    ),
    state: Type.Optional(SourcingStateRef),
    documentIds: Type.Optional(documentIds()),
    expectedPublicationDatesOfDocuments: Type.Optional(
      Type.Array(ExpectedRef, { uniqueItems: true, maxItems: LIST_LIMITS.values }),
    ),
    dateOfNextDocumentSourcingAttempt: Type.Optional(date("When the next search for documents is planned.")),
  },
  { $id: "AdminDataSourcingPatch" },
);
export type AdminDataSourcingPatch = Static<typeof AdminDataSourcingPatch>;

const reducedFields = {
  dataSourcingId: dataSourcingId(),
  companyId: companyId(),
  reportingPeriod: reportingPeriod(),
  dataType: dataType(),
  state: SourcingStateRef,
  documentIds: Type.Array(Type.String(), {
    uniqueItems: true,
    description: "The documents the data is taken from.",
  }),
  expectedPublicationDatesOfDocuments: Type.Array(ExpectedRef, {
    uniqueItems: true,
    description: "When documents not out yet are expected.",
  }),
  dateOfNextDocumentSourcingAttempt: Type.Optional(date("When the next search for documents is planned.")),
  documentCollector: Type.Optional(providerCompany("collects the documents")),
  dataExtractor: Type.Optional(providerCompany("extracts the data")),
  priority: Type.Optional(priority()),
};

export const ReducedDataSourcing = Type.Object(reducedFields, { $id: "ReducedDataSourcing" });

export const StoredDataSourcing = Type.Object(
  {
    ...reducedFields,
    adminComment: Type.Optional(adminComment()),
    associatedRequestIds: Type.Array(Type.String(), {
      uniqueItems: true,
      description: "The requests that ask for this company, framework and period.",
    }),
  },
  { $id: "StoredDataSourcing" },
);

export const DataSourcingWithoutReferences = Type.Object(
  {
    dataSourcingId: dataSourcingId(),
    companyId: companyId(),
    reportingPeriod: reportingPeriod(),
    dataType: dataType(),
    state: SourcingStateRef,
    dateOfNextDocumentSourcingAttempt: Type.Optional(date("When the next search for documents is planned.")),
    documentCollector: Type.Optional(providerCompany("collects the documents")),
    dataExtractor: Type.Optional(providerCompany("extracts the data")),
    adminComment: Type.Optional(adminComment()),
    lastModifiedDate: timestamp("When this change was made (epoch milliseconds)."),
    priority: Type.Optional(priority()),
    previousState: Type.Optional(SourcingStateRef),
    changedByUserId: Type.Optional(
      Type.String({ description: "Who made the change; left out when the platform made it." }),
    ),
    comment: Type.Optional(Type.String({ description: "Why the change was made." })),
    documentIds: Type.Optional(Type.Array(Type.String(), { uniqueItems: true })),
  },
  { $id: "DataSourcingWithoutReferences" },
);

export const DataSourcingPriorityByDataDimensions = Type.Object(
  {
    companyId: companyId(),
    dataType: dataType(),
    reportingPeriod: reportingPeriod(),
    priority: Type.Optional(priority()),
  },
  { $id: "DataSourcingPriorityByDataDimensions" },
);

// ---------------------------------------------------------------------------------------------------
// Parameters

export const DataRequestIdParams = Type.Object({ dataRequestId: requestId() });
export const DataSourcingIdParams = Type.Object({ dataSourcingId: dataSourcingId() });
export const ProviderParams = Type.Object({
  providerCompanyId: Type.String({ description: "The id of the collecting or extracting company." }),
});

export const OnBehalfQuery = Type.Object({
  userId: Type.Optional(
    Type.String({ description: "Admins only: ask in the name of this user instead of yourself." }),
  ),
});

export const RequestStatePatchQuery = Type.Object({
  requestState: StateRef,
  adminComment: Type.Optional(adminComment()),
});
export const RequestPriorityPatchQuery = Type.Object({
  requestPriority: PriorityRef,
  adminComment: Type.Optional(adminComment()),
});

const pagingOfEntries = paging("entries");
export const PagingQuery = Type.Object(pagingOfEntries);

const requestFilters = {
  companyId: Type.Optional(Type.String({ description: "Only requests for this company." })),
  dataType: Type.Optional(
    Type.Array(Type.String(), { uniqueItems: true, description: "Only these frameworks (repeatable)." }),
  ),
  reportingPeriod: Type.Optional(
    Type.Array(Type.String(), { uniqueItems: true, description: "Only these periods (repeatable)." }),
  ),
  requestState: Type.Optional(
    Type.Array(StateRef, { uniqueItems: true, description: "Only requests in these states (repeatable)." }),
  ),
  requestPriority: Type.Optional(
    Type.Array(PriorityRef, { uniqueItems: true, description: "Only these priorities (repeatable)." }),
  ),
  userId: Type.Optional(Type.String({ description: "Only requests of this user (admins)." })),
};
export const RequestCountQuery = Type.Object(requestFilters);
export type RequestCountQuery = Static<typeof RequestCountQuery>;
export const RequestListQuery = Type.Object({ ...requestFilters, ...pagingOfEntries });

export const DataSourcingSearchQuery = Type.Object({
  companyId: Type.Optional(Type.String({ description: "Only objects of this company." })),
  dataType: Type.Optional(Type.String({ description: "Only objects of this framework." })),
  reportingPeriod: Type.Optional(Type.String({ description: "Only objects of this period." })),
  state: Type.Optional(SourcingStateRef),
  ...pagingOfEntries,
});

export const SourcingStatePatchQuery = Type.Object({
  state: SourcingStateRef,
  comment: Type.Optional(Type.String({ description: "Why; kept in the history." })),
});
export const DocumentsPatchQuery = Type.Object({
  appendDocuments: Type.Boolean({
    default: true,
    description: "true (default): add the documents to those there; false: replace them.",
  }),
});
export const DocumentIdsBody = documentIds(
  { minLength: 1 },
  {
    description: "Ids (SHA-256 hashes) of stored documents.",
    example: ["91a6f38ece1ae347d1b0dc9f6b6a0ef7593ed051595e3f138e922cb1df39c86c"],
  },
);
export const AttemptPatchQuery = Type.Object({
  dateOfNextDocumentSourcingAttempt: date("When the next search for documents is planned."),
});
export const HistoryQuery = Type.Object({
  stateChangesOnly: Type.Boolean({
    default: false,
    description: "true: only the entries that changed the state.",
  }),
});

/** Every named component, each after what it refers to. */
export const COMPONENTS: TSchema[] = [
  RequestStateSchema,
  RequestPrioritySchema,
  DataSourcingStateSchema,
  DisplayedStateSchema,
  SingleRequest,
  SingleRequestResponse,
  BulkDataRequest,
  BasicDataDimensions,
  BulkDataRequestResponse,
  StoredRequest,
  ExtendedStoredRequest,
  DataSourcingDetails,
  DataSourcingEnhancedRequest,
  RequestHistoryEntryData,
  ExtendedRequestHistoryEntryData,
  RequestSearchFilterString,
  ExpectedPublicationDateOfDocument,
  AdminDataSourcingPatch,
  ReducedDataSourcing,
  StoredDataSourcing,
  DataSourcingWithoutReferences,
  DataSourcingPriorityByDataDimensions,
];
