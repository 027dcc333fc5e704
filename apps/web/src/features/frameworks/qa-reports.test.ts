import { describe, expect, it } from "vitest";
import { type DatasetQaReport, findingsOf, latestFindings, verdictSummary } from "./qa-reports";

const SCOPE_1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";

const report = (qaReportId: string, uploadTime: number, active: boolean, body: unknown): DatasetQaReport => ({
  metaInfo: { qaReportId, uploadTime, active },
  report: body,
});

const scope1 = (finding: unknown) => ({
  environmental: { greenhouseGasEmissions: { scope1GhgEmissionsInTonnes: finding } },
});

describe("QA report findings in the views", () => {
  it("takes per data point the finding of the newest active report, with the corrected value and its page", () => {
    const findings = latestFindings("sfdr", [
      report("old", 1, true, scope1({ verdict: "QaAccepted", comment: "Fine." })),
      report(
        "new",
        2,
        true,
        scope1({
          verdict: "QaRejected",
          comment: "Page 12 says 1,234.5 t.",
          correctedData: { value: 1234.5, dataSource: { fileReference: "x", page: "12" } },
        }),
      ),
      report("newest but inactive", 3, false, scope1({ verdict: "QaInconclusive", comment: "?" })),
    ]);
    expect(findings.get(SCOPE_1)).toEqual({
      verdict: "QaRejected",
      comment: "Page 12 says 1,234.5 t.",
      uploadTime: 2,
      correctedValue: "1,234.5 Tonnes",
      correctedPage: "12",
    });
  });

  it("ignores what is no field of the framework and summarises a report's verdicts", () => {
    const body = {
      ...scope1({ verdict: "QaRejected", comment: "" }),
      social: { noSuchThing: { verdict: "QaAccepted", comment: "" } },
    };
    expect(findingsOf(body).map(([path]) => path)).toEqual([SCOPE_1, "social.noSuchThing"]);
    expect([...latestFindings("sfdr", [report("r", 1, true, body)]).keys()]).toEqual([SCOPE_1]);
    expect(verdictSummary(body)).toBe("1 rejected, 1 accepted");
    expect(verdictSummary({})).toBe("no findings");
  });
});
