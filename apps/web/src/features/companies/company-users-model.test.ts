import { describe, expect, it } from "vitest";
import {
  canChange,
  canManage,
  displayName,
  type RoleAssignment,
  sortAssignments,
} from "./company-users-model";

const assignment = (
  userId: string,
  companyRole: RoleAssignment["companyRole"],
  firstName?: string,
): RoleAssignment => ({
  userId,
  companyRole,
  companyId: "c",
  email: `${userId}@example.com`,
  ...(firstName ? { firstName } : {}),
});

describe("company users", () => {
  const list = [
    assignment("m", "Member", "Mia"),
    assignment("o", "CompanyOwner", "Otto"),
    assignment("a", "MemberAdmin"),
  ];

  it("lets owners, member admins and admins manage users", () => {
    expect(canManage(list, "o", false)).toBe(true);
    expect(canManage(list, "a", false)).toBe(true);
    expect(canManage(list, "m", false)).toBe(false);
    expect(canManage(list, "stranger", true)).toBe(true);
  });

  it("keeps owners' roles for admins", () => {
    expect(canChange(assignment("o", "CompanyOwner"), false)).toBe(false);
    expect(canChange(assignment("o", "CompanyOwner"), true)).toBe(true);
    expect(canChange(assignment("m", "Member"), false)).toBe(true);
  });

  it("sorts owners first and names people", () => {
    expect(sortAssignments(list).map((a) => a.userId)).toEqual(["o", "a", "m"]);
    expect(displayName({ email: "x@example.com" })).toBe("x@example.com");
    expect(displayName({ firstName: "Jane", lastName: "Doe", email: "j@example.com" })).toBe("Jane Doe");
  });
});
