/**
 * Deleting a document that must go (a wrong or confidential upload): an admin's decision. The bytes,
 * the metadata and the company links go in one transaction, with the event and the audit entry.
 * Datasets that cite the document keep their values and their reference to it; readers of the
 * document then get a 404, which the web app shows as a removed source.
 */
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import type { AnyDb } from "../../platform/db/database";
import { publishEvent } from "../../platform/events";
import { recordAudit } from "../audit";
import { deleteDocumentAndBytes } from "./deletion-store";
import { can } from "./policy";
import { isDocumentId } from "./rules";
import { type AnyExecutor, documentNotFound, own } from "./service";
import * as store from "./store";

/** Published when a document is deleted (docs/events.md). */
export const DOCUMENT_DELETED = "document.deleted";

export interface DocumentDeletedPayload {
  documentId: string;
  documentName: string;
  /** The companies it was linked to. */
  companyIds: string[];
  deletedByUserId: string;
}

export async function deleteDocument(db: AnyExecutor, actor: Actor, documentId: string): Promise<void> {
  const admin = authorize(actor, can(actor, "delete"), "Only admins delete documents.");
  if (!isDocumentId(documentId)) throw documentNotFound(documentId);
  await (db as AnyDb).transaction().execute(async (trx) => {
    const documents = own(trx);
    const stored = await store.findDocumentForUpdate(documents, documentId);
    if (!stored) throw documentNotFound(documentId);
    await deleteDocumentAndBytes(documents, documentId, stored.blobId);
    const payload: DocumentDeletedPayload = {
      documentId,
      documentName: stored.documentName,
      companyIds: stored.companyIds,
      deletedByUserId: admin.userId,
    };
    await publishEvent(trx as never, DOCUMENT_DELETED, payload);
    await recordAudit(trx, admin, {
      action: "document.deleted",
      objectType: "document",
      objectId: documentId,
      before: {
        documentName: stored.documentName,
        documentCategory: stored.documentCategory,
        reportingPeriod: stored.reportingPeriod,
        companyIds: stored.companyIds,
        uploaderId: stored.uploaderId,
      },
    });
  });
}
