import { describe, expect, it } from "vitest";
import { BinaryCopyRows } from "./binary-copy";

/** A binary COPY as PostgreSQL writes it: signature, flags, an extension of `extension` bytes, rows, trailer. */
function copyPayload(rows: (Buffer | null)[][], extension = 0): Buffer {
  const parts: Buffer[] = [Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(4)];
  const extensionLength = Buffer.alloc(4);
  extensionLength.writeUInt32BE(extension);
  parts.push(extensionLength, Buffer.alloc(extension, 7));
  for (const row of rows) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(row.length);
    parts.push(count);
    for (const value of row) {
      const length = Buffer.alloc(4);
      length.writeInt32BE(value === null ? -1 : value.length);
      parts.push(length, ...(value === null ? [] : [value]));
    }
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  parts.push(trailer);
  return Buffer.concat(parts);
}

const rows = [
  [Buffer.from([0, 1, 2, 255]), null],
  [Buffer.alloc(0), Buffer.from("text")],
];

describe("BinaryCopyRows", () => {
  it("reads the rows of a COPY that arrives in one piece", () => {
    const reader = new BinaryCopyRows();
    reader.add(copyPayload(rows));
    expect(reader.finish()).toEqual(rows);
  });

  it("reads rows split at every byte, past a header extension", () => {
    const payload = copyPayload(rows, 5);
    const reader = new BinaryCopyRows();
    for (let at = 0; at < payload.length; at++) reader.add(payload.subarray(at, at + 1));
    expect(reader.finish()).toEqual(rows);
  });

  it("keeps its values when the stream reuses a chunk's memory", () => {
    const payload = copyPayload(rows);
    const reader = new BinaryCopyRows();
    reader.add(payload);
    payload.fill(0);
    expect(reader.finish()).toEqual(rows);
  });

  it("refuses a COPY without its signature or cut short", () => {
    expect(() => new BinaryCopyRows().add(Buffer.from("not a binary copy at all"))).toThrow(/signature/);
    const cut = new BinaryCopyRows();
    const payload = copyPayload(rows);
    cut.add(payload.subarray(0, payload.length - 3));
    expect(() => cut.finish()).toThrow(/incomplete/);
  });
});
