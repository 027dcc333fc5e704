import { type Actor, hasRole, isAdmin, isSignedIn, type SignedInActor } from "../../platform/auth/actor";
import type { AnyDb } from "../../platform/db/database";

/**
 * Who may do what with documents. Two rules depend on other modules and can be extended by them
 * without this module knowing them:
 * - the community module adds company roles: `allowCompanyUploaders(check)` makes a user who is
 *   CompanyOwner or DataUploader of a company an uploader of documents for that company;
 * - the datasets module hides documents cited only by private (VSME) datasets:
 *   `addDocumentVisibilityRule(rule)` answers false for a user who may not see those datasets.
 */

/** Answers whether the user holds a company role that lets them upload documents for the company. */
export type CompanyUploaderCheck = (db: AnyDb, user: SignedInActor, companyId: string) => Promise<boolean>;

/** Answers false when the user must not see the document. */
export type DocumentVisibilityRule = (
  db: AnyDb,
  actor: SignedInActor,
  documentId: string,
) => Promise<boolean>;

const companyUploaderChecks: CompanyUploaderCheck[] = [];
const visibilityRules: DocumentVisibilityRule[] = [];

export function allowCompanyUploaders(check: CompanyUploaderCheck): void {
  if (!companyUploaderChecks.includes(check)) companyUploaderChecks.push(check);
}

export function addDocumentVisibilityRule(rule: DocumentVisibilityRule): void {
  if (!visibilityRules.includes(rule)) visibilityRules.push(rule);
}

/** Uploaders and admins may upload any document. */
export const isDocumentUploader = (actor: Actor): boolean =>
  hasRole(actor, "ROLE_UPLOADER") || isAdmin(actor);

/** Whether it is worth reading an upload from this user at all: they might be allowed to upload it. */
export const mightUploadDocuments = (actor: Actor): boolean =>
  isDocumentUploader(actor) || (isSignedIn(actor) && companyUploaderChecks.length > 0);

/**
 * Linking a document to a company says "this is a report of that company", and unlinking it takes
 * that back. Either needs the right to upload documents for the company: uploaders and admins have
 * it for every company, a company role (CompanyOwner, DataUploader) for its own company only. So a
 * user may link or unlink these companies when they may upload documents for each one of them.
 */
export async function mayLinkCompanies(
  db: AnyDb,
  actor: Actor,
  companyIds: readonly string[],
): Promise<boolean> {
  if (!isSignedIn(actor)) return false;
  if (isDocumentUploader(actor)) return true;
  for (const companyId of companyIds) {
    if (!(await holdsUploadingCompanyRole(db, actor, companyId))) return false;
  }
  return true;
}

async function holdsUploadingCompanyRole(db: AnyDb, user: SignedInActor, companyId: string) {
  for (const check of companyUploaderChecks) {
    if (await check(db, user, companyId)) return true;
  }
  return false;
}

/**
 * A user may upload a document linked to these companies when they may link each of them, and,
 * unless they are an uploader or an admin, when they name at least one company: a company role is
 * the right to upload for that company, not for no company at all.
 */
export async function mayUploadDocumentFor(
  db: AnyDb,
  actor: Actor,
  companyIds: readonly string[],
): Promise<boolean> {
  if (!isSignedIn(actor)) return false;
  if (!isDocumentUploader(actor) && companyIds.length === 0) return false;
  return mayLinkCompanies(db, actor, companyIds);
}

/** Signed-in users may read documents, unless a visibility rule hides the document from them. */
export async function mayReadDocument(db: AnyDb, actor: Actor, documentId: string): Promise<boolean> {
  if (!isSignedIn(actor)) return false;
  if (isAdmin(actor)) return true;
  for (const rule of visibilityRules) {
    if (!(await rule(db, actor, documentId))) return false;
  }
  return true;
}

/** Signed-in users may search the document list. */
export const maySearchDocuments = (actor: Actor): boolean => isSignedIn(actor);

/** The uploader of a document and admins may change its metadata. */
export const mayChangeDocument = (actor: Actor, document: { uploaderId: string }): boolean =>
  isAdmin(actor) || (isSignedIn(actor) && actor.userId === document.uploaderId);
