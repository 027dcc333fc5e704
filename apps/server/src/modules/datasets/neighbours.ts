/**
 * Everything the datasets module asks of other modules, in one place: the companies register, the
 * community's company roles and access grants, and the documents store. Each call goes through the
 * other module's index.ts.
 */
import type { Readable } from "node:stream";
import type { SignedInActor } from "../../platform/auth/actor";
import { isUuid } from "../../platform/ids";
import type { ModuleContext } from "../../platform/module";
import * as community from "../community";
import * as companies from "../companies";
import * as documents from "../documents";
import type { AnyExecutor, Dimension } from "./store";

// biome-ignore lint/suspicious/noExplicitAny: the neighbour modules accept any module's executor.
type Executor = any;

// ---- companies ---------------------------------------------------------------------------------

export const companyExists = (db: AnyExecutor, companyId: string): Promise<boolean> =>
  isUuid(companyId) ? companies.companyExists(db as Executor, companyId) : Promise.resolve(false);

export interface CompanySummary {
  companyId: string;
  companyName: string;
  lei: string | null;
}

/** Name and LEI of companies, for lists and exports; unknown ids are left out. */
export async function companySummaries(
  db: AnyExecutor,
  companyIds: string[],
): Promise<Map<string, CompanySummary>> {
  const ids = [...new Set(companyIds)].filter(isUuid);
  const result = new Map<string, CompanySummary>();
  if (ids.length === 0) return result;
  for (const basic of await companies.getBasicCompanyInformation(db as Executor, ids))
    result.set(basic.companyId, {
      companyId: basic.companyId,
      companyName: basic.companyName,
      lei: basic.lei ?? null,
    });
  return result;
}

const IDENTIFIER_TYPES_TRIED: readonly string[] = companies.IDENTIFIER_TYPES;

/** The company an identifier (the company id itself, an LEI, an ISIN, ...) names. */
export async function companyIdForIdentifier(
  db: AnyExecutor,
  identifier: string,
): Promise<string | undefined> {
  const value = identifier.trim();
  if (isUuid(value) && (await companyExists(db, value))) return value;
  for (const type of IDENTIFIER_TYPES_TRIED) {
    const found = await companies.findCompanyIdByIdentifier(db as Executor, type, value);
    if (found) return found;
  }
  return undefined;
}

/** Tells the companies register how many active datasets per public framework a company has. */
export async function reportActiveFrameworks(
  db: AnyExecutor,
  companyId: string,
  counts: Record<string, number>,
): Promise<void> {
  await companies.setCompanyFrameworksWithActiveData(db as Executor, companyId, counts);
}

/** Lets the companies register list a company's datasets in `dataRegisteredByDataland`. */
export const provideDataRegisteredForCompany = companies.provideDataRegisteredForCompany;

export const DEMO_COMPANY_ID = companies.DEMO_COMPANY_ID;

// ---- community ---------------------------------------------------------------------------------

export type { CompanyRole } from "../community";

export function companyRolesOf(
  db: AnyExecutor,
  userId: string,
  companyId: string,
): Promise<community.CompanyRole[]> {
  return community.companyRolesOf(db as Executor, userId, companyId);
}

export type PrivateDataAccessCheck = (
  db: AnyExecutor,
  userId: string,
  companyId: string,
  dataType: string,
  reportingPeriod: string,
) => Promise<boolean>;

// Until the requests module says otherwise, nobody has been granted access to private data.
let privateDataAccess: PrivateDataAccessCheck = async () => false;

/**
 * The requests module tells whether a company granted a user access to its private data (it owns the
 * access requests); it provides the check rather than being imported, since it asks this module for
 * datasets and the two would otherwise import each other.
 */
export function providePrivateDataAccessCheck(check: PrivateDataAccessCheck): void {
  privateDataAccess = check;
}

export function hasPrivateDataAccess(
  db: AnyExecutor,
  userId: string,
  companyId: string,
  dataType: string,
  reportingPeriod: string,
): Promise<boolean> {
  return privateDataAccess(db, userId, companyId, dataType, reportingPeriod);
}

/** Whether an upload of this company, framework and period skips review (pre-approval). */
export type PreApprovalCheck = (db: AnyExecutor, upload: Dimension) => Promise<boolean>;

// Until the qa module says otherwise, every upload awaits review.
let preApproval: PreApprovalCheck = async () => false;

/**
 * The qa module decides which uploads are pre-approved (its configuration); it provides the check
 * rather than being imported, since it sits above this module.
 */
export function providePreApprovalCheck(check: PreApprovalCheck): void {
  preApproval = check;
}

export function isPreApproved(db: AnyExecutor, upload: Dimension): Promise<boolean> {
  return preApproval(db, upload);
}

// ---- documents ---------------------------------------------------------------------------------

/** The cited document ids that are not stored, asked in one query. */
export const missingDocuments = (db: AnyExecutor, documentIds: Iterable<string>): Promise<string[]> =>
  documents.missingDocuments(db as Executor, documentIds);

export type DocumentSettings = documents.DocumentsSettings;
/** The documents module's limits and byte transfer for this database. */
export const documentSettingsFor = (context: ModuleContext): DocumentSettings =>
  documents.documentsSettings(context);

export type StagedDocument = documents.StagedUpload;

/** Streams an uploaded file into the documents store's staging area, hashing it on the way. */
export function stageDocument(
  db: AnyExecutor,
  settings: DocumentSettings,
  source: AsyncIterable<Buffer | Uint8Array>,
  isTruncated: () => boolean,
): Promise<StagedDocument> {
  return documents.stageUpload(db as Executor, source, { ...settings, isTruncated });
}

export const discardStagedDocument = (db: AnyExecutor, staged: StagedDocument): Promise<void> =>
  documents.discardStaging(db as Executor, staged.blobId);

/** Makes a staged file a stored document of the company (kept once if the same bytes exist). */
export async function keepStagedDocument(
  db: AnyExecutor,
  uploader: SignedInActor,
  staged: StagedDocument,
  fileName: string,
  companyId: string,
  reportingPeriod: string,
): Promise<void> {
  await documents.promoteUpload(
    db as Executor,
    uploader,
    staged,
    { documentName: fileName, documentCategory: "Other", companyIds: [companyId], reportingPeriod } as never,
    fileName,
  );
}

export interface DocumentBytes {
  fileName: string;
  mediaType: string;
  size: number;
  stream: () => Readable;
}

/** A stored document's bytes, read as the actor (the documents module applies its visibility rules). */
export async function documentBytes(
  db: AnyExecutor,
  settings: DocumentSettings,
  actor: SignedInActor,
  documentId: string,
): Promise<DocumentBytes | undefined> {
  if (!(await documents.documentExists(db as Executor, documentId))) return undefined;
  const row = await documents.getReadableDocument(db as Executor, actor, documentId);
  return {
    fileName: row.documentName,
    mediaType: row.mediaType,
    size: row.sizeBytes,
    stream: () =>
      documents.streamDocumentBytes(
        db as Executor,
        row,
        0,
        Math.max(0, row.sizeBytes - 1),
        settings.transfer,
      ),
  };
}

/** Lets the documents module hide documents that only private datasets cite. */
export const addDocumentVisibilityRule = documents.addDocumentVisibilityRule;
