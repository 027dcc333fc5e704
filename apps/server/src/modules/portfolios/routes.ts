import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { enrichedPortfolio } from "./enrichment";
import { companiesWithIncompleteFiscalYearEnd, ensureMonitoringScheduled } from "./monitoring";
import { can } from "./policy";
import { COMPONENTS, PagingQuery, PortfolioIdParams, UserIdParams } from "./schemas";
import {
  allPortfolios,
  createPortfolio,
  deletePortfolio,
  exportPortfolio,
  type MonitoringPatch,
  type PortfolioExportRequest,
  type PortfolioUpload,
  patchMonitoring,
  portfolioNamesOfCurrentUser,
  portfoliosOfCurrentUser,
  portfoliosOfUser,
  readPortfolio,
  replacePortfolio,
  requestSupport,
  toBasePortfolio,
} from "./service";
import { registerSharingRoutes } from "./sharing-routes";

const TAGS = ["portfolio-controller"];
const portfolioList = Type.Array(Type.Ref("BasePortfolio"));

/**
 * The /users operations. Paths that the reference writes with a trailing slash are registered that
 * way (the router ignores trailing slashes, so both spellings answer).
 */
export const portfolioRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    const { publicUrl } = context.config;
    for (const schema of COMPONENTS) app.addSchema(schema);
    await ensureMonitoringScheduled(db);
    // Every /users operation needs a signed-in user: say so before judging the input or looking anything up.
    app.addHook("preValidation", async (request) => {
      authorize(request.actor, can(request.actor, "keepPortfolios"));
    });

    app.post(
      "/portfolios/",
      {
        schema: {
          operationId: "createPortfolio",
          tags: TAGS,
          summary: "Create a portfolio",
          description:
            "Builds the portfolio from company ids or identifiers (LEI, ISIN, ...). Identifiers that name no company are all listed in a 400 answer and nothing is stored. A monitored portfolio starts asking for missing data at once.",
          body: Type.Ref("PortfolioUpload"),
          security: SIGNED_IN_SECURITY,
          response: { 201: Type.Ref("BasePortfolio") },
        },
      },
      async (request, reply) => {
        const row = await createPortfolio(db, request.actor, request.body as PortfolioUpload);
        return reply.code(201).send(toBasePortfolio(row));
      },
    );

    app.get(
      "/portfolios/",
      {
        schema: {
          operationId: "getAllPortfoliosForCurrentUser",
          tags: TAGS,
          summary: "List your portfolios",
          security: SIGNED_IN_SECURITY,
          response: { 200: portfolioList },
        },
      },
      async (request) => (await portfoliosOfCurrentUser(db, request.actor)).map(toBasePortfolio),
    );

    app.get(
      "/portfolios/names",
      {
        schema: {
          operationId: "getAllPortfolioNamesForCurrentUser",
          tags: TAGS,
          summary: "List the names of your portfolios",
          description: "An empty list means you have no portfolio yet.",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.Ref("BasePortfolioName")) },
        },
      },
      async (request) => portfolioNamesOfCurrentUser(db, request.actor),
    );

    app.get(
      "/portfolios/all",
      {
        schema: {
          operationId: "getAllPortfolios",
          tags: TAGS,
          summary: "List every portfolio, a chunk at a time (admins)",
          querystring: PagingQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: portfolioList },
        },
      },
      async (request) => (await allPortfolios(db, request.actor, request.query)).map(toBasePortfolio),
    );

    app.get(
      "/portfolios/users/:userId",
      {
        schema: {
          operationId: "getPortfoliosForUser",
          tags: TAGS,
          summary: "List a user's portfolios (admins, or the user themselves)",
          params: UserIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: portfolioList },
        },
      },
      async (request) =>
        (await portfoliosOfUser(db, request.actor, request.params.userId)).map(toBasePortfolio),
    );

    app.post(
      "/portfolios/support",
      {
        schema: {
          operationId: "postSupportRequest",
          tags: TAGS,
          summary: "Ask the Openverde team for help with portfolios",
          description:
            "The request is kept and e-mailed to the administrators, who can answer you by e-mail.",
          body: Type.Ref("SupportRequestData"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Unsafe<void>({ description: "The request was received." }) },
        },
      },
      async (request, reply) => {
        await requestSupport(
          db,
          request.actor,
          publicUrl,
          request.body as { topic: string; message: string },
        );
        return reply.code(200).send();
      },
    );

    registerSharingRoutes(app, db);

    app.get(
      "/portfolios/:portfolioId/",
      {
        schema: {
          operationId: "getPortfolio",
          tags: TAGS,
          summary: "Read a portfolio",
          description:
            "For its owner, the users it is shared with and admins; for anyone else it does not exist (404).",
          params: PortfolioIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("BasePortfolio") },
        },
      },
      async (request) => toBasePortfolio(await readPortfolio(db, request.actor, request.params.portfolioId)),
    );

    app.put(
      "/portfolios/:portfolioId/",
      {
        schema: {
          operationId: "replacePortfolio",
          tags: TAGS,
          summary: "Replace a portfolio",
          description:
            "Replaces name, companies, monitoring and readers; the portfolio keeps its id and owner. For the owner and admins (403 for a reader).",
          params: PortfolioIdParams,
          body: Type.Ref("PortfolioUpload"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("BasePortfolio") },
        },
      },
      async (request) =>
        toBasePortfolio(
          await replacePortfolio(
            db,
            request.actor,
            request.params.portfolioId,
            request.body as PortfolioUpload,
          ),
        ),
    );

    app.delete(
      "/portfolios/:portfolioId/",
      {
        schema: {
          operationId: "deletePortfolio",
          tags: TAGS,
          summary: "Delete a portfolio",
          description: "For the owner and admins (403 for a reader).",
          params: PortfolioIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 204: Type.Unsafe<void>({ description: "The portfolio is gone." }) },
        },
      },
      async (request, reply) => {
        await deletePortfolio(db, request.actor, request.params.portfolioId);
        return reply.code(204).send();
      },
    );

    app.get(
      "/portfolios/:portfolioId/enriched-portfolio",
      {
        schema: {
          operationId: "getEnrichedPortfolio",
          tags: TAGS,
          summary: "Read a portfolio with what data there is for its companies",
          description:
            "Per company: name, sector, country, the address of its page and, per framework with data you may see, the address of that data and its reporting periods. For the owner, readers and admins.",
          params: PortfolioIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("EnrichedPortfolio") },
        },
      },
      async (request) => enrichedPortfolio(db, request.actor, publicUrl, request.params.portfolioId),
    );

    app.patch(
      "/portfolios/:portfolioId/monitoring",
      {
        schema: {
          operationId: "patchMonitoring",
          tags: TAGS,
          summary: "Switch monitoring of a portfolio on or off, or change it",
          description:
            "For the owner and admins (403 for a reader). A monitored portfolio asks, in its owner's name, for the monitored frameworks' data of its companies for the reporting periods in the time window, where no data and no request exist yet; it does so now and again every day. New data is reported by e-mail at the chosen frequency.",
          params: PortfolioIdParams,
          body: Type.Ref("PortfolioMonitoringPatch"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("BasePortfolio") },
        },
      },
      async (request) =>
        toBasePortfolio(
          await patchMonitoring(
            db,
            request.actor,
            request.params.portfolioId,
            request.body as MonitoringPatch,
          ),
        ),
    );

    app.post(
      "/portfolios/:portfolioId/export-jobs",
      {
        schema: {
          operationId: "exportPortfolio",
          tags: TAGS,
          summary: "Start downloading the portfolio's newest data (an Openverde addition)",
          description:
            "For the owner, readers and admins. Queues one export per framework of the newest active dataset of each company, as CSV, Excel or JSON. Follow each job at /api/export/{exportJobId}/state and fetch the file at /api/export/{exportJobId}/download.",
          params: PortfolioIdParams,
          body: Type.Ref("PortfolioExportRequest"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("PortfolioExportJobs") },
        },
      },
      async (request) => {
        const body = request.body as Partial<PortfolioExportRequest> &
          Pick<PortfolioExportRequest, "frameworks" | "fileFormat">;
        return exportPortfolio(db, request.actor, request.params.portfolioId, {
          frameworks: body.frameworks,
          fileFormat: body.fileFormat,
          keepValueFieldsOnly: body.keepValueFieldsOnly ?? true,
          includeAliases: body.includeAliases ?? true,
        });
      },
    );

    app.get(
      "/subscribed-companies/incomplete-fye-information",
      {
        schema: {
          operationId: "getCompaniesWithIncompleteFyeInformation",
          tags: ["subscribed-companies-controller"],
          summary: "List the monitored companies whose fiscal year end is unknown (reviewers)",
          description:
            "The ids of the companies in monitored portfolios without a readable fiscal year end: monitoring assumes 31 December for them until it is known.",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.String({ description: "A company id." })) },
        },
      },
      async (request) => companiesWithIncompleteFiscalYearEnd(db, request.actor),
    );
  };
