import { describe, expect, it } from "vitest";
import { isIsoDate } from "./iso-date.ts";

/** The rule as a Date states it: the written year, month and day come back from the date they make. */
function realDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (number: number, width: number) => String(number).padStart(width, "0");

describe("isIsoDate", () => {
  it("agrees with the calendar on every day, month and year around the edges", () => {
    for (const year of [0, 1, 99, 100, 1600, 1700, 1900, 1999, 2000, 2023, 2024, 2100, 9999])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isIsoDate(text), text).toBe(realDate(text));
        }
  });

  it("refuses anything not written as YYYY-MM-DD", () => {
    for (const text of [
      "",
      "2024-1-01",
      "2024-01-1",
      "24-01-01",
      "2024/01/01",
      "2024-01-01 ",
      " 2024-01-01",
      "2024-01-01\n",
      "2024-0a-01",
      "2024--1-01",
      "+024-01-01",
      "２０２４-01-01",
      "20240-1-01",
    ])
      expect(isIsoDate(text), JSON.stringify(text)).toBe(false);
  });
});
