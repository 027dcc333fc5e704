import { describe, expect, it } from "vitest";
import { timeOrderedUuid } from "./time-ordered-uuid";

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisOf = (id: string) => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);

describe("timeOrderedUuid", () => {
  it("starts with the time it is given, so later ids sort after earlier ones", () => {
    const earlier = timeOrderedUuid(1_700_000_000_000);
    const later = timeOrderedUuid(1_700_000_000_001);
    expect(earlier).toMatch(VERSION_7);
    expect(millisOf(earlier)).toBe(1_700_000_000_000);
    expect(millisOf(later)).toBe(1_700_000_000_001);
    expect(later > earlier).toBe(true);
  });

  it("increases in the order the ids are made, also many within one millisecond", () => {
    const before = Date.now();
    const ids = Array.from({ length: 20_000 }, () => timeOrderedUuid());
    for (const id of ids) expect(id).toMatch(VERSION_7);
    for (let index = 1; index < ids.length; index++)
      expect((ids[index - 1] as string) < (ids[index] as string), ids[index]).toBe(true);
    expect(millisOf(ids[0] as string)).toBeGreaterThanOrEqual(before);
    expect(millisOf(ids.at(-1) as string)).toBeLessThan(Date.now() + 60_000);
  });

  it("never goes back, even when given an earlier time", () => {
    const now = timeOrderedUuid();
    expect(timeOrderedUuid(1_000) > now).toBe(true);
  });
});
