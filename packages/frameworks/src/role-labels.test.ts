import { describe, expect, it } from "vitest";
import { REALM_ROLES } from "./access";
import { realmRoleLabel, realmRoleLabels } from "./role-labels";

describe("realm roles in words", () => {
  it("names every realm role without its token prefix", () => {
    for (const role of REALM_ROLES) expect(realmRoleLabel(role)).not.toMatch(/ROLE_|_/);
    expect(realmRoleLabel("ROLE_ADMIN")).toBe("Administrator");
  });

  it("spells out a role it has no label for", () => {
    expect(realmRoleLabel("ROLE_DATA_STEWARD")).toBe("Data steward");
  });

  it("joins several roles into one line", () => {
    expect(realmRoleLabels(["ROLE_USER", "ROLE_UPLOADER"])).toBe("User, Uploader");
  });
});
