import { describe, expect, it } from "vitest";
import {
  dataPointRows,
  isOwnUpload,
  needsIfMatch,
  priorityOfWaitingRequests,
  readableType,
  verdictSentence,
} from "./qa-model";

describe("review rules", () => {
  it("names the priority of waiting requests", () => {
    expect(priorityOfWaitingRequests(1)?.label).toBe("Urgent request waiting");
    expect(priorityOfWaitingRequests(4)?.tone).toBe("neutral");
    expect(priorityOfWaitingRequests(undefined)).toBeUndefined();
  });

  it("refuses one's own upload", () => {
    expect(isOwnUpload("u1", "u1")).toBe(true);
    expect(isOwnUpload("u1", "u2")).toBe(false);
    expect(isOwnUpload(undefined, "u2")).toBe(false);
  });

  it("needs the ETag only to change a verdict already given", () => {
    expect(needsIfMatch("Pending")).toBe(false);
    expect(needsIfMatch("Accepted")).toBe(true);
    expect(needsIfMatch("Rejected")).toBe(true);
  });

  it("says what a verdict did", () => {
    expect(verdictSentence("Accepted", true)).toBe(
      "The dataset was accepted, and every data point took the same verdict.",
    );
    expect(verdictSentence("Pending", true)).toBe("The dataset is back in the review queue.");
  });
});

describe("data points of a dataset", () => {
  it("labels data points from the framework, in its order, with their review state", () => {
    const rows = dataPointRows("sfdr", { plainDateSfdrDataDate: "p1", somethingUnknownType: "p2" }, [
      {
        dataPointId: "p1",
        companyId: "c",
        companyName: "C",
        dataPointType: "plainDateSfdrDataDate",
        reportingPeriod: "2024",
        timestamp: 1,
        qaStatus: "Accepted",
        comment: "fine",
      },
    ]);
    expect(rows[0]).toMatchObject({ dataPointId: "p1", qaStatus: "Accepted", comment: "fine" });
    expect(rows[0]?.label).not.toBe("plainDateSfdrDataDate");
    expect(rows[1]).toMatchObject({ dataPointId: "p2", qaStatus: "Pending", section: "Other" });
  });

  it("makes a type readable when no label is known", () => {
    expect(readableType("extendedDecimalScope1GhgEmissionsInTonnes")).toBe(
      "Decimal scope1 ghg emissions in tonnes",
    );
  });
});
