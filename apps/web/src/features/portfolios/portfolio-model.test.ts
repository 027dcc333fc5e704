import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api-error";
import {
  chosenCompany,
  coverage,
  type EnrichedEntry,
  filterEntries,
  frameworksWithData,
  identifiersToSave,
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

describe("the portfolio editor's companies", () => {
  it("saves the listed companies' ids first, then the pasted identifiers not among them", () => {
    const listed = [
      { companyId: "A1", companyName: "Alpha", details: "" },
      { companyId: "b2", companyName: "Beta", details: "" },
    ];
    expect(identifiersToSave(listed, ["529900ABC", "B2", "a1"])).toEqual(["A1", "b2", "529900ABC"]);
    expect(identifiersToSave([], [])).toEqual([]);
  });

  it("lists a company by name with its place and LEI", () => {
    expect(
      chosenCompany({
        companyId: "c",
        companyName: "Verdana Energie AG",
        headquarters: "Hamburg",
        countryCode: "DE",
        lei: "529900T8BM49AURSDO55",
      }),
    ).toEqual({
      companyId: "c",
      companyName: "Verdana Energie AG",
      details: "Hamburg, Germany · LEI 529900T8BM49AURSDO55",
    });
  });
});
