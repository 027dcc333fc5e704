/** Export routes: starting an export job per framework, then asking its state and downloading its file. */
import { Type } from "@fastify/type-provider-typebox";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { createExportJob, exportDownload, exportState } from "./exports";
import { type DatasetsApp, ERROR, type FrameworkNames, passThrough, sendJson } from "./route-parts";
import { type ExportLatestRequestData, type ExportRequestData, ref } from "./schemas";

/** Starting an export of one framework's datasets, chosen by dimensions or the newest of each company. */
export function registerExportJobRoutes(
  app: DatasetsApp,
  context: ModuleContext,
  { framework, name, tag }: FrameworkNames,
): void {
  const { db } = context.database;
  const exportQuery = Type.Object({
    keepValueFieldsOnly: Type.Optional(Type.Boolean({ default: true })),
    includeAliases: Type.Optional(Type.Boolean({ default: true })),
  });
  app.post(
    `/data/${framework}/export-jobs`,
    {
      schema: {
        operationId: `postExportJobCompanyAssociated${name}DataByDimensions`,
        tags: [tag],
        summary: `Start exporting the active ${framework} datasets of companies for reporting periods`,
        description:
          "Queues an export and answers with its id at once; ask /export/{exportJobId}/state until it says Success, then download it.",
        querystring: exportQuery,
        body: ref<ExportRequestData>("ExportRequestData"),
        security: SIGNED_IN_SECURITY,
        response: { 200: ref("ExportJobInfo"), default: ERROR },
      },
    },
    async (request) =>
      createExportJob(db, request.actor, framework, {
        latest: false,
        companyIds: request.body.companyIds,
        reportingPeriods: request.body.reportingPeriods,
        fileFormat: request.body.fileFormat,
        keepValueFieldsOnly: request.query.keepValueFieldsOnly ?? true,
        includeAliases: request.query.includeAliases ?? true,
      }),
  );
  app.post(
    `/data/${framework}/export-latest-jobs`,
    {
      schema: {
        operationId: `postExportLatestJobCompanyAssociated${name}DataByDimensions`,
        tags: [tag],
        summary: `Start exporting the newest active ${framework} dataset of each company`,
        querystring: exportQuery,
        body: ref<ExportLatestRequestData>("ExportLatestRequestData"),
        security: SIGNED_IN_SECURITY,
        response: { 200: ref("ExportJobInfo"), default: ERROR },
      },
    },
    async (request) =>
      createExportJob(db, request.actor, framework, {
        latest: true,
        companyIds: request.body.companyIds,
        reportingPeriods: [],
        fileFormat: request.body.fileFormat,
        keepValueFieldsOnly: request.query.keepValueFieldsOnly ?? true,
        includeAliases: request.query.includeAliases ?? true,
      }),
  );
}

/** Following an export job under /export: its state, then its file. */
export function registerExportRoutes(app: DatasetsApp, context: ModuleContext): void {
  const { db } = context.database;
  app.get(
    "/export/:exportJobId/state",
    {
      schema: {
        operationId: "getExportJobState",
        tags: ["data-export-controller"],
        summary: "Tell how far an export job is",
        params: Type.Object({ exportJobId: Type.String() }),
        security: SIGNED_IN_SECURITY,
        response: { 200: ref("ExportJobProgressState"), default: ERROR },
      },
      serializerCompiler: passThrough,
    },
    async (request, reply) =>
      sendJson(reply, JSON.stringify(await exportState(db, request.actor, request.params.exportJobId))),
  );

  app.get(
    "/export/:exportJobId/download",
    {
      schema: {
        operationId: "exportCompanyAssociatedDataById",
        tags: ["data-export-controller"],
        summary: "Download the file of a finished export job",
        description: "204 while the job is still running.",
        params: Type.Object({ exportJobId: Type.String() }),
        security: SIGNED_IN_SECURITY,
        response: {
          200: { content: { "application/octet-stream": { schema: Type.String({ format: "binary" }) } } },
          default: ERROR,
        },
      },
    },
    async (request, reply) => {
      const download = await exportDownload(db, request.actor, request.params.exportJobId);
      if (!download) return reply.code(204).send();
      return reply
        .type(download.mediaType)
        .header("content-length", String(download.size))
        .header("content-disposition", `attachment; filename="${download.fileName}"`)
        .send(download.stream());
    },
  );
}
