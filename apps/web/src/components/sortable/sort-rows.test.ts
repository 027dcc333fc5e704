import { describe, expect, it } from "vitest";
import { nextSort, sortRows } from "./sort-rows";

interface Row {
  name: string;
  period: string;
  uploaded?: number;
}

const rows: Row[] = [
  { name: "beta", period: "2024", uploaded: 3 },
  { name: "Alpha", period: "2023", uploaded: 1 },
  { name: "gamma", period: "2024" },
  { name: "alpha 10", period: "2022", uploaded: 2 },
  { name: "alpha 9", period: "2022", uploaded: 2 },
];
const columnValues = {
  name: (row: Row) => row.name,
  period: (row: Row) => row.period,
  uploaded: (row: Row) => row.uploaded,
};

describe("sortRows", () => {
  it("keeps the order when nothing is sorted, and never changes its input", () => {
    const copy = [...rows];
    expect(sortRows(rows, null, columnValues)).toEqual(rows);
    sortRows(rows, { key: "name", direction: "descending" }, columnValues);
    expect(rows).toEqual(copy);
  });

  it("sorts text as people read it: case-blind, numbers by value", () => {
    const names = sortRows(rows, { key: "name", direction: "ascending" }, columnValues).map(
      (row) => row.name,
    );
    expect(names).toEqual(["Alpha", "alpha 9", "alpha 10", "beta", "gamma"]);
  });

  it("sorts descending, keeps ties in their order and puts empty cells last either way", () => {
    const byUpload = sortRows(rows, { key: "uploaded", direction: "descending" }, columnValues);
    expect(byUpload.map((row) => row.name)).toEqual(["beta", "alpha 10", "alpha 9", "Alpha", "gamma"]);
    const ascending = sortRows(rows, { key: "uploaded", direction: "ascending" }, columnValues);
    expect(ascending.map((row) => row.name)).toEqual(["Alpha", "alpha 10", "alpha 9", "beta", "gamma"]);
  });
});

describe("nextSort", () => {
  it("starts a column ascending and flips it when chosen again", () => {
    expect(nextSort(null, "name")).toEqual({ key: "name", direction: "ascending" });
    expect(nextSort({ key: "name", direction: "ascending" }, "name")).toEqual({
      key: "name",
      direction: "descending",
    });
    expect(nextSort({ key: "name", direction: "descending" }, "period")).toEqual({
      key: "period",
      direction: "ascending",
    });
  });
});
