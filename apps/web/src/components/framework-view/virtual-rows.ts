/**
 * The window of a long list that a scrolling box shows: which rows to render and how much space the
 * rows above and below take. Rows have their own heights; a row's height is a guess until it has been
 * rendered and measured. Pure, so the arithmetic is tested without a browser.
 */

export interface RowWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** After the last rendered row (exclusive). */
  end: number;
  /** Height of the rows before `start`. */
  before: number;
  /** Height of the rows from `end` on. */
  after: number;
}

/**
 * The rows that intersect [top - overscan, top + height + overscan], where `heightOf(i)` is row i's
 * measured height or the estimate.
 */
export function rowWindow(
  count: number,
  heightOf: (index: number) => number,
  top: number,
  height: number,
  overscan: number,
): RowWindow {
  if (count === 0) return { start: 0, end: 0, before: 0, after: 0 };
  const from = Math.max(0, top - overscan);
  const to = top + height + overscan;
  let index = 0;
  let offset = 0;
  while (index < count && offset + heightOf(index) <= from) offset += heightOf(index++);
  if (index === count) {
    // Scrolled past the end, as when the list got shorter: show the last row.
    index = count - 1;
    offset -= heightOf(index);
  }
  const start = index;
  const before = offset;
  do offset += heightOf(index++);
  while (index < count && offset < to);
  const end = index;
  let after = 0;
  while (index < count) after += heightOf(index++);
  return { start, end, before, after };
}
