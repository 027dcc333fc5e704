import { dataPointTypeFields } from "@openverde/frameworks/data-point-types";
import { describe, expect, it } from "vitest";
import {
  customDataPoint,
  decisionSentence,
  judgementRows,
  parseDataPoint,
  valueText,
} from "./judgement-model";

const numeric = dataPointTypeFields("sfdr").find((entry) => entry.field.kind === "decimal");

describe("the rows of a judgement", () => {
  it("follows the framework's order and shows the uploaded value, active findings and the decision", () => {
    const [first, second] = dataPointTypeFields("sfdr");
    if (!first || !second) throw new Error("sfdr has fields");
    const data: Record<string, unknown> = {};
    let node = data;
    const keys = second.field.path.split(".");
    for (const key of keys.slice(0, -1)) {
      const inner: Record<string, unknown> = {};
      node[key] = inner;
      node = inner;
    }
    node[keys[keys.length - 1] as string] = { value: "x", dataSource: { page: "3", fileName: "Report" } };
    const rows = judgementRows("sfdr", data, {
      [second.dataPointType]: {
        dataPointType: second.dataPointType,
        dataPointId: "b",
        qaReports: [
          {
            reporterUserId: "r1",
            verdict: "QaRejected",
            comment: "wrong",
            active: true,
            correctedData: '{"value":"y"}',
          },
          { reporterUserId: "r2", verdict: "QaAccepted", comment: "old", active: false },
        ],
        acceptedSource: "Qa",
        reporterUserIdOfAcceptedQaReport: "r1",
      },
      [first.dataPointType]: { dataPointType: first.dataPointType, dataPointId: "a", qaReports: [] },
      unknownType: { dataPointType: "unknownType", dataPointId: "c", qaReports: [] },
    });
    expect(rows.map((row) => row.dataPointType)).toEqual([
      first.dataPointType,
      second.dataPointType,
      "unknownType",
    ]);
    expect(rows[1]?.original).toEqual({ value: "x", dataSource: { page: "3", fileName: "Report" } });
    expect(rows[1]?.findings.map((finding) => finding.corrected)).toEqual([{ value: "y" }]);
    expect(rows[2]?.label).toBe("unknownType");
    expect(decisionSentence(rows[1] as never, (id) => `user ${id}`)).toBe(
      "Accepted: the correction of user r1.",
    );
    expect(decisionSentence(rows[0] as never, (id) => id)).toBe(
      "Not decided yet: the uploaded value stands.",
    );
  });

  it("builds the judge's data point from the upload, typed as the upload's value, with another page", () => {
    const original = { value: 12, quality: "Reported", dataSource: { page: "3", fileName: "Report" } };
    expect(JSON.parse(customDataPoint(original, " 14.5 ", "7"))).toEqual({
      value: 14.5,
      quality: "Reported",
      dataSource: { page: "7", fileName: "Report" },
    });
    expect(JSON.parse(customDataPoint(original, "", ""))).toMatchObject({
      value: null,
      dataSource: { page: "3" },
    });
    expect(JSON.parse(customDataPoint({ value: "Yes" }, "No", "2"))).toEqual({ value: "No" });
    // A plain data point (no quality or source of its own) is the value alone.
    expect(JSON.parse(customDataPoint("2023-12-31", "2024-12-31", "9"))).toBe("2024-12-31");
    expect(valueText(undefined, "2023-12-31")).toBe("2023-12-31");
    expect(parseDataPoint("{no")).toBeUndefined();
    expect(valueText(undefined, undefined)).toBe("No value");
    if (numeric) expect(valueText(numeric.field, { value: 1234.5 })).toMatch(/1,234\.5/);
  });
});
