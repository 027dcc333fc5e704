import { QA_STATUSES } from "@openverde/frameworks/qa-status";
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { DOCUMENT_TYPES } from "./file-types";

export const DOCUMENT_CATEGORIES = ["AnnualReport", "SustainabilityReport", "Policy", "Other"] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/** A reference to a named component, typed as the component. */
export const refTo = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T>>(Type.Ref(schema.$id as string));

const documentId = Type.String({
  description:
    "The SHA-256 of the document's bytes in lower-case hex; the same bytes always get the same id.",
  examples: ["afa44f6138e4e3925f9da5ae355a9ee60f1630e52ddd755c4b2762cf61b4f7b4"],
});
const documentName = Type.String({
  description:
    "The name the document is shown and downloaded under; it need not match the uploaded file's name and " +
    'needs no extension. 1 to 254 characters, none of < > : " | ? / * \\, no leading whitespace and no ' +
    "trailing dot or whitespace.",
  examples: ["Company_X_Annual_Report_2024"],
  maxLength: TEXT_LIMITS.fileName,
});
const documentCategory = Type.Unsafe<DocumentCategory>({
  type: "string",
  enum: [...DOCUMENT_CATEGORIES],
  description: "What kind of report the document is.",
});
const companyIds = Type.Array(Type.String({ maxLength: TEXT_LIMITS.id }), {
  uniqueItems: true,
  description: "The companies that cite this document as a source.",
  examples: [["c9710c7b-9cd6-446b-85b0-3773d2aceb48"]],
});
const publicationDate = Type.String({
  format: "date",
  description: "The day the company published the document, written yyyy-MM-dd.",
  examples: ["2024-02-13"],
});
const reportingPeriod = Type.String({
  description: "The reporting period (fiscal year) the document covers, written with four digits.",
  examples: ["2023"],
  maxLength: TEXT_LIMITS.code,
});
const uploaderId = Type.String({ description: "The id of the user who uploaded the document first." });

export const DocumentTypeSchema = Type.Unsafe<(typeof DOCUMENT_TYPES)[number]>({
  $id: "DocumentType",
  type: "string",
  enum: [...DOCUMENT_TYPES],
  description: "The kind of file, as recognised from its bytes.",
});

export const QaStatusSchema = Type.Unsafe<(typeof QA_STATUSES)[number]>({
  $id: "QaStatus",
  type: "string",
  enum: [...QA_STATUSES],
  description: "Where the document stands in quality review; only accepted documents are listed.",
});

export const DocumentMetaInfo = Type.Object(
  {
    documentName,
    documentCategory,
    companyIds,
    publicationDate: Type.Optional(publicationDate),
    reportingPeriod: Type.Optional(reportingPeriod),
  },
  { $id: "DocumentMetaInfo", description: "What is known about a document when it is uploaded." },
);
export type DocumentMetaInfo = Static<typeof DocumentMetaInfo>;

export const DocumentMetaInfoPatch = Type.Object(
  {
    documentName: Type.Optional(documentName),
    documentCategory: Type.Optional(documentCategory),
    companyIds: Type.Optional(companyIds),
    publicationDate: Type.Optional(publicationDate),
    reportingPeriod: Type.Optional(reportingPeriod),
  },
  {
    $id: "DocumentMetaInfoPatch",
    description: "Changes to a document's metadata: only the fields given are replaced.",
  },
);
export type DocumentMetaInfoPatch = Static<typeof DocumentMetaInfoPatch>;

export const DocumentMetaInfoResponse = Type.Object(
  {
    documentId,
    documentName: Type.Optional(documentName),
    documentCategory: Type.Optional(documentCategory),
    companyIds: Type.Optional(companyIds),
    uploaderId,
    publicationDate: Type.Optional(publicationDate),
    reportingPeriod: Type.Optional(reportingPeriod),
  },
  { $id: "DocumentMetaInfoResponse", description: "A stored document's metadata." },
);
export type DocumentMetaInfoResponse = Static<typeof DocumentMetaInfoResponse>;

export const DocumentMetaInfoEntity = Type.Object(
  {
    documentId,
    documentType: refTo(DocumentTypeSchema),
    documentName: Type.Optional(documentName),
    documentCategory: Type.Optional(documentCategory),
    companyIds,
    uploaderId,
    uploadTime: Type.Integer({
      format: "int64",
      description: "When the document was first uploaded, in milliseconds since 1970-01-01 UTC.",
    }),
    publicationDate: Type.Optional(publicationDate),
    reportingPeriod: Type.Optional(reportingPeriod),
    qaStatus: refTo(QaStatusSchema),
    isViewableByUser: Type.Boolean({ description: "Whether the asking user may download the document." }),
  },
  {
    $id: "DocumentMetaInfoEntity",
    description: "A stored document's full metadata, including its file type and upload time.",
  },
);
export type DocumentMetaInfoEntity = Static<typeof DocumentMetaInfoEntity>;

export const DocumentIdParams = Type.Object({ documentId });
export const DocumentCompanyParams = Type.Object({
  documentId,
  companyId: Type.String({ description: "The id of the company to link to the document." }),
});

export const DEFAULT_CHUNK_SIZE = 100;
export const MAX_CHUNK_SIZE = 1000;

export const DocumentSearchQuery = Type.Object({
  companyId: Type.Optional(Type.String({ description: "Only documents linked to this company." })),
  documentCategories: Type.Optional(
    Type.Array(documentCategory, {
      uniqueItems: true,
      description: "Only documents of one of these categories.",
    }),
  ),
  reportingPeriod: Type.Optional(Type.String({ description: "Only documents of this reporting period." })),
  chunkSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_CHUNK_SIZE,
      default: DEFAULT_CHUNK_SIZE,
      description: `How many documents one page holds (default ${DEFAULT_CHUNK_SIZE}, at most ${MAX_CHUNK_SIZE}).`,
    }),
  ),
  chunkIndex: Type.Optional(
    Type.Integer({
      minimum: 0,
      default: 0,
      description: "Which page to return, counted from 0 (default 0).",
    }),
  ),
});
export type DocumentSearchQuery = Static<typeof DocumentSearchQuery>;

export const UploadBody = Type.Object(
  {
    document: Type.String({ format: "binary", description: "The file: PDF, XLSX, XLS, ODS or DOCX." }),
    documentMetaInfo: Type.Optional(refTo(DocumentMetaInfo)),
  },
  { description: "The file and, as JSON, its metadata." },
);

export const sharedSchemas = [
  DocumentTypeSchema,
  QaStatusSchema,
  DocumentMetaInfo,
  DocumentMetaInfoPatch,
  DocumentMetaInfoResponse,
  DocumentMetaInfoEntity,
];
