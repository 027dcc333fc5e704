import multipart from "@fastify/multipart";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { ApiError, badRequest, malformedMultipart } from "../../platform/http/errors";
import { assertStorableText } from "../../platform/http/input-guard";
import { multipartParts } from "../../platform/http/multipart-parts";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { deleteDocument } from "./deletion";
import { type DocumentType, EXTENSIONS } from "./file-types";
import { can } from "./policy";
import {
  documentExists,
  getDocumentEntity,
  getReadableDocument,
  searchDocuments,
  streamDocumentBytes,
} from "./read";
import { contentDisposition, nameProblem, parseRange } from "./rules";
import {
  DocumentCompanyParams,
  DocumentIdParams,
  DocumentMetaInfo,
  DocumentMetaInfoEntity,
  DocumentMetaInfoPatch,
  DocumentMetaInfoResponse,
  DocumentSearchQuery,
  refTo,
  sharedSchemas,
  UploadBody,
} from "./schemas";
import { documentsSettings, linkCompany, patchDocumentMeta, replaceDocumentMeta } from "./service";
import {
  checkUploadMeta,
  cleanUpStaging,
  discardStaging,
  parseUploadMeta,
  promoteUpload,
  type StagedUpload,
  stageUpload,
  tooLarge,
} from "./upload";

const TAGS = ["document-controller"];
/** Room for the metadata part and the multipart framing around the file. */
const ENVELOPE_BYTES = 1024 * 1024;
const META_PART_BYTES = 256 * 1024;
/** Staging untouched this long is abandoned; a running upload writes a chunk every few milliseconds. */
export const STAGING_IDLE_MS = 15 * 60 * 1000;
const STAGING_SWEEP_MS = 10 * 60 * 1000;

const binary = { type: "string", format: "binary" } as const;
// The reference lists application/json too (a quirk of its generator); it is kept so its clients
// find the same media types. The body is always the file's bytes with the file's own type.
const FILE_CONTENT = Object.fromEntries(
  [
    "application/json",
    "application/pdf",
    "application/vnd.ms-excel",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ].map((type) => [type, { schema: binary }]),
);

async function readSmall(stream: AsyncIterable<Buffer>, limit: number, field: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const piece of stream) {
    size += piece.length;
    if (size > limit) throw badRequest(`${field} is larger than ${limit} bytes.`, `Invalid ${field}`);
    parts.push(piece);
  }
  return Buffer.concat(parts);
}

function multipartError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(maxBytes);
  if (code === "FST_INVALID_JSON_FIELD_ERROR")
    return badRequest("documentMetaInfo is not valid JSON.", "Invalid documentMetaInfo");
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return badRequest(
      "Send one document part and at most one documentMetaInfo part.",
      "Invalid multipart body",
    );
  return malformedMultipart(error) ?? error;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}

/** Headers every download and existence check of a document carries. */
function documentHeaders(
  reply: FastifyReply,
  row: { documentId: string; documentName: string; documentType: string; mediaType: string },
) {
  const type = row.documentType as DocumentType;
  reply
    .header("etag", `"${row.documentId}"`)
    .header("accept-ranges", "bytes")
    .header("cache-control", "private, no-cache")
    .header("content-type", row.mediaType)
    .header(
      "content-disposition",
      contentDisposition(row.documentName, EXTENSIONS[type] ?? "", type === "Pdf" ? "inline" : "attachment"),
    );
}

export function documentsRoutes(context: ModuleContext): FastifyPluginAsync {
  const settings = documentsSettings(context);
  const { db } = context.database;

  return async (plain) => {
    const app = plain.withTypeProvider<TypeBoxTypeProvider>();
    for (const schema of sharedSchemas) app.addSchema(schema);
    await app.register(multipart, {
      limits: { fileSize: settings.maxBytes, files: 2, fields: 4, fieldSize: META_PART_BYTES, parts: 6 },
    });

    // What failed or cut uploads left behind: on an embedded database nobody else can be uploading
    // now, so all of it goes; on a shared server only what has been idle for a while.
    const sweep = async (olderThanMs: number | undefined) => {
      const removed = await cleanUpStaging(db, olderThanMs);
      if (removed.uploads > 0)
        context.log.warn(
          { module: "documents", uploads: removed.uploads, bytes: removed.bytes },
          "removed unfinished document uploads from staging",
        );
    };
    await sweep(context.database.kind === "embedded" ? undefined : STAGING_IDLE_MS);
    const timer = setInterval(() => {
      sweep(STAGING_IDLE_MS).catch((error) =>
        context.log.error({ err: error, module: "documents" }, "cleaning document staging failed"),
      );
    }, STAGING_SWEEP_MS);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));

    app.post(
      "/",
      {
        schema: {
          operationId: "postDocument",
          tags: TAGS,
          summary: "Upload a document",
          description:
            "Uploads a report (PDF, XLSX, XLS, ODS or DOCX, recognised by its content) with its metadata as the " +
            "JSON part documentMetaInfo. The id is the SHA-256 of the bytes: uploading the same bytes again " +
            "stores nothing new, returns the same id and merges the metadata. Needs the role ROLE_UPLOADER " +
            "or a company role that allows uploading for each linked company (and at least one linked company). " +
            `At most ${settings.maxBytes} bytes.`,
          consumes: ["multipart/form-data"],
          body: UploadBody,
          response: { 200: refTo(DocumentMetaInfoResponse) },
          security: SIGNED_IN_SECURITY,
        },
        // The multipart body is read as a stream by the handler, which checks every part itself.
        validatorCompiler: () => () => true,
        // Not a limit the parser applies, but how much of a refused upload is still read so that the
        // client sees the answer (platform/http/unread-bodies.ts).
        bodyLimit: settings.maxBytes + ENVELOPE_BYTES,
      },
      async (request) => {
        const actor = authorize(
          request.actor,
          can(request.actor, "startUpload"),
          "Uploading documents needs the role ROLE_UPLOADER, or a company role that allows uploading for each of the document's companies.",
        );
        if (!request.isMultipart())
          throw badRequest(
            "Send the document as multipart/form-data with the parts document and documentMetaInfo.",
          );
        const declared = Number(request.headers["content-length"]);
        if (Number.isFinite(declared) && declared > settings.maxBytes + ENVELOPE_BYTES)
          throw tooLarge(settings.maxBytes);

        let meta: DocumentMetaInfo | undefined;
        let metaChecked = false;
        let staged: StagedUpload | undefined;
        let fileName = "";
        try {
          for await (const part of multipartParts(request)) {
            if (part.fieldname === "documentMetaInfo") {
              if (meta) throw badRequest("documentMetaInfo is given twice.", "Invalid documentMetaInfo");
              const raw =
                part.type === "file"
                  ? await readSmall(part.file, META_PART_BYTES, "documentMetaInfo")
                  : part.value;
              meta = parseUploadMeta(raw);
              assertStorableText(meta, "documentMetaInfo");
              if (!staged) {
                await checkUploadMeta(db, actor, meta);
                metaChecked = true;
              }
            } else if (part.fieldname === "document") {
              if (part.type !== "file") throw badRequest("document must be a file part.", "Invalid document");
              if (staged) throw badRequest("Send one document per upload.", "Invalid document");
              const problem = nameProblem(part.filename ?? "");
              if (problem) throw badRequest(`document file name ${problem}.`, "Invalid document file name");
              fileName = part.filename;
              const file = part.file;
              staged = await stageUpload(db, file, { ...settings, isTruncated: () => file.truncated });
            } else {
              if (part.type === "file") part.file.resume();
              throw badRequest(
                `${part.fieldname} is not a part of a document upload; send document and documentMetaInfo.`,
                `Invalid ${part.fieldname}`,
              );
            }
          }
          if (!staged)
            throw badRequest(
              "document is required: send the file as the part named document.",
              "Invalid document",
            );
          if (!metaChecked) await checkUploadMeta(db, actor, meta);
        } catch (error) {
          if (staged) await discardStaging(db, staged.blobId);
          throw multipartError(error, settings.maxBytes);
        }
        const stored = await promoteUpload(db, actor, staged, meta, fileName);
        request.log.info(
          {
            module: "documents",
            documentId: staged.documentId,
            bytes: staged.sizeBytes,
            created: stored.created,
          },
          stored.created ? "document stored" : "document already stored; metadata merged",
        );
        return stored.document;
      },
    );

    app.get(
      "/",
      {
        schema: {
          operationId: "searchForDocumentMetaInformation",
          tags: TAGS,
          summary: "Search documents",
          description:
            "Lists the metadata of accepted documents by company, categories and reporting period (at least one " +
            "is needed), newest publication first, one page at a time. The X-Total-Count header gives how many " +
            "documents match in all.",
          querystring: DocumentSearchQuery,
          response: { 200: Type.Array(refTo(DocumentMetaInfoResponse)) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        authorize(request.actor, can(request.actor, "read"));
        const { documents, total } = await searchDocuments(db, request.query as DocumentSearchQuery);
        // The reference's answer is the bare list; the count rides in a header so its clients are unchanged.
        reply.header("x-total-count", total);
        return documents;
      },
    );

    app.head(
      "/:documentId",
      {
        config: { swagger: { exposeHeadRoute: true } },
        schema: {
          operationId: "checkDocument",
          tags: TAGS,
          summary: "Check whether a document exists",
          description:
            "Answers 200 with the download's headers when the document is stored, 404 when it is not.",
          params: DocumentIdParams,
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        const row = await getReadableDocument(db, request.actor, request.params.documentId);
        documentHeaders(reply, row);
        reply.header("content-length", row.sizeBytes);
        return reply.code(200).send();
      },
    );

    app.get(
      "/:documentId/existence",
      {
        schema: {
          operationId: "getDocumentExistence",
          tags: TAGS,
          summary: "Whether a document is stored, as an answer",
          description:
            "Openverde's own: the HEAD check's answer in a body, so that \"not stored\" is a 200 the web app can ask for without the browser logging a failed request.",
          params: DocumentIdParams,
          security: SIGNED_IN_SECURITY,
          response: {
            200: Type.Object({ documentId: Type.String(), exists: Type.Boolean() }),
          },
        },
      },
      async (request) => ({
        documentId: request.params.documentId,
        exists: await documentExists(db, request.actor, request.params.documentId),
      }),
    );

    app.get(
      "/:documentId",
      {
        compress: false,
        exposeHeadRoute: false,
        schema: {
          operationId: "getDocument",
          tags: TAGS,
          summary: "Download a document",
          description:
            "Streams the stored bytes with their real content type, a safe file name, the id as ETag, and " +
            "single HTTP ranges (206) so a viewer can open a cited page without loading the whole file.",
          params: DocumentIdParams,
          response: {
            200: { description: "The whole document.", content: FILE_CONTENT },
            206: { description: "The requested byte range of the document.", content: FILE_CONTENT },
          },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, typedReply) => {
        // The response schemas only document the binary body; the reply is a stream or empty.
        const reply = typedReply as unknown as FastifyReply;
        const row = await getReadableDocument(db, request.actor, request.params.documentId);
        const etag = `"${row.documentId}"`;
        documentHeaders(reply, row);
        if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
        let range = parseRange(request.headers.range, row.sizeBytes);
        const ifRange = request.headers["if-range"] as string | undefined;
        if (range.kind !== "full" && ifRange !== undefined && ifRange.trim() !== etag)
          range = { kind: "full" };
        if (range.kind === "unsatisfiable")
          throw new ApiError(
            416,
            "range-not-satisfiable",
            "Range not satisfiable",
            `The document has ${row.sizeBytes} bytes; the requested range lies outside them.`,
            [],
            { "content-range": `bytes */${row.sizeBytes}` },
          );
        if (range.kind === "partial") {
          reply
            .code(206)
            .header("content-range", `bytes ${range.start}-${range.end}/${row.sizeBytes}`)
            .header("content-length", range.end - range.start + 1);
          return reply.send(streamDocumentBytes(db, row, range.start, range.end, settings.transfer));
        }
        reply.header("content-length", row.sizeBytes);
        return reply.send(streamDocumentBytes(db, row, 0, row.sizeBytes - 1, settings.transfer));
      },
    );

    app.get(
      "/:documentId/metadata",
      {
        schema: {
          operationId: "getDocumentMetaInformation",
          tags: TAGS,
          summary: "Read a document's metadata",
          description:
            "The full metadata of a stored document, with its file type and whether you may open it.",
          params: DocumentIdParams,
          response: { 200: refTo(DocumentMetaInfoEntity) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => getDocumentEntity(db, request.actor, request.params.documentId),
    );

    app.patch(
      "/:documentId",
      {
        schema: {
          operationId: "patchDocumentMetaInfo",
          tags: TAGS,
          summary: "Change a document's metadata",
          description:
            "Replaces the fields given and keeps the others; companyIds, when given, replaces the linked " +
            "companies. Only the uploader or an admin may do this, and a company linked or unlinked needs the " +
            "right to upload documents for it.",
          params: DocumentIdParams,
          body: refTo(DocumentMetaInfoPatch),
          response: { 200: refTo(DocumentMetaInfoResponse) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) =>
        patchDocumentMeta(
          db,
          request.actor,
          request.params.documentId,
          request.body as DocumentMetaInfoPatch,
        ),
    );

    app.put(
      "/:documentId",
      {
        schema: {
          operationId: "putDocumentMetaInfo",
          tags: TAGS,
          summary: "Replace a document's metadata",
          description:
            "Replaces all metadata of a document; optional fields left out are cleared. Only the uploader or an " +
            "admin may do this, and a company linked or unlinked needs the right to upload documents for it.",
          params: DocumentIdParams,
          body: refTo(DocumentMetaInfo),
          response: { 200: refTo(DocumentMetaInfoResponse) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) =>
        replaceDocumentMeta(db, request.actor, request.params.documentId, request.body as DocumentMetaInfo),
    );

    app.patch(
      "/:documentId/companies/:companyId",
      {
        schema: {
          operationId: "patchDocumentMetaInfoCompanyIds",
          tags: TAGS,
          summary: "Link a company to a document",
          description:
            "Adds one company to the companies that cite the document. Only someone who may upload documents for " +
            "that company may do this (uploaders and admins for any company); being the document's uploader is not enough.",
          params: DocumentCompanyParams,
          response: { 200: refTo(DocumentMetaInfoResponse) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request) => linkCompany(db, request.actor, request.params.documentId, request.params.companyId),
    );

    app.delete(
      "/:documentId/deletion-request",
      {
        schema: {
          operationId: "deleteDocument",
          tags: TAGS,
          summary: "Delete a document that must go",
          description:
            "For admins: removes a wrong or confidential upload, its bytes, metadata and company links at once. " +
            "Datasets citing it keep their values; the document itself answers 404 from then on.",
          params: DocumentIdParams,
          response: { 204: Type.Unsafe<void>({ description: "The document is deleted." }) },
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        await deleteDocument(db, request.actor, request.params.documentId);
        return reply.code(204).send();
      },
    );
  };
}
