import { describe, expect, it } from "vitest";
import { decodeTokenPayload, jwtExpiryOf, realmRolesOf } from "./token-claims";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (payload: unknown) => `${encode({ alg: "RS256" })}.${encode(payload)}.signature`;

describe("decodeTokenPayload", () => {
  it("returns the claims of a JWT", () => {
    expect(decodeTokenPayload(jwt({ sub: "abc", name: "Jörg" }))).toEqual({ sub: "abc", name: "Jörg" });
  });

  it("names each way a token can be broken", () => {
    expect(() => decodeTokenPayload("header-only")).toThrow("Unable to decode token, payload not found");
    expect(() => decodeTokenPayload("a.b*c.d")).toThrow("not a valid Base64URL value");
    expect(() => decodeTokenPayload(`a.${Buffer.from("{nope").toString("base64url")}.c`)).toThrow(
      "not a valid JSON value",
    );
  });
});

describe("realmRolesOf", () => {
  it("reads realm_access.roles", () => {
    expect(realmRolesOf(jwt({ realm_access: { roles: ["ROLE_USER", "ROLE_ADMIN"] } }))).toEqual([
      "ROLE_USER",
      "ROLE_ADMIN",
    ]);
  });

  it("gives no roles when the claim is missing", () => {
    expect(realmRolesOf(jwt({ sub: "abc" }))).toEqual([]);
  });
});

describe("jwtExpiryOf", () => {
  it("turns exp into epoch milliseconds and ignores opaque tokens", () => {
    expect(jwtExpiryOf(jwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
    expect(jwtExpiryOf("opaque-refresh-token")).toBeUndefined();
  });
});
