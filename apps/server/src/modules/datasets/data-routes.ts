/** The routes under /data/{framework}: uploading a framework's datasets and reading them. */
import { Type } from "@fastify/type-provider-typebox";
import { badRequest } from "../../platform/http/errors";
import { joinedBytes } from "../../platform/http/joined-bytes";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { readActiveDataset, readCompanyDatasets, readDataset, readLatestDataset } from "./read";
import {
  acceptAll,
  type DatasetsApp,
  ERROR,
  type FrameworkNames,
  passThrough,
  sendJson,
} from "./route-parts";
import { ref } from "./schemas";
import { toWireMeta } from "./service";
import type { DatasetWithData } from "./store";
import { uploadDataset } from "./upload";

function booleanQuery(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw badRequest(`querystring parameter ${name} must be true or false.`, `Invalid ${name}`);
}

// The stored framework JSON goes into the body as it is, without being parsed and serialized again.
const companyAssociatedJson = (row: DatasetWithData) =>
  joinedBytes([
    `{"companyId":${JSON.stringify(row.companyId)},"reportingPeriod":${JSON.stringify(row.reportingPeriod)},"data":`,
    row.dataText,
    "}",
  ]);
const dataAndMetaJson = (publicUrl: string, rows: DatasetWithData[]) =>
  joinedBytes([
    "[",
    ...rows.flatMap((row, index) => [
      `${index > 0 ? "," : ""}{"metaInfo":${JSON.stringify(toWireMeta(publicUrl, row))},"data":`,
      row.dataText,
      "}",
    ]),
    "]",
  ]);

/** Reading a framework's datasets by id and a company's datasets of it (VSME's too). */
export function registerDatasetReads(
  app: DatasetsApp,
  context: ModuleContext,
  { framework, name, schemaName, tag }: FrameworkNames,
): void {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;
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
      return sendJson(reply, dataAndMetaJson(publicUrl, rows));
    },
  );
}

/** Uploading a public framework's dataset; its newest or a period's active dataset; the reads above. */
export function registerFrameworkDataRoutes(
  app: DatasetsApp,
  context: ModuleContext,
  names: FrameworkNames,
): void {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;
  const { framework, name, schemaName, tag } = names;
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
        description: "The identifier may be the company id, an LEI, an ISIN or any other stored identifier.",
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
  registerDatasetReads(app, context, names);
}
