import type { RealmRole } from "../../platform/auth/actor";
import type { ModuleContext } from "../../platform/module";
import { createUser, findUserByUsername, setRoles } from "./service";

export const DEMO_PASSWORD = "password";

/** The demo users, with fixed ids so every demo install (and every module's demo data) agrees on them. */
export const DEMO_USERS: readonly { id: string; username: string; name: string; roles: RealmRole[] }[] = [
  {
    id: "d0000000-0000-4000-8000-000000000001",
    username: "data_reader",
    name: "Dana Reader",
    roles: ["ROLE_USER"],
  },
  {
    id: "d0000000-0000-4000-8000-000000000002",
    username: "data_uploader",
    name: "Uli Uploader",
    roles: ["ROLE_USER", "ROLE_UPLOADER"],
  },
  {
    id: "d0000000-0000-4000-8000-000000000003",
    username: "data_reviewer",
    name: "Rita Reviewer",
    roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER"],
  },
  {
    id: "d0000000-0000-4000-8000-000000000004",
    username: "data_admin",
    name: "Ada Admin",
    roles: ["ROLE_USER", "ROLE_UPLOADER", "ROLE_REVIEWER", "ROLE_ADMIN"],
  },
  {
    id: "d0000000-0000-4000-8000-000000000005",
    username: "company_owner",
    name: "Otto Owner",
    roles: ["ROLE_USER"],
  },
];

export const demoEmail = (username: string) => `${username}@openverde.example`;

/** Adds the demo users if they are missing and puts their roles back if someone changed them. */
export async function seedDemoUsers(context: ModuleContext): Promise<void> {
  const { db } = context.database;
  for (const demo of DEMO_USERS) {
    const existing = await findUserByUsername(db, demo.username);
    if (!existing) {
      await createUser(
        db,
        {
          username: demo.username,
          email: demoEmail(demo.username),
          name: demo.name,
          password: DEMO_PASSWORD,
          roles: demo.roles,
        },
        { checkStrength: false, id: demo.id },
      );
    } else if (existing.roles.join(",") !== demo.roles.join(",")) {
      await setRoles(db, existing.userId, demo.roles);
    }
  }
  context.log.info(
    { users: DEMO_USERS.map((user) => `${user.username} (${user.roles.join(", ")})`) },
    `demo users are in place; each signs in with the password "${DEMO_PASSWORD}"`,
  );
}
