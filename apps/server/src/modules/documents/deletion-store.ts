import type { DocumentsDb } from "./store";

/**
 * Removes a document with its company links, and then its bytes (the blob and, by cascade, its
 * chunks), in the caller's transaction. The document row goes first: it points at the blob.
 */
export async function deleteDocumentAndBytes(
  db: DocumentsDb,
  documentId: string,
  blobId: string,
): Promise<void> {
  await db.deleteFrom("document_company").where("document_id", "=", documentId).execute();
  await db.deleteFrom("document").where("document_id", "=", documentId).execute();
  await db.deleteFrom("document_blob").where("blob_id", "=", blobId).execute();
}
