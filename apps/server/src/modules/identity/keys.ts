import { randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { sql } from "kysely";
import { type AnyExecutor, identityTables } from "./store";

export const SIGNING_ALG = "RS256";
/** Retired keys stay published this long, so tokens they signed (and ID token hints) still verify. */
const RETIRED_KEY_GRACE_MS = 24 * 60 * 60 * 1000;
const KEY_LOCK = 730_184_553;

export interface SigningKeys {
  /** Private keys, the signing key first; what oidc-provider's `jwks` option takes. */
  privateJwks: JWK[];
  /** The same keys without their private parts, as the certs endpoint publishes them. */
  publicJwks: JWK[];
}

async function newKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: SIGNING_ALG, use: "sig" };
}

export function publicPart(jwk: JWK): JWK {
  const { kty, n, e, crv, x, y, kid, alg, use } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, value]) => value !== undefined),
  ) as JWK;
}

async function readKeys(db: AnyExecutor): Promise<SigningKeys> {
  const cutoff = new Date(Date.now() - RETIRED_KEY_GRACE_MS);
  const rows = await identityTables(db)
    .selectFrom("identity_signing_key")
    .select(["private_jwk", "retired_at"])
    .where((eb) => eb.or([eb("retired_at", "is", null), eb("retired_at", ">", cutoff)]))
    .orderBy(sql`retired_at is not null`)
    .orderBy("created_at", "desc")
    .execute();
  const privateJwks = rows.map((row) =>
    typeof row.private_jwk === "string" ? (JSON.parse(row.private_jwk) as JWK) : (row.private_jwk as JWK),
  );
  return { privateJwks, publicJwks: privateJwks.map(publicPart) };
}

/** The provider's keys, made on first use; instances starting together agree on one key. */
export async function loadSigningKeys(db: AnyExecutor): Promise<SigningKeys> {
  const keys = await readKeys(db);
  if (keys.privateJwks.length > 0) return keys;
  await identityTables(db)
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${KEY_LOCK})`.execute(trx);
      const existing = await trx
        .selectFrom("identity_signing_key")
        .select("kid")
        .where("retired_at", "is", null)
        .executeTakeFirst();
      if (existing) return;
      const jwk = await newKey();
      await trx
        .insertInto("identity_signing_key")
        .values({ kid: jwk.kid as string, private_jwk: JSON.stringify(jwk), retired_at: null })
        .execute();
    });
  return readKeys(db);
}

/** Makes a new signing key and retires the current one (still published for a day); returns the new kid. */
export async function rotateSigningKeys(db: AnyExecutor): Promise<string> {
  const jwk = await newKey();
  await identityTables(db)
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${KEY_LOCK})`.execute(trx);
      await trx
        .updateTable("identity_signing_key")
        .set({ retired_at: new Date() })
        .where("retired_at", "is", null)
        .execute();
      await trx
        .deleteFrom("identity_signing_key")
        .where("retired_at", "<", new Date(Date.now() - RETIRED_KEY_GRACE_MS))
        .execute();
      await trx
        .insertInto("identity_signing_key")
        .values({ kid: jwk.kid as string, private_jwk: JSON.stringify(jwk), retired_at: null })
        .execute();
    });
  return jwk.kid as string;
}

/** A secret shared by every instance (cookie signing keys), made on first use. */
export async function sharedSecret(db: AnyExecutor, name: string): Promise<string> {
  const tables = identityTables(db);
  const found = await tables
    .selectFrom("identity_secret")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirst();
  if (found) return found.value;
  await tables
    .insertInto("identity_secret")
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await tables
    .selectFrom("identity_secret")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}
