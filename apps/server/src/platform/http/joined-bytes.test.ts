import { describe, expect, it } from "vitest";
import { joinedBytes } from "./joined-bytes";

describe("joinedBytes", () => {
  it("gives the UTF-8 bytes of the pieces joined, multi-byte characters included", () => {
    const pieces = ['[{"name":"Köln ', "Straße", ' 東京"}', ",", '{"emoji":"🌱"}]'];
    const bytes = joinedBytes(pieces);
    expect(bytes.toString("utf8")).toBe(pieces.join(""));
    expect(bytes.length).toBe(Buffer.byteLength(pieces.join("")));
  });

  it("gives an empty buffer for no pieces and for empty ones", () => {
    expect(joinedBytes([]).length).toBe(0);
    expect(joinedBytes(["", ""]).length).toBe(0);
  });
});
