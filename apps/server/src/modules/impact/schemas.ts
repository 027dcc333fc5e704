import { Type } from "@fastify/type-provider-typebox";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { ASSET_CLASSES, type AssetClass } from "./model";
import { MAX_POSITIONS } from "./service";

const uuidExample = "1e63a842-1e65-43ed-b78a-5e7cec155c28";

export const MAX_RATES = 10_000;

const AssetClassSchema = Type.Unsafe<AssetClass>({
  type: "string",
  enum: [...ASSET_CLASSES],
  description:
    "PCAF's asset class of the holding: ListedEquityAndCorporateBonds (listed equity and corporate bonds) or BusinessLoansAndUnlistedEquity (business loans and unlisted equity).",
  example: "ListedEquityAndCorporateBonds",
  $id: "PcafAssetClass",
});

const currency = (description: string) =>
  Type.String({ description, example: "EUR", minLength: 3, maxLength: 3 });
const money = (description: string) => Type.Number({ description, example: 1_500_000 });
const nullableNumber = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
const companyId = () => Type.String({ description: "The id of the company.", example: uuidExample });
const companyName = () => Type.String({ description: "The company's name." });

export const PortfolioIdParams = Type.Object({
  portfolioId: Type.String({
    description: "The id of the portfolio.",
    maxLength: TEXT_LIMITS.id,
    example: uuidExample,
  }),
});

export const PositionEntrySchema = Type.Object(
  {
    companyId: Type.String({
      description: "The id of a company of the portfolio.",
      maxLength: TEXT_LIMITS.id,
      example: uuidExample,
    }),
    amount: Type.Number({
      description: "The value of the investment (outstanding amount), in `currency`; greater than 0.",
      example: 1_500_000,
    }),
    currency: Type.String({
      description: "ISO 4217 code of the amount's currency.",
      maxLength: 3,
      example: "EUR",
    }),
    assetClass: Type.Ref("PcafAssetClass"),
  },
  { $id: "PositionEntry", additionalProperties: false },
);

const PositionSchema = Type.Object(
  {
    companyId: companyId(),
    companyName: companyName(),
    amount: money("The value of the investment (outstanding amount), in `currency`."),
    currency: currency("ISO 4217 code of the amount's currency."),
    assetClass: Type.Ref("PcafAssetClass"),
  },
  { $id: "Position" },
);

const PortfolioPositionsSchema = Type.Object(
  {
    portfolioId: Type.String({ example: uuidExample }),
    positions: Type.Array(Type.Ref("Position"), {
      description:
        "One per company and asset class, in the order given; only companies still in the portfolio.",
    }),
  },
  { $id: "PortfolioPositions" },
);

export const PositionsUpload = Type.Object(
  {
    positions: Type.Array(Type.Ref("PositionEntry"), {
      maxItems: MAX_POSITIONS,
      description: "The portfolio's positions, replacing all it had; an empty list removes them.",
    }),
  },
  { $id: "PositionsUpload", additionalProperties: false },
);

const PositionsImportSchema = Type.Object(
  {
    stored: Type.Boolean({ description: "False for a dry run: the file was checked, nothing was stored." }),
    rows: Type.Integer({ description: "The number of positions the file holds." }),
    positions: Type.Array(Type.Ref("Position"), {
      description: "The portfolio's positions after the import (as they would be, for a dry run).",
    }),
  },
  { $id: "PositionsImport" },
);

export const ImportQuery = Type.Object({
  mode: Type.Optional(
    Type.Union([Type.Literal("replace"), Type.Literal("merge")], {
      description:
        "replace (default): the file becomes the portfolio's positions. merge: the file's positions replace those of the same company and asset class; the others stay.",
    }),
  ),
  dryRun: Type.Optional(
    Type.Boolean({ description: "Check the file without storing anything.", default: false }),
  ),
});

const CurrencyRateSchema = Type.Object(
  {
    currency: Type.String({ description: "ISO 4217 code (not EUR).", maxLength: 3, example: "USD" }),
    rateToEur: Type.Number({
      description: "The EUR value of one unit of the currency; greater than 0.",
      example: 0.9013,
    }),
    date: Type.String({
      description: "The date of the rate (YYYY-MM-DD).",
      maxLength: 10,
      example: "2024-12-31",
    }),
  },
  { $id: "CurrencyRate", additionalProperties: false },
);

const CurrencyRatesSchema = Type.Object(
  {
    rates: Type.Array(Type.Ref("CurrencyRate"), {
      maxItems: MAX_RATES,
      description: "By currency, newest first.",
    }),
  },
  { $id: "CurrencyRates", additionalProperties: false },
);

export const ImpactQuery = Type.Object({
  reportingPeriod: Type.Optional(
    Type.String({
      description:
        "The reference period (a year). Default: of the periods with SFDR or PCAF data among the positions' companies, the newest in which the most companies have data.",
      maxLength: TEXT_LIMITS.code,
      example: "2024",
    }),
  ),
  currency: Type.Optional(
    Type.String({
      description: "ISO 4217 code the report's money is stated in (default EUR).",
      maxLength: 3,
      example: "EUR",
    }),
  ),
});

export const ImpactExportQuery = Type.Object({
  format: Type.Union([Type.Literal("xlsx"), Type.Literal("csv")], { description: "The file format." }),
  reportingPeriod: ImpactQuery.properties.reportingPeriod,
  currency: ImpactQuery.properties.currency,
});

const MissingCompanySchema = Type.Object(
  {
    companyId: companyId(),
    companyName: companyName(),
    positionValue: money("The value invested in the company, in the report's currency."),
    reason: Type.Union(
      [Type.Literal("NoDataset"), Type.Literal("MissingInput"), Type.Literal("InvalidInput")],
      {
        description:
          "NoDataset: no active dataset of the framework for the period; MissingInput: fields are empty; InvalidInput: a field cannot be used (a zero or negative denominator, negative emissions).",
      },
    ),
    missingInputs: Type.Array(Type.String(), {
      description: "The catalogue paths that are empty or cannot be used.",
    }),
    message: Type.String({ description: "What is missing, in words." }),
  },
  { $id: "ImpactMissingCompany" },
);

const inputValues = () =>
  Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()]), {
    description: "The figures the company's term is made of, by catalogue path, as stored.",
  });

const CompanyInputSchema = Type.Object(
  {
    companyId: companyId(),
    companyName: companyName(),
    positionValue: money("The value invested in the company, in the report's currency."),
    dataId: Type.String({ description: "The dataset the figures come from." }),
    values: inputValues(),
    contribution: Type.Number({
      description: "The company's term of the sum that gives the metric's value.",
    }),
  },
  { $id: "ImpactCompanyInput" },
);

const MetricSchema = Type.Object(
  {
    key: Type.String({ description: "The metric's key, e.g. 1.scope1 or 6.C.", example: "1.scope1" }),
    metric: Type.String({ description: "The metric as Table 1 names it." }),
    unit: Type.String({ example: "t CO2e" }),
    value: nullableNumber("The figure; null when no company has the inputs."),
    coverage: Type.Number({
      description: "Share (0 to 1) of the value of all investments whose companies have the inputs.",
    }),
    formula: Type.String({ description: "How the value is computed, in words." }),
    inputs: Type.Array(Type.Ref("ImpactCompanyInput")),
    missingCompanies: Type.Array(Type.Ref("ImpactMissingCompany")),
  },
  { $id: "PaiMetric" },
);

const IndicatorSchema = Type.Object(
  {
    number: Type.Integer({ description: "The indicator's number in Table 1 (1 to 14)." }),
    theme: Type.String({ example: "Greenhouse gas emissions" }),
    label: Type.String({ example: "GHG emissions" }),
    metrics: Type.Array(Type.Ref("PaiMetric")),
  },
  { $id: "PaiIndicator" },
);

const pcafFigures = {
  outstandingAmount: money("The outstanding amount, in the report's currency."),
  coverage: Type.Number({
    description: "Share (0 to 1) of the outstanding amount whose companies have the inputs.",
  }),
  financedScope1: nullableNumber("Financed scope 1 emissions, t CO2e."),
  financedScope2: nullableNumber("Financed scope 2 emissions, t CO2e."),
  financedScope3: nullableNumber("Financed scope 3 emissions, t CO2e; null when no company gives scope 3."),
  financedTotal: nullableNumber("Financed scope 1 + 2 + 3 emissions, t CO2e."),
  weightedDataQualityScore: nullableNumber(
    "PCAF data quality score (1 best, 5 worst) weighted by outstanding amount.",
  ),
};

const PcafCompanySchema = Type.Object(
  {
    companyId: companyId(),
    companyName: companyName(),
    outstandingAmount: money("The outstanding amount, in the report's currency."),
    dataId: Type.String({ description: "The PCAF dataset the figures come from." }),
    attributionBasis: Type.Union([Type.Literal("EVIC"), Type.Literal("TotalEquityAndDebt")]),
    companyValue: money("EVIC (listed) or total equity and debt (unlisted), in the report's currency."),
    attributionFactor: Type.Number({ description: "Outstanding amount ÷ company value." }),
    scope1: Type.Number({ description: "The company's scope 1 emissions, t CO2e." }),
    scope2: Type.Number({ description: "The company's scope 2 emissions, t CO2e." }),
    scope3: nullableNumber("The company's scope 3 emissions, t CO2e."),
    financedScope1: Type.Number(),
    financedScope2: Type.Number(),
    financedScope3: nullableNumber("Attribution factor × scope 3 emissions."),
    dataQualityScore: Type.Integer({
      description: "PCAF data quality score of the company's emissions (1 to 5).",
    }),
    values: inputValues(),
  },
  { $id: "PcafCompany" },
);

const PcafAssetClassSchema = Type.Object(
  {
    assetClass: Type.Ref("PcafAssetClass"),
    ...pcafFigures,
    companies: Type.Array(Type.Ref("PcafCompany")),
    missingCompanies: Type.Array(Type.Ref("ImpactMissingCompany")),
  },
  { $id: "PcafAssetClassResult" },
);

const ImpactReportSchema = Type.Object(
  {
    portfolioId: Type.String({ example: uuidExample }),
    portfolioName: Type.String(),
    reportingPeriod: Type.String({ example: "2024" }),
    currency: currency("The currency of the report's money amounts."),
    availableReportingPeriods: Type.Array(Type.String(), {
      description: "Periods with SFDR or PCAF data among the positions' companies, newest first.",
    }),
    totalValue: money(
      "The current value of all investments (the positions converted), in the report's currency.",
    ),
    ratesUsed: Type.Array(Type.Ref("CurrencyRate"), { description: "The rates the report converted with." }),
    excludedPositions: Type.Array(
      Type.Object({
        companyId: companyId(),
        companyName: companyName(),
        assetClass: Type.Ref("PcafAssetClass"),
        amount: Type.Number(),
        currency: Type.String(),
        reason: Type.Literal("NoRate", { description: "There is no rate for the position's currency." }),
      }),
      { description: "Positions left out of every figure." },
    ),
    pai: Type.Object({
      indicators: Type.Array(Type.Ref("PaiIndicator"), {
        description:
          "The 14 mandatory indicators of Table 1 of Annex I to Delegated Regulation (EU) 2022/1288.",
      }),
    }),
    pcaf: Type.Object({
      assetClasses: Type.Array(Type.Ref("PcafAssetClassResult")),
      totals: Type.Object(pcafFigures),
    }),
  },
  { $id: "ImpactReport" },
);

export const COMPONENTS = [
  AssetClassSchema,
  PositionEntrySchema,
  PositionSchema,
  PortfolioPositionsSchema,
  PositionsUpload,
  PositionsImportSchema,
  CurrencyRateSchema,
  CurrencyRatesSchema,
  MissingCompanySchema,
  CompanyInputSchema,
  MetricSchema,
  IndicatorSchema,
  PcafCompanySchema,
  PcafAssetClassSchema,
  ImpactReportSchema,
];
