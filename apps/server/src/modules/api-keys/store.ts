import type { Generated, Kysely } from "kysely";
import { prepared } from "../../platform/db/prepared-statements";

export interface ApiKeyTable {
  user_id: string;
  salt: string;
  key_hash: string;
  expires_at: Date | null;
  username: string;
  roles: string[];
  created_at: Generated<Date>;
}

export interface ApiKeyTables {
  api_key: ApiKeyTable;
}

// biome-ignore lint/suspicious/noExplicitAny: callers pass their own typed Kysely or transaction.
export type AnyExecutor = Kysely<any>;

const tables = (db: AnyExecutor) => db as unknown as Kysely<ApiKeyTables>;

export interface StoredApiKey {
  userId: string;
  salt: string;
  keyHash: string;
  expiresAt: Date | null;
  username: string;
  roles: string[];
}

/** Stores the user's key, replacing the one they had. */
export async function upsertApiKey(db: AnyExecutor, key: StoredApiKey): Promise<void> {
  await tables(db)
    .insertInto("api_key")
    .values({
      user_id: key.userId,
      salt: key.salt,
      key_hash: key.keyHash,
      expires_at: key.expiresAt,
      username: key.username,
      roles: key.roles,
    })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        salt: key.salt,
        key_hash: key.keyHash,
        expires_at: key.expiresAt,
        username: key.username,
        roles: key.roles,
        created_at: new Date(),
      }),
    )
    .execute();
}

export async function selectApiKey(db: AnyExecutor, userId: string): Promise<StoredApiKey | undefined> {
  const query = tables(db)
    .selectFrom("api_key")
    .select(["user_id", "salt", "key_hash", "expires_at", "username", "roles"])
    .where("user_id", "=", userId);
  // Every request signed with an API key asks this, so it is kept prepared.
  const [row] = (await tables(db).executeQuery(prepared(query))).rows;
  return (
    row && {
      userId: row.user_id,
      salt: row.salt,
      keyHash: row.key_hash,
      expiresAt: row.expires_at,
      username: row.username,
      roles: row.roles,
    }
  );
}

export async function deleteApiKey(db: AnyExecutor, userId: string): Promise<boolean> {
  const result = await tables(db).deleteFrom("api_key").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
