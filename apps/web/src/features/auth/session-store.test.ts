import { describe, expect, it } from "vitest";
import { refreshExpiryOf } from "./session-store";

describe("refreshExpiryOf", () => {
  it("uses refresh_expires_in from the token response", () => {
    expect(refreshExpiryOf({ refresh_token: "opaque", refresh_expires_in: 1800 }, 1_000)).toBe(1_801_000);
  });

  it("falls back to the exp claim of a JWT refresh token", () => {
    const payload = Buffer.from(JSON.stringify({ exp: 2_000 })).toString("base64url");
    expect(refreshExpiryOf({ refresh_token: `h.${payload}.s` }, 0)).toBe(2_000_000);
  });

  it("knows no expiry for an opaque token without a stated lifetime", () => {
    expect(refreshExpiryOf({ refresh_token: "opaque" }, 0)).toBeUndefined();
    expect(refreshExpiryOf({ refresh_token: "opaque", refresh_expires_in: 0 }, 0)).toBeUndefined();
  });
});
