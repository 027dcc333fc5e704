/** Sorting of a table's rows by one column, shared by the plain result tables. */

export type SortDirection = "ascending" | "descending";

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

/** What a column is sorted by: text (compared as people read it, "2" before "10") or a number. */
export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

function isEmpty(value: SortValue): value is null | undefined | "" {
  return value === null || value === undefined || value === "";
}

function compareFilled(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * The rows in the order of the sorted column (a new array; rows that tie keep their order), or the
 * rows as they are when nothing is sorted.
 */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  sort: SortState<Key> | null,
  columnValues: Record<Key, (row: Row) => SortValue>,
): Row[] {
  if (!sort) return [...rows];
  const value = columnValues[sort.key];
  const sign = sort.direction === "ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      // Empty cells go last in either direction: they carry nothing to order by.
      if (isEmpty(a.key) || isEmpty(b.key)) {
        return Number(isEmpty(a.key)) - Number(isEmpty(b.key)) || a.index - b.index;
      }
      return sign * compareFilled(a.key, b.key) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** The next state when a column's header is chosen: ascending first, then it flips. */
export function nextSort<Key extends string>(current: SortState<Key> | null, key: Key): SortState<Key> {
  if (current?.key === key) {
    return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
  }
  return { key, direction: "ascending" };
}
