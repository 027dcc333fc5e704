import { isSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { definePolicy, isUser, rolesAllow } from "../../platform/auth/policy";
import type { AnyDb } from "../../platform/db/database";

/**
 * Who may do what with documents. Two rules depend on other modules and can be extended by them
 * without this module knowing them:
 * - the community module adds company roles: `allowCompanyUploaders(check)` makes a user who is
 *   CompanyOwner or DataUploader of a company an uploader of documents for that company;
 * - the datasets module hides documents cited only by private (VSME) datasets:
 *   `addDocumentVisibilityRule(rule)` answers false for a user who may not see those datasets.
 * The rules that ask them are asynchronous and get the database to hand on to them.
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

/** Companies a document is linked to, and the database to ask other modules about them. */
export interface Companies {
  db: AnyDb;
  companyIds: readonly string[];
}

async function uploadsForCompany(db: AnyDb, user: SignedInActor, companyId: string): Promise<boolean> {
  for (const check of companyUploaderChecks) {
    if (await check(db, user, companyId)) return true;
  }
  return false;
}

/**
 * Linking a document to a company says "this is a report of that company", and unlinking it takes
 * that back. Either needs the right to upload documents for the company: uploaders and admins have
 * it for every company, a company role (CompanyOwner, DataUploader) for its own company only.
 */
async function mayLink(actor: SignedInActor, { db, companyIds }: Companies): Promise<boolean> {
  if (rolesAllow(actor, "upload")) return true;
  for (const companyId of companyIds) {
    if (!(await uploadsForCompany(db, actor, companyId))) return false;
  }
  return true;
}

export const can = definePolicy({
  /** Signed-in users read and search documents (those a visibility rule hides excepted, see below). */
  read: (actor) => isSignedIn(actor),
  /** Signed-in users see a document unless a visibility rule hides it from them; admins see all. */
  see: async (actor, document: { db: AnyDb; documentId: string }) => {
    if (!isSignedIn(actor)) return false;
    if (rolesAllow(actor, "administer")) return true;
    for (const rule of visibilityRules) {
      if (!(await rule(document.db, actor, document.documentId))) return false;
    }
    return true;
  },
  /** Whether it is worth reading an upload from this user at all: they might be allowed to upload it. */
  startUpload: (actor) =>
    rolesAllow(actor, "upload") || (isSignedIn(actor) && companyUploaderChecks.length > 0),
  /**
   * A user may upload a document linked to these companies when they may link each of them, and,
   * unless they are an uploader or an admin, when they name at least one company: a company role is
   * the right to upload for that company, not for no company at all.
   */
  upload: async (actor, companies: Companies) =>
    isSignedIn(actor) &&
    (rolesAllow(actor, "upload") || companies.companyIds.length > 0) &&
    mayLink(actor, companies),
  /** A user may link or unlink these companies when they may upload documents for each one of them. */
  link: async (actor, companies: Companies) => isSignedIn(actor) && mayLink(actor, companies),
  /** The uploader of a document and admins may change its metadata. */
  change: (actor, document: { uploaderId: string }) =>
    rolesAllow(actor, "administer") || isUser(actor, document.uploaderId),
  /** Only admins delete a document (bytes, metadata and links), whoever uploaded it. */
  delete: (actor) => rolesAllow(actor, "administer"),
});
