import multipart from "@fastify/multipart";
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { ApiError, badRequest, malformedMultipart } from "../../platform/http/errors";
import { multipartParts } from "../../platform/http/multipart-parts";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext } from "../../platform/module";
import { impactFile } from "./export";
import { can } from "./policy";
import { impactReport } from "./report";
import { COMPONENTS, ImpactExportQuery, ImpactQuery, ImportQuery, PortfolioIdParams } from "./schemas";
import {
  getPositions,
  importPositions,
  listRates,
  MAX_FILE_BYTES,
  type PositionEntry,
  ratesFromCsv,
  ratesFromJson,
  replaceRates,
  setPositions,
} from "./service";

const TAGS = ["impact"];
/** The rates CSV an admin sends: a line is about 30 bytes, so this holds far more than MAX_RATES. */
const MAX_RATES_BODY = 1024 * 1024;
/** Room for the multipart framing around the positions file. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = () =>
  new ApiError(
    413,
    "payload-too-large",
    "Payload too large",
    `A positions file has at most ${MAX_FILE_BYTES} bytes (5 MB).`,
  );

/** Positions, impact reports and currency rates under /users: Openverde's own operations. */
export const impactRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    for (const schema of COMPONENTS) app.addSchema(schema);
    await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 2, parts: 3 } });
    app.addContentTypeParser(
      "text/csv",
      { parseAs: "string", bodyLimit: MAX_RATES_BODY },
      (_request, body, done) => done(null, body),
    );
    // Visitors are told to sign in before their input is judged.
    const signedIn = async (request: { actor: Parameters<typeof authorize>[0] }) => {
      authorize(request.actor);
    };

    app.get(
      "/portfolios/:portfolioId/positions",
      {
        preValidation: signedIn,
        schema: {
          operationId: "getPortfolioPositions",
          tags: TAGS,
          summary: "Read a portfolio's positions",
          description:
            "Per company and asset class: the amount invested and its currency. For the portfolio's owner, its readers and admins; anyone else gets 404, as for a portfolio that does not exist.",
          params: PortfolioIdParams,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("PortfolioPositions") },
        },
      },
      async (request) => getPositions(db, request.actor, request.params.portfolioId),
    );

    app.put(
      "/portfolios/:portfolioId/positions",
      {
        preValidation: signedIn,
        schema: {
          operationId: "replacePortfolioPositions",
          tags: TAGS,
          summary: "Set a portfolio's positions",
          description:
            "Replaces all positions. Each names a company of the portfolio, an amount greater than 0, an ISO 4217 currency and a PCAF asset class; one position per company and asset class. Everything wrong is listed in one 400 (each error names its entry, e.g. positions[3].currency) and nothing is stored. For the owner and admins; readers get 403.",
          params: PortfolioIdParams,
          body: Type.Ref("PositionsUpload"),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("PortfolioPositions") },
        },
      },
      async (request) =>
        setPositions(
          db,
          request.actor,
          request.params.portfolioId,
          (request.body as { positions: PositionEntry[] }).positions,
        ),
    );

    app.post(
      "/portfolios/:portfolioId/positions/import",
      {
        preValidation: signedIn,
        schema: {
          operationId: "importPortfolioPositions",
          tags: TAGS,
          summary: "Upload a portfolio's positions as CSV or Excel",
          description:
            "One file part named file: CSV (UTF-8, comma or semicolon separated) or Excel (.xlsx, first sheet), at most 5 MB and 5,000 rows. The first row names the columns identifier (company id, LEI, ISIN or any other identifier; also accepted: companyId, lei, isin), amount, currency and assetClass (its value or its label). All or nothing: when any row cannot be imported, nothing is stored and the 422 answer lists every such row in rowErrors (row number, the header being row 1; column; message). For the owner and admins; readers get 403.",
          params: PortfolioIdParams,
          querystring: ImportQuery,
          consumes: ["multipart/form-data"],
          body: Type.Object({
            file: Type.String({ format: "binary", description: "The CSV or XLSX file." }),
          }),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("PositionsImport") },
        },
        // The multipart body is read by the handler.
        validatorCompiler: ({ httpPart }) => (httpPart === "body" ? () => true : undefined) as never,
        bodyLimit: MAX_FILE_BYTES + ENVELOPE_BYTES,
      },
      async (request) => {
        if (!request.isMultipart())
          throw badRequest("Send the file as multipart/form-data, in a part named file.", "Invalid file");
        let bytes: Buffer | undefined;
        try {
          for await (const part of multipartParts(request)) {
            if (part.type !== "file" || part.fieldname !== "file" || bytes)
              throw badRequest("Send one file, in a part named file.", "Invalid file");
            bytes = await part.toBuffer();
          }
        } catch (error) {
          if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
          throw malformedMultipart(error) ?? error;
        }
        if (!bytes) throw badRequest("Send the file in a part named file.", "Invalid file");
        return importPositions(db, request.actor, request.params.portfolioId, bytes, {
          mode: request.query.mode ?? "replace",
          dryRun: request.query.dryRun ?? false,
        });
      },
    );

    app.get(
      "/portfolios/:portfolioId/impact",
      {
        preValidation: signedIn,
        schema: {
          operationId: "getPortfolioImpact",
          tags: TAGS,
          summary: "Compute a portfolio's principal adverse impacts and financed emissions",
          description:
            "The 14 mandatory indicators of Table 1 of Annex I to Delegated Regulation (EU) 2022/1288 for the positions, from the companies' active SFDR datasets of the period, each with its coverage (share of the portfolio's value with data), formula, the inputs of every company and the companies without data; and the PCAF financed emissions per asset class from the companies' PCAF datasets. Positions are converted at the admins' rates (the newest on or before 31 December of the period); positions in a currency without a rate are listed in excludedPositions and left out. For the portfolio's owner, its readers and admins.",
          params: PortfolioIdParams,
          querystring: ImpactQuery,
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("ImpactReport") },
        },
      },
      async (request) => impactReport(db, request.actor, request.params.portfolioId, request.query),
    );

    app.get(
      "/portfolios/:portfolioId/impact/export",
      {
        preValidation: signedIn,
        schema: {
          operationId: "exportPortfolioImpact",
          tags: TAGS,
          summary: "Download the impact report in the shape of Table 1",
          description:
            "The report as CSV or Excel: the columns of Table 1 of Annex I (indicator, metric, impact of the year, explanation, actions), with unit and coverage, then the PCAF financed emissions per asset class and in total.",
          params: PortfolioIdParams,
          querystring: ImpactExportQuery,
          security: SIGNED_IN_SECURITY,
          response: {
            200: {
              description: "The file, as an attachment.",
              content: {
                "text/csv": { schema: { type: "string" } },
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
                  schema: { type: "string", format: "binary" },
                },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const report = await impactReport(db, request.actor, request.params.portfolioId, query);
        const file = await impactFile(report, format);
        return reply
          .header("content-type", file.contentType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .send(file.body as never); // bytes; the schema documents the file, it does not serialise it
      },
    );

    app.get(
      "/currency-rates",
      {
        preValidation: signedIn,
        schema: {
          operationId: "getCurrencyRates",
          tags: TAGS,
          summary: "List the currency rates impact reports convert with",
          description: "Every rate the admins provided: the EUR value of one unit of a currency on a date.",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("CurrencyRates") },
        },
      },
      async (request) => listRates(db, request.actor),
    );

    app.put(
      "/currency-rates",
      {
        preValidation: async (request) => {
          authorize(request.actor, can(request.actor, "setRates"), "Only admins set the currency rates.");
        },
        schema: {
          operationId: "replaceCurrencyRates",
          tags: TAGS,
          summary: "Replace the currency rates (admins)",
          description:
            "Replaces every rate. As text/csv with the header currency,rateToEur,date (e.g. USD,0.9013,2024-12-31), or as JSON { rates: [...] }. EUR needs no rate. Every wrong line is listed in one 400 and nothing is stored. Nothing is ever downloaded: reports use only these rates.",
          consumes: ["text/csv", "application/json"],
          body: Type.Union([
            Type.String({ maxLength: MAX_RATES_BODY, description: "CSV: currency,rateToEur,date" }),
            Type.Ref("CurrencyRates"),
          ]),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("CurrencyRates") },
        },
      },
      async (request) => {
        const body = request.body as
          | string
          | { rates: { currency: string; rateToEur: number; date: string }[] };
        const rates = typeof body === "string" ? ratesFromCsv(body) : ratesFromJson(body.rates);
        return replaceRates(db, request.actor, rates);
      },
    );
  };
