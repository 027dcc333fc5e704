/**
 * The one way the web app writes dates and times: "3 Jul 2025" and "3 Jul 2025, 14:05" (day, short
 * month, year; a 24-hour clock in the reader's time zone), whatever the browser's language, so every
 * page reads the same. Takes epoch milliseconds (as the API sends upload times), an ISO text or a Date.
 */
export type DateInput = number | string | Date;

const dateOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** What is shown for a missing or unreadable date. */
export const NO_DATE = "—";

function toDate(value: DateInput | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "3 Jul 2025"; a missing or unreadable date as "—". */
export function formatDate(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dateOnly.format(date) : NO_DATE;
}

/** "3 Jul 2025, 14:05"; a missing or unreadable date as "—". */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : NO_DATE;
}
