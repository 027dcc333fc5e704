/**
 * The QA report operations: per framework with reports, `/data/{framework}/{dataId}/reports...`;
 * for single data points, `/data-points/{dataPointId}/reports...`; and `/data/reports/metadata`.
 */
import { AjvCompiler } from "@fastify/ajv-compiler";
import { type Static, Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { type FrameworkId, getFramework } from "@openverde/frameworks";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { registerUuidFormat } from "../../platform/ids";
import type { ModuleContext } from "../../platform/module";
import {
  DataPointReportIdParams,
  DataPointReportParams,
  DataReportIdParams,
  DataReportParams,
  type QaReportDataPointString,
  REPORTED_FRAMEWORKS,
  ReportListQuery,
  ReportMetadataQuery,
  reportBodySchema,
  reportSharedSchemas,
} from "./report-schemas";
import {
  getDataPointReport,
  getDatasetReport,
  listDataPointReports,
  listDatasetReports,
  postDataPointReport,
  postDatasetReport,
  searchReportMetadata,
  setDataPointReportStatus,
  setDatasetReportStatus,
} from "./reports";

type QaApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

const ref = (name: string) => Type.Unsafe({ $ref: `${name}#` });
/** Reports are written as they are built: their findings' corrected values are passed through unchanged. */
const asJson = () => (data: unknown) => JSON.stringify(data);
/** A report body that the service wrote as JSON text already. */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.type("application/json; charset=utf-8").send(json);

type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Validator = (data: unknown) => boolean;
const compile = AjvCompiler()(
  {},
  {
    customOptions: { removeAdditional: false, coerceTypes: "array", strict: false, allErrors: false },
    onCreate: registerUuidFormat,
  },
) as unknown as (route: RouteSchema) => Validator;

/**
 * The body of a report on a dataset is checked against the report's own plain schema (only the
 * framework's fields, each value of its type), while the published document names the reference's
 * components.
 */
function reportValidator(framework: FrameworkId) {
  return (route: RouteSchema): Validator => {
    if (route.httpPart !== "body") return compile(route);
    // Compiled on the first report on the framework: seven large schemas would slow every start.
    let validate: (Validator & { errors?: unknown }) | undefined;
    const lazy: Validator & { errors?: unknown } = (data) => {
      validate ??= compile({ ...route, schema: reportBodySchema(framework) });
      const valid = validate(data);
      lazy.errors = validate.errors;
      return valid;
    };
    return lazy;
  };
}

/** `sfdr` → `Sfdr`, `eutaxonomy-financials-2026-73` → `EutaxonomyFinancials202673`: the operation names' part. */
const operationName = (framework: FrameworkId): string =>
  getFramework(framework).schemaName.replace(/Data$/, "");

function registerFrameworkReportRoutes(app: QaApp, context: ModuleContext, framework: FrameworkId): void {
  const { db } = context.database;
  const name = operationName(framework);
  const schemaName = getFramework(framework).schemaName;
  const tags = [`${framework.replace("-2026-73", "-202673")}-data-qa-report-controller`];
  const withMeta = ref(`QaReportWithMetaInformation${schemaName}`);

  app.post(
    `/data/${framework}/:dataId/reports`,
    {
      schema: {
        operationId: `post${name}DataQaReport`,
        tags,
        summary: `Write a QA report on a ${framework} dataset`,
        description:
          "A finding per data point the reviewer checked: verdict, comment and, where the value is wrong, the " +
          "corrected data point with its source and page. Reviewers only, never on their own upload. The uploader " +
          "is told by e-mail when the report rejects or corrects their data.",
        params: DataReportParams,
        body: ref(schemaName),
        response: { 200: ref("QaReportMetaInformation") },
        security: SIGNED_IN_SECURITY,
      },
      validatorCompiler: reportValidator(framework),
      serializerCompiler: asJson,
    },
    async (request) => postDatasetReport(db, request.actor, framework, request.params.dataId, request.body),
  );

  app.get(
    `/data/${framework}/:dataId/reports`,
    {
      schema: {
        operationId: `get${name}DataAllQaReportsForDataset`,
        tags,
        summary: `The QA reports on a ${framework} dataset`,
        description:
          "Oldest first; deactivated reports only with showInactive. Everyone who may read the dataset may read them.",
        params: DataReportParams,
        querystring: ReportListQuery,
        response: { 200: Type.Array(withMeta) },
        security: SIGNED_IN_SECURITY,
      },
      serializerCompiler: asJson,
    },
    async (request, reply) =>
      sendJson(
        reply,
        await listDatasetReports(
          db,
          request.actor,
          framework,
          request.params.dataId,
          request.query as ListFilter,
        ),
      ),
  );

  app.get(
    `/data/${framework}/:dataId/reports/:qaReportId`,
    {
      schema: {
        operationId: `get${name}DataQaReport`,
        tags,
        summary: `One QA report on a ${framework} dataset`,
        description: "Everyone who may read the dataset may read it, deactivated or not.",
        params: DataReportIdParams,
        response: { 200: withMeta },
        security: SIGNED_IN_SECURITY,
      },
      serializerCompiler: asJson,
    },
    async (request, reply) =>
      sendJson(
        reply,
        await getDatasetReport(
          db,
          request.actor,
          framework,
          request.params.dataId,
          request.params.qaReportId,
        ),
      ),
  );

  app.patch(
    `/data/${framework}/:dataId/reports/:qaReportId/status`,
    {
      schema: {
        operationId: `set${name}DataQaReportStatus`,
        tags,
        summary: `Deactivate or reactivate a QA report on a ${framework} dataset`,
        description: "By the reviewer who wrote it, or an admin.",
        params: DataReportIdParams,
        body: ref("QaReportStatusPatch"),
        security: SIGNED_IN_SECURITY,
      },
    },
    async (request, reply) => {
      const { active } = request.body as QaReportStatusPatch;
      await setDatasetReportStatus(
        db,
        request.actor,
        framework,
        request.params.dataId,
        request.params.qaReportId,
        active,
      );
      return reply.code(200).send();
    },
  );
}

type QaReportStatusPatch = { active: boolean };
type ListFilter = { showInactive?: boolean; reporterUserId?: string };

function registerDataPointReportRoutes(app: QaApp, context: ModuleContext): void {
  const { db } = context.database;
  const tags = ["data-point-qa-report-controller"];

  app.post(
    "/data-points/:dataPointId/reports",
    {
      schema: {
        operationId: "postQaReport",
        tags,
        summary: "Write a QA report on one data point",
        description:
          "Verdict, comment and, where the value is wrong, the corrected data point as JSON text in the shape of " +
          "its type (checked against it). Reviewers only, never on their own upload.",
        params: DataPointReportParams,
        body: ref("QaReportDataPointString"),
        response: { 201: ref("DataPointQaReport") },
        security: SIGNED_IN_SECURITY,
      },
      serializerCompiler: asJson,
    },
    async (request, reply) => {
      const report = await postDataPointReport(
        db,
        request.actor,
        request.params.dataPointId,
        request.body as Static<typeof QaReportDataPointString>,
      );
      return reply.code(201).send(report);
    },
  );

  app.get(
    "/data-points/:dataPointId/reports",
    {
      schema: {
        operationId: "getAllQaReportsForDataPoint",
        tags,
        summary: "The QA reports on one data point",
        description:
          "Its own reports and the findings on it of reports on its dataset, oldest first; deactivated ones " +
          "only with showInactive. Everyone who may read the dataset may read them.",
        params: DataPointReportParams,
        querystring: ReportListQuery,
        response: { 200: Type.Array(ref("DataPointQaReport")) },
        security: SIGNED_IN_SECURITY,
      },
      serializerCompiler: asJson,
    },
    async (request) =>
      listDataPointReports(db, request.actor, request.params.dataPointId, request.query as ListFilter),
  );

  app.get(
    "/data-points/:dataPointId/reports/:qaReportId",
    {
      schema: {
        operationId: "getQaReport",
        tags,
        summary: "One QA report on a data point",
        description: "Everyone who may read the dataset may read it, deactivated or not.",
        params: DataPointReportIdParams,
        response: { 200: ref("DataPointQaReport") },
        security: SIGNED_IN_SECURITY,
      },
      serializerCompiler: asJson,
    },
    async (request) =>
      getDataPointReport(db, request.actor, request.params.dataPointId, request.params.qaReportId),
  );

  app.patch(
    "/data-points/:dataPointId/reports/:qaReportId/status",
    {
      schema: {
        operationId: "setQaReportStatus",
        tags,
        summary: "Deactivate or reactivate a QA report on a data point",
        description:
          "By the reviewer who wrote it, or an admin. A finding that is part of a report on the whole dataset " +
          "changes alone.",
        params: DataPointReportIdParams,
        body: ref("QaReportStatusPatch"),
        security: SIGNED_IN_SECURITY,
      },
    },
    async (request, reply) => {
      const { active } = request.body as QaReportStatusPatch;
      await setDataPointReportStatus(
        db,
        request.actor,
        request.params.dataPointId,
        request.params.qaReportId,
        active,
      );
      return reply.code(200).send();
    },
  );
}

/** Registers every QA report operation and the components they name on the qa module's app. */
export function registerReportRoutes(app: QaApp, context: ModuleContext): void {
  const { db } = context.database;
  for (const schema of reportSharedSchemas()) {
    const id = (schema as { $id: string }).$id;
    if (!app.getSchema(id)) app.addSchema(schema);
  }
  for (const framework of REPORTED_FRAMEWORKS) registerFrameworkReportRoutes(app, context, framework);
  registerDataPointReportRoutes(app, context);

  app.get(
    "/data/reports/metadata",
    {
      schema: {
        operationId: "getQaReportsMetadata",
        tags: ["qa-reports-metadata-controller"],
        summary: "QA reports on datasets, by reviewer, time, review state and company",
        description:
          "Newest first, at most 1,000. Reviewers and admins see reports on every dataset; other users those on " +
          "accepted datasets and on their own uploads.",
        querystring: ReportMetadataQuery,
        response: { 200: Type.Array(ref("DataAndQaReportMetadata")) },
        security: SIGNED_IN_SECURITY,
      },
      serializerCompiler: asJson,
    },
    async (request) =>
      searchReportMetadata(
        db,
        request.actor,
        context.config.publicUrl,
        request.query as Static<typeof ReportMetadataQuery>,
      ),
  );
}
