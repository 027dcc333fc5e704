// Dates are written one way on every page: lib/dates.ts.
export { formatDate, formatDateTime } from "../../lib/dates";

/** "1 company", "3 companies". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
