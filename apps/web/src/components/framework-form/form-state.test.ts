import { frameworkIds, generateCompleteDataset, visibleFieldPaths } from "@openverde/frameworks";
import { describe, expect, it } from "vitest";
import {
  formatCodes,
  formatCountMap,
  formatLines,
  formatNumber,
  parseCodes,
  parseCountMap,
  parseLines,
  parseNumber,
} from "./codecs";
import { datasetToState, formFields, getAtPath, pruneEmpty, setAtPath, stateToPayload } from "./form-state";

describe("form state ↔ payload", () => {
  for (const frameworkId of frameworkIds) {
    it(`round-trips a complete ${frameworkId} dataset unchanged`, () => {
      for (const seed of [1, 7, 42]) {
        const dataset = generateCompleteDataset(frameworkId, seed);
        const state = datasetToState(frameworkId, dataset);
        expect(stateToPayload(frameworkId, state, { keepHidden: true })).toEqual(dataset);
        // The real submit drops answers to hidden fields only.
        const visible = new Set(visibleFieldPaths(frameworkId, dataset));
        const expected: Record<string, unknown> = {};
        for (const field of formFields(frameworkId)) {
          const value = getAtPath(dataset, field.path);
          if (visible.has(field.path) && value !== undefined) setAtPath(expected, field.path, value);
        }
        expect(stateToPayload(frameworkId, state)).toEqual(expected);
      }
    });
  }

  it("takes reports from referenced reports and the data sources", () => {
    const dataset = generateCompleteDataset("sfdr", 3);
    const state = datasetToState("sfdr", dataset);
    expect(state.reports.map((report) => report.name).sort()).toEqual([
      "AnnualReport2023",
      "SustainabilityReport2022",
    ]);
    expect(state.reports.every((report) => report.status === "onPlatform")).toBe(true);
    const lksg = datasetToState("lksg", generateCompleteDataset("lksg", 3));
    expect(lksg.reports.length).toBeGreaterThan(0);
  });

  it("drops empty answers and answers of hidden fields", () => {
    const payload = stateToPayload("lksg", {
      values: {
        "general.masterData.dataDate": "2024-01-31",
        "general.masterData.headOfficeInGermany": "",
        "governance.generalViolations.humanRightsOrEnvironmentalViolations": "No",
        "governance.generalViolations.humanRightsOrEnvironmentalViolationsDefinition": [
          { riskPosition: "ChildLabor", measuresTaken: "No" },
        ],
        "social.childLabor.childLaborPreventionPolicy": { value: null, dataSource: { fileName: "" } },
      },
      reports: [],
    });
    expect(payload).toEqual({
      general: { masterData: { dataDate: "2024-01-31" } },
      governance: { generalViolations: { humanRightsOrEnvironmentalViolations: "No" } },
    });
  });

  it("prunes nested empties", () => {
    expect(pruneEmpty({ a: "", b: [null, { c: " " }], d: 0, e: false })).toEqual({ d: 0, e: false });
  });
});

describe("input codecs", () => {
  function leaves(value: unknown, found: unknown[] = []): unknown[] {
    if (Array.isArray(value)) {
      if (value.every((item) => typeof item === "string")) found.push(value);
      else for (const item of value) leaves(item, found);
    } else if (typeof value === "object" && value !== null)
      for (const item of Object.values(value)) leaves(item, found);
    else found.push(value);
    return found;
  }

  it("reads back every number, code list and text list of complete datasets", () => {
    for (const frameworkId of frameworkIds) {
      for (const leaf of leaves(generateCompleteDataset(frameworkId, 5))) {
        if (typeof leaf === "number") expect(parseNumber(formatNumber(leaf)).value).toBe(leaf);
        if (Array.isArray(leaf)) {
          expect(parseCodes(formatCodes(leaf))).toEqual(leaf);
          expect(parseLines(formatLines(leaf))).toEqual(leaf);
        }
      }
    }
  });

  it("reads numbers as typed and explains what it cannot read", () => {
    expect(parseNumber("1 234.5").value).toBe(1234.5);
    expect(parseNumber("12,5").value).toBe(12.5);
    expect(parseNumber("").value).toBeUndefined();
    expect(parseNumber("12a").error).toMatch(/number/);
    expect(parseNumber("1.5", true).error).toMatch(/whole number/);
  });

  it("reads numbers grouped the locale's way", () => {
    expect(parseNumber("1,000,000", false, "en-GB").value).toBe(1_000_000);
    expect(parseNumber("1 000 000", false, "en-GB").value).toBe(1_000_000);
    expect(parseNumber("-66,039.06", false, "en-US").value).toBe(-66_039.06);
    expect(parseNumber("12,5", false, "en-GB").value).toBe(12.5);
    expect(parseNumber("1,00,0", false, "en-GB").error).toMatch(/number/);
    expect(parseNumber("1.000.000,5", false, "de-DE").value).toBe(1_000_000.5);
    expect(parseNumber("1 000 000,5", false, "fr-FR").value).toBe(1_000_000.5);
    expect(parseNumber("1,000,000", false, "de-DE").error).toMatch(/number/);
    expect(parseNumber("1,000,000", true, "en-GB").value).toBe(1_000_000);
  });

  it("reads counts per country", () => {
    expect(parseCountMap("de: 3\nFR=2").value).toEqual({ DE: 3, FR: 2 });
    expect(parseCountMap("DE three").error).toBeDefined();
    expect(parseCountMap(formatCountMap({ DE: 3, FR: 2 })).value).toEqual({ DE: 3, FR: 2 });
  });
});
