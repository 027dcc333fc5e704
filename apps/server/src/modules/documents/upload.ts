/**
 * The upload path: reading an upload's metadata part, staging its bytes while they arrive, and making
 * the staged bytes a document (or merging them into the stored one) in one short transaction.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import type { AnyDb } from "../../platform/db/database";
import { ApiError } from "../../platform/http/errors";
import { withoutInvisibleCharacters } from "../../platform/text/visible-text";
import { containerOf, HEAD_BYTES, identify, MEDIA_TYPES, type RandomAccess } from "./file-types";
import { can } from "./policy";
import type { DocumentMetaInfo, DocumentMetaInfoResponse } from "./schemas";
import {
  type AnyExecutor,
  checkCompaniesExist,
  checkMetaFields,
  type DocumentsSettings,
  invalidField,
  own,
  toResponse,
} from "./service";
import type { ByteTransfer, DocumentsDb } from "./store";
import * as store from "./store";

/** Bytes per stored chunk: large enough for few rows, small enough to stream a range quickly. */
export const STORAGE_CHUNK_BYTES = 256 * 1024;

const describeBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MiB` : `${bytes} bytes`;

export const tooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    "payload-too-large",
    "Payload too large",
    `document is larger than the limit of ${describeBytes(maxBytes)}.`,
  );

const unsupportedType = () =>
  new ApiError(
    415,
    "unsupported-media-type",
    "Unsupported media type",
    "document is not a PDF, XLSX, XLS, ODS or DOCX file (the type is read from the file's content, not its name).",
  );

/**
 * Reads the documentMetaInfo part of an upload: JSON of the DocumentMetaInfo shape. Problems are
 * 400s that name the field, such as "documentMetaInfo.documentCategory".
 */
export function parseUploadMeta(raw: unknown): DocumentMetaInfo {
  let value = raw;
  if (typeof raw === "string" || Buffer.isBuffer(raw)) {
    try {
      value = JSON.parse(raw.toString());
    } catch {
      throw invalidField("documentMetaInfo", "is not valid JSON");
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidField("documentMetaInfo", "must be a JSON object");
  const meta = value as Record<string, unknown>;
  const known = new Set([
    "documentName",
    "documentCategory",
    "companyIds",
    "publicationDate",
    "reportingPeriod",
  ]);
  for (const key of Object.keys(meta)) {
    if (!known.has(key)) throw invalidField(`documentMetaInfo.${key}`, "is not a known field");
  }
  for (const key of ["documentName", "documentCategory"]) {
    if (meta[key] === undefined || meta[key] === null)
      throw invalidField(`documentMetaInfo.${key}`, "is required");
    if (typeof meta[key] !== "string") throw invalidField(`documentMetaInfo.${key}`, "must be a string");
  }
  for (const key of ["publicationDate", "reportingPeriod"]) {
    if (meta[key] === null) delete meta[key];
    if (meta[key] !== undefined && typeof meta[key] !== "string")
      throw invalidField(`documentMetaInfo.${key}`, "must be a string");
  }
  const companyIds = meta.companyIds ?? [];
  if (!Array.isArray(companyIds) || companyIds.some((id) => typeof id !== "string"))
    throw invalidField("documentMetaInfo.companyIds", "must be a list of company ids");
  const parsed: DocumentMetaInfo = {
    documentName: meta.documentName as string,
    documentCategory: meta.documentCategory as DocumentMetaInfo["documentCategory"],
    companyIds: [...new Set(companyIds as string[])],
    ...(meta.publicationDate !== undefined ? { publicationDate: meta.publicationDate as string } : {}),
    ...(meta.reportingPeriod !== undefined ? { reportingPeriod: meta.reportingPeriod as string } : {}),
  };
  checkMetaFields(parsed, "documentMetaInfo.");
  return parsed;
}

/** Checks an upload's metadata against the database and the uploader's rights. */
export async function checkUploadMeta(db: AnyExecutor, actor: Actor, meta: DocumentMetaInfo | undefined) {
  const companyIds = meta?.companyIds ?? [];
  await checkCompaniesExist(db, companyIds, "documentMetaInfo.companyIds");
  authorize(
    actor,
    await can(actor, "upload", { db: db as AnyDb, companyIds }),
    "Uploading documents needs the role ROLE_UPLOADER, or a company role that allows uploading for each of the document's companies.",
  );
}

// ---- storing bytes -----------------------------------------------------------------------------

export interface StagedUpload {
  blobId: string;
  documentId: string;
  sizeBytes: number;
  documentType: keyof typeof MEDIA_TYPES;
}

/** Random access to the bytes of a blob, read chunk by chunk from the database. */
function blobAccess(
  db: DocumentsDb,
  blobId: string,
  size: number,
  chunkSize: number,
  transfer: ByteTransfer,
): RandomAccess {
  return {
    size,
    read: async (start, length) => {
      const end = Math.min(size, start + length) - 1;
      if (end < start) return Buffer.alloc(0);
      const chunks = await store.readChunks(
        db,
        blobId,
        Math.floor(start / chunkSize),
        Math.floor(end / chunkSize),
        transfer,
      );
      const joined = Buffer.concat(chunks);
      const offset = start - Math.floor(start / chunkSize) * chunkSize;
      return joined.subarray(offset, offset + (end - start + 1));
    },
  };
}

/**
 * Streams an upload into a staging blob chunk by chunk while hashing it; no transaction is held
 * while the client sends. The type is checked on the first bytes (and, for containers, on the
 * stored file at the end). On any failure, including a cut connection, the staging blob is removed.
 */
export async function stageUpload(
  db: AnyExecutor,
  source: AsyncIterable<Buffer | Uint8Array>,
  settings: DocumentsSettings & { isTruncated?: () => boolean },
): Promise<StagedUpload> {
  const documents = own(db);
  const blobId = randomUUID();
  const chunkSize = STORAGE_CHUNK_BYTES;
  await store.createStagingBlob(documents, blobId, chunkSize);
  try {
    const hash = createHash("sha256");
    // One buffer for every chunk: a write is awaited before the buffer is filled again, and fresh
    // 256 KiB buffers per chunk would make the garbage collector run over and over.
    const pending = Buffer.allocUnsafe(chunkSize);
    let filled = 0;
    let seq = 0;
    let size = 0;
    let head: Buffer | undefined;
    const headParts: Buffer[] = [];
    for await (const piece of source) {
      const bytes = Buffer.isBuffer(piece)
        ? piece
        : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      size += bytes.length;
      if (size > settings.maxBytes) throw tooLarge(settings.maxBytes);
      hash.update(bytes);
      if (!head) {
        headParts.push(bytes);
        const collected = headParts.reduce((sum, part) => sum + part.length, 0);
        if (collected >= HEAD_BYTES) {
          head = Buffer.concat(headParts).subarray(0, HEAD_BYTES);
          if (containerOf(head) === "unknown") throw unsupportedType();
        }
      }
      let at = 0;
      while (at < bytes.length) {
        const take = Math.min(chunkSize - filled, bytes.length - at);
        bytes.copy(pending, filled, at, at + take);
        filled += take;
        at += take;
        if (filled === chunkSize) {
          await store.writeChunk(documents, blobId, seq++, pending, settings.transfer);
          filled = 0;
        }
      }
    }
    if (settings.isTruncated?.()) throw tooLarge(settings.maxBytes);
    if (size === 0) throw invalidField("document", "is empty");
    if (filled > 0)
      await store.writeChunk(documents, blobId, seq++, pending.subarray(0, filled), settings.transfer);
    head ??= Buffer.concat(headParts);
    const documentType = await identify(
      head,
      blobAccess(documents, blobId, size, chunkSize, settings.transfer),
    );
    if (!documentType) throw unsupportedType();
    return { blobId, documentId: hash.digest("hex"), sizeBytes: size, documentType };
  } catch (error) {
    await discardStaging(db, blobId);
    throw error;
  }
}

/** Removes a staging blob; used when an upload fails after its bytes were staged. */
export async function discardStaging(db: AnyExecutor, blobId: string): Promise<void> {
  await store.deleteStagingBlob(own(db), blobId).catch(() => {});
}

export interface StoredUpload {
  created: boolean;
  document: DocumentMetaInfoResponse;
}

/**
 * Makes a staged upload a document in one short transaction. New bytes become a new document with
 * the given metadata. Bytes already stored are not kept twice: the staging blob is dropped and the
 * metadata merged into the stored document (see docs/documents.md):
 * - companyIds: the union of the stored and the new companies;
 * - documentName, documentCategory, publicationDate, reportingPeriod: the stored value stays, a
 *   missing stored value is filled from the new upload;
 * - uploaderId and uploadTime stay those of the first upload.
 */
export async function promoteUpload(
  db: AnyExecutor,
  uploader: SignedInActor,
  staged: StagedUpload,
  meta: DocumentMetaInfo | undefined,
  fileName: string,
): Promise<StoredUpload> {
  try {
    return await (db as AnyDb).transaction().execute(async (trx) => {
      const documents = own(trx);
      const created = await store.insertDocument(documents, {
        documentId: staged.documentId,
        blobId: staged.blobId,
        // Names from the upload route were checked already; a file name another module passes on (the
        // VSME upload) is cleaned instead, since refusing it here would leave its earlier files stored.
        documentName: withoutInvisibleCharacters(meta?.documentName ?? fileName),
        documentCategory: meta?.documentCategory ?? null,
        publicationDate: meta?.publicationDate ?? null,
        reportingPeriod: meta?.reportingPeriod ?? null,
        uploaderId: uploader.userId,
        documentType: staged.documentType,
        mediaType: MEDIA_TYPES[staged.documentType],
        sizeBytes: staged.sizeBytes,
      });
      if (created) {
        if (!(await store.markBlobStored(documents, staged.blobId)))
          throw new Error("The staged upload disappeared before it was stored.");
      } else {
        await store.deleteStagingBlob(documents, staged.blobId);
        const stored = await store.findDocumentForUpdate(documents, staged.documentId);
        if (stored && meta) {
          await store.updateMeta(documents, staged.documentId, {
            ...(stored.documentCategory === null ? { documentCategory: meta.documentCategory } : {}),
            ...(stored.publicationDate === null && meta.publicationDate
              ? { publicationDate: meta.publicationDate }
              : {}),
            ...(stored.reportingPeriod === null && meta.reportingPeriod
              ? { reportingPeriod: meta.reportingPeriod }
              : {}),
          });
        }
      }
      await store.addCompanies(documents, staged.documentId, meta?.companyIds ?? []);
      const row = await store.findDocument(documents, staged.documentId);
      if (!row) throw new Error("The stored document cannot be read back.");
      return { created, document: toResponse(row) };
    });
  } catch (error) {
    await discardStaging(db, staged.blobId);
    throw error;
  }
}

/**
 * Stores a whole document from a stream in one call: staging, checks and promotion. Used by the
 * demo seed and by other code that has the metadata before the bytes.
 */
export async function storeDocument(
  db: AnyExecutor,
  uploader: SignedInActor,
  source: AsyncIterable<Buffer | Uint8Array>,
  meta: DocumentMetaInfo,
  settings: DocumentsSettings,
): Promise<StoredUpload> {
  checkMetaFields(meta, "documentMetaInfo.");
  await checkUploadMeta(db, uploader, meta);
  const staged = await stageUpload(db, source, settings);
  return promoteUpload(db, uploader, staged, meta, meta.documentName);
}

export interface StagingCleanup {
  uploads: number;
  bytes: number;
}

/**
 * Removes what failed or cut uploads left in staging. With `olderThanMs`, only staging untouched for
 * that long (another server may still be receiving the rest); without, all of it.
 */
export async function cleanUpStaging(db: AnyExecutor, olderThanMs?: number): Promise<StagingCleanup> {
  return store.deleteAbandonedStaging(
    own(db),
    olderThanMs === undefined ? undefined : new Date(Date.now() - olderThanMs),
  );
}
