import { type FrameworkId, fieldByPath, getFramework } from "@openverde/frameworks";
import { describe, expect, it } from "vitest";
import { isNumericField } from "./data-point-catalogue";
import { readSelection } from "./explore-state";
import { explorerLink, KEY_FIGURES, keyFigurePeriods, keyFiguresQuery } from "./key-figures";

const COMPANY = "821b6cf3-e46f-55cb-84b6-115ba4c52aa1";

describe("the cockpit's key figures", () => {
  it("name numeric data points of their framework's catalogue", () => {
    for (const [framework, figures] of Object.entries(KEY_FIGURES)) {
      for (const figure of figures ?? []) {
        const field = fieldByPath(getFramework(framework as FrameworkId), figure.path);
        expect(field, `${framework} ${figure.path}`).toBeDefined();
        expect(field && isNumericField(field), `${framework} ${figure.path}`).toBe(true);
      }
    }
  });

  it("cover the latest ten years with data, oldest first", () => {
    expect(keyFigurePeriods(["2025", "2020", "2025", "2024-Q1"])).toEqual(["2020", "2025"]);
    expect(keyFigurePeriods(Array.from({ length: 12 }, (_, index) => String(2030 - index)))).toHaveLength(10);
  });

  it("ask one query per framework for the one company, and none for a framework without key figures", () => {
    expect(keyFiguresQuery("sfdr", COMPANY, ["2024"])).toMatchObject({
      framework: "sfdr",
      reportingPeriods: ["2024"],
      companies: { companyIds: [COMPANY] },
      chunkSize: 1,
    });
    expect(keyFiguresQuery("nuclear-and-gas", COMPANY, ["2024"])).toBeUndefined();
    expect(keyFiguresQuery("sfdr", COMPANY, [])).toBeUndefined();
  });

  it("open the explorer with the company, the data point and the periods chosen", () => {
    const path = "environmental.greenhouseGasEmissions.scope1And2GhgEmissionsInTonnes";
    const link = explorerLink("sfdr", path, COMPANY, ["2023", "2024"]);
    expect(link.startsWith("/explore?")).toBe(true);
    expect(readSelection(new URL(link, "https://openverde.example").searchParams)).toMatchObject({
      framework: "sfdr",
      dataPoints: [path],
      periods: ["2023", "2024"],
      source: "search",
      companyIds: [COMPANY],
      chartDataPoint: path,
    });
  });
});
