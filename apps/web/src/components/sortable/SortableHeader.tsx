import "./SortableHeader.css";
import { useState } from "react";
import { nextSort, type SortState } from "./sort-rows";

/**
 * A column header that sorts its table: a native button inside the th (reachable by Tab, chosen with
 * Enter or Space), the th carrying aria-sort so screen readers announce the order.
 */
export function SortableHeader<Key extends string>({
  label,
  sortKey,
  sort,
  onSort,
  className,
}: {
  label: string;
  sortKey: Key;
  sort: SortState<Key> | null;
  onSort: (key: Key) => void;
  className?: string;
}) {
  const direction = sort?.key === sortKey ? sort.direction : undefined;
  const icon =
    direction === "ascending"
      ? "pi-sort-amount-up-alt"
      : direction === "descending"
        ? "pi-sort-amount-down"
        : "pi-sort-alt";
  return (
    <th scope="col" aria-sort={direction ?? "none"} className={className}>
      <button type="button" className="sortable-header" onClick={() => onSort(sortKey)}>
        {label}
        <span className={`pi ${icon} sortable-header__icon`} aria-hidden="true" />
      </button>
    </th>
  );
}

/** The sort state of one table and the handler its headers call. */
export function useTableSort<Key extends string>(initial: SortState<Key> | null = null) {
  const [sort, setSort] = useState<SortState<Key> | null>(initial);
  const onSort = (key: Key) => setSort((current) => nextSort(current, key));
  return { sort, onSort };
}
