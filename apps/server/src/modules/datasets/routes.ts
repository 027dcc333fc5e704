import multipart from "@fastify/multipart";
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { badRequest } from "../../platform/http/errors";
import { joinedBytes } from "../../platform/http/joined-bytes";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { uuidString } from "../../platform/ids";
import type { ModuleContext } from "../../platform/module";
import { createExportJob, exportDownload, exportState } from "./exports";
import { PUBLIC_FRAMEWORKS } from "./framework-data";
import { documentSettingsFor } from "./neighbours";
import { isNonSourceable, listNonSourceability, markNonSourceable } from "./non-sourceability";
import {
  activeDatasetSearch,
  availableDimensions,
  changeUploader,
  containedDataPoints,
  listMeta,
  listMetaByFilters,
  readActiveDataset,
  readCompanyDatasets,
  readDataPoint,
  readDataset,
  readLatestDataset,
  readMeta,
  uploadsOf,
} from "./read";
import {
  type BasicDataDimensions,
  type DataMetaInformationPatch,
  type DataMetaInformationSearchFilter,
  type ExportLatestRequestData,
  type ExportRequestData,
  frameworkSharedSchemas,
  type NonSourceabilityRequest,
  ownSharedSchemas,
  QaStatus,
  ref,
} from "./schemas";
import { toWireMeta } from "./service";
import type { DatasetWithData, QaStatus as QaStatusValue } from "./store";
import { uploadDataset } from "./upload";
import { MAX_JSON_BYTES, privateDocument, uploadPrivateDataset } from "./vsme";

const ERROR = ref("ErrorResponse");

const ErrorResponse = Type.Object(
  {
    errors: Type.Array(
      Type.Object({
        errorType: Type.String(),
        summary: Type.String(),
        message: Type.String(),
        httpStatus: Type.Number(),
        metaInformation: Type.Optional(Type.Object({}, { additionalProperties: true })),
      }),
    ),
  },
  { $id: "ErrorResponse" },
);

const pascal = (id: string) =>
  id
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** Framework JSON is sent as stored: the response text is put together around the stored jsonb text. */
const passThrough = () => (data: unknown) => (typeof data === "string" ? data : JSON.stringify(data));
const acceptAll = () => () => true;

function booleanQuery(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw badRequest(`querystring parameter ${name} must be true or false.`, `Invalid ${name}`);
}

const stringList = (value: unknown): string[] | undefined => {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list
    .map(String)
    .flatMap((item) => item.split(","))
    .filter((item) => item !== "");
};

export const datasetRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    const publicUrl = context.config.publicUrl;
    for (const schema of [...frameworkSharedSchemas(), ...ownSharedSchemas, ErrorResponse]) {
      const id = (schema as { $id: string }).$id;
      if (!app.getSchema(id)) app.addSchema(schema);
    }
    const documentSettings = documentSettingsFor(context);
    if (!app.hasContentTypeParser("multipart/form-data"))
      await app.register(multipart, {
        limits: { fileSize: documentSettings.maxBytes, fieldSize: 10 * 1024 * 1024, files: 100 },
      });

    // The stored framework JSON goes into the body as it is, without being parsed and serialized again.
    const companyAssociatedJson = (row: DatasetWithData) =>
      joinedBytes([
        `{"companyId":${JSON.stringify(row.companyId)},"reportingPeriod":${JSON.stringify(row.reportingPeriod)},"data":`,
        row.dataText,
        "}",
      ]);
    const dataAndMetaJson = (rows: DatasetWithData[]) =>
      joinedBytes([
        "[",
        ...rows.flatMap((row, index) => [
          `${index > 0 ? "," : ""}{"metaInfo":${JSON.stringify(toWireMeta(publicUrl, row))},"data":`,
          row.dataText,
          "}",
        ]),
        "]",
      ]);
    const sendJson = (reply: FastifyReply, body: string | Buffer) =>
      reply.type("application/json; charset=utf-8").send(body);

    // ---- framework data --------------------------------------------------------------------------

    const registerReads = (framework: string, schemaName: string, tag: string) => {
      const name = pascal(framework);
      app.get(
        `/data/${framework}/:dataId`,
        {
          schema: {
            operationId: `getCompanyAssociated${name}Data`,
            tags: [tag],
            summary: `Read one ${framework} dataset by its id`,
            params: Type.Object({ dataId: Type.String() }),
            security: SIGNED_IN_SECURITY,
            response: { 200: ref(`CompanyAssociatedData${schemaName}`), default: ERROR },
          },
          serializerCompiler: passThrough,
        },
        async (request, reply) =>
          sendJson(
            reply,
            companyAssociatedJson(await readDataset(db, request.actor, framework, request.params.dataId)),
          ),
      );
      app.get(
        `/data/${framework}/companies/:companyId`,
        {
          schema: {
            operationId: framework === "vsme" ? "getFrameworkDatasetsForCompany" : `getAllCompany${name}Data`,
            tags: [tag],
            summary: `List a company's ${framework} datasets with their meta information`,
            description:
              "Newest reporting period first. By default only the active dataset of each reporting period; with showOnlyActive=false every version you may see.",
            params: Type.Object({ companyId: Type.String() }),
            querystring: Type.Object({
              showOnlyActive: Type.Optional(Type.Boolean({ default: true })),
              reportingPeriod: Type.Optional(Type.String()),
            }),
            security: SIGNED_IN_SECURITY,
            response: { 200: Type.Array(ref(`DataAndMetaInformation${schemaName}`)), default: ERROR },
          },
          serializerCompiler: passThrough,
        },
        async (request, reply) => {
          const rows = await readCompanyDatasets(db, request.actor, framework, request.params.companyId, {
            showOnlyActive: request.query.showOnlyActive ?? true,
            ...(request.query.reportingPeriod !== undefined
              ? { reportingPeriod: request.query.reportingPeriod }
              : {}),
          });
          return sendJson(reply, dataAndMetaJson(rows));
        },
      );
    };

    for (const framework of PUBLIC_FRAMEWORKS) {
      const name = pascal(framework);
      const schemaName = `${name}Data`;
      // The reference names its controllers after the framework without the hyphen in a regulation's
      // number ("eutaxonomy-financials-202673-data-controller").
      const tag = `${framework.replace(/-(\d{4})-(\d+)$/, "-$1$2")}-data-controller`;
      app.post(
        `/data/${framework}`,
        {
          schema: {
            operationId: `postCompanyAssociated${name}Data`,
            tags: [tag],
            summary: `Upload a ${framework} dataset for a company and reporting period`,
            description:
              "Stores a new version. It waits for quality review, unless an admin sets bypassQa, in which case it is accepted and becomes the active dataset at once. Every problem of the data is reported with its JSON path.",
            querystring: Type.Object({ bypassQa: Type.Optional(Type.Boolean({ default: false })) }),
            body: ref(`CompanyAssociatedData${schemaName}`),
            security: SIGNED_IN_SECURITY,
            response: { 200: ref("DataMetaInformation"), default: ERROR },
          },
          validatorCompiler: acceptAll,
          serializerCompiler: passThrough,
        },
        async (request) => {
          const query = request.query as Record<string, unknown>;
          const meta = await uploadDataset(db, request.actor, {
            frameworkId: framework,
            body: request.body,
            bypassQa: booleanQuery(query.bypassQa, "bypassQa", false),
          });
          return toWireMeta(publicUrl, meta);
        },
      );
      app.get(
        `/data/${framework}/latest`,
        {
          schema: {
            operationId: `getLatestAvailableCompanyAssociated${name}Data`,
            tags: [tag],
            summary: `Read the newest active ${framework} dataset of a company named by an identifier`,
            description:
              "The identifier may be the company id, an LEI, an ISIN or any other stored identifier.",
            querystring: Type.Object({ identifier: Type.String() }),
            security: SIGNED_IN_SECURITY,
            response: { 200: ref(`CompanyAssociatedData${schemaName}`), default: ERROR },
          },
          serializerCompiler: passThrough,
        },
        async (request, reply) =>
          sendJson(
            reply,
            companyAssociatedJson(
              await readLatestDataset(db, request.actor, framework, request.query.identifier),
            ),
          ),
      );
      app.get(
        `/data/${framework}/`,
        {
          schema: {
            operationId: `getCompanyAssociated${name}DataByDimensions`,
            tags: [tag],
            summary: `Read the active ${framework} dataset of a company for a reporting period`,
            querystring: Type.Object({ reportingPeriod: Type.String(), companyId: Type.String() }),
            security: SIGNED_IN_SECURITY,
            response: { 200: ref(`CompanyAssociatedData${schemaName}`), default: ERROR },
          },
          serializerCompiler: passThrough,
        },
        async (request, reply) =>
          sendJson(
            reply,
            companyAssociatedJson(
              await readActiveDataset(
                db,
                request.actor,
                framework,
                request.query.companyId,
                request.query.reportingPeriod,
              ),
            ),
          ),
      );
      registerReads(framework, schemaName, tag);

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

    // ---- VSME (private) --------------------------------------------------------------------------

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
    registerReads("vsme", "VsmeData", "vsme-data-controller");

    // ---- meta information ------------------------------------------------------------------------

    const metaQuery = Type.Object({
      companyId: Type.Optional(Type.String()),
      dataType: Type.Optional(ref<string>("DataTypeEnum")),
      showOnlyActive: Type.Optional(Type.Boolean({ default: true })),
      reportingPeriod: Type.Optional(Type.String()),
      uploaderUserIds: Type.Optional(Type.Array(uuidString(), { uniqueItems: true })),
      qaStatus: Type.Optional(QaStatus),
    });
    app.get(
      "/metadata",
      {
        schema: {
          operationId: "getListOfDataMetaInfo",
          tags: ["meta-data-controller"],
          summary: "Search the meta information of datasets",
          description: "Without filters every active dataset you may see; newest reporting period first.",
          querystring: metaQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(ref("DataMetaInformation")), default: ERROR },
        },
      },
      async (request) => {
        const q = request.query;
        const rows = await listMeta(db, request.actor, {
          ...(q.companyId !== undefined ? { companyId: q.companyId } : {}),
          ...(q.dataType !== undefined ? { dataType: q.dataType } : {}),
          ...(q.reportingPeriod !== undefined ? { reportingPeriod: q.reportingPeriod } : {}),
          ...(q.uploaderUserIds ? { uploaderUserIds: q.uploaderUserIds } : {}),
          ...(q.qaStatus !== undefined ? { qaStatus: q.qaStatus as QaStatusValue } : {}),
          onlyActive: q.showOnlyActive ?? true,
        });
        return rows.map((row) => toWireMeta(publicUrl, row));
      },
    );

    app.post(
      "/metadata/filters",
      {
        schema: {
          operationId: "postListOfDataMetaInfoFilters",
          tags: ["meta-data-controller"],
          summary: "Search dataset meta information with several filters at once",
          description: "Answers the datasets matching any of the filters, each once.",
          body: Type.Array(ref<DataMetaInformationSearchFilter>("DataMetaInformationSearchFilter")),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(ref("DataMetaInformation")), default: ERROR },
        },
      },
      async (request) => {
        const rows = await listMetaByFilters(
          db,
          request.actor,
          request.body.map((filter) => ({
            ...(filter.companyId != null ? { companyId: filter.companyId } : {}),
            ...(filter.dataType != null ? { dataType: filter.dataType } : {}),
            ...(filter.reportingPeriod != null ? { reportingPeriod: filter.reportingPeriod } : {}),
            ...(filter.uploaderUserIds ? { uploaderUserIds: filter.uploaderUserIds } : {}),
            ...(filter.qaStatus != null ? { qaStatus: filter.qaStatus as QaStatusValue } : {}),
            onlyActive: filter.onlyActive,
          })),
        );
        return rows.map((row) => toWireMeta(publicUrl, row));
      },
    );

    app.get(
      "/metadata/available-data-dimensions",
      {
        schema: {
          operationId: "getAvailableDataDimensions",
          tags: ["meta-data-controller"],
          summary:
            "List which companies have active data for which frameworks or data point types and periods",
          querystring: Type.Object({
            companyIds: Type.Optional(Type.Array(Type.String())),
            frameworksOrDataPointTypes: Type.Optional(Type.Array(Type.String())),
            reportingPeriods: Type.Optional(Type.Array(Type.String())),
          }),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(ref<BasicDataDimensions>("BasicDataDimensions")), default: ERROR },
        },
      },
      async (request) => {
        const q = request.query;
        const companyIds = stringList(q.companyIds);
        const names = stringList(q.frameworksOrDataPointTypes);
        const periods = stringList(q.reportingPeriods);
        return availableDimensions(db, request.actor, {
          ...(companyIds ? { companyIds } : {}),
          ...(names ? { frameworksOrDataPointTypes: names } : {}),
          ...(periods ? { reportingPeriods: periods } : {}),
        });
      },
    );

    app.post(
      "/metadata/active-dataset-search",
      {
        schema: {
          operationId: "retrieveMetaDataOfActiveDatasets",
          tags: ["meta-data-controller"],
          summary: "Find the active datasets of given companies, frameworks and periods",
          body: Type.Array(ref<BasicDataDimensions>("BasicDataDimensions")),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(ref("DataMetaInformation")), default: ERROR },
        },
      },
      async (request) =>
        (await activeDatasetSearch(db, request.actor, request.body)).map((row) => toWireMeta(publicUrl, row)),
    );

    app.get(
      "/metadata/nonSourceable",
      {
        schema: {
          operationId: "getInfoOnNonSourceabilityOfDatasets",
          tags: ["meta-data-controller"],
          summary: "List statements that data cannot be found",
          querystring: Type.Object({
            companyId: Type.Optional(Type.String()),
            dataType: Type.Optional(ref<string>("DataTypeEnum")),
            reportingPeriod: Type.Optional(Type.String()),
            qaStatus: Type.Optional(QaStatus),
          }),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(ref("NonSourceabilityInformationResponse")), default: ERROR },
        },
      },
      async (request) => {
        const q = request.query;
        return listNonSourceability(db, request.actor, {
          ...(q.companyId !== undefined ? { companyId: q.companyId } : {}),
          ...(q.dataType !== undefined ? { dataType: q.dataType } : {}),
          ...(q.reportingPeriod !== undefined ? { reportingPeriod: q.reportingPeriod } : {}),
          ...(q.qaStatus !== undefined ? { qaStatus: q.qaStatus as QaStatusValue } : {}),
        });
      },
    );

    app.post(
      "/metadata/nonSourceable",
      {
        schema: {
          operationId: "postNonSourceabilityOfADataset",
          tags: ["meta-data-controller"],
          summary: "State that data for a company, framework and period cannot be found",
          description:
            "Recorded with who and why. The statement holds while no dataset of that company, framework and period is active; an accepted upload ends it. bypassQa (admins) records it as accepted.",
          querystring: Type.Object({
            bypassQa: Type.Optional(Type.Boolean({ default: false })),
            currentlyActive: Type.Optional(Type.Boolean({ default: false })),
          }),
          body: ref<NonSourceabilityRequest>("NonSourceabilityRequest"),
          security: SIGNED_IN_SECURITY,
          response: { 200: ref("NonSourceabilityInformationResponse"), default: ERROR },
        },
      },
      async (request) => markNonSourceable(db, request.actor, request.body, request.query.bypassQa ?? false),
    );

    app.head(
      "/metadata/nonSourceable/:companyId/:dataType/:reportingPeriod",
      {
        // Published in the OpenAPI document like the reference's isDataNonSourceable.
        config: { swagger: { exposeHeadRoute: true } },
        schema: {
          operationId: "isDataNonSourceable",
          tags: ["meta-data-controller"],
          summary: "Tell whether data for a company, framework and period is stated to be not findable",
          description: "200 when it is, 404 when it is not.",
          params: Type.Object({
            companyId: Type.String(),
            dataType: ref<string>("DataTypeEnum"),
            reportingPeriod: Type.String(),
          }),
          security: SIGNED_IN_SECURITY,
        },
      },
      async (request, reply) => {
        const yes = await isNonSourceable(db, request.actor, request.params);
        return reply.code(yes ? 200 : 404).send();
      },
    );

    app.get(
      "/metadata/:dataId",
      {
        schema: {
          operationId: "getDataMetaInfo",
          tags: ["meta-data-controller"],
          summary: "Read the meta information of a dataset",
          params: Type.Object({ dataId: Type.String() }),
          security: SIGNED_IN_SECURITY,
          response: { 200: ref("DataMetaInformation"), default: ERROR },
        },
      },
      async (request) => toWireMeta(publicUrl, await readMeta(db, request.actor, request.params.dataId)),
    );

    app.patch(
      "/metadata/:dataId",
      {
        schema: {
          operationId: "patchDataMetaInfo",
          tags: ["meta-data-controller"],
          summary: "Change who is recorded as the uploader of a dataset (admins)",
          params: Type.Object({ dataId: Type.String() }),
          body: ref<DataMetaInformationPatch>("DataMetaInformationPatch"),
          security: SIGNED_IN_SECURITY,
          response: { 200: ref("DataMetaInformation"), default: ERROR },
        },
      },
      async (request) =>
        toWireMeta(
          publicUrl,
          await changeUploader(db, request.actor, request.params.dataId, request.body.uploaderUserId),
        ),
    );

    app.get(
      "/metadata/:dataId/data-points",
      {
        schema: {
          operationId: "getContainedDataPoints",
          tags: ["meta-data-controller"],
          summary: "List the data points of a dataset",
          description: "An object from data point type to data point id.",
          params: Type.Object({ dataId: Type.String() }),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Record(Type.String(), Type.String()), default: ERROR },
        },
      },
      async (request) => containedDataPoints(db, request.actor, request.params.dataId),
    );

    // ---- uploads per user and data points ----------------------------------------------------------

    app.get(
      "/users/:userId/uploads",
      {
        schema: {
          operationId: "getUserUploadsDataMetaInformation",
          tags: ["user-uploads-controller"],
          summary: "List the datasets a user uploaded",
          description: "Your own uploads (admins: anyone's), newest first, with the company names.",
          params: Type.Object({ userId: Type.String() }),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(ref("DataMetaInformationForMyDatasets")), default: ERROR },
        },
      },
      async (request) => uploadsOf(db, request.actor, request.params.userId),
    );

    app.get(
      "/data-points/:dataPointId",
      {
        schema: {
          operationId: "getDataPoint",
          tags: ["data-point-controller"],
          summary: "Read one data point",
          params: Type.Object({ dataPointId: Type.String() }),
          security: SIGNED_IN_SECURITY,
          response: { 200: ref("UploadedDataPoint"), default: ERROR },
        },
      },
      async (request) => {
        const point = await readDataPoint(db, request.actor, request.params.dataPointId);
        return {
          dataPoint: point.valueText,
          dataPointType: point.dataPointType,
          companyId: point.companyId,
          reportingPeriod: point.reportingPeriod,
        };
      },
    );

    app.get(
      "/data-points/:dataPointId/metadata",
      {
        schema: {
          operationId: "getDataPointMetaInfo",
          tags: ["data-point-controller"],
          summary: "Read the meta information of one data point",
          params: Type.Object({ dataPointId: Type.String() }),
          security: SIGNED_IN_SECURITY,
          response: { 200: ref("DataPointMetaInformation"), default: ERROR },
        },
      },
      async (request) => {
        const point = await readDataPoint(db, request.actor, request.params.dataPointId);
        return {
          dataPointId: point.dataPointId,
          dataPointType: point.dataPointType,
          companyId: point.companyId,
          reportingPeriod: point.reportingPeriod,
          uploaderUserId: point.uploaderUserId ?? "",
          uploadTime: point.uploadTime,
          currentlyActive: point.currentlyActive,
          qaStatus: point.qaStatus,
        };
      },
    );

    // ---- exports ---------------------------------------------------------------------------------

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
  };
