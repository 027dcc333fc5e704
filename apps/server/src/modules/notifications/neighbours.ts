/**
 * What this module asks other modules: who a user is, who the administrators are, who owns a company
 * and what a company is called. Everything goes through their index.ts.
 */
import type { SignedInActor } from "../../platform/auth/actor";
import { listCompanyRoleAssignments } from "../community";
import { getCompanyNames } from "../companies";
import { getUserById, getUsersByIds, listUsers, type User } from "../identity";
import type { AnyExecutor } from "./store";

export type { User };

export const userById = (db: AnyExecutor, userId: string): Promise<User | undefined> =>
  getUserById(db, userId);

export const usersByIds = (db: AnyExecutor, userIds: string[]): Promise<User[]> => getUsersByIds(db, userIds);

/** Every user with ROLE_ADMIN. */
export async function administrators(db: AnyExecutor): Promise<User[]> {
  return (await listUsers(db)).filter((user) => user.roles.includes("ROLE_ADMIN"));
}

/**
 * The community module lists role assignments for an actor; asked as the platform itself (an admin
 * that is no one), it lists every owner of the company.
 */
const PLATFORM_ACTOR: SignedInActor = {
  kind: "user",
  userId: "00000000-0000-4000-8000-000000000000",
  username: "openverde-notifications",
  email: undefined,
  name: undefined,
  roles: new Set(["ROLE_USER", "ROLE_ADMIN"]),
  via: "token",
};

/** The users who own the company (company role CompanyOwner). */
export async function companyOwners(db: AnyExecutor, companyId: string): Promise<User[]> {
  const assignments = await listCompanyRoleAssignments(db, PLATFORM_ACTOR, {
    companyId,
    role: "CompanyOwner",
  });
  return getUsersByIds(
    db,
    assignments.map((assignment) => assignment.userId),
  );
}

export async function companyName(db: AnyExecutor, companyId: string): Promise<string> {
  return (await getCompanyNames(db, [companyId])).get(companyId) ?? "a company";
}

export const displayName = (user: User | undefined): string =>
  user ? user.name.trim() || user.username : "Someone";
