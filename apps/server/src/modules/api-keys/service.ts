import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";
import { REALM_ROLES, type RealmRole } from "../../platform/auth/actor";
import { inTransaction } from "../../platform/db/transaction";
import { badRequest } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { type AuditActor, recordAudit } from "../audit";
import { getUserById, isAccountDisabled, type User } from "../identity";
import type { ApiKeyAndMetaInfoBody, ApiKeyMetaInfoBody, RevokeApiKeyResponseBody } from "./schemas";
import { type AnyExecutor, deleteApiKey, type StoredApiKey, selectApiKey, upsertApiKey } from "./store";

const SECRET_BYTES = 40;
const SALT_BYTES = 16;
const DAY_MS = 24 * 60 * 60 * 1000;

export const MESSAGES = {
  valid: "The API key is valid.",
  noKey: "Your Openverde account has no API key. Create one on the API key page.",
  wrongKey: "The API key does not match the one registered for your Openverde account.",
  expired: "The API key has expired. Create a new one on the API key page.",
  unknownUser: "The API key belongs to no Openverde account.",
  revoked: "Your API key has been revoked; it no longer works.",
  disabled: "The account of this API key is disabled; the key does not work while it is.",
  nothingToRevoke: "Your Openverde account has no API key, so nothing was revoked.",
  malformed:
    "This is not an Openverde API key: a key has three parts joined by underscores (user, secret, checksum).",
  checksum: "The API key is mistyped: its checksum does not match. Copy it again, in full.",
} as const;

const toBase64Url = (value: string) => Buffer.from(value, "utf8").toString("base64url");

const checksum = (keyWithoutChecksum: string) => String(crc32(Buffer.from(keyWithoutChecksum, "utf8")));

function hashKey(salt: string, apiKey: string): string {
  return createHash("sha256")
    .update(Buffer.from(salt, "base64url"))
    .update(apiKey, "utf8")
    .digest("base64url");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const epochSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : undefined);

interface ParsedApiKey {
  userId: string;
}

/** Splits a key into its parts and checks its checksum; describes what is wrong, or returns the user id. */
export function parseApiKey(apiKey: string): ParsedApiKey | { problem: string } {
  const key = apiKey.trim();
  const last = key.lastIndexOf("_");
  const middle = last > 0 ? key.lastIndexOf("_", last - 1) : -1;
  if (last < 0 || middle <= 0) return { problem: MESSAGES.malformed };
  const encodedUser = key.slice(0, middle);
  const secret = key.slice(middle + 1, last);
  const sum = key.slice(last + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(encodedUser) || !/^[0-9a-f]{80}$/.test(secret) || !/^\d{1,10}$/.test(sum))
    return { problem: MESSAGES.malformed };
  if (checksum(key.slice(0, last)) !== sum) return { problem: MESSAGES.checksum };
  const userId = Buffer.from(encodedUser, "base64url").toString("utf8");
  if (!isUuid(userId)) return { problem: MESSAGES.malformed };
  return { userId };
}

function metaInfo(user: User, expiresAt: Date | null, now: Date): ApiKeyMetaInfoBody {
  const active = expiresAt === null || expiresAt.getTime() > now.getTime();
  const expiryDate = epochSeconds(expiresAt);
  return {
    keycloakUserId: user.userId,
    keycloakRoles: [...user.roles],
    ...(expiryDate !== undefined ? { expiryDate } : {}),
    active,
    validationMessage: active ? MESSAGES.valid : MESSAGES.expired,
  };
}

/**
 * Creates a key for the user and replaces any key they had. `daysValid` missing or 0 or less gives
 * a key without expiry, as in the reference API. `by` (the user, or an operator) is named in the
 * audit trail, written in the same transaction.
 */
export async function generateApiKey(
  db: AnyExecutor,
  user: User,
  daysValid?: number,
  now = new Date(),
  by?: AuditActor,
): Promise<ApiKeyAndMetaInfoBody> {
  if (daysValid !== undefined && (!Number.isInteger(daysValid) || daysValid > 36_500))
    throw badRequest("daysValid must be a whole number of days, at most 36500.", "Invalid daysValid");
  const withoutChecksum = `${toBase64Url(user.userId)}_${randomBytes(SECRET_BYTES).toString("hex")}`;
  const apiKey = `${withoutChecksum}_${checksum(withoutChecksum)}`;
  const salt = randomBytes(SALT_BYTES).toString("base64url");
  const expiresAt =
    daysValid !== undefined && daysValid > 0 ? new Date(now.getTime() + daysValid * DAY_MS) : null;
  await inTransaction(db, async (trx) => {
    await upsertApiKey(trx, {
      userId: user.userId,
      salt,
      keyHash: hashKey(salt, apiKey),
      expiresAt,
      username: user.username,
      roles: [...user.roles],
    });
    if (by)
      await recordAudit(trx, by, {
        action: "api-key.created",
        objectType: "api-key",
        objectId: user.userId,
        after: { username: user.username, expiresAt: expiresAt?.toISOString() ?? null },
      });
  });
  return { apiKey, apiKeyMetaInfo: metaInfo(user, expiresAt, now) };
}

/** What is known about the user's key; `active: false` with a message when they have none. */
export async function getApiKeyMetaInfo(
  db: AnyExecutor,
  user: User,
  now = new Date(),
): Promise<ApiKeyMetaInfoBody> {
  const stored = await selectApiKey(db, user.userId);
  if (!stored) return { keycloakUserId: user.userId, active: false, validationMessage: MESSAGES.noKey };
  return metaInfo(user, stored.expiresAt, now);
}

/** Revokes the user's key; `by` is named in the audit trail when there was a key. */
export async function revokeApiKey(
  db: AnyExecutor,
  userId: string,
  by?: AuditActor,
): Promise<RevokeApiKeyResponseBody> {
  const removed = await inTransaction(db, async (trx) => {
    const gone = await deleteApiKey(trx, userId);
    if (gone && by)
      await recordAudit(trx, by, { action: "api-key.revoked", objectType: "api-key", objectId: userId });
    return gone;
  });
  return {
    revokementProcessSuccessful: removed,
    revokementProcessMessage: removed ? MESSAGES.revoked : MESSAGES.nothingToRevoke,
  };
}

export type ApiKeyCheck =
  | { ok: true; user: User; meta: ApiKeyMetaInfoBody }
  | { ok: false; malformed: boolean; meta: ApiKeyMetaInfoBody };

/** Checks a key: format, checksum, stored salted hash, expiry and that its user still exists. */
export async function checkApiKey(
  db: AnyExecutor,
  apiKey: string,
  options: { now?: Date; externalUsers?: boolean } = {},
): Promise<ApiKeyCheck> {
  const now = options.now ?? new Date();
  const parsed = parseApiKey(apiKey);
  if ("problem" in parsed)
    return { ok: false, malformed: true, meta: { active: false, validationMessage: parsed.problem } };
  const refused = (validationMessage: string): ApiKeyCheck => ({
    ok: false,
    malformed: false,
    meta: { active: false, validationMessage },
  });
  const stored = await selectApiKey(db, parsed.userId);
  if (!stored) return refused(MESSAGES.noKey);
  if (!sameHash(hashKey(stored.salt, apiKey.trim()), stored.keyHash)) return refused(MESSAGES.wrongKey);
  const user =
    (await getUserById(db, parsed.userId)) ?? (options.externalUsers ? storedUser(stored) : undefined);
  if (!user) return refused(MESSAGES.unknownUser);
  const meta = metaInfo(user, stored.expiresAt, now);
  return meta.active ? { ok: true, user, meta } : { ok: false, malformed: false, meta };
}

/**
 * The public check of a key: as checkApiKey, and a key of an account an admin disabled is not
 * active (the authenticator refuses it as well).
 */
export async function validateApiKey(db: AnyExecutor, apiKey: string): Promise<ApiKeyMetaInfoBody> {
  const check = await checkApiKey(db, apiKey);
  if (check.ok && (await isAccountDisabled(db, check.user.userId)))
    return { ...check.meta, active: false, validationMessage: MESSAGES.disabled };
  return check.meta;
}

/** With an external provider its users are not stored here: the key remembers who it was made for. */
function storedUser(stored: StoredApiKey): User {
  return {
    userId: stored.userId,
    username: stored.username,
    email: "",
    name: "",
    roles: stored.roles.filter((role): role is RealmRole =>
      (REALM_ROLES as readonly string[]).includes(role),
    ),
  };
}

/** For the identity module: an account was deleted, so its key goes too. */
export async function forgetApiKeyOf(db: AnyExecutor, userId: string): Promise<void> {
  await deleteApiKey(db, userId);
}
