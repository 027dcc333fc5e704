import { describe, expect, it } from "vitest";
import { correctionSentence } from "../../components/framework-view";
import { correctionMarks } from "./judged-corrections";

const SCOPE_1 = "environmental.greenhouseGasEmissions.scope1GhgEmissionsInTonnes";
const SCOPE_2 = "environmental.greenhouseGasEmissions.scope2GhgEmissionsInTonnes";

describe("corrections of a judged dataset in the views", () => {
  it("marks each corrected field with the uploaded value, its source, the judge, the day and the reason", () => {
    const marks = correctionMarks("sfdr", {
      dataId: "accepted",
      dataSetJudgementId: "judgement",
      judgedDataId: "upload",
      qaJudgeUserName: "Jane Judge",
      judgedAt: Date.UTC(2026, 10, 26, 12),
      corrections: [
        {
          dataPointType: "scope1",
          fieldPath: SCOPE_1,
          acceptedSource: "Qa",
          originalDataPoint: { value: 66039.06, quality: "Reported" },
          reporterUserName: "Rita Reporter",
          comment: "Table 4 says otherwise.",
        },
        { dataPointType: "scope2", fieldPath: SCOPE_2, acceptedSource: "Custom", comment: "" },
      ],
    });
    expect(marks.get(SCOPE_1)).toEqual({
      originalValue: "66,039.06 Tonnes",
      source: "the value of the QA report of Rita Reporter",
      correctedBy: "Jane Judge",
      correctedAt: Date.UTC(2026, 10, 26, 12),
      comment: "Table 4 says otherwise.",
    });
    expect(marks.get(SCOPE_2)?.originalValue).toBe("no value");
    expect(correctionSentence(marks.get(SCOPE_2) as never)).toBe(
      "Corrected in review by Jane Judge on 26 Nov 2026, taking a value of the reviewer's own.",
    );
  });

  it("marks nothing for a dataset no judgement produced", () => {
    expect(correctionMarks("sfdr", { dataId: "upload", corrections: [] }).size).toBe(0);
  });
});
