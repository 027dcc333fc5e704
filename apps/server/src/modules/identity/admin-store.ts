import { type Kysely, sql } from "kysely";
import { escapeLike } from "../../platform/db/like";
import type { AnyExecutor, IdentityTables, IdentityUserTable } from "./store";

/** The columns of identity_user that the admin console reads and sets (migration 003). */
interface AdminUserColumns extends IdentityUserTable {
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  tokens_valid_after: Date | null;
  invited_at: Date | null;
}

type AdminTables = Omit<IdentityTables, "identity_user"> & { identity_user: AdminUserColumns };

const tables = (db: AnyExecutor) => db as unknown as Kysely<AdminTables>;

export interface AdminUserRow {
  id: string;
  username: string;
  email: string;
  name: string;
  roles: string[];
  created_at: Date;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  invited_at: Date | null;
}

const ADMIN_USER_COLUMNS = [
  "id",
  "username",
  "email",
  "name",
  "roles",
  "created_at",
  "disabled_at",
  "last_sign_in_at",
  "invited_at",
] as const;

export interface UserFilter {
  /** Part of the username, name or e-mail address, in any case. */
  search?: string;
  role?: string;
  disabled?: boolean;
}

function filteredUsers(db: AnyExecutor, filter: UserFilter) {
  let query = tables(db).selectFrom("identity_user");
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) =>
      eb.or([eb("username", "ilike", pattern), eb("name", "ilike", pattern), eb("email", "ilike", pattern)]),
    );
  }
  if (filter.role) query = query.where(sql<boolean>`${filter.role} = any(roles)`);
  if (filter.disabled !== undefined)
    query = query.where("disabled_at", filter.disabled ? "is not" : "is", null);
  return query;
}

export async function selectUsersPage(
  db: AnyExecutor,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; totalCount: number }> {
  const rows = await filteredUsers(db, filter)
    .select(ADMIN_USER_COLUMNS)
    .orderBy(sql`lower(username)`)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await filteredUsers(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return { rows, totalCount: Number(count.count) };
}

export async function selectAdminUser(db: AnyExecutor, id: string): Promise<AdminUserRow | undefined> {
  return tables(db)
    .selectFrom("identity_user")
    .select(ADMIN_USER_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Locks the row for the rest of the transaction, so two admins' changes to one account queue up. */
export async function selectAdminUserForUpdate(
  db: AnyExecutor,
  id: string,
): Promise<AdminUserRow | undefined> {
  return tables(db)
    .selectFrom("identity_user")
    .select(ADMIN_USER_COLUMNS)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** The admins able to act: not disabled. Locked, so that two admins cannot demote each other at once. */
export async function selectActiveAdminIds(db: AnyExecutor): Promise<string[]> {
  const rows = await tables(db)
    .selectFrom("identity_user")
    .select("id")
    .where(sql<boolean>`'ROLE_ADMIN' = any(roles)`)
    .where("disabled_at", "is", null)
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

export async function updateAccountState(
  db: AnyExecutor,
  id: string,
  changes: {
    disabledAt?: Date | null;
    tokensValidAfter?: Date;
    invitedAt?: Date;
    lastSignInAt?: Date;
  },
): Promise<void> {
  await tables(db)
    .updateTable("identity_user")
    .set({
      ...(changes.disabledAt !== undefined ? { disabled_at: changes.disabledAt } : {}),
      ...(changes.tokensValidAfter !== undefined ? { tokens_valid_after: changes.tokensValidAfter } : {}),
      ...(changes.invitedAt !== undefined ? { invited_at: changes.invitedAt } : {}),
      ...(changes.lastSignInAt !== undefined ? { last_sign_in_at: changes.lastSignInAt } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export interface RevocationRow {
  id: string;
  disabled_at: Date | null;
  tokens_valid_after: Date | null;
}

/**
 * The accounts whose credentials are refused although valid: disabled ones, and those whose sessions
 * were ended within the lifetime of an access token (older ends no token can predate any more).
 */
export async function selectRevocations(db: AnyExecutor, since: Date): Promise<RevocationRow[]> {
  return tables(db)
    .selectFrom("identity_user")
    .select(["id", "disabled_at", "tokens_valid_after"])
    .where((eb) => eb.or([eb("disabled_at", "is not", null), eb("tokens_valid_after", ">", since)]))
    .execute();
}

export async function selectDisabledAt(db: AnyExecutor, id: string): Promise<Date | null | undefined> {
  const row = await tables(db)
    .selectFrom("identity_user")
    .select("disabled_at")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? row.disabled_at : undefined;
}

// ---- sign-in locks ----------------------------------------------------------------------------------

export interface SignInLockRow {
  key: string;
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

/** Counters of failed sign-ins still in force: locked, or counted within the lock period. */
export async function selectSignInCounters(db: AnyExecutor, since: Date): Promise<SignInLockRow[]> {
  return tables(db)
    .selectFrom("identity_login_failure")
    .select(["key", "failures", "last_failure_at", "locked_until"])
    .where((eb) => eb.or([eb("locked_until", ">", new Date()), eb("last_failure_at", ">", since)]))
    .orderBy("last_failure_at", "desc")
    .limit(500)
    .execute();
}

export async function deleteSignInCounter(db: AnyExecutor, key: string): Promise<SignInLockRow | undefined> {
  return tables(db)
    .deleteFrom("identity_login_failure")
    .where("key", "=", key)
    .returning(["key", "failures", "last_failure_at", "locked_until"])
    .executeTakeFirst();
}
