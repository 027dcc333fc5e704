/**
 * How a section's table is cut into blocks of rows that are rendered only near the viewport. Each
 * block becomes one `<tbody>`; a block that is not rendered keeps its place as a spacer of its
 * measured (or, before it was ever shown, estimated) height, so the page keeps its length.
 */
import type { ViewRow } from "@openverde/frameworks";
import type { ComparisonRow, ComparisonSection, ComparisonSubsection } from "./model";

/** Rows per block: small enough that rendering one block while scrolling stays well under a frame budget. */
export const ROWS_PER_BLOCK = 8;

export interface RowBlock {
  /** Stable while the block holds the same rows: the sub-category and its first row. */
  key: string;
  subsection: ComparisonSubsection;
  /** The block starts its sub-category and so carries the sub-category's heading row. */
  withHeading: boolean;
  rows: ComparisonRow[];
  /** A guess at the block's height in CSS pixels, used until the block has been rendered once. */
  estimatedHeight: number;
}

// Rough line heights of the view's CSS (0.9rem text, 0.78rem meta lines, 16 px root size).
const ROW_PADDING = 17;
const LINE = 22;
const SMALL_LINE = 18;
const HELP_CHARACTERS_PER_LINE = 48;
const SUBSECTION_HEADING = 38;

function cellLines(cell: ViewRow): number {
  const meta = [cell.quality, cell.comment, cell.dataSource].filter((part) => part !== undefined).length;
  return LINE + meta * SMALL_LINE;
}

/** A guess at a row's height: the taller of its label (with help text) and its cells. */
export function estimateRowHeight(row: ComparisonRow): number {
  const helpLines = row.help ? Math.ceil(row.help.length / HELP_CHARACTERS_PER_LINE) : 0;
  const label = LINE + helpLines * SMALL_LINE + (row.series ? LINE : 0);
  const cells = Math.max(LINE, ...row.cells.map(cellLines));
  return ROW_PADDING + Math.max(label, cells);
}

/**
 * The blocks of one section, in order. A sub-category never shares a block with another one, and a
 * collapsed sub-category is a block with its heading only.
 */
export function sectionBlocks(
  section: ComparisonSection,
  collapsedSubsections: ReadonlySet<string>,
  rowsPerBlock = ROWS_PER_BLOCK,
): RowBlock[] {
  const blocks: RowBlock[] = [];
  for (const subsection of section.subsections) {
    const withHeading = subsection.label !== "";
    const headingHeight = withHeading ? SUBSECTION_HEADING : 0;
    if (collapsedSubsections.has(subsection.id)) {
      blocks.push({
        key: `${subsection.id}/collapsed`,
        subsection,
        withHeading,
        rows: [],
        estimatedHeight: headingHeight,
      });
      continue;
    }
    for (let start = 0; start < subsection.rows.length; start += rowsPerBlock) {
      const rows = subsection.rows.slice(start, start + rowsPerBlock);
      const first = start === 0;
      blocks.push({
        key: `${subsection.id}/${rows[0]?.path ?? start}`,
        subsection,
        withHeading: withHeading && first,
        rows,
        estimatedHeight:
          (withHeading && first ? headingHeight : 0) +
          rows.reduce((sum, row) => sum + estimateRowHeight(row), 0),
      });
    }
  }
  return blocks;
}

/**
 * The blocks to render at once, before anything is measured: from the top, until their estimated
 * height fills `budget` pixels (the first screen).
 */
export function blocksForFirstScreen(blocks: RowBlock[], budget: number): Set<string> {
  const chosen = new Set<string>();
  let used = 0;
  for (const block of blocks) {
    if (used >= budget) break;
    chosen.add(block.key);
    used += block.estimatedHeight;
  }
  return chosen;
}
