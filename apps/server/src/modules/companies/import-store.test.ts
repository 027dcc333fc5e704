import { describe, expect, it } from "vitest";
import { nextCompanyId } from "./import-store";

describe("nextCompanyId", () => {
  it("makes version 7 UUIDs that increase, also many within one millisecond", () => {
    const ids = Array.from({ length: 20_000 }, () => nextCompanyId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (let index = 1; index < ids.length; index++)
      expect((ids[index - 1] as string) < (ids[index] as string), ids[index]).toBe(true);
  });

  it("starts with the time it is made at", () => {
    const before = Date.now();
    const millis = Number.parseInt(nextCompanyId().replace("-", "").slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThan(before + 60_000);
  });
});
