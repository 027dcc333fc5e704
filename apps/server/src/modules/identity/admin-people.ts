/**
 * What an admin does to accounts from the console (and scripts through the /admin API): find people,
 * invite them, change their realm roles, disable and enable them, send a password reset, end their
 * sessions, delete them, lift sign-in locks. Every change is one transaction with its audit entry.
 */
import { randomBytes } from "node:crypto";
import { inTransaction } from "../../platform/db/transaction";
import { ApiError, conflict, notFound } from "../../platform/http/errors";
import { isUuid } from "../../platform/ids";
import { type AuditActor, recordAudit } from "../audit";
import { forgetSessionsOf } from "./adapter";
import { revocationsOf } from "./admin-revocations";
import {
  type AdminUserRow,
  deleteSignInCounter,
  selectActiveAdminIds,
  selectAdminUser,
  selectAdminUserForUpdate,
  selectDisabledAt,
  selectSignInCounters,
  selectUsersPage,
  type UserFilter,
  updateAccountState,
} from "./admin-store";
import type { IdentityConfig } from "./config";
import { MAX_RESET_MAILS_PER_HOUR, mailPasswordLink, resetMailsInLastHour } from "./password-reset";
import { createUser, deleteUser, parseRoles, setRoles, type User } from "./service";
import type { AnyExecutor } from "./store";

/** How long an invitation's link stays open: people do not always read their mail the same day. */
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

export type AccountStatus = "Active" | "Invited" | "Disabled";

/** An account as the console shows it. */
export interface AdminUser {
  userId: string;
  username: string;
  name: string;
  email: string;
  roles: string[];
  status: AccountStatus;
  createdAt: string;
  lastSignInAt: string | null;
  disabledAt: string | null;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    userId: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    roles: parseRoles(row.roles),
    status: row.disabled_at ? "Disabled" : row.invited_at && !row.last_sign_in_at ? "Invited" : "Active",
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: iso(row.last_sign_in_at),
    disabledAt: iso(row.disabled_at),
  };
}

const asUser = (row: AdminUserRow): User => ({
  userId: row.id,
  username: row.username,
  email: row.email,
  name: row.name,
  roles: parseRoles(row.roles),
});

/** What the trail keeps of an account: enough to recognise it after it is deleted, no secrets. */
const auditView = (row: AdminUserRow) => ({
  username: row.username,
  email: row.email,
  name: row.name,
  roles: parseRoles(row.roles),
  disabled: row.disabled_at !== null,
});

export async function findPeople(
  db: AnyExecutor,
  filter: UserFilter,
  page: { limit: number; offset: number },
): Promise<{ users: AdminUser[]; totalCount: number }> {
  const { rows, totalCount } = await selectUsersPage(db, filter, page);
  return { users: rows.map(toAdminUser), totalCount };
}

/** Whether an admin disabled the account (its credentials are refused); false for an unknown one. */
export async function isAccountDisabled(db: AnyExecutor, userId: string): Promise<boolean> {
  return isUuid(userId) && Boolean(await selectDisabledAt(db, userId));
}

export async function getPerson(db: AnyExecutor, userId: string): Promise<AdminUser> {
  const row = isUuid(userId) ? await selectAdminUser(db, userId) : undefined;
  if (!row) throw notFound(`There is no user with the id ${userId}.`);
  return toAdminUser(row);
}

async function lockPerson(trx: AnyExecutor, userId: string): Promise<AdminUserRow> {
  const row = isUuid(userId) ? await selectAdminUserForUpdate(trx, userId) : undefined;
  if (!row) throw notFound(`There is no user with the id ${userId}.`);
  return row;
}

/** Runs the change in a transaction; credentials it revokes are refused from the next request on. */
async function change<T>(db: AnyExecutor, work: (trx: AnyExecutor) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, work);
  revocationsOf(db).changed();
  return result;
}

/**
 * Refuses what would leave the platform without an admin able to act: removing the admin role from,
 * disabling or deleting the last admin. Nobody removes their own admin role: another admin does.
 */
async function keepAnAdmin(
  trx: AnyExecutor,
  actor: AuditActor,
  target: AdminUserRow,
  what: "Removing the admin role" | "Disabling this account" | "Deleting this account",
): Promise<void> {
  if (!target.roles.includes("ROLE_ADMIN") || target.disabled_at) return;
  if (what === "Removing the admin role" && actor.kind === "user" && actor.userId === target.id)
    throw conflict("You cannot remove your own admin role. Ask another admin to do it.");
  const admins = await selectActiveAdminIds(trx);
  if (admins.length <= 1 && admins.includes(target.id))
    throw conflict(`${what} would leave Openverde without an admin. Make someone else an admin first.`);
}

export interface Invitation {
  username: string;
  email: string;
  name?: string;
  roles?: readonly string[];
}

/**
 * Makes an account nobody can sign in to yet (its password is random and never shown) and e-mails its
 * owner a link to choose their password, valid for INVITATION_SECONDS.
 */
export async function invitePerson(
  db: AnyExecutor,
  config: IdentityConfig,
  actor: AuditActor,
  invitation: Invitation,
): Promise<AdminUser> {
  const roles = parseRoles(["ROLE_USER", ...(invitation.roles ?? [])]);
  return change(db, async (trx) => {
    const user = await createUser(
      trx,
      {
        username: invitation.username,
        email: invitation.email,
        name: invitation.name ?? "",
        password: randomBytes(32).toString("base64url"),
        roles,
      },
      { checkStrength: false },
    );
    await updateAccountState(trx, user.userId, { invitedAt: new Date() });
    await mailPasswordLink(trx, config, user, { validSeconds: INVITATION_SECONDS, invitation: true });
    const row = await lockPerson(trx, user.userId);
    await recordAudit(trx, actor, {
      action: "user.invited",
      objectType: "user",
      objectId: user.userId,
      after: auditView(row),
    });
    return toAdminUser(row);
  });
}

/** Replaces the realm roles (ROLE_USER is always kept): one audit entry per role granted or removed. */
export async function changeRoles(
  db: AnyExecutor,
  actor: AuditActor,
  userId: string,
  requested: readonly string[],
): Promise<AdminUser> {
  const roles = parseRoles(["ROLE_USER", ...requested]);
  return change(db, async (trx) => {
    const before = await lockPerson(trx, userId);
    const had = parseRoles(before.roles);
    if (had.includes("ROLE_ADMIN") && !roles.includes("ROLE_ADMIN"))
      await keepAnAdmin(trx, actor, before, "Removing the admin role");
    await setRoles(trx, userId, roles);
    for (const role of roles.filter((role) => !had.includes(role)))
      await recordAudit(trx, actor, {
        action: "user.role-granted",
        objectType: "user",
        objectId: userId,
        before: { username: before.username, roles: had },
        after: { username: before.username, roles, role },
      });
    for (const role of had.filter((role) => !roles.includes(role)))
      await recordAudit(trx, actor, {
        action: "user.role-removed",
        objectType: "user",
        objectId: userId,
        before: { username: before.username, roles: had },
        after: { username: before.username, roles, role },
      });
    return toAdminUser({ ...before, roles });
  });
}

/**
 * Disables the account: it may not sign in, its sessions and refresh tokens are deleted, and its
 * access tokens and API key are refused from the next request on.
 */
export async function disablePerson(db: AnyExecutor, actor: AuditActor, userId: string): Promise<AdminUser> {
  return change(db, async (trx) => {
    const before = await lockPerson(trx, userId);
    if (before.disabled_at) return toAdminUser(before);
    await keepAnAdmin(trx, actor, before, "Disabling this account");
    const now = new Date();
    await updateAccountState(trx, userId, { disabledAt: now, tokensValidAfter: now });
    await forgetSessionsOf(trx, userId);
    const after = { ...before, disabled_at: now };
    await recordAudit(trx, actor, {
      action: "user.disabled",
      objectType: "user",
      objectId: userId,
      before: auditView(before),
      after: auditView(after),
    });
    return toAdminUser(after);
  });
}

export async function enablePerson(db: AnyExecutor, actor: AuditActor, userId: string): Promise<AdminUser> {
  return change(db, async (trx) => {
    const before = await lockPerson(trx, userId);
    if (!before.disabled_at) return toAdminUser(before);
    await updateAccountState(trx, userId, { disabledAt: null });
    const after = { ...before, disabled_at: null };
    await recordAudit(trx, actor, {
      action: "user.enabled",
      objectType: "user",
      objectId: userId,
      before: auditView(before),
      after: auditView(after),
    });
    return toAdminUser(after);
  });
}

/** E-mails the account a password reset link, within the same hourly limit as the forgot-password page. */
export async function sendPasswordReset(
  db: AnyExecutor,
  config: IdentityConfig,
  actor: AuditActor,
  userId: string,
): Promise<void> {
  await change(db, async (trx) => {
    const row = await lockPerson(trx, userId);
    if ((await resetMailsInLastHour(trx, userId)) >= MAX_RESET_MAILS_PER_HOUR)
      throw new ApiError(
        429,
        "too-many-requests",
        "Too many reset mails",
        `${row.username} got ${MAX_RESET_MAILS_PER_HOUR} password reset mails in the last hour; try again later.`,
        [],
        { "retry-after": "3600" },
      );
    await mailPasswordLink(trx, config, asUser(row), { validSeconds: config.passwordResetSeconds });
    await recordAudit(trx, actor, {
      action: "user.password-reset-sent",
      objectType: "user",
      objectId: userId,
      after: { username: row.username, email: row.email },
    });
  });
}

/** Signs the account out everywhere: sessions and refresh tokens deleted, access tokens refused. */
export async function endSessions(db: AnyExecutor, actor: AuditActor, userId: string): Promise<void> {
  await change(db, async (trx) => {
    const row = await lockPerson(trx, userId);
    await updateAccountState(trx, userId, { tokensValidAfter: new Date() });
    await forgetSessionsOf(trx, userId);
    await recordAudit(trx, actor, {
      action: "user.sessions-ended",
      objectType: "user",
      objectId: userId,
      before: { username: row.username },
    });
  });
}

/**
 * Deletes the account. What they uploaded stays (shown as from a deleted user); what belongs to the
 * account alone goes with it through USER_DELETED (their API key, portfolios, subscriptions).
 */
export async function deletePerson(db: AnyExecutor, actor: AuditActor, userId: string): Promise<void> {
  await change(db, async (trx) => {
    const before = await lockPerson(trx, userId);
    await keepAnAdmin(trx, actor, before, "Deleting this account");
    await deleteUser(trx, userId);
    await recordAudit(trx, actor, {
      action: "user.deleted",
      objectType: "user",
      objectId: userId,
      before: auditView(before),
    });
  });
}

// ---- sign-in locks ----------------------------------------------------------------------------------

export interface SignInLock {
  /** The counter: "account:<user id>", "user:<name typed>" or "address:<IP address>". */
  key: string;
  kind: "account" | "name" | "address";
  /** The account's username, when the counter is an account's. */
  username: string | null;
  failures: number;
  lastFailureAt: string;
  lockedUntil: string | null;
}

export async function listSignInLocks(db: AnyExecutor, lockSeconds: number): Promise<SignInLock[]> {
  const rows = await selectSignInCounters(db, new Date(Date.now() - lockSeconds * 1000));
  const accounts = new Map<string, string>();
  for (const row of rows) {
    const id = row.key.startsWith("account:") ? row.key.slice("account:".length) : undefined;
    if (id && isUuid(id)) {
      const user = await selectAdminUser(db, id);
      if (user) accounts.set(row.key, user.username);
    }
  }
  return rows.map((row) => ({
    key: row.key,
    kind: row.key.startsWith("account:") ? "account" : row.key.startsWith("address:") ? "address" : "name",
    username: accounts.get(row.key) ?? null,
    failures: row.failures,
    lastFailureAt: new Date(row.last_failure_at).toISOString(),
    lockedUntil: iso(row.locked_until),
  }));
}

/** Forgets the failed sign-ins counted on the key, so its account or address may try again at once. */
export async function liftSignInLock(db: AnyExecutor, actor: AuditActor, key: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const removed = await deleteSignInCounter(trx, key);
    if (!removed) throw notFound(`No failed sign-ins are counted on ${key}.`);
    await recordAudit(trx, actor, {
      action: "sign-in-lock.lifted",
      objectType: "sign-in-lock",
      objectId: key,
      before: {
        failures: removed.failures,
        lastFailureAt: new Date(removed.last_failure_at).toISOString(),
        lockedUntil: iso(removed.locked_until),
      },
    });
  });
}
