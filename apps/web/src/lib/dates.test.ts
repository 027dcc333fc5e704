import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, NO_DATE } from "./dates";

describe("the one date format", () => {
  const moment = new Date(2025, 6, 3, 14, 5); // 3 July 2025, 14:05 in the reader's time zone

  it("writes day, short month and year, and a 24-hour time", () => {
    expect(formatDate(moment)).toBe("3 Jul 2025");
    expect(formatDateTime(moment)).toBe("3 Jul 2025, 14:05");
    expect(formatDateTime(new Date(2025, 11, 24, 0, 7))).toBe("24 Dec 2025, 00:07");
  });

  it("reads epoch milliseconds, ISO texts and dates alike", () => {
    expect(formatDateTime(moment.getTime())).toBe(formatDateTime(moment));
    expect(formatDateTime(moment.toISOString())).toBe(formatDateTime(moment));
    expect(formatDate("2024-12-31")).toMatch(/^(31 Dec|1 Jan) 202[45]$/);
  });

  it("shows a dash for a missing or unreadable date", () => {
    for (const value of [null, undefined, "", "not a date", Number.NaN])
      expect([formatDate(value), formatDateTime(value)]).toEqual([NO_DATE, NO_DATE]);
  });
});
