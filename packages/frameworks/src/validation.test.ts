import { describe, expect, it } from "vitest";
import { frameworkFields, getFramework } from "./catalogue.ts";
import type { FrameworkId } from "./model.ts";
import { frameworkIds } from "./model.ts";
import { pageRuleMessage } from "./page-rule.ts";
import { generateCompleteDataset } from "./test-data.ts";
import { validateFrameworkData } from "./validation.ts";

// biome-ignore lint/suspicious/noExplicitAny: the tests edit generated datasets in place
type Json = Record<string, any>;

function sfdr(): Json {
  return generateCompleteDataset("sfdr", 3);
}

function errorsOf(id: FrameworkId, data: unknown) {
  return validateFrameworkData(id, data);
}

const scope1 = "data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";

describe.each(frameworkIds)("a complete %s dataset", (id) => {
  it("is valid and is not changed by validation", () => {
    const data = generateCompleteDataset(id, 11);
    const copy = structuredClone(data);
    expect(errorsOf(id, data)).toEqual([]);
    expect(data).toEqual(copy);
  });

  it("survives a JSON round trip unchanged", () => {
    const data = generateCompleteDataset(id, 12);
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it("fills every field", () => {
    const data = generateCompleteDataset(id, 13);
    for (const field of frameworkFields(getFramework(id))) {
      const value = field.path
        .split(".")
        .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], data);
      expect(value, field.path).not.toBeUndefined();
      expect(value, field.path).not.toBeNull();
    }
  });

  it("rejects a value above its allowed maximum, with the path", () => {
    const data = generateCompleteDataset(id, 14);
    const field = frameworkFields(getFramework(id)).find((candidate) => candidate.range?.max !== undefined);
    if (!field) return;
    const keys = field.path.split(".");
    const parent = keys.slice(0, -1).reduce<Json>((node, key) => node[key], data);
    const last = keys[keys.length - 1] as string;
    const valuePath = field.wrapper === "plain" ? `data.${field.path}` : `data.${field.path}.value`;
    if (field.wrapper === "plain") parent[last] = (field.range?.max ?? 0) + 1;
    else parent[last].value = (field.range?.max ?? 0) + 1;
    expect(errorsOf(id, data)).toEqual([
      { path: valuePath, message: `Must be at most ${field.range?.max}.` },
    ]);
  });
});

describe("validation errors", () => {
  it("accepts an empty dataset where nothing is required", () => {
    expect(errorsOf("sfdr", {})).toEqual([]);
  });

  it("reports a wrong type with its path", () => {
    const data = sfdr();
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.value = "12";
    expect(errorsOf("sfdr", data)).toEqual([{ path: `${scope1}.value`, message: "Expected a number." }]);
  });

  it("reports a fraction where a whole number is expected", () => {
    const data = sfdr();
    data.social.humanRights.numberOfReportedIncidentsOfHumanRightsViolations.value = 2.5;
    expect(errorsOf("sfdr", data)).toEqual([
      {
        path: "data.social.humanRights.numberOfReportedIncidentsOfHumanRightsViolations.value",
        message: "Expected a whole number.",
      },
    ]);
  });

  it("reports a wrong option with its path", () => {
    const data = sfdr();
    data.general.general.fiscalYearDeviation.value = "Sometimes";
    expect(errorsOf("sfdr", data)).toEqual([
      {
        path: "data.general.general.fiscalYearDeviation.value",
        message: "Expected one of: Deviation, NoDeviation.",
      },
    ]);
  });

  it("reports a negative value where the reference allows zero or more", () => {
    const data = sfdr();
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.value = -1;
    expect(errorsOf("sfdr", data)).toEqual([{ path: `${scope1}.value`, message: "Must be at least 0." }]);
  });

  it("reports a percentage above 100", () => {
    const data = generateCompleteDataset("eutaxonomy-non-financials", 2) as Json;
    data.revenue.alignedShare.relativeShareInPercent.value = 100.5;
    expect(errorsOf("eutaxonomy-non-financials", data)).toEqual([
      { path: "data.revenue.alignedShare.relativeShareInPercent.value", message: "Must be at most 100." },
    ]);
  });

  it.each(["0", "abc", "15-13", "5-5", "2,3", "-4", "1-"])(
    "rejects the page %j with the page rule",
    (page) => {
      const data = sfdr();
      data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.dataSource.page = page;
      expect(errorsOf("sfdr", data)).toEqual([
        { path: `${scope1}.dataSource.page`, message: pageRuleMessage },
      ]);
    },
  );

  it.each(["constructor", "toString", "hasOwnProperty"])(
    "reports %j inside a value as an unknown field, not as a property every object inherits",
    (key) => {
      const data = sfdr();
      data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes[key] = 5;
      data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.dataSource[key] = 5;
      expect(errorsOf("sfdr", data)).toEqual([
        { path: `${scope1}.dataSource.${key}`, message: `Unknown field "${key}".` },
        { path: `${scope1}.${key}`, message: `Unknown field "${key}".` },
      ]);
    },
  );

  it.each(["2", "13-15", "100"])("accepts the page %j", (page) => {
    const data = sfdr();
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.dataSource.page = page;
    expect(errorsOf("sfdr", data)).toEqual([]);
  });

  it("uses the exact page rule message", () => {
    expect(pageRuleMessage).toBe(
      "Page(s) must be a positive integer or a range of ascending positive integers, e.g. 2, 13-15, etc.",
    );
  });

  it.each(["2023-02-30", "2023-1-05", "05.01.2023", "2023-13-01"])("rejects the date %j", (date) => {
    const data = sfdr();
    data.general.general.dataDate = date;
    expect(errorsOf("sfdr", data)).toEqual([
      { path: "data.general.general.dataDate", message: "Expected a date in the form YYYY-MM-DD." },
    ]);
  });

  it("reports unknown keys with their path", () => {
    const data = sfdr();
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionInTonnes = { value: 1 };
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.qualty = "Reported";
    expect(errorsOf("sfdr", data)).toEqual([
      {
        path: "data.environmental.greenhouseGasEmissions.scope1GhgEmissionInTonnes",
        message: 'Unknown field "scope1GhgEmissionInTonnes".',
      },
      { path: `${scope1}.qualty`, message: 'Unknown field "qualty".' },
    ]);
  });

  it("quotes keys that are not plain names in a path, however deep, on every call", () => {
    const data = sfdr();
    data.general["general.x"] = 1;
    data.general.general.referencedReports["report 1.pdf"] = { fileReference: 5 };
    const expected = [
      { path: 'data.general["general.x"]', message: 'Unknown field "general.x".' },
      {
        path: 'data.general.general.referencedReports["report 1.pdf"].fileReference',
        message: "Expected text.",
      },
    ];
    expect(errorsOf("sfdr", data)).toEqual(expected);
    // The framework's layout is kept between calls; a second upload is checked the same way.
    expect(errorsOf("sfdr", data)).toEqual(expected);
  });

  it("reports unknown currency, country and NACE codes", () => {
    const data = generateCompleteDataset("lksg", 5) as Json;
    data.general.masterData.annualTotalRevenue.currency = "EURO";
    data.general.productionSpecific.listOfProductionSites[0].addressOfProductionSite.country = "Germany";
    data.general.masterData.industry = ["47.23", "Z.99"];
    data.governance.generalViolations.highRiskCountries = ["DE", "XX"];
    expect(errorsOf("lksg", data)).toEqual([
      { path: "data.general.masterData.industry[1]", message: "Unknown NACE code." },
      {
        path: "data.general.masterData.annualTotalRevenue.currency",
        message: "Unknown ISO 4217 currency code.",
      },
      {
        path: "data.general.productionSpecific.listOfProductionSites[0].addressOfProductionSite.country",
        message: "Unknown ISO 3166-1 alpha-2 country code.",
      },
      {
        path: "data.governance.generalViolations.highRiskCountries[1]",
        message: "Unknown ISO 3166-1 alpha-2 country code.",
      },
    ]);
  });

  it("reports a missing required value", () => {
    const data = generateCompleteDataset("lksg", 5) as Json;
    delete data.general.masterData.dataDate;
    data.general.productionSpecific.listOfProductionSites[0].addressOfProductionSite = null;
    expect(errorsOf("lksg", data)).toEqual([
      { path: "data.general.masterData.dataDate", message: "A value is required." },
      {
        path: "data.general.productionSpecific.listOfProductionSites[0].addressOfProductionSite",
        message: "A value is required.",
      },
    ]);
  });

  it("collects every error instead of stopping at the first", () => {
    const data = sfdr();
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.value = "x";
    data.general.general.fiscalYearDeviation.value = "x";
    data.general.general.dataDate = "x";
    expect(errorsOf("sfdr", data)).toHaveLength(3);
  });

  it("does not crash on values of the wrong shape", () => {
    expect(errorsOf("sfdr", null)).toEqual([{ path: "data", message: "Expected an object." }]);
    expect(errorsOf("sfdr", { general: [] })).toEqual([
      { path: "data.general", message: "Expected an object." },
    ]);
    expect(
      errorsOf("lksg", { general: { masterData: { dataDate: "2024-01-01", industry: "47.23" } } }),
    ).toEqual([{ path: "data.general.masterData.industry", message: "Expected a list." }]);
  });
});

describe("referenced reports", () => {
  const reportName = "AnnualReport2023";

  it("rejects a data source naming a report that is not referenced", () => {
    const data = sfdr();
    data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.dataSource.fileName = "Brochure";
    expect(errorsOf("sfdr", data)).toEqual([
      {
        path: `${scope1}.dataSource.fileName`,
        message: `"Brochure" is not one of the dataset's referenced reports.`,
      },
    ]);
  });

  it("rejects a data source whose file reference differs from the named report", () => {
    const data = sfdr();
    const source = data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.dataSource;
    source.fileName = reportName;
    source.fileReference = "0".repeat(64);
    expect(errorsOf("sfdr", data)).toEqual([
      {
        path: `${scope1}.dataSource.fileReference`,
        message: `Does not match the file reference of the referenced report "${reportName}".`,
      },
    ]);
  });

  it("accepts a data source without a name when its file reference is a referenced report", () => {
    const data = sfdr();
    const source = data.environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes.dataSource;
    source.fileName = null;
    expect(errorsOf("sfdr", data)).toEqual([]);
    source.fileReference = "f".repeat(64);
    expect(errorsOf("sfdr", data)).toEqual([
      {
        path: `${scope1}.dataSource.fileReference`,
        message: "Is not the file reference of any referenced report.",
      },
    ]);
  });

  it("rejects data sources when the dataset references no reports", () => {
    const data = sfdr();
    delete data.general.general.referencedReports;
    const errors = errorsOf("sfdr", data);
    expect(errors.length).toBeGreaterThan(50);
    expect(errors.every((error) => error.path.endsWith(".dataSource.fileName"))).toBe(true);
  });
});
