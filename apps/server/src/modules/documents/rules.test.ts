import { describe, expect, it } from "vitest";
import { containerOf } from "./file-types";
import {
  contentDisposition,
  nameProblem,
  parseRange,
  publicationDateProblem,
  reportingPeriodProblem,
} from "./rules";

describe("document rules", () => {
  it("accepts names of 1 to 254 characters without the forbidden characters", () => {
    for (const name of [
      "a",
      "Annual Report 2024",
      "Bericht – Übersicht (final)",
      "x".repeat(254),
      "v1.2 report",
      "👩\u200D💻 developer notes",
    ])
      expect(nameProblem(name), name).toBeUndefined();
  });

  it("refuses every kind of bad name", () => {
    const bad: [string, RegExp][] = [
      ["", /empty/],
      ["x".repeat(255), /at most 254/],
      ...["<", ">", ":", '"', "|", "?", "/", "*", "\\"].map((c): [string, RegExp] => [`a${c}b`, /character/]),
      [" leading", /start with whitespace/],
      ["\tleading", /control|whitespace/],
      ["trailing.", /end with a dot/],
      ["trailing ", /end with a dot or whitespace/],
      ["line\nbreak", /control/],
      ["annual-report\u202Efdp.exe", /^contains the invisible character U\+202E$/],
      ["annual\u200Breport", /^contains the invisible character U\+200B$/],
    ];
    for (const [name, problem] of bad) expect(nameProblem(name), JSON.stringify(name)).toMatch(problem);
  });

  it("takes four-digit years as reporting periods and real days as publication dates", () => {
    expect(reportingPeriodProblem("2024")).toBeUndefined();
    for (const period of ["24", "FY2024", "2024-Q1", " 2024", "3024"])
      expect(reportingPeriodProblem(period)).toBeDefined();
    expect(publicationDateProblem("2024-02-29")).toBeUndefined();
    for (const date of ["2023-02-29", "2024-13-01", "2024-1-1", "13.02.2024", ""])
      expect(publicationDateProblem(date), date).toBeDefined();
  });

  it("reads single byte ranges and falls back to the whole file otherwise", () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-1000", 100)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseRange("bytes=50-5000", 100)).toEqual({ kind: "partial", start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-1,4-5", 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=9-3", 100)).toEqual({ kind: "full" });
    expect(parseRange("items=0-1", 100)).toEqual({ kind: "full" });
  });

  it("writes a Content-Disposition that is safe in every browser", () => {
    expect(contentDisposition("Report 2024", ".pdf", "inline")).toBe(
      `inline; filename="Report 2024.pdf"; filename*=UTF-8''Report%202024.pdf`,
    );
    expect(contentDisposition("data.XLSX", ".xlsx", "attachment")).toBe(
      `attachment; filename="data.XLSX"; filename*=UTF-8''data.XLSX`,
    );
    const tricky = contentDisposition("Über;100%\u00a0'quote'", ".pdf", "inline");
    expect(tricky).toBe(
      `inline; filename="_ber_100__'quote'.pdf"; filename*=UTF-8''%C3%9Cber%3B100%25%C2%A0%27quote%27.pdf`,
    );
  });

  it("tells the container of a file by its first bytes", () => {
    expect(containerOf(Buffer.from("%PDF-1.7\n"))).toBe("pdf");
    expect(containerOf(Buffer.from("\r\n%PDF-1.4"))).toBe("pdf");
    expect(containerOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe("zip");
    expect(containerOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe("ole");
    expect(containerOf(Buffer.from("<html>"))).toBe("unknown");
  });
});
