import { describe, expect, it } from "vitest";
import { dataPointGroups, findDataPoints } from "./data-point-catalogue";

const SCOPE1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";

describe("the data point picker", () => {
  it("groups a framework's data points as the framework does, with units, without the reports list", () => {
    const groups = dataPointGroups("sfdr");
    expect(groups[0]?.label).toBe("General");
    const emissions = groups.find((group) => group.label === "Environmental › Greenhouse gas emissions");
    expect(emissions?.choices.find((choice) => choice.path === SCOPE1)).toMatchObject({
      label: "Scope 1 GHG emissions",
      unit: "Tonnes",
      numeric: true,
    });
    expect(
      groups.flatMap((group) => group.choices).some((choice) => choice.path.endsWith("referencedReports")),
    ).toBe(false);
  });

  it("finds data points by every word of their label or group", () => {
    const found = findDataPoints(dataPointGroups("sfdr"), "scope 1 ghg");
    expect(found.flatMap((group) => group.choices.map((choice) => choice.label))).toContain(
      "Scope 1 GHG emissions",
    );
    expect(found.flatMap((group) => group.choices).every((choice) => /scope 1/i.test(choice.label))).toBe(
      true,
    );
    expect(findDataPoints(dataPointGroups("sfdr"), "no such words here")).toEqual([]);
  });

  it("tells same-named data points apart by their group", () => {
    const found = findDataPoints(
      dataPointGroups("eutaxonomy-non-financials"),
      "capex aligned share relative",
    );
    expect(found.map((group) => group.label)).toEqual(["CapEx › Non-Aligned Share", "CapEx › Aligned Share"]);
    expect(found.flatMap((group) => group.choices.map((choice) => choice.unit))).toEqual(["%", "%"]);
  });
});
