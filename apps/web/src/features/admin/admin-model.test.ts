import { describe, expect, it } from "vitest";
import { actionLabel, changeSummary, dayBoundary, shownRoles } from "./admin-model";

describe("the admin console's model", () => {
  it("shows roles in words, and User only when there is nothing else", () => {
    expect(shownRoles(["ROLE_USER", "ROLE_REVIEWER"])).toEqual(["Reviewer"]);
    expect(shownRoles(["ROLE_USER"])).toEqual(["User"]);
  });

  it("names audit actions, and keeps unknown ones as they are", () => {
    expect(actionLabel("user.role-granted")).toBe("Role granted");
    expect(actionLabel("something.new")).toBe("something.new");
  });

  it("summarises what changed between before and after", () => {
    expect(
      changeSummary(
        { roles: ["ROLE_USER"] },
        { roles: ["ROLE_USER", "ROLE_REVIEWER"], role: "ROLE_REVIEWER" },
      ),
    ).toBe("roles: User → User, Reviewer; role: Reviewer");
    expect(changeSummary({ disabled: false, username: "a" }, { disabled: true, username: "a" })).toBe(
      "disabled: false → true",
    );
    expect(changeSummary(null, null)).toBe("");
    expect(changeSummary({ failures: 3 }, null)).toBe("failures was 3");
  });

  it("turns a day into the bounds of a time span", () => {
    expect(dayBoundary("2026-11-26")).toBe("2026-11-26T00:00:00.000Z");
    expect(dayBoundary("2026-11-26", true)).toBe("2026-11-27T00:00:00.000Z");
    expect(dayBoundary("")).toBeUndefined();
  });
});
