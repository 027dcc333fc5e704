import { describe, expect, it } from "vitest";
import { simplePdf, writePdf } from "./pdf";

/** Object number → byte offset, as the cross-reference table says, and where it says the table is. */
function crossReferences(pdf: Buffer): { offsets: number[]; tableAt: number } {
  const text = pdf.toString("latin1");
  const tableAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const entries = text.slice(tableAt).split("\n").slice(3);
  const count = Number(/^xref\n0 (\d+)\n/.exec(text.slice(tableAt))?.[1]) - 1;
  return { offsets: entries.slice(0, count).map((entry) => Number(entry.slice(0, 10))), tableAt };
}

describe("writePdf", () => {
  const pdf = writePdf("Annual report (2024)", [
    { heading: "Overview", lines: ["Revenue: EUR 12 million", "Back\\slash and (brackets)"] },
    { heading: "Umlauts: Größe", lines: [] },
  ]);
  const text = pdf.toString("latin1");

  it("writes a PDF whose cross-reference table points at every object", () => {
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    const { offsets, tableAt } = crossReferences(pdf);
    expect(text.slice(tableAt, tableAt + 5)).toBe("xref\n");
    expect(offsets.length).toBeGreaterThan(5);
    offsets.forEach((offset, index) => {
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
    });
    expect(text).toContain("/Count 2");
  });

  it("escapes what would end a string and replaces what the standard fonts cannot show", () => {
    expect(text).toContain("(Back\\\\slash and \\(brackets\\)) Tj");
    expect(text).toContain("/Title (Annual report \\(2024\\))");
    expect(text).toContain("(Umlauts: Gr??e) Tj");
    expect(text).toContain("(Page 2 of 2) Tj");
  });

  it("gives the same bytes for the same input, so a demo report keeps its document id", () => {
    expect(writePdf("Same", [{ heading: "Same", lines: ["text"] }])).toEqual(
      writePdf("Same", [{ heading: "Same", lines: ["text"] }]),
    );
  });
});

describe("simplePdf", () => {
  it("writes one page headed by the first line", () => {
    const text = simplePdf(["Sustainability report 2023", "Company 42"]).toString("latin1");
    expect(text).toContain("/Title (Sustainability report 2023)");
    expect(text).toContain("(Sustainability report 2023) Tj");
    expect(text).toContain("(Company 42) Tj");
    expect(text).toContain("/Count 1");
  });
});
