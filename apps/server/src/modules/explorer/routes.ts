import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { exportTable } from "./export";
import { can } from "./policy";
import { COMPONENTS, type ExplorerQueryBody, ExportFormatQuery } from "./schemas";
import { planQuery, queryExplorer } from "./service";

const TAGS = ["explorer-controller"];

/** POST /explorer/query and /explorer/export under /api: Openverde's own operations. */
export const explorerRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of COMPONENTS) app.addSchema(schema);
    // Visitors are told to sign in before their input is judged.
    const signedIn = async (request: { actor: Parameters<typeof can>[0] }) => {
      authorize(request.actor, can(request.actor, "explore"));
    };

    app.post(
      "/explorer/query",
      {
        preValidation: signedIn,
        schema: {
          operationId: "queryExplorer",
          tags: TAGS,
          summary: "Read data points across companies and years",
          description:
            "One page of a table: one row per company (chosen by ids, by a portfolio you may read, or by country, sector and whether it has data), one column per data point and reporting period. Each cell holds the value of the company's active dataset of that period with its unit, quality, review status and source document, or says why it is missing. Rows are ordered by company name or by one column's value, the companies without it last. Private (VSME) data appears only for users who may read it.",
          body: Type.Ref("ExplorerQuery"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ExplorerResult") },
        },
      },
      async (request) => queryExplorer(db, request.actor, request.body as ExplorerQueryBody),
    );

    app.post(
      "/explorer/export",
      {
        preValidation: signedIn,
        schema: {
          operationId: "exportExplorer",
          tags: TAGS,
          summary: "Download the whole explorer table",
          description:
            "The same table as the query, every row in the query's order (paging is ignored), streamed as it is read: CSV, Excel or JSON. The columns are the company, its LEI, country and sector, then one per data point and reporting period with the unit in the header; a missing value is an empty cell (JSON: the cells as the query gives them).",
          querystring: ExportFormatQuery,
          body: Type.Ref("ExplorerQuery"),
          security: SIGNED_IN_SECURITY,
          response: {
            200: {
              description: "The file, as an attachment.",
              content: {
                "text/csv": { schema: { type: "string" } },
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
                  schema: { type: "string", format: "binary" },
                },
                "application/json": { schema: { type: "object" } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const plan = await planQuery(db, request.actor, request.body as ExplorerQueryBody);
        const file = exportTable(db, plan, request.query.format);
        return reply
          .header("content-type", file.mediaType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .send(file.stream);
      },
    );
  };
