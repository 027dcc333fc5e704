/**
 * VSME datasets are private: they arrive as multipart with the documents they cite, and only the
 * company, the uploader, users granted access through a data request and admins may see them.
 * VSME data is not put through the public quality review (reviewers may not see it), so an upload is
 * accepted, and the newest upload of a period is the active one.
 */
import type { FastifyRequest } from "fastify";
import type { Actor } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { ApiError, badRequest, malformedMultipart, notFound } from "../../platform/http/errors";
import { assertStorableText } from "../../platform/http/input-guard";
import { assertJsonShapeWithinLimits } from "../../platform/http/json-body";
import { multipartParts } from "../../platform/http/multipart-parts";
import { citedDocuments } from "./framework-data";
import {
  type DocumentBytes,
  type DocumentSettings,
  discardStagedDocument,
  documentBytes,
  keepStagedDocument,
  type StagedDocument,
  stageDocument,
} from "./neighbours";
import { can } from "./policy";
import { readDataset } from "./read";
import type { AnyExecutor, DatasetMetaRow } from "./store";
import { checkUpload, checkUploader, storeChecked } from "./upload";

const JSON_PART = "companyAssociatedVsmeData";
const DOCUMENT_PART = "documents";
export const MAX_JSON_BYTES = 10 * 1024 * 1024;

interface ReceivedDocument {
  staged: StagedDocument;
  fileName: string;
}

async function readAll(source: AsyncIterable<Buffer | Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    size += piece.length;
    if (size > MAX_JSON_BYTES)
      throw badRequest(`${JSON_PART} is larger than 10 MiB.`, `Invalid ${JSON_PART}`);
    parts.push(Buffer.from(piece));
  }
  return Buffer.concat(parts).toString("utf8");
}

/**
 * Reads the multipart upload: the JSON part and every document part (streamed into the documents
 * store's staging area). The dataset is checked completely before any document is kept; on any
 * problem every staged document is dropped again.
 */
export async function uploadPrivateDataset(
  db: AnyExecutor,
  settings: DocumentSettings,
  request: FastifyRequest,
): Promise<DatasetMetaRow> {
  const user = authorize(request.actor, can(request.actor, "read"));
  if (!request.isMultipart())
    throw new ApiError(
      415,
      "unsupported-media-type",
      "Unsupported media type",
      "Send the VSME upload as multipart/form-data.",
    );
  const received: ReceivedDocument[] = [];
  let jsonText: string | undefined;
  try {
    for await (const part of multipartParts(request)) {
      if (part.fieldname === JSON_PART) {
        jsonText = part.type === "file" ? await readAll(part.file) : String(part.value);
      } else if (part.fieldname === DOCUMENT_PART && part.type === "file") {
        const staged = await stageDocument(db, settings, part.file, () => part.file.truncated);
        received.push({ staged, fileName: part.filename || staged.documentId });
      } else if (part.type === "file") {
        part.file.resume();
      }
    }
    if (jsonText === undefined)
      throw badRequest(`The part ${JSON_PART} with the dataset is missing.`, `Invalid ${JSON_PART}`);
    assertJsonShapeWithinLimits(jsonText, JSON_PART);
    let body: unknown;
    try {
      body = JSON.parse(jsonText);
    } catch {
      throw badRequest(`${JSON_PART} is not valid JSON.`, `Invalid ${JSON_PART}`);
    }
    assertStorableText(body, JSON_PART);
    const uploader = await checkUploader(db, request.actor, body, false);
    const arriving = new Set(received.map((document) => document.staged.documentId));
    const checked = await checkUpload(db, uploader, { frameworkId: "vsme", body, bypassQa: false }, arriving);
    checked.qaStatus = "Accepted";
    const cited = citedDocuments(checked.data);
    const unused = received.filter((document) => !cited.has(document.staged.documentId));
    if (unused.length > 0)
      throw badRequest(
        `Not all uploaded documents are cited by the dataset. Remove these documents or cite them: ${unused.map((d) => d.fileName).join(", ")}.`,
        "Invalid documents",
      );
    const kept = new Set<string>();
    for (const document of received) {
      if (kept.has(document.staged.documentId)) {
        await discardStagedDocument(db, document.staged);
        continue;
      }
      await keepStagedDocument(
        db,
        user,
        document.staged,
        document.fileName,
        checked.companyId,
        checked.reportingPeriod,
      );
      kept.add(document.staged.documentId);
    }
    received.length = 0;
    return await storeChecked(db, checked);
  } catch (error) {
    for (const document of received) await discardStagedDocument(db, document.staged);
    throw malformedMultipart(error) ?? error;
  }
}

/** A document a VSME dataset cites, for a user who may see that dataset. */
export async function privateDocument(
  db: AnyExecutor,
  settings: DocumentSettings,
  actor: Actor,
  dataId: string,
  hash: string,
): Promise<DocumentBytes> {
  const user = authorize(actor, can(actor, "read"));
  const dataset = await readDataset(db, actor, "vsme", dataId);
  const cited = citedDocuments(JSON.parse(dataset.dataText));
  const document = cited.has(hash) ? await documentBytes(db, settings, user, hash) : undefined;
  if (!document) throw notFound(`Dataset ${dataId} cites no stored document ${hash}.`, "Document not found");
  return document;
}
