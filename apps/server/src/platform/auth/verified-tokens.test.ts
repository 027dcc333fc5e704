import { describe, expect, it } from "vitest";
import { VerifiedTokens } from "./verified-tokens";

describe("verified tokens", () => {
  const now = 1_000_000;

  it("remembers a token until it expires", () => {
    const tokens = new VerifiedTokens<string>(10, 60_000);
    tokens.remember("a", "alice", now + 30_000, now);
    expect(tokens.get("a", now + 29_999)).toBe("alice");
    expect(tokens.get("a", now + 30_000)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it("forgets a long-lived token after the maximum age, so a withdrawn key stops working", () => {
    const tokens = new VerifiedTokens<string>(10, 60_000);
    tokens.remember("a", "alice", now + 3_600_000, now);
    expect(tokens.get("a", now + 59_999)).toBe("alice");
    expect(tokens.get("a", now + 60_000)).toBeUndefined();
  });

  it("does not keep a token that has already expired", () => {
    const tokens = new VerifiedTokens<string>(10, 60_000);
    tokens.remember("a", "alice", now - 1, now);
    expect(tokens.size).toBe(0);
  });

  it("drops the oldest tokens beyond its limit", () => {
    const tokens = new VerifiedTokens<string>(2, 60_000);
    tokens.remember("a", "alice", now + 30_000, now);
    tokens.remember("b", "bob", now + 30_000, now);
    tokens.remember("c", "carol", now + 30_000, now);
    expect(tokens.size).toBe(2);
    expect(tokens.get("a", now)).toBeUndefined();
    expect(tokens.get("b", now)).toBe("bob");
    expect(tokens.get("c", now)).toBe("carol");
  });
});
