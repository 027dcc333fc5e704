import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Actor, SignedInActor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import type { Config } from "../../platform/config";
import type { AnyDb, Database } from "../../platform/db/database";
import { ApiError, badRequest, forbidden, notFound } from "../../platform/http/errors";
import { withoutInvisibleCharacters } from "../../platform/text/visible-text";
import { companyExists } from "./companies";
import { containerOf, HEAD_BYTES, identify, MEDIA_TYPES, type RandomAccess } from "./file-types";
import { can } from "./policy";
import { isDocumentId, nameProblem, publicationDateProblem, reportingPeriodProblem } from "./rules";
import {
  DEFAULT_CHUNK_SIZE,
  DOCUMENT_CATEGORIES,
  type DocumentMetaInfo,
  type DocumentMetaInfoEntity,
  type DocumentMetaInfoPatch,
  type DocumentMetaInfoResponse,
} from "./schemas";
import type { ByteTransfer, DocumentRow, DocumentsDb } from "./store";
import * as store from "./store";

// Other modules pass their own Kysely (or transaction); this module narrows it to its own tables.
// biome-ignore lint/suspicious/noExplicitAny: any module's executor is accepted here.
export type AnyExecutor = Kysely<any>;

const own = (db: AnyExecutor): DocumentsDb => store.documentsDb(db as AnyDb);

/** Bytes per stored chunk: large enough for few rows, small enough to stream a range quickly. */
export const STORAGE_CHUNK_BYTES = 256 * 1024;
/** Chunks fetched per query while downloading. */
const CHUNKS_PER_READ = 4;

export interface DocumentsSettings {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** How bytes travel to and from the database (see store.ts). */
  transfer: ByteTransfer;
}

/** The size limit configured (DOCUMENT_MAX_BYTES or MAX_UPLOAD_MB), and the byte transfer of this database. */
export function documentsSettings(context: {
  config: Pick<Config, "documents">;
  database: Pick<Database, "kind" | "selectBinary">;
}): DocumentsSettings {
  const { database } = context;
  const transfer: ByteTransfer =
    database.kind === "server" ? { kind: "binary", selectBinary: database.selectBinary } : { kind: "text" };
  return { maxBytes: context.config.documents.maxBytes, transfer };
}

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

const invalidField = (field: string, problem: string) =>
  badRequest(`${field} ${problem}.`, `Invalid ${field}`);

const documentNotFound = (documentId: string) => notFound(`There is no document with the id ${documentId}.`);

// ---- what other modules may ask ----------------------------------------------------------------

/** Whether a document with this id (the SHA-256 of its bytes) is stored. */
export async function documentExists(db: AnyExecutor, documentId: string): Promise<boolean> {
  if (!isDocumentId(documentId)) return false;
  return store.documentIdExists(own(db), documentId);
}

/** The ids among these that are not stored documents, in their order; one query for all. */
export async function missingDocuments(db: AnyExecutor, documentIds: Iterable<string>): Promise<string[]> {
  const ids = [...new Set(documentIds)];
  const stored = await store.storedDocumentIds(own(db), ids.filter(isDocumentId));
  return ids.filter((id) => !stored.has(id));
}

/** The metadata of a stored document, or undefined. No access check: callers decide what to show. */
export async function getDocumentMetaInfo(
  db: AnyExecutor,
  documentId: string,
): Promise<DocumentMetaInfoResponse | undefined> {
  if (!isDocumentId(documentId)) return undefined;
  const row = await store.findDocument(own(db), documentId);
  return row && toResponse(row);
}

// ---- metadata ----------------------------------------------------------------------------------

function omitNull<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}

export function toResponse(row: DocumentRow): DocumentMetaInfoResponse {
  return omitNull({
    documentId: row.documentId,
    documentName: row.documentName,
    documentCategory: row.documentCategory as DocumentMetaInfoResponse["documentCategory"],
    companyIds: row.companyIds,
    uploaderId: row.uploaderId,
    publicationDate: row.publicationDate ?? undefined,
    reportingPeriod: row.reportingPeriod ?? undefined,
  });
}

function toEntity(row: DocumentRow, viewable: boolean): DocumentMetaInfoEntity {
  return omitNull({
    documentId: row.documentId,
    documentType: row.documentType as DocumentMetaInfoEntity["documentType"],
    documentName: row.documentName,
    documentCategory: row.documentCategory as DocumentMetaInfoEntity["documentCategory"],
    companyIds: row.companyIds,
    uploaderId: row.uploaderId,
    uploadTime: row.uploadTime,
    publicationDate: row.publicationDate ?? undefined,
    reportingPeriod: row.reportingPeriod ?? undefined,
    qaStatus: row.qaStatus as DocumentMetaInfoEntity["qaStatus"],
    isViewableByUser: viewable,
  });
}

/** Checks the field rules that JSON Schema does not express; `prefix` names the part ("documentMetaInfo."). */
function checkMetaFields(fields: DocumentMetaInfoPatch, prefix: string): void {
  if (fields.documentName !== undefined) {
    const problem = nameProblem(fields.documentName);
    if (problem) throw invalidField(`${prefix}documentName`, problem);
  }
  if (fields.documentCategory !== undefined && !DOCUMENT_CATEGORIES.includes(fields.documentCategory))
    throw invalidField(`${prefix}documentCategory`, `must be one of ${DOCUMENT_CATEGORIES.join(", ")}`);
  if (fields.publicationDate !== undefined) {
    const problem = publicationDateProblem(fields.publicationDate);
    if (problem) throw invalidField(`${prefix}publicationDate`, problem);
  }
  if (fields.reportingPeriod !== undefined) {
    const problem = reportingPeriodProblem(fields.reportingPeriod);
    if (problem) throw invalidField(`${prefix}reportingPeriod`, problem);
  }
}

async function checkCompaniesExist(db: AnyExecutor, companyIds: readonly string[], field: string) {
  for (const companyId of companyIds) {
    if (!(await companyExists(db, companyId)))
      throw invalidField(field, `names the company ${companyId}, which does not exist`);
  }
}

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

// ---- reading -----------------------------------------------------------------------------------

/** A stored document the actor may read, or the right error. */
export async function getReadableDocument(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
): Promise<DocumentRow> {
  authorize(actor, can(actor, "read"));
  const row = isDocumentId(documentId) ? await store.findDocument(own(db), documentId) : undefined;
  if (!row) throw documentNotFound(documentId);
  authorize(
    actor,
    await can(actor, "see", { db: db as AnyDb, documentId }),
    "You may not see this document: it is cited only by data you may not see.",
  );
  return row;
}

export async function getDocumentEntity(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
): Promise<DocumentMetaInfoEntity> {
  authorize(actor, can(actor, "read"));
  const row = isDocumentId(documentId) ? await store.findDocument(own(db), documentId) : undefined;
  if (!row) throw documentNotFound(documentId);
  return toEntity(row, await can(actor, "see", { db: db as AnyDb, documentId }));
}

/**
 * Streams bytes `start` to `end` (inclusive) of a stored document, a few chunks per query. The next
 * query runs while the current chunks are being sent, so the database and the network work at the
 * same time; at most two groups of chunks are held, whatever the size of the document.
 */
export function streamDocumentBytes(
  db: AnyExecutor,
  row: DocumentRow,
  start: number,
  end: number,
  transfer: ByteTransfer,
): Readable {
  const documents = own(db);
  const chunkSize = row.chunkSize;
  const lastSeq = Math.floor(end / chunkSize);
  let nextSeq = Math.floor(start / chunkSize);
  const readGroup = (): Promise<Buffer[]> | undefined => {
    if (nextSeq > lastSeq) return undefined;
    const fromSeq = nextSeq;
    const toSeq = Math.min(lastSeq, fromSeq + CHUNKS_PER_READ - 1);
    nextSeq = toSeq + 1;
    const group = store.readChunks(documents, row.blobId, fromSeq, toSeq, transfer).then((read) => {
      if (read.length !== toSeq - fromSeq + 1)
        throw new Error(`Document ${row.documentId} is missing stored chunks.`);
      return read.map((chunk, i) => {
        const chunkStart = (fromSeq + i) * chunkSize;
        return chunk.subarray(Math.max(0, start - chunkStart), Math.min(chunk.length, end - chunkStart + 1));
      });
    });
    // A failure is reported when the group is sent; until then it must not count as unhandled.
    group.catch(() => {});
    return group;
  };
  let ahead = readGroup();
  return new Readable({
    highWaterMark: CHUNKS_PER_READ * chunkSize,
    read() {
      const current = ahead;
      if (!current) {
        this.push(null);
        return;
      }
      ahead = readGroup();
      current.then(
        (chunks) => {
          for (const chunk of chunks) this.push(chunk);
          if (!ahead) this.push(null);
        },
        (error: Error) => this.destroy(error),
      );
    },
  });
}

export interface SearchResult {
  documents: DocumentMetaInfoResponse[];
  total: number;
}

export async function searchDocuments(
  db: AnyExecutor,
  query: {
    companyId?: string;
    documentCategories?: string[];
    reportingPeriod?: string;
    chunkSize?: number;
    chunkIndex?: number;
  },
): Promise<SearchResult> {
  const hasFilter =
    query.companyId !== undefined ||
    (query.documentCategories?.length ?? 0) > 0 ||
    query.reportingPeriod !== undefined;
  if (!hasFilter)
    throw badRequest(
      "Give at least one of companyId, documentCategories and reportingPeriod.",
      "Missing search parameter",
    );
  const chunkSize = query.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const chunkIndex = query.chunkIndex ?? 0;
  const { rows, total } = await store.searchDocuments(own(db), {
    ...(query.companyId !== undefined ? { companyId: query.companyId } : {}),
    ...(query.documentCategories ? { categories: query.documentCategories } : {}),
    ...(query.reportingPeriod !== undefined ? { reportingPeriod: query.reportingPeriod } : {}),
    limit: chunkSize,
    offset: chunkSize * chunkIndex,
  });
  if (chunkIndex > 0 && chunkIndex * chunkSize >= total)
    throw invalidField(
      "querystring parameter chunkIndex",
      `is beyond the last page: ${total} documents make ${Math.ceil(total / chunkSize)} pages of ${chunkSize}`,
    );
  return { documents: rows.map(toResponse), total };
}

// ---- changing metadata -------------------------------------------------------------------------

/** Answers why the actor may not change the locked document, or undefined when they may. */
type ChangeRefusal = (stored: DocumentRow, trx: AnyExecutor) => Promise<string | undefined>;

/**
 * Changes a document in one transaction. The refusal is decided on the locked row, so what it reads
 * (such as the linked companies) cannot change before the change is written; a refusal writes nothing.
 */
async function changeDocument(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
  refusal: ChangeRefusal,
  change: (documents: DocumentsDb) => Promise<void>,
): Promise<DocumentMetaInfoResponse> {
  authorize(actor);
  if (!isDocumentId(documentId)) throw documentNotFound(documentId);
  return (db as AnyDb).transaction().execute(async (trx) => {
    const documents = own(trx);
    const stored = await store.findDocumentForUpdate(documents, documentId);
    if (!stored) throw documentNotFound(documentId);
    const refused = await refusal(stored, trx);
    if (refused) throw forbidden(refused);
    await change(documents);
    const row = await store.findDocument(documents, documentId);
    if (!row) throw documentNotFound(documentId);
    return toResponse(row);
  });
}

/** The companies that replacing the linked set with `next` links or unlinks. */
function changedLinks(stored: readonly string[], next: readonly string[]): string[] {
  const before = new Set(stored.map((id) => id.toLowerCase()));
  const after = new Set(next.map((id) => id.toLowerCase()));
  return [...[...after].filter((id) => !before.has(id)), ...[...before].filter((id) => !after.has(id))];
}

/** Why the actor may not link or unlink these companies, naming the ones refused; undefined when they may. */
async function linkRefusal(
  trx: AnyExecutor,
  actor: Actor,
  companyIds: readonly string[],
): Promise<string | undefined> {
  if (await can(actor, "link", { db: trx as AnyDb, companyIds })) return undefined;
  const refused: string[] = [];
  for (const companyId of companyIds) {
    if (!(await can(actor, "link", { db: trx as AnyDb, companyIds: [companyId] }))) refused.push(companyId);
  }
  return `Linking a document to a company, or unlinking it, needs the right to upload documents for that company, which you lack for ${refused.join(", ")}.`;
}

/**
 * Metadata may be changed by the document's uploader or an admin; when `companyIds` replaces the
 * linked companies, each company linked or unlinked needs the right to link it as well.
 */
function metadataChangeRefusal(actor: Actor, companyIds: readonly string[] | undefined): ChangeRefusal {
  return async (stored, trx) => {
    if (!can(actor, "change", stored))
      return "Only the document's uploader or an admin may change its metadata.";
    return companyIds && linkRefusal(trx, actor, changedLinks(stored.companyIds, companyIds));
  };
}

/** Replaces the fields given; companyIds, when given, replaces the set of companies. */
export async function patchDocumentMeta(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
  patch: DocumentMetaInfoPatch,
): Promise<DocumentMetaInfoResponse> {
  checkMetaFields(patch, "");
  const companyIds = patch.companyIds && [...new Set(patch.companyIds)];
  if (companyIds) await checkCompaniesExist(db, companyIds, "companyIds");
  return changeDocument(
    db,
    actor,
    documentId,
    metadataChangeRefusal(actor, companyIds),
    async (documents) => {
      await store.updateMeta(documents, documentId, patch);
      if (companyIds) await store.replaceCompanies(documents, documentId, companyIds);
    },
  );
}

/** Replaces all metadata; fields left out are cleared. */
export async function replaceDocumentMeta(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
  meta: DocumentMetaInfo,
): Promise<DocumentMetaInfoResponse> {
  checkMetaFields(meta, "");
  const companyIds = [...new Set(meta.companyIds)];
  await checkCompaniesExist(db, companyIds, "companyIds");
  return changeDocument(
    db,
    actor,
    documentId,
    metadataChangeRefusal(actor, companyIds),
    async (documents) => {
      await store.updateMeta(documents, documentId, {
        documentName: meta.documentName,
        documentCategory: meta.documentCategory,
        publicationDate: meta.publicationDate ?? null,
        reportingPeriod: meta.reportingPeriod ?? null,
      });
      await store.replaceCompanies(documents, documentId, companyIds);
    },
  );
}

/** Links one more company to a document: whoever may link that company may, uploader of the document or not. */
export async function linkCompany(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
  companyId: string,
): Promise<DocumentMetaInfoResponse> {
  authorize(actor);
  if (isDocumentId(documentId) && !(await companyExists(db, companyId)))
    throw notFound(`There is no company with the id ${companyId}.`);
  return changeDocument(
    db,
    actor,
    documentId,
    async (_stored, trx) => linkRefusal(trx, actor, [companyId]),
    async (documents) => store.addCompanies(documents, documentId, [companyId]),
  );
}
