import { describe, expect, it } from "vitest";
import { rowWindow } from "./virtual-rows";

const even = (height: number) => () => height;

describe("the window of a long list a scrolling box shows", () => {
  it("renders the rows in view plus the overscan, and accounts for the space of the others", () => {
    const window = rowWindow(500, even(20), 1_000, 200, 100);
    expect(window).toEqual({ start: 45, end: 65, before: 900, after: 435 * 20 });
  });

  it("starts at the first row and ends at the last one", () => {
    expect(rowWindow(500, even(20), 0, 400, 0)).toMatchObject({ start: 0, end: 20, before: 0 });
    const bottom = rowWindow(500, even(20), 500 * 20 - 400, 400, 0);
    expect(bottom).toMatchObject({ start: 480, end: 500, after: 0 });
  });

  it("uses each row's own height", () => {
    const heights = [10, 50, 10, 50, 10];
    const window = rowWindow(5, (index) => heights[index] ?? 0, 55, 20, 0);
    expect(window).toEqual({ start: 1, end: 4, before: 10, after: 10 });
  });

  it("keeps the whole list's height: before + rendered rows + after", () => {
    const heights = Array.from({ length: 300 }, (_, index) => 18 + (index % 7) * 5);
    const total = heights.reduce((sum, height) => sum + height, 0);
    for (const top of [0, 777, 4_000, total - 100]) {
      const window = rowWindow(300, (index) => heights[index] ?? 0, top, 384, 320);
      const rendered = heights.slice(window.start, window.end).reduce((sum, height) => sum + height, 0);
      expect(window.before + rendered + window.after).toBe(total);
    }
  });

  it("shows the last row when scrolled past the end of a list that got shorter", () => {
    expect(rowWindow(3, even(20), 5_000, 200, 0)).toEqual({ start: 2, end: 3, before: 40, after: 0 });
    expect(rowWindow(0, even(20), 0, 200, 0)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });
});
