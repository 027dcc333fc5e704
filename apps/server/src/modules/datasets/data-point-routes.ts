/** The routes under /data-points: uploading and checking one data point, reading it and its meta information. */
import { Type } from "@fastify/type-provider-typebox";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import {
  type DataPointToValidate,
  type UploadedDataPoint,
  uploadDataPoint,
  validateDataPoint,
} from "./data-point-upload";
import { can } from "./policy";
import { readDataPoint } from "./read";
import { type DatasetsApp, ERROR } from "./route-parts";
import { ref } from "./schemas";
import type { DataPointRow } from "./store";

const metaInformation = (point: DataPointRow) => ({
  dataPointId: point.dataPointId,
  dataPointType: point.dataPointType,
  companyId: point.companyId,
  reportingPeriod: point.reportingPeriod,
  uploaderUserId: point.uploaderUserId ?? "",
  uploadTime: point.uploadTime,
  currentlyActive: point.currentlyActive,
  qaStatus: point.qaStatus,
});

export function registerDataPointRoutes(app: DatasetsApp, context: ModuleContext): void {
  const { db } = context.database;
  app.post(
    "/data-points",
    {
      schema: {
        operationId: "postDataPoint",
        tags: ["data-point-controller"],
        summary: "Upload one data point",
        description:
          "Stores one data point of a known data point type for a company and reporting period, checked as the same field of a dataset upload is. It waits for quality review, unless an admin sets bypassQa, in which case it is accepted and becomes the active data point of its type at once.",
        querystring: Type.Object({ bypassQa: Type.Optional(Type.Boolean({ default: false })) }),
        body: ref<UploadedDataPoint>("UploadedDataPoint"),
        security: SIGNED_IN_SECURITY,
        response: { 200: ref("DataPointMetaInformation"), default: ERROR },
      },
    },
    async (request) =>
      metaInformation(
        await uploadDataPoint(db, request.actor, request.body, request.query.bypassQa === true),
      ),
  );

  app.post(
    "/data-points/validator",
    {
      schema: {
        operationId: "validateDataPoint",
        tags: ["data-point-controller"],
        summary: "Check a data point against its data point type",
        description:
          "Answers 204 when the value is a valid data point of the type, and 400 listing every problem otherwise, with the same checks as an upload. Stores nothing.",
        body: ref<DataPointToValidate>("DataPointToValidate"),
        security: SIGNED_IN_SECURITY,
        response: { 204: Type.Unsafe<void>({ description: "The data point is valid." }), default: ERROR },
      },
    },
    async (request, reply) => {
      authorize(request.actor, can(request.actor, "read"));
      validateDataPoint(request.body);
      return reply.code(204).send();
    },
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
    async (request) => metaInformation(await readDataPoint(db, request.actor, request.params.dataPointId)),
  );
}
