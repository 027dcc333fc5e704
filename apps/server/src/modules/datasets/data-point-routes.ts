/** The routes under /data-points: one data point and its meta information. */
import { Type } from "@fastify/type-provider-typebox";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { readDataPoint } from "./read";
import { type DatasetsApp, ERROR } from "./route-parts";
import { ref } from "./schemas";

export function registerDataPointRoutes(app: DatasetsApp, context: ModuleContext): void {
  const { db } = context.database;
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
}
