/**
 * The ISIN-LEI mapping API: replacing the whole mapping (admins) from a JSON array read as it arrives,
 * and the ISINs of an LEI.
 */
import type { Readable } from "node:stream";
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { badRequest } from "../../platform/http/errors";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import type { ModuleContext } from "../../platform/module";
import { type IsinLeiPair, isinsOfLei, readIsinLeiPair, replaceIsinLeiMapping } from "./isin-lei";
import { JsonArrayError, jsonArrayElements } from "./isin-lei-json";
import { can } from "./policy";

const ERROR = Type.Ref("ErrorResponse");

const IsinLeiMappingData = Type.Object(
  {
    isin: Type.String({ maxLength: TEXT_LIMITS.identifier }),
    lei: Type.String({ maxLength: TEXT_LIMITS.identifier }),
  },
  { $id: "IsinLeiMappingData", description: "An ISIN and the LEI of the entity that issued it." },
);

/** Pairs written per statement while the body streams in. */
const BATCH_SIZE = 5_000;

/** The pairs of the body in batches; the first element that is no pair ends the upload with a 400. */
async function* pairBatches(body: Readable): AsyncGenerator<IsinLeiPair[]> {
  let batch: IsinLeiPair[] = [];
  let index = 0;
  try {
    for await (const element of jsonArrayElements(body)) {
      const object =
        typeof element === "object" && element !== null ? (element as Record<string, unknown>) : {};
      const pair = readIsinLeiPair(object.lei, object.isin);
      if (typeof pair === "string")
        throw badRequest(
          `Element ${index} of the mapping: ${pair}. Nothing was changed.`,
          "Invalid ISIN-LEI mapping",
        );
      batch.push(pair);
      index++;
      if (batch.length >= BATCH_SIZE) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof JsonArrayError)
      throw badRequest(`${error.message} Nothing was changed.`, "Invalid ISIN-LEI mapping");
    throw error;
  }
  yield batch;
}

export const isinLeiRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    if (!app.getSchema("IsinLeiMappingData")) app.addSchema(IsinLeiMappingData);

    app.get(
      "/isinleimapping/isins",
      {
        schema: {
          operationId: "getIsinsByLei",
          tags: ["isin-lei-data-controller"],
          summary: "List the ISINs of an LEI",
          description:
            "The ISINs the ISIN-LEI mapping gives the LEI; an empty list for an LEI it does not know.",
          querystring: Type.Object({ lei: Type.String({ maxLength: TEXT_LIMITS.identifier }) }),
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.String()), default: ERROR },
        },
      },
      async (request) => {
        authorize(request.actor);
        return isinsOfLei(db, request.query.lei);
      },
    );

    // The body is kept as the stream it is, so millions of pairs never sit in memory at once; it is set
    // aside rather than made the request's body, which hooks walk as parsed JSON.
    const bodies = new WeakMap<object, Readable>();
    await app.register(async (scope) => {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", (request, payload, done) => {
        bodies.set(request, payload as Readable);
        done(null, undefined);
      });
      scope.withTypeProvider<TypeBoxTypeProvider>().post(
        "/isinleimapping/",
        {
          schema: {
            operationId: "postIsinLeiMapping",
            tags: ["isin-lei-data-controller"],
            summary: "Replace the ISIN-LEI mapping",
            description:
              "Replaces every pair of the mapping by the pairs sent, in one transaction, and attaches each ISIN to the company holding its LEI. A malformed body or pair answers 400 and changes nothing. Admins only.",
            body: Type.Array(Type.Ref("IsinLeiMappingData")),
            security: SIGNED_IN_SECURITY,
            response: {
              200: Type.Record(Type.String(), Type.String(), { description: "What was replaced." }),
              default: ERROR,
            },
          },
          // The pairs are checked one by one as they stream in (pairBatches), not as a whole.
          validatorCompiler: () => () => true,
        },
        async (request) => {
          const admin = authorize(
            request.actor,
            can(request.actor, "replaceIsinLeiMapping"),
            "Only admins may replace the ISIN-LEI mapping.",
          );
          const body = bodies.get(request);
          if (!body) throw badRequest("Send the mapping as a JSON array (application/json).", "Missing body");
          const summary = await replaceIsinLeiMapping(db, pairBatches(body), admin);
          return {
            message: `Replaced the ISIN-LEI mapping: ${summary.pairs} pairs, ${summary.attached} ISINs newly attached to companies.`,
            pairs: String(summary.pairs),
            attached: String(summary.attached),
            unknownLei: String(summary.unknownLei),
          };
        },
      );
    });
  };
