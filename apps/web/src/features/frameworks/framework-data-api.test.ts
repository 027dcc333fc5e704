import { describe, expect, it } from "vitest";
import { activeAndPending, type DatasetWithMeta } from "./framework-data-api";

function dataset(
  dataId: string,
  reportingPeriod: string,
  qaStatus: "Accepted" | "Pending" | "Rejected",
  currentlyActive: boolean,
  uploadTime: number,
): DatasetWithMeta {
  return {
    metaInfo: {
      dataId,
      companyId: "c",
      dataType: "sfdr",
      reportingPeriod,
      qaStatus,
      currentlyActive,
      uploadTime,
    },
    data: {},
  };
}

describe("active and pending datasets", () => {
  it("adds the newest dataset waiting for review beside the active one, and alone where none is active", () => {
    const shown = activeAndPending([
      dataset("a2024", "2024", "Accepted", true, 10),
      dataset("old2024", "2024", "Accepted", false, 5),
      dataset("p2024", "2024", "Pending", false, 20),
      dataset("p2024-older", "2024", "Pending", false, 15),
      dataset("p2025", "2025", "Pending", false, 30),
      dataset("r2023", "2023", "Rejected", false, 40),
    ]).map((entry) => entry.metaInfo.dataId);
    expect(shown.sort()).toEqual(["a2024", "p2024", "p2025"]);
  });

  it("leaves out a pending dataset older than the active one", () => {
    const shown = activeAndPending([
      dataset("a2024", "2024", "Accepted", true, 50),
      dataset("p2024", "2024", "Pending", false, 20),
    ]).map((entry) => entry.metaInfo.dataId);
    expect(shown).toEqual(["a2024"]);
  });
});
