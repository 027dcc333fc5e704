/**
 * What the documents module's operations share (settings, the metadata's wire shapes, the field
 * checks), what other modules ask, and changes of a stored document's metadata. Uploads live in
 * upload.ts, reads and downloads in read.ts.
 */
import type { Kysely } from "kysely";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import type { Config } from "../../platform/config";
import type { AnyDb, Database } from "../../platform/db/database";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { companyExists } from "./companies";
import { can } from "./policy";
import { isDocumentId, nameProblem, publicationDateProblem, reportingPeriodProblem } from "./rules";
import {
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

export const own = (db: AnyExecutor): DocumentsDb => store.documentsDb(db as AnyDb);

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

export const invalidField = (field: string, problem: string) =>
  badRequest(`${field} ${problem}.`, `Invalid ${field}`);

export const documentNotFound = (documentId: string) =>
  notFound(`There is no document with the id ${documentId}.`);

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

export function toEntity(row: DocumentRow, viewable: boolean): DocumentMetaInfoEntity {
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
export function checkMetaFields(fields: DocumentMetaInfoPatch, prefix: string): void {
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

export async function checkCompaniesExist(db: AnyExecutor, companyIds: readonly string[], field: string) {
  for (const companyId of companyIds) {
    if (!(await companyExists(db, companyId)))
      throw invalidField(field, `names the company ${companyId}, which does not exist`);
  }
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
