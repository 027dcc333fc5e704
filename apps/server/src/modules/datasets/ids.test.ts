import { describe, expect, it } from "vitest";
import { timeOrderedUuid } from "./ids";

describe("timeOrderedUuid", () => {
  it("is a version 7 UUID that starts with the time, so later ids sort after earlier ones", () => {
    const earlier = timeOrderedUuid(1_700_000_000_000);
    const later = timeOrderedUuid(1_700_000_000_001);
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier.replaceAll("-", "").slice(0, 12)).toBe((1_700_000_000_000).toString(16).padStart(12, "0"));
    expect(later > earlier).toBe(true);
    expect(timeOrderedUuid()).not.toBe(timeOrderedUuid());
  });
});
