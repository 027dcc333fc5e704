import { describe, expect, it } from "vitest";
import {
  dataPointBaseTypeValidatedBy,
  dataPointTypesValidatedBy,
  dataPointTypeValidatedBy,
  getDataPointBaseType,
  getDataPointType,
  getFrameworkSpecification,
  listFrameworkSpecifications,
  resolvedSchema,
} from "./specifications.ts";

const options = { baseUrl: "https://openverde.example" };

describe("specifications catalogue", () => {
  it("lists the data point frameworks with links", () => {
    const list = listFrameworkSpecifications(options);
    expect(list.map((entry) => entry.framework.id).sort()).toEqual(
      [
        "eutaxonomy-financials",
        "eutaxonomy-financials-2026-73",
        "eutaxonomy-non-financials",
        "eutaxonomy-non-financials-2026-73",
        "nuclear-and-gas",
        "pcaf",
        "sfdr",
      ].sort(),
    );
    expect(list.find((entry) => entry.framework.id === "sfdr")).toEqual({
      framework: { id: "sfdr", ref: "https://openverde.example/specifications/frameworks/sfdr" },
      name: "SFDR",
    });
  });

  it("gives a framework tree of data point type ids as JSON text", () => {
    const specification = getFrameworkSpecification("sfdr");
    expect(specification?.referencedReportJsonPath).toBe("general.general.referencedReports");
    const tree = JSON.parse(specification?.schema ?? "{}");
    expect(tree.general.general.fiscalYearDeviation).toBe("extendedEnumFiscalYearDeviation");
    expect(getFrameworkSpecification("lksg")).toBeUndefined();
    expect(getFrameworkSpecification("unknown")).toBeUndefined();
  });

  it("describes the 2026/73 versions by their own trees", () => {
    const specification = getFrameworkSpecification("eutaxonomy-financials-2026-73", options);
    expect(specification?.referencedReportJsonPath).toBe("general.general.referencedReports");
    const tree = JSON.parse(specification?.schema ?? "{}");
    expect(tree.general.general.reportsInAccordanceWithArticle79OfRegulationEu202673).toBe(
      "extendedEnumYesNoReportsInAccordanceWithArticle79OfRegulationEu202673",
    );
    expect(tree.creditInstitution.assetsForCalculationOfGreenAssetRatio).toBeUndefined();
    const nonFinancials = resolvedSchema("eutaxonomy-non-financials-2026-73");
    const tree2026 = nonFinancials?.resolvedSchema as { revenue?: Record<string, unknown> } | undefined;
    expect(tree2026?.revenue?.eligibleOrAlignedActivities).toHaveProperty("value");
    expect(getDataPointType("customEnumEuTaxonomyReportingAssurance")?.usedBy.map((f) => f.id)).toEqual([
      "eutaxonomy-financials",
      "eutaxonomy-financials-2026-73",
      "eutaxonomy-non-financials",
      "eutaxonomy-non-financials-2026-73",
    ]);
  });

  it("resolves the tree to base type schemas", () => {
    const resolved = resolvedSchema("sfdr");
    const tree = resolved?.resolvedSchema as { general: { general: Record<string, unknown> } } | undefined;
    const general = tree?.general.general;
    expect(general?.fiscalYearEnd).toHaveProperty("value");
    expect(general?.fiscalYearEnd).toHaveProperty("dataSource");
  });

  it("describes data point types and their base types", () => {
    const type = getDataPointType("extendedEnumFiscalYearDeviation", options);
    expect(type?.dataPointBaseType.id).toBe("extendedEnumFiscalYearDeviation");
    expect(type?.usedBy.map((framework) => framework.id)).toContain("sfdr");
    expect(type?.calculationRules).toEqual([]);
    const base = getDataPointBaseType("extendedDecimal", options);
    expect(base?.usedBy.length).toBeGreaterThan(0);
    expect(base?.validatedBy).toBe(dataPointBaseTypeValidatedBy("extendedDecimal"));
    expect(dataPointTypeValidatedBy("extendedEnumFiscalYearDeviation")).toBe(
      dataPointBaseTypeValidatedBy("extendedEnumFiscalYearDeviation"),
    );
    expect(dataPointTypesValidatedBy("extendedEnumYesNoNa").length).toBeGreaterThan(0);
    expect(getDataPointType("nope")).toBeUndefined();
    expect(getDataPointBaseType("nope")).toBeUndefined();
  });

  it("keeps the reference's constraints", () => {
    const percent = Object.values(
      Object.fromEntries(
        dataPointTypesValidatedBy("extendedDecimal").map((id) => [id, getDataPointType(id)]),
      ),
    ).find((type) => type?.constraints?.includes("between:0,100"));
    expect(percent).toBeDefined();
  });
});
