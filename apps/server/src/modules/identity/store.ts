import type { Generated, Kysely } from "kysely";

export interface IdentityUserTable {
  id: string;
  username: string;
  email: string;
  name: Generated<string>;
  password_hash: string;
  roles: string[];
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface IdentitySigningKeyTable {
  kid: string;
  private_jwk: unknown;
  created_at: Generated<Date>;
  retired_at: Date | null;
}

export interface IdentitySecretTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface IdentityOidcPayloadTable {
  model: string;
  id: string;
  payload: unknown;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface IdentityLoginFailureTable {
  key: string;
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

export interface IdentityTables {
  identity_user: IdentityUserTable;
  identity_signing_key: IdentitySigningKeyTable;
  identity_secret: IdentitySecretTable;
  identity_oidc_payload: IdentityOidcPayloadTable;
  identity_login_failure: IdentityLoginFailureTable;
}

/** Any Kysely instance or transaction, narrowed to this module's tables. */
export type Executor = Kysely<IdentityTables>;

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;

export const identityTables = (db: AnyExecutor): Executor => db as unknown as Executor;

export interface UserRow {
  id: string;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  roles: string[];
}

const USER_COLUMNS = ["id", "username", "email", "name", "password_hash", "roles"] as const;

export async function insertUser(
  db: Executor,
  row: { id: string; username: string; email: string; name: string; passwordHash: string; roles: string[] },
): Promise<void> {
  await db
    .insertInto("identity_user")
    .values({
      id: row.id,
      username: row.username,
      email: row.email,
      name: row.name,
      password_hash: row.passwordHash,
      roles: row.roles,
    })
    .execute();
}

export function selectUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("identity_user").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export function selectUsersByIds(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("identity_user")
    .select(USER_COLUMNS)
    .where("id", "in", [...ids])
    .execute();
}

export function selectUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("identity_user")
    .select(USER_COLUMNS)
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()))
    .executeTakeFirst();
}

export function selectUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("identity_user")
    .select(USER_COLUMNS)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}

export function selectAllUsers(db: Executor): Promise<UserRow[]> {
  return db.selectFrom("identity_user").select(USER_COLUMNS).orderBy("username").execute();
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: { email?: string; name?: string; passwordHash?: string; roles?: string[] },
): Promise<boolean> {
  const result = await db
    .updateTable("identity_user")
    .set({
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      ...(changes.roles !== undefined ? { roles: changes.roles } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUserRow(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom("identity_user").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
