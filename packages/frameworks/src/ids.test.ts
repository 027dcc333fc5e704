import { describe, expect, it } from "vitest";
import { isUuid } from "./ids.ts";

describe("isUuid", () => {
  it("accepts the canonical form of any version and variant, in either case", () => {
    for (const id of [
      "6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10", // version 4
      "821b6cf3-e46f-55cb-84b6-115ba4c52aa1", // version 5 (demo company)
      "01890a5d-ac96-774b-bcce-b302099a8057", // version 7 (dataset ids)
      "00000000-0000-0000-0000-000000000000",
      "6F1C1F52-3C1A-4B7E-9A55-1C6A3E9D2F10",
      "11111111-1111-1111-1111-111111111111",
    ])
      expect(isUuid(id), id).toBe(true);
  });

  it("refuses every other shape", () => {
    for (const id of [
      "not-a-uuid",
      "",
      "urn:uuid:6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10",
      "{6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10}",
      "6f1c1f523c1a4b7e9a551c6a3e9d2f10",
      "6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f1",
      "6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10 ",
      "6f1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10\n",
      "6g1c1f52-3c1a-4b7e-9a55-1c6a3e9d2f10",
      undefined,
      42,
    ])
      expect(isUuid(id), String(id)).toBe(false);
  });
});
