/** Requests and responses of the company proxies (`/company-proxies`), named as the reference names them. */
import { type Static, Type } from "@fastify/type-provider-typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { uuidString } from "../../platform/ids";

const COMPANY_ID_EXAMPLE = "c9710c7b-9cd6-446b-85b0-3773d2aceb48";
const PROXY_ID_EXAMPLE = "1e63a842-1e65-43ed-b78a-5e7cec155c28";

const PROXIED = "The id of the company whose data is stood in for (the one without data of its own).";
const PROXY = "The id of the company whose data stands in (the one that reports).";
const FRAMEWORK = "The framework the proxy applies to; null: all frameworks.";
const PERIOD = "The reporting period (a year) the proxy applies to; null: all reporting periods.";

const nullableText = (description: string, example: string) =>
  Type.Union([Type.String({ maxLength: TEXT_LIMITS.code }), Type.Null()], { description, example });

export const CompanyProxyString = Type.Object(
  {
    proxiedCompanyId: uuidString({ description: PROXIED, example: COMPANY_ID_EXAMPLE }),
    proxyCompanyId: uuidString({ description: PROXY, example: COMPANY_ID_EXAMPLE }),
    framework: Type.Optional(nullableText(FRAMEWORK, "sfdr")),
    reportingPeriod: Type.Optional(nullableText(PERIOD, "2024")),
  },
  { $id: "CompanyProxyString" },
);
export type CompanyProxyString = Static<typeof CompanyProxyString>;

export const StoredCompanyProxy = Type.Object(
  {
    proxyId: Type.String({ description: "The id of the proxy.", example: PROXY_ID_EXAMPLE }),
    proxiedCompanyId: Type.String({ description: PROXIED, example: COMPANY_ID_EXAMPLE }),
    proxyCompanyId: Type.String({ description: PROXY, example: COMPANY_ID_EXAMPLE }),
    framework: Type.Union([Type.String(), Type.Null()], { description: FRAMEWORK, example: "sfdr" }),
    reportingPeriod: Type.Union([Type.String(), Type.Null()], { description: PERIOD, example: "2024" }),
  },
  { $id: "StoredCompanyProxy" },
);
export type StoredCompanyProxy = Static<typeof StoredCompanyProxy>;

export const ProxyIdParams = Type.Object({
  proxyId: Type.String({ description: "The id of the proxy.", example: PROXY_ID_EXAMPLE }),
});

export const ProxySearchQuery = Type.Object({
  proxiedCompanyId: Type.Optional(uuidString({ description: PROXIED, example: COMPANY_ID_EXAMPLE })),
  proxyCompanyId: Type.Optional(uuidString({ description: PROXY, example: COMPANY_ID_EXAMPLE })),
  frameworks: Type.Optional(
    Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
      uniqueItems: true,
      maxItems: 100,
      description: "Only proxies that apply to one of these frameworks (those for all frameworks included).",
      example: ["sfdr", "eutaxonomy-financials"],
    }),
  ),
  reportingPeriods: Type.Optional(
    Type.Array(Type.String({ maxLength: TEXT_LIMITS.code }), {
      uniqueItems: true,
      maxItems: 100,
      description:
        "Only proxies that apply to one of these reporting periods (those for all periods included).",
      example: ["2023", "2024"],
    }),
  ),
  chunkSize: Type.Optional(
    Type.Integer({
      format: "int32",
      default: 100,
      minimum: 1,
      maximum: 10_000,
      description: "How many proxies one chunk (page) of the ordered results holds.",
    }),
  ),
  chunkIndex: Type.Optional(
    Type.Integer({
      format: "int32",
      default: 0,
      minimum: 0,
      description: "Which chunk of the ordered results to return, counted from 0.",
    }),
  ),
});
export type ProxySearchQuery = Static<typeof ProxySearchQuery>;
