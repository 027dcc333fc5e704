import { generateCompleteDataset } from "@openverde/frameworks";
import { describe, expect, it } from "vitest";
import { blocksForFirstScreen, estimateRowHeight, ROWS_PER_BLOCK, sectionBlocks } from "./blocks";
import { buildComparison, type ComparisonSection } from "./model";

const sfdr = buildComparison(
  "sfdr",
  ["2024", "2023", "2022"].map((period, index) => ({
    key: period,
    label: period,
    data: generateCompleteDataset("sfdr", index + 1),
  })),
);
const largest = [...sfdr.sections].sort((a, b) => b.rowCount - a.rowCount)[0] as ComparisonSection;

describe("blocks of rows that render near the viewport", () => {
  it("cover every row once, in order, with at most ROWS_PER_BLOCK rows each", () => {
    const blocks = sectionBlocks(largest, new Set());
    const paths = blocks.flatMap((block) => block.rows.map((row) => row.path));
    const expected = largest.subsections.flatMap((subsection) => subsection.rows.map((row) => row.path));
    expect(paths).toEqual(expected);
    expect(Math.max(...blocks.map((block) => block.rows.length))).toBeLessThanOrEqual(ROWS_PER_BLOCK);
    expect(new Set(blocks.map((block) => block.key)).size).toBe(blocks.length);
  });

  it("never mix sub-categories, and carry a sub-category's heading in its first block only", () => {
    const blocks = sectionBlocks(largest, new Set());
    for (const block of blocks) {
      expect(block.rows.every((row) => block.subsection.rows.includes(row))).toBe(true);
      const first = block.subsection.rows[0];
      expect(block.withHeading).toBe(block.subsection.label !== "" && block.rows[0] === first);
    }
  });

  it("keep only the heading of a collapsed sub-category", () => {
    const subsection = largest.subsections[0];
    if (!subsection) throw new Error("the section has no sub-category");
    const blocks = sectionBlocks(largest, new Set([subsection.id]));
    const ofCollapsed = blocks.filter((block) => block.subsection === subsection);
    expect(ofCollapsed).toHaveLength(1);
    expect(ofCollapsed[0]?.rows).toEqual([]);
  });

  it("guess taller rows for data points with help text, sources and comments", () => {
    const rows = largest.subsections.flatMap((subsection) => subsection.rows);
    const plain = { ...(rows[0] as (typeof rows)[number]), help: undefined, series: null };
    const bare = {
      ...plain,
      cells: plain.cells.map((cell) => ({
        ...cell,
        quality: undefined,
        comment: undefined,
        dataSource: undefined,
      })),
    };
    const withSource = {
      ...bare,
      cells: bare.cells.map((cell) => ({ ...cell, quality: "Audited", dataSource: {} })),
    };
    expect(estimateRowHeight(withSource)).toBeGreaterThan(estimateRowHeight(bare));
    expect(
      estimateRowHeight({ ...bare, help: "A help text long enough for several lines ".repeat(4) }),
    ).toBeGreaterThan(estimateRowHeight(bare));
  });

  it("choose the first blocks until the first screen is full", () => {
    const blocks = sectionBlocks(largest, new Set());
    const budget = 900;
    const chosen = blocks.filter((block) => blocksForFirstScreen(blocks, budget).has(block.key));
    expect(chosen).toEqual(blocks.slice(0, chosen.length));
    const height = chosen.reduce((sum, block) => sum + block.estimatedHeight, 0);
    expect(height).toBeGreaterThanOrEqual(budget);
    expect(height - (chosen.at(-1)?.estimatedHeight ?? 0)).toBeLessThan(budget);
  });
});
