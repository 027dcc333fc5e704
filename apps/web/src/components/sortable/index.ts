export { SortableHeader, useTableSort } from "./SortableHeader";
export { nextSort, type SortDirection, type SortState, type SortValue, sortRows } from "./sort-rows";
