import { describe, expect, it } from "vitest";
import { filterDatasets, pageOf, type UploadedDataset } from "./my-datasets";

const dataset = (patch: Partial<UploadedDataset>): UploadedDataset => ({
  companyId: "c1",
  dataId: Math.random().toString(36),
  companyName: "Example AG",
  dataType: "sfdr",
  reportingPeriod: "2024",
  qualityStatus: "Pending",
  uploadTime: 1,
  ...patch,
});

describe("my datasets", () => {
  it("filters by company, framework, status and period, newest first", () => {
    const all = [
      dataset({ uploadTime: 1 }),
      dataset({ uploadTime: 3, companyName: "Other SE" }),
      dataset({ uploadTime: 2, dataType: "lksg", qualityStatus: "Accepted", reportingPeriod: "2023" }),
    ];
    expect(
      filterDatasets(all, { search: "", framework: "", qaStatus: "", period: "" }).map((d) => d.uploadTime),
    ).toEqual([3, 2, 1]);
    expect(filterDatasets(all, { search: "other", framework: "", qaStatus: "", period: "" })).toHaveLength(1);
    expect(
      filterDatasets(all, { search: "", framework: "lksg", qaStatus: "Accepted", period: "2023" }),
    ).toHaveLength(1);
    expect(
      filterDatasets(all, { search: "", framework: "sfdr", qaStatus: "Accepted", period: "" }),
    ).toHaveLength(0);
  });

  it("pages and keeps the page in range", () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 0).rows).toHaveLength(20);
    expect(pageOf(items, 2).rows).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, 9).current).toBe(2);
    expect(pageOf([], 0)).toEqual({ rows: [], pageCount: 1, current: 0 });
  });
});
