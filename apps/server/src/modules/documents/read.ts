/** Reading stored documents as an actor: their metadata, a search, and their bytes streamed in ranges. */
import { Readable } from "node:stream";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import type { AnyDb } from "../../platform/db/database";
import { badRequest } from "../../platform/http/errors";
import { can } from "./policy";
import { isDocumentId } from "./rules";
import { DEFAULT_CHUNK_SIZE, type DocumentMetaInfoEntity, type DocumentMetaInfoResponse } from "./schemas";
import { type AnyExecutor, documentNotFound, invalidField, own, toEntity, toResponse } from "./service";
import type { ByteTransfer, DocumentRow } from "./store";
import * as store from "./store";

/** Chunks fetched per query while downloading. */
const CHUNKS_PER_READ = 4;

/**
 * A stored document with this id, if the actor may see it; undefined when none is stored. A document
 * cited only by data the actor may not see is refused.
 */
async function findVisibleDocument(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
): Promise<DocumentRow | undefined> {
  authorize(actor, can(actor, "read"));
  const row = isDocumentId(documentId) ? await store.findDocument(own(db), documentId) : undefined;
  if (!row) return undefined;
  authorize(
    actor,
    await can(actor, "see", { db: db as AnyDb, documentId }),
    "You may not see this document: it is cited only by data you may not see.",
  );
  return row;
}

/** The HEAD check's answer without its 404: whether a document with this id is stored. */
export async function documentExists(db: AnyExecutor, actor: Actor, documentId: string): Promise<boolean> {
  return (await findVisibleDocument(db, actor, documentId)) !== undefined;
}

/** A stored document the actor may read, or the right error. */
export async function getReadableDocument(
  db: AnyExecutor,
  actor: Actor,
  documentId: string,
): Promise<DocumentRow> {
  const row = await findVisibleDocument(db, actor, documentId);
  if (!row) throw documentNotFound(documentId);
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
