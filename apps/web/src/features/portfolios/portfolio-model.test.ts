import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api-error";
import {
  coverage,
  type EnrichedEntry,
  filterEntries,
  frameworksWithData,
  percent,
  periodsOf,
  unknownIdentifiers,
} from "./portfolio-model";

const entry = (
  name: string,
  periods: Record<string, string>,
  extra: Partial<EnrichedEntry> = {},
): EnrichedEntry => ({
  companyId: name,
  companyName: name,
  countryCode: "DE",
  companyCockpitRef: `/companies/${name}`,
  frameworkHyphenatedNamesToDataRef: {},
  availableReportingPeriods: periods,
  ...extra,
});

describe("portfolio rules", () => {
  it("reads the unknown identifiers from a 400 answer", () => {
    const error = new ApiError(400, "x", [
      {
        errorType: "invalid-input",
        summary: "Unknown company identifier",
        message: 'identifiers: no company on Openverde has the identifier or id "XS000".',
        httpStatus: 400,
      },
      {
        errorType: "invalid-input",
        summary: "Unknown company identifier",
        message: 'identifiers: no company on Openverde has the identifier or id "DE123".',
        httpStatus: 400,
      },
    ]);
    expect(unknownIdentifiers(error)).toEqual(["XS000", "DE123"]);
    expect(unknownIdentifiers(new ApiError(400, "name"))).toEqual([]);
  });

  it("splits the periods of a framework", () => {
    expect(periodsOf("2024, 2023")).toEqual(["2024", "2023"]);
    expect(periodsOf(undefined)).toEqual([]);
  });

  it("lists frameworks with data in the catalogue's order", () => {
    expect(frameworksWithData([entry("A", { lksg: "2024" }), entry("B", { sfdr: "2023" })])).toEqual([
      "sfdr",
      "lksg",
    ]);
  });

  it("computes the share of companies with data per framework and period", () => {
    const rows = coverage(
      [
        entry("A", { sfdr: "2024, 2023" }),
        entry("B", { sfdr: "2024" }),
        entry("C", {}),
        entry("D", { lksg: "2023" }),
      ],
      ["2024", "2023"],
    );
    expect(rows.map((row) => row.framework)).toEqual(["sfdr", "lksg"]);
    expect(rows[0]?.cells).toEqual([
      { period: "2024", companies: 2, share: 0.5 },
      { period: "2023", companies: 1, share: 0.25 },
    ]);
    expect(percent(1 / 3)).toBe("33%");
    expect(coverage([])).toEqual([]);
  });

  it("filters and sorts the table", () => {
    const list = [
      entry("Beta", {}, { sector: "Utilities", countryCode: "FR" }),
      entry("Alpha", {}, { sector: "Energy" }),
    ];
    expect(filterEntries(list, "", "name").map((e) => e.companyName)).toEqual(["Alpha", "Beta"]);
    expect(filterEntries(list, "", "country").map((e) => e.companyName)).toEqual(["Alpha", "Beta"]);
    expect(filterEntries(list, "util", "name").map((e) => e.companyName)).toEqual(["Beta"]);
  });
});
