/** Who may manage a company's users and what they may assign (docs/permissions.md, /community). */
import { companyRolesAllow, ROLES_MANAGERS_ASSIGN } from "@openverde/frameworks/access";
import type { components } from "../../api/generated/community";

export type CompanyRole = components["schemas"]["CompanyRole"];
export type RoleAssignment = components["schemas"]["CompanyRoleAssignmentExtended"];

export const roleLabel: Record<CompanyRole, string> = {
  CompanyOwner: "Owner",
  MemberAdmin: "Member admin",
  DataUploader: "Data uploader",
  Member: "Member",
};

export const roleHelp: Record<CompanyRole, string> = {
  CompanyOwner: "decides on access to private data and manages users",
  MemberAdmin: "manages the company's users",
  DataUploader: "uploads data for the company",
  Member: "belongs to the company",
};

const order: Record<CompanyRole, number> = { CompanyOwner: 0, MemberAdmin: 1, DataUploader: 2, Member: 3 };

export function displayName(assignment: { firstName?: string; lastName?: string; email?: string }): string {
  const name = [assignment.firstName, assignment.lastName].filter(Boolean).join(" ").trim();
  return name || assignment.email || "Unknown user";
}

export function sortAssignments(assignments: readonly RoleAssignment[]): RoleAssignment[] {
  return [...assignments].sort(
    (a, b) => order[a.companyRole] - order[b.companyRole] || displayName(a).localeCompare(displayName(b)),
  );
}

/** Whether the user may manage the company's users: admins, its owners and member admins. */
export function canManage(
  assignments: readonly RoleAssignment[],
  userId: string | undefined,
  admin: boolean,
): boolean {
  if (admin) return true;
  const own = assignments.find((assignment) => assignment.userId === userId);
  return companyRolesAllow(own?.companyRole, "manageMembers");
}

/** Whether this assignment may be changed or removed by the user (owners' roles only by admins). */
export function canChange(assignment: RoleAssignment, admin: boolean): boolean {
  return admin || ROLES_MANAGERS_ASSIGN.includes(assignment.companyRole);
}
