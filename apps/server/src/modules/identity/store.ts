import { type Generated, type Kysely, sql } from "kysely";
import { prepared } from "../../platform/db/prepared-statements";

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

export interface IdentityPasswordResetTable {
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  ended_at: Date | null;
  ended_why: "used" | "superseded" | null;
  interaction_uid: string | null;
}

export interface IdentityTables {
  identity_user: IdentityUserTable;
  identity_password_reset: IdentityPasswordResetTable;
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

/** Asked for every signed-in request, so it is kept prepared. */
export async function selectUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const query = db.selectFrom("identity_user").select(USER_COLUMNS).where("id", "=", id);
  return (await db.executeQuery(prepared(query))).rows[0];
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

/** Ids of the users whose e-mail address contains the text, ignoring case. */
export async function selectUserIdsByEmailPart(db: Executor, text: string): Promise<string[]> {
  const rows = await db
    .selectFrom("identity_user")
    .select("id")
    .where(sql<boolean>`strpos(lower(email), lower(${text})) > 0`)
    .execute();
  return rows.map((row) => row.id);
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

// ---- password reset links -----------------------------------------------------------------------

export interface PasswordResetRow {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  endedWhy: "used" | "superseded" | null;
  interactionUid: string | null;
}

export async function insertPasswordReset(
  db: Executor,
  row: { tokenHash: string; userId: string; expiresAt: Date; interactionUid: string | null },
): Promise<void> {
  await db
    .insertInto("identity_password_reset")
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      expires_at: row.expiresAt,
      interaction_uid: row.interactionUid,
    })
    .execute();
}

export async function selectPasswordReset(
  db: Executor,
  tokenHash: string,
): Promise<PasswordResetRow | undefined> {
  const row = await db
    .selectFrom("identity_password_reset")
    .select(["token_hash", "user_id", "expires_at", "ended_why", "interaction_uid"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return (
    row && {
      tokenHash: row.token_hash,
      userId: row.user_id,
      expiresAt: new Date(row.expires_at),
      endedWhy: row.ended_why,
      interactionUid: row.interaction_uid,
    }
  );
}

/** How many reset links were made for the user since then (to cap the mails one account gets). */
export async function countPasswordResetsSince(db: Executor, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("identity_password_reset")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Ends the user's open links: a newer one replaces them. */
export async function supersedePasswordResets(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable("identity_password_reset")
    .set({ ended_at: new Date(), ended_why: "superseded" })
    .where("user_id", "=", userId)
    .where("ended_at", "is", null)
    .execute();
}

/** Marks an open, unexpired link used; false when it was not open any more (used at the same time). */
export async function consumePasswordReset(db: Executor, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("identity_password_reset")
    .set({ ended_at: now, ended_why: "used" })
    .where("token_hash", "=", tokenHash)
    .where("ended_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets links that ended or expired a day ago; nobody can use them and the mail cap no longer counts them. */
export async function deleteOldPasswordResets(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom("identity_password_reset").where("expires_at", "<", before).execute();
}
