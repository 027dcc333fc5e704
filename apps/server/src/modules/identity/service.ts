import { randomUUID } from "node:crypto";
import { REALM_ROLES, type RealmRole } from "../../platform/auth/actor";
import { inTransaction } from "../../platform/db/transaction";
import { publishEvent } from "../../platform/events";
import { badRequest, conflict, notFound } from "../../platform/http/errors";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { isUuid } from "../../platform/ids";
import { requireVisibleText } from "../../platform/text/visible-text";
import { hashPassword, passwordProblem } from "./passwords";
import {
  type AnyExecutor,
  deleteUserRow,
  identityTables,
  insertUser,
  selectAllUsers,
  selectUserByEmail,
  selectUserById,
  selectUserByUsername,
  selectUsersByIds,
  type UserRow,
  updateUser,
} from "./store";

/** A user as other modules see it. The password hash never leaves this module. */
export interface User {
  userId: string;
  username: string;
  email: string;
  name: string;
  roles: RealmRole[];
}

/** Published when an account is deleted, so modules can drop what belongs to it (its API key, say). */
export const USER_DELETED = "identity.user-deleted";
export interface UserDeletedPayload {
  userId: string;
}

const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{1,63}$/;
// Spec §5: local part of letters, digits and _ . ! + -; at most two subdomain labels; a TLD of 2+ letters.
const EMAIL_PATTERN = /^[A-Za-z0-9_.!+-]+@([A-Za-z0-9-]+\.){1,3}[A-Za-z]{2,}$/i;
function toUser(row: UserRow): User {
  return {
    userId: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    roles: row.roles.filter((role): role is RealmRole => (REALM_ROLES as readonly string[]).includes(role)),
  };
}

export function parseRoles(raw: readonly string[]): RealmRole[] {
  const roles = new Set<RealmRole>();
  for (const role of raw.map((value) => value.trim()).filter(Boolean)) {
    const name = role.toUpperCase().startsWith("ROLE_") ? role.toUpperCase() : `ROLE_${role.toUpperCase()}`;
    if (!(REALM_ROLES as readonly string[]).includes(name))
      throw badRequest(`Unknown role "${role}". Roles are ${REALM_ROLES.join(", ")}.`, "Invalid roles");
    roles.add(name as RealmRole);
  }
  // Keep the canonical order, so listings read the same everywhere.
  return REALM_ROLES.filter((role) => roles.has(role));
}

export function checkEmail(email: string): string {
  const value = email.trim();
  // Longer than an address can be (RFC 5321), and than the unique index on it can hold.
  if (value.length > TEXT_LIMITS.email)
    throw badRequest(`An e-mail address has at most ${TEXT_LIMITS.email} characters.`, "Invalid email");
  if (!EMAIL_PATTERN.test(value))
    throw badRequest(`"${value}" is not a valid e-mail address.`, "Invalid email");
  return value;
}

function checkUsername(username: string): string {
  const value = username.trim();
  if (!USERNAME_PATTERN.test(value))
    throw badRequest(
      "A username has 2 to 64 characters: letters, digits and . _ @ -, starting with a letter or digit.",
      "Invalid username",
    );
  return value;
}

/** A display name is shown to other users, so it must show all it holds (no invisible characters). */
function checkName(name: string): string {
  const value = name.trim();
  if (value.length > 200) throw badRequest("A name has at most 200 characters.", "Invalid name");
  requireVisibleText("name", value);
  return value;
}

export interface NewUser {
  username: string;
  email: string;
  name?: string;
  password: string;
  /** Stored exactly as given; people who register get ROLE_USER. */
  roles: readonly RealmRole[];
}

/**
 * Creates a user. `checkStrength` applies the password strength rule (off for the demo users, whose
 * password is "password" on purpose). Throws 409 when the username or e-mail address is taken.
 */
export async function createUser(
  db: AnyExecutor,
  input: NewUser,
  options: { checkStrength?: boolean; id?: string } = {},
): Promise<User> {
  const username = checkUsername(input.username);
  const email = checkEmail(input.email);
  const name = checkName(input.name ?? "");
  if (options.checkStrength !== false) {
    const problem = passwordProblem(input.password, { username, email });
    if (problem) throw badRequest(problem, "Weak password");
  }
  const tables = identityTables(db);
  if (await selectUserByUsername(tables, username)) throw conflict(`The username "${username}" is taken.`);
  if (await selectUserByEmail(tables, email))
    throw conflict(`An account with the e-mail address ${email} exists already.`);
  const id = options.id ?? randomUUID();
  const roles = parseRoles(input.roles);
  await insertUser(tables, {
    id,
    username,
    email,
    name,
    passwordHash: await hashPassword(input.password),
    roles,
  });
  return { userId: id, username, email, name, roles };
}

export async function getUserById(db: AnyExecutor, userId: string): Promise<User | undefined> {
  if (!isUuid(userId)) return undefined;
  const row = await selectUserById(identityTables(db), userId);
  return row && toUser(row);
}

export async function findUserByUsername(db: AnyExecutor, username: string): Promise<User | undefined> {
  const row = await selectUserByUsername(identityTables(db), username.trim());
  return row && toUser(row);
}

export async function findUserByEmail(db: AnyExecutor, email: string): Promise<User | undefined> {
  const row = await selectUserByEmail(identityTables(db), email.trim());
  return row && toUser(row);
}

/** The users with these ids that exist, in no particular order; unknown ids are left out. */
export async function getUsersByIds(db: AnyExecutor, userIds: readonly string[]): Promise<User[]> {
  const ids = [...new Set(userIds.filter(isUuid))];
  return (await selectUsersByIds(identityTables(db), ids)).map(toUser);
}

export async function listUsers(db: AnyExecutor): Promise<User[]> {
  return (await selectAllUsers(identityTables(db))).map(toUser);
}

async function requireUser(db: AnyExecutor, userId: string): Promise<UserRow> {
  const row = isUuid(userId) ? await selectUserById(identityTables(db), userId) : undefined;
  if (!row) throw notFound(`There is no user with the id ${userId}.`);
  return row;
}

export async function setRoles(db: AnyExecutor, userId: string, roles: readonly string[]): Promise<User> {
  const row = await requireUser(db, userId);
  const parsed = parseRoles(roles);
  await updateUser(identityTables(db), userId, { roles: parsed });
  return toUser({ ...row, roles: parsed });
}

/** Sets a new password (operators and the account page); the strength rule applies unless switched off. */
export async function setPassword(
  db: AnyExecutor,
  userId: string,
  password: string,
  options: { checkStrength?: boolean } = {},
): Promise<void> {
  const row = await requireUser(db, userId);
  if (options.checkStrength !== false) {
    const problem = passwordProblem(password, { username: row.username, email: row.email });
    if (problem) throw badRequest(problem, "Weak password");
  }
  await updateUser(identityTables(db), userId, { passwordHash: await hashPassword(password) });
}

export async function updateProfile(
  db: AnyExecutor,
  userId: string,
  changes: { name?: string; email?: string },
): Promise<User> {
  const row = await requireUser(db, userId);
  const email = changes.email === undefined ? undefined : checkEmail(changes.email);
  const name = changes.name === undefined ? undefined : checkName(changes.name);
  if (email && email.toLowerCase() !== row.email.toLowerCase()) {
    const other = await selectUserByEmail(identityTables(db), email);
    if (other && other.id !== userId)
      throw conflict(`An account with the e-mail address ${email} exists already.`);
  }
  await updateUser(identityTables(db), userId, { email, name });
  return toUser({ ...row, email: email ?? row.email, name: name ?? row.name });
}

/**
 * Deletes the account and announces it in the same transaction (the caller's, when it runs in one),
 * so other modules can let go of it.
 */
export async function deleteUser(db: AnyExecutor, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const deleted = await deleteUserRow(identityTables(trx), userId);
    if (!deleted) throw notFound(`There is no user with the id ${userId}.`);
    const payload: UserDeletedPayload = { userId };
    await publishEvent(trx, USER_DELETED, payload);
  });
}
