/**
 * The routes under /metadata (the meta information of datasets, and statements that data cannot be
 * found), and the list of a user's uploads.
 */
import { Type } from "@fastify/type-provider-typebox";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { uuidString } from "../../platform/ids";
import type { ModuleContext } from "../../platform/module";
import { isNonSourceable, listNonSourceability, markNonSourceable } from "./non-sourceability";
import {
  activeDatasetSearch,
  availableDimensions,
  changeUploader,
  containedDataPoints,
  listMeta,
  listMetaByFilters,
  readMeta,
  uploadsOf,
} from "./read";
import { type DatasetsApp, ERROR } from "./route-parts";
import {
  type BasicDataDimensions,
  type DataMetaInformationPatch,
  type DataMetaInformationSearchFilter,
  type NonSourceabilityRequest,
  QaStatus,
  ref,
} from "./schemas";
import { toWireMeta } from "./service";
import type { QaStatus as QaStatusValue } from "./store";

const stringList = (value: unknown): string[] | undefined => {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list
    .map(String)
    .flatMap((item) => item.split(","))
    .filter((item) => item !== "");
};

export function registerMetadataRoutes(app: DatasetsApp, context: ModuleContext): void {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;

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
        summary: "List which companies have active data for which frameworks or data point types and periods",
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

  // ---- uploads per user ----------------------------------------------------------------------------

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
}
