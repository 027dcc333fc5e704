import { describe, expect, it } from "vitest";
import { decodeText, XmlReader, XmlSyntaxError } from "./gleif-xml";

/** Reads the text in the given pieces (of text or of its UTF-8 bytes) and lists what the reader reported. */
function read(pieces: (string | Buffer)[], bufferBytes?: number): string[] {
  const events: string[] = [];
  const text: string[] = [];
  const reader = new XmlReader(
    {
      open: (name) => {
        events.push(`open ${name}`);
        return name === "Skip";
      },
      text: (source, start, end) => {
        text.push(decodeText(source, start, end));
      },
      close: () => {
        const decoded = text.join("").trim();
        if (decoded) events.push(`text ${decoded}`);
        text.length = 0;
        events.push("close");
      },
    },
    bufferBytes,
  );
  for (const piece of pieces) reader.write(typeof piece === "string" ? Buffer.from(piece) : piece);
  reader.close();
  return events;
}

/** The UTF-8 bytes of a text in pieces of `size` bytes, cut anywhere (inside a character too). */
function bytePieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const pieces = [];
  for (let index = 0; index < bytes.length; index += size) pieces.push(bytes.subarray(index, index + size));
  return pieces;
}

const sample = `<?xml version="1.0"?><!-- head --><a:Root x="1>2"><a:Name lang='en'>Fish &amp; Chips &#x41;&#66; Straße €</a:Name><b/><![CDATA[<raw & text ü>]]></a:Root>`;

describe("the golden copy's XML reader", () => {
  it("reports elements by local name, decoded text, CDATA, self-closing tags; skips comments and declarations", () => {
    expect(read([sample])).toEqual([
      "open Root",
      "open Name",
      "text Fish & Chips AB Straße €",
      "close",
      "open b",
      "close",
      "text <raw & text ü>",
      "close",
    ]);
  });

  it("reads the same whatever the pieces the bytes arrive in, cut inside characters and entities too", () => {
    const whole = read([sample]);
    for (let size = 1; size < 12; size++) expect(read(bytePieces(sample, size))).toEqual(whole);
  });

  it("reads the same with a buffer smaller than a text, a tag or a comment, which it grows to hold them", () => {
    const whole = read([sample]);
    for (const bufferBytes of [1, 3, 8])
      for (const size of [1, 5, sample.length])
        expect(read(bytePieces(sample, size), bufferBytes)).toEqual(whole);
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
    for (let size = 1; size < 9; size++) expect(read(bytePieces(text, size), size)).toEqual(read([text]));
    expect(() => read(["<r><Skip><x></Skip></r>"])).toThrow(XmlSyntaxError);
    expect(() => read(["<r><Skip><x></x>"])).toThrow(/ends before/);
    expect(() => read(["<r><Skip><x></x"])).toThrow(/ends before/);
  });

  it("compares end tags with the name they close, white space before > allowed", () => {
    expect(read(["<p:a><b></b ></p:a\n>"])).toEqual(["open a", "open b", "close", "close"]);
    expect(() => read(["<a><b></bc></a>"])).toThrow(/<\/bc> where <\/b> was expected/);
    expect(() => read(["<ab></a>"])).toThrow(/<\/a> where <\/ab> was expected/);
    expect(() => read(["<a></a:b>"])).toThrow(/where <\/a> was expected/);
  });

  it("reports every name, however many of one length a file has", () => {
    const names = Array.from({ length: 40 }, (_, index) => `n${String(index).padStart(2, "0")}`);
    const text = `<r>${names.map((name) => `<x:${name}></x:${name}>`).join("")}</r>`;
    const expected = ["open r", ...names.flatMap((name) => [`open ${name}`, "close"]), "close"];
    expect(read([text])).toEqual(expected);
    expect(read(bytePieces(text, 5))).toEqual(expected);
  });

  it("tells the line it is at", () => {
    const lines: number[] = [];
    for (const bufferBytes of [2, 64]) {
      lines.length = 0;
      const reader = new XmlReader(
        { open: () => false, text() {}, close: () => lines.push(reader.line) },
        bufferBytes,
      );
      reader.write(Buffer.from("<a>\n<b>\n</b>"));
      reader.write(Buffer.from("\n\n<c/>\n</a>"));
      reader.close();
      expect(lines).toEqual([3, 5, 6]);
    }
  });
});
