import { buildFrameworkForm, generateCompleteDataset, pageRuleMessage } from "@openverde/frameworks";
import { describe, expect, it } from "vitest";
import { datasetToState, formFields, type ReportEntry, stateToPayload } from "./form-state";
import { checkForm, fieldMessages, pageMessage, UNUSED_REPORTS_MESSAGE, unusedReportsMessage } from "./rules";
import { reportNameFromFile, reportNameProblem, sha256Hex, toHex, WEB_CRYPTO_UNAVAILABLE } from "./sha256";

const report = (name: string, fileReference: string): ReportEntry => ({
  name,
  fileReference,
  category: "AnnualReport",
  status: "pending",
});

describe("the reports-used rule (spec §5)", () => {
  it("names every report no data source cites, with the exact message", () => {
    const reports = [report("Annual2023", "a".repeat(64)), report("Policy", "b".repeat(64))];
    const values = {
      "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes": {
        value: 10,
        dataSource: { fileName: "Annual2023", fileReference: "a".repeat(64), page: "3" },
      },
    };
    expect(unusedReportsMessage(values, reports)).toBe(
      "Not all uploaded reports are used as a data source. Please remove the following reports, or use them as a data source: Policy",
    );
    expect(UNUSED_REPORTS_MESSAGE.endsWith(": ")).toBe(true);
    expect(unusedReportsMessage(values, reports.slice(0, 1))).toBeUndefined();
  });

  it("is part of the whole-form check", () => {
    const reports = [report("Annual2023", "a".repeat(64))];
    const result = checkForm({
      frameworkId: "sfdr",
      values: {},
      reports,
      payload: stateToPayload("sfdr", { values: {}, reports }),
      visiblePaths: new Set(),
      inputErrors: new Map(),
      reportingPeriod: "2024",
    });
    expect(result.unusedReports).toContain("Annual2023");
  });
});

describe("the page rule (spec §5)", () => {
  it("accepts a page or an ascending range", () => {
    expect(pageMessage("2")).toBeUndefined();
    expect(pageMessage("13-15")).toBeUndefined();
    expect(pageMessage("")).toBeUndefined();
    for (const wrong of ["0", "15-13", "2,3", "a", "-1", "3-3"])
      expect(pageMessage(wrong)).toBe(pageRuleMessage);
    expect(pageRuleMessage).toBe(
      "Page(s) must be a positive integer or a range of ascending positive integers, e.g. 2, 13-15, etc.",
    );
  });

  it("shows at the page input of a field while typing", () => {
    const field = formFields("sfdr").find((f) => f.kind === "decimal" && f.wrapper === "extended");
    if (!field) throw new Error("no field");
    const reports = [report("Annual2023", "a".repeat(64))];
    const messages = fieldMessages(
      "sfdr",
      field,
      {
        value: 3,
        dataSource: { fileName: "Annual2023", fileReference: "a".repeat(64), page: "15-13" },
      },
      reports,
    );
    expect(messages).toContainEqual({ at: "dataSource.page", message: pageRuleMessage });
    const noReport = fieldMessages("sfdr", field, { value: 3, dataSource: { page: "2" } }, reports);
    expect(noReport).toContainEqual({
      at: "dataSource.fileReference",
      message: "Choose the report this data comes from.",
    });
  });
});

describe("field messages", () => {
  it("checks ranges, codes and choices of the package", () => {
    const fields = formFields("lksg");
    const nace = fields.find((f) => f.kind === "naceCodes");
    if (!nace) throw new Error("no NACE field");
    expect(fieldMessages("lksg", nace, ["ZZ.99"], []).length).toBeGreaterThan(0);
    expect(fieldMessages("lksg", nace, ["C.10.1"], []).length).toBeGreaterThanOrEqual(0);
    const percentage = formFields("eutaxonomy-financials").find((f) => f.kind === "percentage");
    if (!percentage) throw new Error("no percentage field");
    expect(
      fieldMessages("eutaxonomy-financials", percentage, { value: 140 }, []).map((m) => m.message),
    ).toContain("Must be at most 100.");
  });

  it("has no message for any field of a complete dataset", () => {
    for (const frameworkId of [
      "sfdr",
      "lksg",
      "vsme",
      "eutaxonomy-non-financials",
      "nuclear-and-gas",
    ] as const) {
      const state = datasetToState(frameworkId, generateCompleteDataset(frameworkId, 2));
      for (const section of buildFrameworkForm(frameworkId).sections)
        for (const sub of section.subsections)
          for (const field of sub.fields)
            expect([
              field.path,
              fieldMessages(frameworkId, field, state.values[field.path], state.reports),
            ]).toEqual([field.path, []]);
    }
  });

  it("the whole-form check passes a complete dataset and asks for required fields", () => {
    const state = datasetToState("lksg", generateCompleteDataset("lksg", 4));
    const payload = stateToPayload("lksg", state);
    const visible = new Set(formFields("lksg").map((f) => f.path));
    const ok = checkForm({
      frameworkId: "lksg",
      ...state,
      payload,
      visiblePaths: visible,
      inputErrors: new Map(),
      reportingPeriod: "2024",
    });
    expect(ok.problems).toEqual([]);
    expect(ok.unusedReports).toBeUndefined();
    const empty = checkForm({
      frameworkId: "lksg",
      values: {},
      reports: [],
      payload: {},
      visiblePaths: visible,
      inputErrors: new Map(),
      reportingPeriod: undefined,
    });
    expect(empty.problems.map((p) => p.fieldPath ?? p.at)).toEqual([
      "reportingPeriod",
      "general.masterData.dataDate",
    ]);
  });
});

describe("reports in the browser", () => {
  it("hashes with Web Crypto, or says it is not available", async () => {
    const bytes = new TextEncoder().encode("abc");
    expect(await sha256Hex(bytes.buffer as ArrayBuffer)).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    await expect(sha256Hex(new ArrayBuffer(1), null)).rejects.toThrow(WEB_CRYPTO_UNAVAILABLE);
    expect(toHex(new Uint8Array([0, 255]).buffer)).toBe("00ff");
  });

  it("names reports after their files within the filename rule", () => {
    expect(reportNameFromFile("Annual Report 2023.pdf")).toBe("Annual Report 2023");
    expect(reportNameFromFile("a:b?.pdf")).toBe("a_b_");
    expect(reportNameProblem("ok")).toBeUndefined();
    expect(reportNameProblem(" x")).toBeDefined();
    expect(reportNameProblem("x.")).toBeDefined();
  });
});
