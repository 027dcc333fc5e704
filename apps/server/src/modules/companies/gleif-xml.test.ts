import { describe, expect, it } from "vitest";
import { decodeEntities, XmlReader, XmlSyntaxError } from "./gleif-xml";

/** Reads the text in the given pieces and lists what the reader reported. */
function read(pieces: string[]): string[] {
  const events: string[] = [];
  let text = "";
  const reader = new XmlReader({
    open: (name) => {
      events.push(`open ${name}`);
      return name === "Skip";
    },
    text: (source, start, end) => {
      text += decodeEntities(source.slice(start, end));
    },
    close: () => {
      if (text.trim()) events.push(`text ${text.trim()}`);
      text = "";
      events.push("close");
    },
  });
  for (const piece of pieces) reader.write(piece);
  reader.close();
  return events;
}

const sample = `<?xml version="1.0"?><!-- head --><a:Root x="1>2"><a:Name lang='en'>Fish &amp; Chips &#x41;&#66;</a:Name><b/><![CDATA[<raw & text>]]></a:Root>`;

describe("the golden copy's XML reader", () => {
  it("reports elements by local name, decoded text, CDATA, self-closing tags; skips comments and declarations", () => {
    expect(read([sample])).toEqual([
      "open Root",
      "open Name",
      "text Fish & Chips AB",
      "close",
      "open b",
      "close",
      "text <raw & text>",
      "close",
    ]);
  });

  it("reads the same whatever the pieces the text arrives in", () => {
    const whole = read([sample]);
    for (let size = 1; size < 12; size++) {
      const pieces = [];
      for (let index = 0; index < sample.length; index += size)
        pieces.push(sample.slice(index, index + size));
      expect(read(pieces)).toEqual(whole);
    }
  });

  it("refuses a wrong closing tag, a tag that closes nothing, an unclosed element and a bare <", () => {
    expect(() => read(["<a><b></a>"])).toThrow(XmlSyntaxError);
    expect(() => read(["<a></a></a>"])).toThrow(/closes nothing/);
    expect(() => read(["<a><b></b>"])).toThrow(/ends before <\/a>/);
    expect(() => read(["<a>< b</a>"])).toThrow(/not followed by a name/);
    expect(() => read(["<a>&bogus;</a>"])).toThrow(/unknown entity/);
  });

  it("skips the content of an element the handler does not want, checking only that its tags balance", () => {
    const text = `<r><Skip a="<x>"><x><y/>text &bogus;<!-- <z> --></x><x></x></Skip><n>kept</n></r>`;
    expect(read([text])).toEqual(["open r", "open Skip", "close", "open n", "text kept", "close", "close"]);
    for (let size = 1; size < 9; size++) {
      const pieces = [];
      for (let index = 0; index < text.length; index += size) pieces.push(text.slice(index, index + size));
      expect(read(pieces)).toEqual(read([text]));
    }
    expect(() => read(["<r><Skip><x></Skip></r>"])).toThrow(XmlSyntaxError);
    expect(() => read(["<r><Skip><x></x>"])).toThrow(/ends before/);
  });

  it("tells the line it is at", () => {
    const lines: number[] = [];
    const reader = new XmlReader({ open: () => false, text() {}, close: () => lines.push(reader.line) });
    reader.write("<a>\n<b>\n</b>");
    reader.write("\n\n<c/>\n</a>");
    reader.close();
    expect(lines).toEqual([3, 5, 6]);
  });
});
