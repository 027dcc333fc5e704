/** The routes of VSME, the private framework: a dataset uploaded with its documents, and those documents. */
import { Type } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { registerDatasetReads } from "./data-routes";
import type { DocumentSettings } from "./neighbours";
import { acceptAll, type DatasetsApp, ERROR, frameworkNames } from "./route-parts";
import { ref } from "./schemas";
import { toWireMeta } from "./service";
import { MAX_JSON_BYTES, privateDocument, uploadPrivateDataset } from "./vsme";

export function registerVsmeRoutes(
  app: DatasetsApp,
  context: ModuleContext,
  documentSettings: DocumentSettings,
): void {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;
  app.post(
    "/data/vsme",
    {
      schema: {
        operationId: "postVsmeJsonAndDocuments",
        tags: ["vsme-data-controller"],
        summary: "Upload a VSME dataset with the documents it cites",
        description:
          "Multipart: the part companyAssociatedVsmeData holds the dataset as JSON, each part documents one file it cites. VSME data is private to the company, the uploader, users granted access and admins.",
        consumes: ["multipart/form-data"],
        body: Type.Object({
          companyAssociatedVsmeData: ref("CompanyAssociatedDataVsmeData"),
          documents: Type.Array(Type.String({ format: "binary" })),
        }),
        security: SIGNED_IN_SECURITY,
        response: { 200: ref("DataMetaInformation"), default: ERROR },
      },
      validatorCompiler: acceptAll,
      // How much of a refused upload is still read so that the client sees the answer
      // (platform/http/unread-bodies.ts): one document of the largest size and the dataset.
      bodyLimit: documentSettings.maxBytes + MAX_JSON_BYTES,
    },
    async (request: FastifyRequest) =>
      toWireMeta(publicUrl, await uploadPrivateDataset(db, documentSettings, request)),
  );
  app.get(
    "/data/vsme/documents",
    {
      schema: {
        operationId: "getPrivateDocument",
        tags: ["vsme-data-controller"],
        summary: "Download a document cited by a VSME dataset",
        querystring: Type.Object({ dataId: Type.String(), hash: Type.String() }),
        security: SIGNED_IN_SECURITY,
        response: {
          200: {
            description: "The document's bytes.",
            content: {
              // Listed as JSON too, as the reference does, so its generated clients accept the answer.
              "application/json": { schema: Type.String({ format: "binary" }) },
              "application/pdf": { schema: Type.String({ format: "binary" }) },
            },
          },
          default: ERROR,
        },
      },
    },
    async (request, reply) => {
      const document = await privateDocument(
        db,
        documentSettings,
        request.actor,
        request.query.dataId,
        request.query.hash,
      );
      const asciiName = document.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
      return reply
        .type(document.mediaType)
        .header("content-length", String(document.size))
        .header(
          "content-disposition",
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
        )
        .send(document.stream());
    },
  );
  registerDatasetReads(app, context, frameworkNames("vsme"));
}
