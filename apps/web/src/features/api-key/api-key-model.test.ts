import { describe, expect, it } from "vitest";
import { keyState } from "./api-key-model";

const now = Date.UTC(2026, 0, 1);

describe("API key state", () => {
  it("knows when there is no key", () => {
    expect(keyState(undefined).kind).toBe("none");
    expect(keyState({ keycloakUserId: "u", active: false, validationMessage: "none" }, now).kind).toBe(
      "none",
    );
  });

  it("reads the expiry as seconds since 1970", () => {
    const expirySeconds = now / 1000 + 10 * 24 * 3600;
    const state = keyState({ active: true, expiryDate: expirySeconds, keycloakRoles: ["ROLE_USER"] }, now);
    expect(state).toMatchObject({ kind: "active", daysLeft: 10, roles: ["ROLE_USER"] });
    if (state.kind === "active") expect(state.expiresAt?.toISOString()).toBe("2026-01-11T00:00:00.000Z");
  });

  it("tells an expired key and one without expiry", () => {
    expect(keyState({ active: false, expiryDate: now / 1000 - 5, keycloakRoles: [] }, now).kind).toBe(
      "expired",
    );
    expect(keyState({ active: true, keycloakRoles: ["ROLE_USER"] }, now)).toMatchObject({
      kind: "active",
      expiresAt: undefined,
      daysLeft: undefined,
    });
  });
});
