import { type Generated, type Kysely, sql, type Updateable } from "kysely";
import type { AnyDb, SelectBinary } from "../../platform/db/database";
import { prepared } from "../../platform/db/prepared-statements";

/** The tables of the documents module (migrations/001_create_documents.sql). */
export type DocumentTables = {
  document_blob: {
    blob_id: string;
    state: Generated<"staging" | "stored">;
    chunk_size: number;
    started_at: Generated<Date>;
    touched_at: Generated<Date>;
  };
  document_blob_chunk: {
    blob_id: string;
    seq: number;
    data: Uint8Array;
  };
  document: {
    document_id: string;
    blob_id: string;
    document_name: string;
    document_category: string | null;
    publication_date: string | null;
    reporting_period: string | null;
    uploader_id: string;
    upload_time: Generated<Date>;
    document_type: string;
    media_type: string;
    size_bytes: number;
    qa_status: Generated<string>;
  };
  document_company: {
    document_id: string;
    company_id: string;
  };
};

export type DocumentsDb = Kysely<DocumentTables>;

export const documentsDb = (db: AnyDb): DocumentsDb =>
  db.withTables<DocumentTables>() as unknown as DocumentsDb;

/** One document as the module sees it; dates already as the wire writes them. */
export interface DocumentRow {
  documentId: string;
  blobId: string;
  chunkSize: number;
  documentName: string;
  documentCategory: string | null;
  publicationDate: string | null;
  reportingPeriod: string | null;
  uploaderId: string;
  uploadTime: number;
  documentType: string;
  mediaType: string;
  sizeBytes: number;
  qaStatus: string;
  companyIds: string[];
}

// ---- bytes -------------------------------------------------------------------------------------

export async function createStagingBlob(db: DocumentsDb, blobId: string, chunkSize: number): Promise<void> {
  await db.insertInto("document_blob").values({ blob_id: blobId, chunk_size: chunkSize }).execute();
}

/**
 * How bytes travel between this process and the database. A PostgreSQL server takes bytea
 * parameters in binary and gives chunks back through a binary COPY (`selectBinary`), since
 * node-postgres would receive them as hex. The embedded database converts bytea parameters and
 * results in JavaScript many times slower than PostgreSQL's own encode and decode, so there bytes go
 * in as base64 and come out as hex.
 */
export type ByteTransfer = { kind: "binary"; selectBinary: SelectBinary | undefined } | { kind: "text" };

/** Stores one chunk of a staging blob and marks the blob as still in use, in one statement. */
export async function writeChunk(
  db: DocumentsDb,
  blobId: string,
  seq: number,
  data: Buffer,
  transfer: ByteTransfer,
): Promise<void> {
  const value = transfer.kind === "binary" ? sql`${data}` : sql`decode(${data.toString("base64")}, 'base64')`;
  await sql`with written as (
      insert into document_blob_chunk (blob_id, seq, data) values (${blobId}, ${seq}, ${value})
    )
    update document_blob set touched_at = now() where blob_id = ${blobId}`.execute(db);
}

export async function deleteStagingBlob(db: DocumentsDb, blobId: string): Promise<void> {
  await db.deleteFrom("document_blob").where("blob_id", "=", blobId).where("state", "=", "staging").execute();
}

/** Chunks `fromSeq` to `toSeq` (inclusive) of a blob, in order. */
export async function readChunks(
  db: DocumentsDb,
  blobId: string,
  fromSeq: number,
  toSeq: number,
  transfer: ByteTransfer,
): Promise<Buffer[]> {
  if (transfer.kind === "text") {
    const result = await sql<{ hex: string }>`select encode(data, 'hex') as hex from document_blob_chunk
      where blob_id = ${blobId} and seq between ${fromSeq} and ${toSeq} order by seq`.execute(db);
    return result.rows.map((row) => Buffer.from(row.hex, "hex"));
  }
  const select = sql<{ data: Buffer }>`select data from document_blob_chunk
    where blob_id = ${blobId} and seq between ${fromSeq} and ${toSeq} order by seq`;
  // A binary COPY runs on a connection of its own, which cannot see a transaction's uncommitted chunks.
  if (transfer.selectBinary && !db.isTransaction) {
    const rows = await transfer.selectBinary(select.compile(db));
    // The column is not null.
    return rows.map(([data]) => data as Buffer);
  }
  const result = await select.execute(db);
  return result.rows.map((row) => row.data);
}

export interface StagingCleanup {
  uploads: number;
  bytes: number;
}

/** Removes staging blobs untouched since `before` (all of them when before is undefined). */
export async function deleteAbandonedStaging(
  db: DocumentsDb,
  before: Date | undefined,
): Promise<StagingCleanup> {
  const result = await sql<{ uploads: number; bytes: number }>`
    with abandoned as (
      delete from document_blob
      where state = 'staging' and (${before ?? null}::timestamptz is null or touched_at < ${before ?? null}::timestamptz)
      returning blob_id
    )
    select count(*)::float8 as uploads,
      coalesce((select sum(octet_length(c.data)) from document_blob_chunk c
        where c.blob_id in (select blob_id from abandoned)), 0)::float8 as bytes
    from abandoned`.execute(db);
  const row = result.rows[0];
  return { uploads: Number(row?.uploads ?? 0), bytes: Number(row?.bytes ?? 0) };
}

// ---- documents ---------------------------------------------------------------------------------

const documentColumns = sql`d.document_id as "documentId", d.blob_id::text as "blobId",
  b.chunk_size as "chunkSize", d.document_name as "documentName",
  d.document_category as "documentCategory",
  to_char(d.publication_date, 'YYYY-MM-DD') as "publicationDate",
  d.reporting_period as "reportingPeriod", d.uploader_id as "uploaderId",
  floor(extract(epoch from d.upload_time) * 1000)::float8 as "uploadTime",
  d.document_type as "documentType", d.media_type as "mediaType", d.size_bytes::float8 as "sizeBytes",
  d.qa_status as "qaStatus",
  coalesce(array(select dc.company_id from document_company dc
    where dc.document_id = d.document_id order by dc.company_id), '{}') as "companyIds"`;

export async function findDocument(db: DocumentsDb, documentId: string): Promise<DocumentRow | undefined> {
  const result = await sql<DocumentRow>`select ${documentColumns}
    from document d join document_blob b on b.blob_id = d.blob_id
    where d.document_id = ${documentId}`.execute(db);
  return result.rows[0];
}

/** The same as findDocument, but locks the row for the rest of the transaction. */
export async function findDocumentForUpdate(
  db: DocumentsDb,
  documentId: string,
): Promise<DocumentRow | undefined> {
  const result = await sql<DocumentRow>`select ${documentColumns}
    from document d join document_blob b on b.blob_id = d.blob_id
    where d.document_id = ${documentId} for update of d`.execute(db);
  return result.rows[0];
}

export async function documentIdExists(db: DocumentsDb, documentId: string): Promise<boolean> {
  const row = await db
    .selectFrom("document")
    .select("document_id")
    .where("document_id", "=", documentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these ids are stored documents, in one query. */
export async function storedDocumentIds(db: DocumentsDb, documentIds: string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  // Every upload asks this; one array parameter keeps the text the same for any number of ids, so
  // the statement can stay prepared.
  const query = db
    .selectFrom("document")
    .select("document_id")
    .where("document_id", "=", sql<string>`any(${documentIds}::text[])`);
  const { rows } = await db.executeQuery(prepared(query));
  return new Set(rows.map((row) => row.document_id));
}

export interface NewDocument {
  documentId: string;
  blobId: string;
  documentName: string;
  documentCategory: string | null;
  publicationDate: string | null;
  reportingPeriod: string | null;
  uploaderId: string;
  documentType: string;
  mediaType: string;
  sizeBytes: number;
}

/** Inserts the document unless one with these bytes exists; true when this call created it. */
export async function insertDocument(db: DocumentsDb, doc: NewDocument): Promise<boolean> {
  const inserted = await db
    .insertInto("document")
    .values({
      document_id: doc.documentId,
      blob_id: doc.blobId,
      document_name: doc.documentName,
      document_category: doc.documentCategory,
      publication_date: doc.publicationDate,
      reporting_period: doc.reportingPeriod,
      uploader_id: doc.uploaderId,
      document_type: doc.documentType,
      media_type: doc.mediaType,
      size_bytes: doc.sizeBytes,
    })
    .onConflict((oc) => oc.column("document_id").doNothing())
    .returning("document_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Turns a staging blob into stored bytes; false when it is gone (cleaned up meanwhile). */
export async function markBlobStored(db: DocumentsDb, blobId: string): Promise<boolean> {
  const updated = await db
    .updateTable("document_blob")
    .set({ state: "stored" })
    .where("blob_id", "=", blobId)
    .where("state", "=", "staging")
    .returning("blob_id")
    .executeTakeFirst();
  return updated !== undefined;
}

export interface MetaFields {
  documentName?: string;
  documentCategory?: string | null;
  publicationDate?: string | null;
  reportingPeriod?: string | null;
}

export async function updateMeta(db: DocumentsDb, documentId: string, fields: MetaFields): Promise<void> {
  const values: Updateable<DocumentTables["document"]> = {};
  if (fields.documentName !== undefined) values.document_name = fields.documentName;
  if (fields.documentCategory !== undefined) values.document_category = fields.documentCategory;
  if (fields.publicationDate !== undefined) values.publication_date = fields.publicationDate;
  if (fields.reportingPeriod !== undefined) values.reporting_period = fields.reportingPeriod;
  if (Object.keys(values).length === 0) return;
  await db.updateTable("document").set(values).where("document_id", "=", documentId).execute();
}

export async function addCompanies(db: DocumentsDb, documentId: string, companyIds: string[]): Promise<void> {
  if (companyIds.length === 0) return;
  await db
    .insertInto("document_company")
    .values(companyIds.map((companyId) => ({ document_id: documentId, company_id: companyId })))
    .onConflict((oc) => oc.columns(["document_id", "company_id"]).doNothing())
    .execute();
}

export async function replaceCompanies(
  db: DocumentsDb,
  documentId: string,
  companyIds: string[],
): Promise<void> {
  await db.deleteFrom("document_company").where("document_id", "=", documentId).execute();
  await addCompanies(db, documentId, companyIds);
}

export interface DocumentSearch {
  companyId?: string;
  categories?: string[];
  reportingPeriod?: string;
  limit: number;
  offset: number;
}

function searchConditions(search: DocumentSearch) {
  const conditions = [sql`d.qa_status = 'Accepted'`];
  if (search.companyId !== undefined)
    conditions.push(sql`exists (select 1 from document_company dc
      where dc.document_id = d.document_id and dc.company_id = ${search.companyId})`);
  if (search.categories && search.categories.length > 0)
    conditions.push(sql`d.document_category in (${sql.join(search.categories)})`);
  if (search.reportingPeriod !== undefined)
    conditions.push(sql`d.reporting_period = ${search.reportingPeriod}`);
  return sql.join(conditions, sql` and `);
}

export async function searchDocuments(
  db: DocumentsDb,
  search: DocumentSearch,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = searchConditions(search);
  const [rows, count] = await Promise.all([
    sql<DocumentRow>`select ${documentColumns}
      from document d join document_blob b on b.blob_id = d.blob_id
      where ${where}
      order by d.publication_date desc nulls last, d.upload_time desc, d.document_id
      limit ${search.limit} offset ${search.offset}`.execute(db),
    sql<{ total: number }>`select count(*)::float8 as total from document d where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}
