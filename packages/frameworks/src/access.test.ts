import { describe, expect, it } from "vitest";
import {
  COMPANY_ROLES,
  companyRolesAllow,
  REALM_ROLES,
  ROLES_MANAGERS_ASSIGN,
  realmRolesAllow,
} from "./access";

describe("role rules", () => {
  it("let uploaders and admins upload, reviewers review, reviewers and admins read reviews", () => {
    const allowedBy = (role: string) =>
      (["upload", "review", "readReviews", "acceptWithoutReview", "administer", "member"] as const).filter(
        (rule) => realmRolesAllow([role], rule),
      );
    expect(REALM_ROLES.map(allowedBy)).toEqual([
      [],
      ["upload"],
      ["review", "readReviews"],
      ["upload", "readReviews", "acceptWithoutReview", "administer"],
      ["member"],
    ]);
  });

  it("read the roles as a set (the server's actor) or a list (the web's user)", () => {
    expect(realmRolesAllow(new Set(["ROLE_USER", "ROLE_REVIEWER"]), "review")).toBe(true);
    expect(realmRolesAllow(["ROLE_USER"], "review")).toBe(false);
    expect(realmRolesAllow([], "administer")).toBe(false);
  });

  it("let owners and data uploaders upload for their company, owners and member admins manage it", () => {
    expect(COMPANY_ROLES.filter((role) => companyRolesAllow(role, "uploadForCompany"))).toEqual([
      "CompanyOwner",
      "DataUploader",
    ]);
    expect(COMPANY_ROLES.filter((role) => companyRolesAllow(role, "manageMembers"))).toEqual([
      "CompanyOwner",
      "MemberAdmin",
    ]);
    expect(companyRolesAllow(undefined, "manageMembers")).toBe(false);
    expect(companyRolesAllow(["Member", "DataUploader"], "uploadForCompany")).toBe(true);
    expect(companyRolesAllow([], "uploadForCompany")).toBe(false);
  });

  it("leave owners to admins: managers assign every company role but CompanyOwner", () => {
    expect(COMPANY_ROLES.filter((role) => !ROLES_MANAGERS_ASSIGN.includes(role))).toEqual(["CompanyOwner"]);
  });
});
