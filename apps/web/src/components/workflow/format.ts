const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

/** Epoch milliseconds as "3 Jul 2025, 14:05". */
export function formatDateTime(milliseconds: number): string {
  return dateTime.format(new Date(milliseconds));
}

/** Epoch milliseconds as "3 Jul 2025". */
export function formatDate(milliseconds: number): string {
  return dateOnly.format(new Date(milliseconds));
}

/** "1 company", "3 companies". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
