import { sql } from "kysely";
import { type AnyExecutor, identityTables } from "./store";

interface StoredPayload {
  [key: string]: unknown;
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
}

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, tokens) in PostgreSQL, so any
 * instance can answer any step of a sign-in. One table, keyed by model name and id.
 */
export function postgresAdapter(db: AnyExecutor) {
  const tables = identityTables(db);
  let writes = 0;

  return class PostgresAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: StoredPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresAt,
        consumed_at: null,
      };
      await tables
        .insertInto("identity_oidc_payload")
        .values(row)
        .onConflict((oc) =>
          oc.columns(["model", "id"]).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
      // Now and then, clear out what has expired.
      if (++writes % 200 === 0) {
        await tables.deleteFrom("identity_oidc_payload").where("expires_at", "<", new Date()).execute();
      }
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string) {
      const row = await tables
        .selectFrom("identity_oidc_payload")
        .select(["payload", "consumed_at"])
        .where("model", "=", this.model)
        .where(column, "=", value)
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", new Date())]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = (
        typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload
      ) as StoredPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : payload;
    }

    find(id: string) {
      return this.findWhere("id", id);
    }

    findByUid(uid: string) {
      return this.findWhere("uid", uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere("user_code", userCode);
    }

    async consume(id: string): Promise<void> {
      await tables
        .updateTable("identity_oidc_payload")
        .set({ consumed_at: sql<Date>`now()` })
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await tables
        .deleteFrom("identity_oidc_payload")
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await tables.deleteFrom("identity_oidc_payload").where("grant_id", "=", grantId).execute();
    }
  };
}

/** Ends every session and grant of a user (account deleted or password changed elsewhere). */
export async function forgetSessionsOf(db: AnyExecutor, userId: string): Promise<void> {
  const tables = identityTables(db);
  await tables
    .deleteFrom("identity_oidc_payload")
    .where((eb) => eb(sql`payload->>'accountId'`, "=", userId))
    .execute();
}

/**
 * Ends every session of a user but one, with the grants and tokens of the others (the password was
 * changed in that one session). The kept session's own grants, and the tokens issued under them, stay.
 */
export async function forgetOtherSessionsOf(
  db: AnyExecutor,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  const tables = identityTables(db);
  const kept = await tables
    .selectFrom("identity_oidc_payload")
    .select("payload")
    .where("model", "=", "Session")
    .where("id", "=", keepSessionId)
    .executeTakeFirst();
  const payload = (typeof kept?.payload === "string" ? JSON.parse(kept.payload) : kept?.payload) as
    | { authorizations?: Record<string, { grantId?: string }> }
    | undefined;
  const grants = Object.values(payload?.authorizations ?? {}).flatMap((entry) => entry.grantId ?? []);
  await tables
    .deleteFrom("identity_oidc_payload")
    .where((eb) => eb(sql`payload->>'accountId'`, "=", userId))
    .where((eb) =>
      eb.not(
        eb.or([
          eb.and([eb("model", "=", "Session"), eb("id", "=", keepSessionId)]),
          ...(grants.length > 0
            ? [
                eb.and([eb("model", "=", "Grant"), eb("id", "in", grants)]),
                eb.and([eb("grant_id", "is not", null), eb("grant_id", "in", grants)]),
              ]
            : []),
        ]),
      ),
    )
    .execute();
}
