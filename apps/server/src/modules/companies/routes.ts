import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { type Actor, isSignedIn } from "../../platform/auth/actor";
import { authorize } from "../../platform/auth/policy";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import type { ModuleContext } from "../../platform/module";
import { can, OWNER_CHANGEABLE_FIELDS } from "./policy";
import {
  AggregatedFrameworkDataSummary,
  BasicCompanyInformation,
  CompanyAvailableDistinctValues,
  CompanyId,
  CompanyIdAndName,
  CompanyIdentifierValidationResult,
  CompanyIdParams,
  CompanyInformation,
  CompanyInformationPatch,
  CountQuery,
  DataTypeEnum,
  ErrorResponse,
  IdentifierParams,
  IdentifierTypeSchema,
  NamesQuery,
  SearchQuery,
  StoredCompany,
} from "./schemas";
import { countCompanies, searchCompanies, searchCompanyNames } from "./search";
import {
  companyExists,
  companyIdByIdentifierOrThrow,
  companyNotFound,
  createCompany,
  findCompanyIdByIdentifier,
  getAggregatedFrameworkDataSummary,
  getAvailableFilterValues,
  getCompanyInformation,
  getSubsidiaries,
  getTeaserCompanyIds,
  isCompanyOwner,
  patchCompany,
  patchedFields,
  replaceCompany,
  requireCompany,
  validateIdentifiers,
} from "./service";

const TAGS = ["company-data-controller"];
const ERROR = Type.Ref("ErrorResponse");
/** HEAD operations are left out of the OpenAPI document unless a route asks to be in it. */
const PUBLISH_HEAD = { swagger: { exposeHeadRoute: true } };
const EMPTY = Type.Null({ description: "No body." });

export const companyRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;

    /**
     * Uploaders and admins change any field. Anyone else signed in must own the company, which must
     * exist (404 before 403), and may change only what owners may.
     */
    const authorizePatch = async (actor: Actor, companyId: string, fields: readonly string[]) => {
      if (can(actor, "change")) return;
      // A visitor is asked to sign in before anything is looked up.
      const user = authorize(actor, isSignedIn(actor));
      if (!(await companyExists(db, companyId))) throw companyNotFound(companyId);
      const ownsCompany = await isCompanyOwner(db, user.userId, companyId);
      const others = fields.filter((field) => !OWNER_CHANGEABLE_FIELDS.includes(field));
      authorize(
        actor,
        can(actor, "changeAsOwner", { ownsCompany, fields }),
        ownsCompany
          ? `As the company's owner you may change only ${OWNER_CHANGEABLE_FIELDS.join(" and ")}, not ${others.join(", ")}.`
          : "Changing a company needs the role ROLE_UPLOADER or ROLE_ADMIN, or ownership of the company.",
      );
    };
    for (const schema of [
      DataTypeEnum,
      IdentifierTypeSchema,
      CompanyInformation,
      CompanyInformationPatch,
      StoredCompany,
      BasicCompanyInformation,
      CompanyIdentifierValidationResult,
      CompanyIdAndName,
      CompanyId,
      AggregatedFrameworkDataSummary,
      CompanyAvailableDistinctValues,
    ]) {
      const id = (schema as { $id?: string }).$id as string;
      if (!app.getSchema(id)) app.addSchema(schema);
    }
    if (!app.getSchema("ErrorResponse")) app.addSchema(ErrorResponse);

    app.post(
      "/companies",
      {
        schema: {
          operationId: "postCompany",
          tags: TAGS,
          summary: "Add a company",
          description:
            "Adds a company and answers with it and its new id. Needs ROLE_UPLOADER or ROLE_ADMIN. Each identifier may belong to one company only.",
          security: SIGNED_IN_SECURITY,
          body: Type.Ref("CompanyInformation"),
          response: { 200: Type.Ref("StoredCompany"), default: ERROR },
        },
      },
      async (request) => {
        authorize(
          request.actor,
          can(request.actor, "add"),
          "Adding a company needs the role ROLE_UPLOADER or ROLE_ADMIN.",
        );
        return createCompany(db, request.body as CompanyInformation);
      },
    );

    app.post(
      "/companies/validation",
      {
        schema: {
          operationId: "postCompanyValidation",
          tags: TAGS,
          summary: "Find the companies behind identifiers",
          description:
            "For each identifier (LEI, ISIN, PermId and the other types, or an Openverde company id) tells which company it names, if any. Repeated identifiers are answered once.",
          security: SIGNED_IN_SECURITY,
          body: Type.Array(Type.String({ maxLength: TEXT_LIMITS.lookup }), {
            description: "Identifiers of any type, or company ids.",
            example: ["5493001KJX4BT0IHAG73"],
            maxItems: 10_000,
          }),
          response: { 200: Type.Array(Type.Ref("CompanyIdentifierValidationResult")), default: ERROR },
        },
      },
      async (request) => validateIdentifiers(db, request.body),
    );

    app.get(
      "/companies",
      {
        schema: {
          operationId: "getCompanies",
          tags: TAGS,
          summary: "Search companies",
          description:
            "Companies whose name, alternative name or identifier matches the search string, best matches first: the exact name or identifier, then names starting with the text, then names with a word starting with it, then names containing it; companies with active datasets first within each. Filters left empty do not filter. Without a search string, all companies matching the filters, by name.",
          security: SIGNED_IN_SECURITY,
          querystring: SearchQuery,
          response: { 200: Type.Array(Type.Ref("BasicCompanyInformation")), default: ERROR },
        },
      },
      async (request) => searchCompanies(db, request.query),
    );

    app.get(
      "/companies/numberOfCompanies",
      {
        schema: {
          operationId: "getNumberOfCompanies",
          tags: TAGS,
          summary: "Count the companies a search finds",
          description: "How many companies the search with the same search string and filters lists in all.",
          security: SIGNED_IN_SECURITY,
          querystring: CountQuery,
          response: { 200: Type.Integer({ format: "int32" }), default: ERROR },
        },
      },
      async (request) => countCompanies(db, request.query),
    );

    app.get(
      "/companies/names",
      {
        schema: {
          operationId: "getCompaniesBySearchString",
          tags: TAGS,
          summary: "Suggest companies while typing",
          description: "The ids and names of the best matches of the search string, ranked as in the search.",
          security: SIGNED_IN_SECURITY,
          querystring: NamesQuery,
          response: { 200: Type.Array(Type.Ref("CompanyIdAndName")), default: ERROR },
        },
      },
      async (request) => searchCompanyNames(db, request.query.searchString, request.query.resultLimit ?? 100),
    );

    app.get(
      "/companies/meta-information",
      {
        schema: {
          operationId: "getAvailableCompanySearchFilters",
          tags: TAGS,
          summary: "List the values the search filters offer",
          description: "The country codes and sectors of the companies held.",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Ref("CompanyAvailableDistinctValues"), default: ERROR },
        },
      },
      async () => getAvailableFilterValues(db),
    );

    app.get(
      "/companies/teaser",
      {
        schema: {
          operationId: "getTeaserCompanies",
          tags: TAGS,
          summary: "List the sample companies",
          description: "The ids of the companies shown as samples to visitors who are not signed in.",
          security: SIGNED_IN_SECURITY,
          response: { 200: Type.Array(Type.String()), default: ERROR },
        },
      },
      async () => getTeaserCompanyIds(db),
    );

    app.head(
      "/companies/identifiers/:identifierType/:identifier",
      {
        config: PUBLISH_HEAD,
        schema: {
          operationId: "existsIdentifier",
          tags: TAGS,
          summary: "Check whether a company has an identifier",
          description: "200 when a company has this identifier of this type, 404 when none has.",
          security: SIGNED_IN_SECURITY,
          params: IdentifierParams,
          response: { 200: EMPTY, 404: EMPTY, default: ERROR },
        },
      },
      async (request, reply) => {
        const { identifierType, identifier } = request.params;
        const found = await findCompanyIdByIdentifier(db, identifierType, identifier);
        return reply.code(found ? 200 : 404).send(null);
      },
    );

    app.get(
      "/companies/identifiers/:identifierType/:identifier",
      {
        exposeHeadRoute: false,
        schema: {
          operationId: "getCompanyIdByIdentifier",
          tags: TAGS,
          summary: "Find a company by one of its identifiers",
          description: "The id of the company with this identifier of this type; 404 when no company has it.",
          security: SIGNED_IN_SECURITY,
          params: IdentifierParams,
          response: { 200: Type.Ref("CompanyId"), default: ERROR },
        },
      },
      async (request) => {
        const { identifierType, identifier } = request.params;
        return { companyId: await companyIdByIdentifierOrThrow(db, identifierType, identifier) };
      },
    );

    app.head(
      "/companies/:companyId",
      {
        config: PUBLISH_HEAD,
        schema: {
          operationId: "isCompanyIdValid",
          tags: TAGS,
          summary: "Check whether a company exists",
          description: "200 when there is a company with this id, 404 when there is none.",
          security: SIGNED_IN_SECURITY,
          params: CompanyIdParams,
          response: { 200: EMPTY, 404: EMPTY, default: ERROR },
        },
      },
      async (request, reply) => {
        return reply.code((await companyExists(db, request.params.companyId)) ? 200 : 404).send(null);
      },
    );

    app.get(
      "/companies/:companyId",
      {
        exposeHeadRoute: false,
        schema: {
          operationId: "getCompanyById",
          tags: TAGS,
          summary: "Read a company",
          description: "The company's information and the datasets held for it. Public.",
          security: SIGNED_IN_SECURITY,
          params: CompanyIdParams,
          response: { 200: Type.Ref("StoredCompany"), default: ERROR },
        },
      },
      async (request) => requireCompany(db, request.params.companyId),
    );

    app.put(
      "/companies/:companyId",
      {
        schema: {
          operationId: "putCompanyById",
          tags: TAGS,
          summary: "Replace a company's information",
          description:
            "Replaces all of the company's information with the one sent; fields left out become empty. Needs ROLE_UPLOADER or ROLE_ADMIN.",
          security: SIGNED_IN_SECURITY,
          params: CompanyIdParams,
          body: Type.Ref("CompanyInformation"),
          response: { 200: Type.Ref("StoredCompany"), default: ERROR },
        },
      },
      async (request) => {
        const actor = authorize(
          request.actor,
          can(request.actor, "change"),
          "Changing a company needs the role ROLE_UPLOADER or ROLE_ADMIN.",
        );
        return replaceCompany(db, request.params.companyId, request.body as CompanyInformation, actor);
      },
    );

    app.patch(
      "/companies/:companyId",
      {
        schema: {
          operationId: "patchCompanyById",
          tags: TAGS,
          summary: "Change some of a company's information",
          description:
            "Changes the fields sent (null or absent fields stay as they are); identifiers sent replace the company's identifiers of those types. Needs ROLE_UPLOADER or ROLE_ADMIN; the company's owner may change its website and contact e-mails.",
          security: SIGNED_IN_SECURITY,
          params: CompanyIdParams,
          body: Type.Ref("CompanyInformationPatch"),
          response: { 200: Type.Ref("StoredCompany"), default: ERROR },
        },
      },
      async (request) => {
        const { companyId } = request.params;
        const patch = request.body as CompanyInformationPatch;
        await authorizePatch(request.actor, companyId, patchedFields(patch));
        return patchCompany(db, companyId, patch, authorize(request.actor));
      },
    );

    app.get(
      "/companies/:companyId/info",
      {
        schema: {
          operationId: "getCompanyInfo",
          tags: TAGS,
          summary: "Read a company's information",
          description: "The company's information without its datasets. Public.",
          security: SIGNED_IN_SECURITY,
          params: CompanyIdParams,
          response: { 200: Type.Ref("CompanyInformation"), default: ERROR },
        },
      },
      async (request) => {
        const information = await getCompanyInformation(db, request.params.companyId);
        if (!information) throw companyNotFound(request.params.companyId);
        return information;
      },
    );

    app.get(
      "/companies/:companyId/subsidiaries",
      {
        schema: {
          operationId: "getCompanySubsidiariesByParentId",
          tags: TAGS,
          summary: "List a company's subsidiaries",
          description: "The companies that name this company's LEI as their parent's LEI.",
          security: SIGNED_IN_SECURITY,
          params: CompanyIdParams,
          response: { 200: Type.Array(Type.Ref("BasicCompanyInformation")), default: ERROR },
        },
      },
      async (request) => getSubsidiaries(db, request.params.companyId),
    );

    app.get(
      "/companies/:companyId/aggregated-framework-data-summary",
      {
        schema: {
          operationId: "getAggregatedFrameworkDataSummary",
          tags: TAGS,
          summary: "Count a company's reporting periods per framework",
          description:
            "For every framework, for how many reporting periods the company has an active dataset.",
          security: SIGNED_IN_SECURITY,
          params: CompanyIdParams,
          response: {
            200: Type.Record(Type.String(), Type.Ref("AggregatedFrameworkDataSummary"), {
              description: "Per framework, the number of reporting periods with active data.",
              example: { sfdr: { numberOfProvidedReportingPeriods: 2 } },
            }),
            default: ERROR,
          },
        },
      },
      async (request) => getAggregatedFrameworkDataSummary(db, request.params.companyId),
    );
  };
