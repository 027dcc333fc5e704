import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { csvRows } from "@openverde/frameworks/csv";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { authorize } from "../../platform/auth/policy";
import { inTransaction } from "../../platform/db/transaction";
import { ApiError } from "../../platform/http/errors";
import { SIGNED_IN_SECURITY } from "../../platform/http/openapi";
import type { ModuleContext, ServerModule } from "../../platform/module";
import { type AuditFilter, readAuditTrail, recordAudit } from "../audit";
import {
  changeRoles,
  deletePerson,
  disablePerson,
  enablePerson,
  endSessions,
  findPeople,
  getPerson,
  invitePerson,
  liftSignInLock,
  listSignInLocks,
  sendPasswordReset,
} from "./admin-people";
import { readPlatformState, retryFailedMailsOf } from "./admin-platform-state";
import { can } from "./admin-policy";
import {
  AdminUser,
  AdminUserPage,
  AuditEntry,
  AuditExportQuery,
  AuditTrailPage,
  AuditTrailQuery,
  InviteUserBody,
  LiftSignInLockBody,
  PlatformState,
  RetriedMails,
  RolesBody,
  SignInLock,
  UserIdParams,
  UserSearchQuery,
} from "./admin-schemas";
import { identityConfig } from "./config";
import { getUsersByIds } from "./service";
import type { AnyExecutor } from "./store";

const PEOPLE = ["admin-people"];
const AUDIT = ["admin-audit-trail"];
const SIGN_IN = ["admin-sign-in-locks"];
const STATE = ["admin-platform-state"];
const DENIED = "Only admins may use the admin console.";
const DONE = Type.Unsafe<void>({ description: "Done." });
/** At most this many entries go into one CSV export; narrow the filter for more. */
const EXPORT_LIMIT = 50_000;

const page = (query: { chunkSize?: number; chunkIndex?: number }) => {
  const limit = query.chunkSize ?? 50;
  return { limit, offset: limit * (query.chunkIndex ?? 0) };
};

const auditFilter = (query: {
  actorId?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: string;
  to?: string;
}): AuditFilter => ({
  ...(query.actorId ? { actorId: query.actorId } : {}),
  ...(query.action ? { action: query.action } : {}),
  ...(query.objectType ? { objectType: query.objectType } : {}),
  ...(query.objectId ? { objectId: query.objectId } : {}),
  ...(query.from ? { from: new Date(query.from) } : {}),
  ...(query.to ? { to: new Date(query.to) } : {}),
});

type AuditRead = Awaited<ReturnType<typeof readAuditTrail>>["entries"][number];

/** The entries as sent, each saying whether its actor's account still exists. */
async function auditWire(db: AnyExecutor, entries: AuditRead[]) {
  const actorIds = [...new Set(entries.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])))];
  const existing = new Set((await getUsersByIds(db, actorIds)).map((user) => user.userId));
  return entries.map((entry) => ({
    ...entry,
    at: entry.at.toISOString(),
    actorDeleted: entry.actorId !== null && !existing.has(entry.actorId),
  }));
}

/** The admin console's API: people, sign-in locks and the audit trail, for admins only. */
const adminRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { db } = context.database;
    const config = identityConfig(context.config);
    for (const schema of [
      AdminUser,
      AdminUserPage,
      SignInLock,
      AuditEntry,
      AuditTrailPage,
      PlatformState,
      RetriedMails,
    ])
      app.addSchema(schema);
    const admin = (request: FastifyRequest) =>
      authorize(request.actor, can(request.actor, "administer"), DENIED);
    const common = { security: SIGNED_IN_SECURITY };

    app.get(
      "/users",
      {
        schema: {
          ...common,
          operationId: "findUsers",
          tags: PEOPLE,
          summary: "Find accounts by name, e-mail address, role or status",
          querystring: UserSearchQuery,
          response: { 200: Type.Ref("AdminUserPage") },
        },
      },
      async (request) => {
        admin(request);
        const { search, role, status } = request.query;
        return findPeople(
          db,
          {
            ...(search ? { search } : {}),
            ...(role ? { role } : {}),
            ...(status ? { disabled: status === "Disabled" } : {}),
          },
          page(request.query),
        );
      },
    );

    app.post(
      "/users",
      {
        schema: {
          ...common,
          operationId: "inviteUser",
          tags: PEOPLE,
          summary: "Make an account and e-mail its owner a link to choose their password",
          description:
            "The account can be signed in to only once its owner has chosen a password with the link, which works once, for 7 days. Answers 409 when the username or e-mail address is taken.",
          body: InviteUserBody,
          response: { 201: Type.Ref("AdminUser") },
        },
      },
      async (request, reply) => {
        const actor = admin(request);
        reply.code(201);
        return invitePerson(db, config, actor, request.body);
      },
    );

    app.get(
      "/users/:userId",
      {
        schema: {
          ...common,
          operationId: "getUserForAdmin",
          tags: PEOPLE,
          summary: "An account with its roles, status and last sign-in",
          params: UserIdParams,
          response: { 200: Type.Ref("AdminUser") },
        },
      },
      async (request) => {
        admin(request);
        return getPerson(db, request.params.userId);
      },
    );

    app.put(
      "/users/:userId/roles",
      {
        schema: {
          ...common,
          operationId: "setUserRoles",
          tags: PEOPLE,
          summary: "Set an account's realm roles",
          description:
            "Replaces the roles; ROLE_USER is always kept. Nobody can remove their own admin role, nor the last admin's. Access tokens issued before keep their roles until they expire (5 minutes).",
          params: UserIdParams,
          body: RolesBody,
          response: { 200: Type.Ref("AdminUser") },
        },
      },
      async (request) => changeRoles(db, admin(request), request.params.userId, request.body.roles),
    );

    app.post(
      "/users/:userId/disable",
      {
        schema: {
          ...common,
          operationId: "disableUser",
          tags: PEOPLE,
          summary: "Disable an account: no sign-in, its sessions, tokens and API key stop working at once",
          description: "The last admin cannot be disabled.",
          params: UserIdParams,
          response: { 200: Type.Ref("AdminUser") },
        },
      },
      async (request) => disablePerson(db, admin(request), request.params.userId),
    );

    app.post(
      "/users/:userId/enable",
      {
        schema: {
          ...common,
          operationId: "enableUser",
          tags: PEOPLE,
          summary: "Enable a disabled account again",
          description: "Its owner signs in again; sessions ended by disabling stay ended.",
          params: UserIdParams,
          response: { 200: Type.Ref("AdminUser") },
        },
      },
      async (request) => enablePerson(db, admin(request), request.params.userId),
    );

    app.post(
      "/users/:userId/password-reset",
      {
        schema: {
          ...common,
          operationId: "sendPasswordReset",
          tags: PEOPLE,
          summary: "E-mail the account a link to choose a new password",
          description:
            "The same link as the forgot-password page sends, within the same limit of 5 mails per account and hour (429 beyond it).",
          params: UserIdParams,
          response: { 204: DONE },
        },
      },
      async (request, reply) => {
        await sendPasswordReset(db, config, admin(request), request.params.userId);
        return reply.code(204).send();
      },
    );

    app.delete(
      "/users/:userId/sessions",
      {
        schema: {
          ...common,
          operationId: "endUserSessions",
          tags: PEOPLE,
          summary: "Sign an account out everywhere",
          description:
            "Its sessions and refresh tokens are deleted and its access tokens refused; its API key keeps working (revoke it by disabling the account).",
          params: UserIdParams,
          response: { 204: DONE },
        },
      },
      async (request, reply) => {
        await endSessions(db, admin(request), request.params.userId);
        return reply.code(204).send();
      },
    );

    app.delete(
      "/users/:userId",
      {
        schema: {
          ...common,
          operationId: "deleteUser",
          tags: PEOPLE,
          summary: "Delete an account",
          description:
            "What the account uploaded stays, shown as from a deleted user; its API key, portfolios and subscriptions go with it. The last admin cannot be deleted.",
          params: UserIdParams,
          response: { 204: DONE },
        },
      },
      async (request, reply) => {
        await deletePerson(db, admin(request), request.params.userId);
        return reply.code(204).send();
      },
    );

    app.get(
      "/sign-in-locks",
      {
        schema: {
          ...common,
          operationId: "listSignInLocks",
          tags: SIGN_IN,
          summary: "Failed sign-ins counted now, per account, name typed and address, with their locks",
          response: { 200: Type.Array(Type.Ref("SignInLock")) },
        },
      },
      async (request) => {
        admin(request);
        return listSignInLocks(db, config.loginLockSeconds);
      },
    );

    app.post(
      "/sign-in-locks/lift",
      {
        schema: {
          ...common,
          operationId: "liftSignInLock",
          tags: SIGN_IN,
          summary: "Forget the failed sign-ins of an account or address, lifting its lock",
          body: LiftSignInLockBody,
          response: { 204: DONE },
        },
      },
      async (request, reply) => {
        await liftSignInLock(db, admin(request), request.body.key);
        return reply.code(204).send();
      },
    );

    app.get(
      "/platform-state",
      {
        schema: {
          ...common,
          operationId: "getPlatformState",
          tags: STATE,
          summary: "The platform's state: health, queues, jobs, e-mails, sign-in locks, version and uptime",
          description:
            "Read fresh on every call. A part that cannot be read is null, the rest is still answered.",
          response: { 200: Type.Ref("PlatformState") },
        },
      },
      async (request) => {
        admin(request);
        return readPlatformState(context);
      },
    );

    app.post(
      "/platform-state/mails/retry",
      {
        schema: {
          ...common,
          operationId: "retryFailedMails",
          tags: STATE,
          summary: "Send the e-mails that were given up again, from their first attempt",
          description: "Recorded in the audit trail with the number of mails.",
          response: { 200: Type.Ref("RetriedMails") },
        },
      },
      async (request) => {
        const actor = admin(request);
        const retry = retryFailedMailsOf();
        if (!retry)
          throw new ApiError(
            503,
            "service-unavailable",
            "Mail not available",
            "This server sends no e-mails.",
          );
        const retried = await inTransaction(db, async (trx) => {
          const count = await retry(trx);
          if (count > 0)
            await recordAudit(trx, actor, {
              action: "mails.retried",
              objectType: "mail-outbox",
              objectId: "failed",
              after: { retried: count },
            });
          return count;
        });
        return { retried };
      },
    );

    app.get(
      "/audit-trail",
      {
        schema: {
          ...common,
          operationId: "getAuditTrail",
          tags: AUDIT,
          summary: "The audit trail of privileged changes, newest first, a page at a time",
          querystring: AuditTrailQuery,
          response: { 200: Type.Ref("AuditTrailPage") },
        },
      },
      async (request) => {
        admin(request);
        const trail = await readAuditTrail(db, auditFilter(request.query), page(request.query));
        return { entries: await auditWire(db, trail.entries), totalCount: trail.totalCount };
      },
    );

    app.get(
      "/audit-trail/export",
      {
        schema: {
          ...common,
          operationId: "exportAuditTrail",
          tags: AUDIT,
          summary: "The audit trail as CSV, newest first, with the same filters",
          description: `At most ${EXPORT_LIMIT} entries; narrow the filter (a time span) for more.`,
          querystring: AuditExportQuery,
          response: { 200: { content: { "text/csv": { schema: Type.String() } } } },
        },
      },
      async (request, reply) => {
        admin(request);
        const trail = await readAuditTrail(db, auditFilter(request.query), {
          limit: EXPORT_LIMIT,
          offset: 0,
        });
        const json = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));
        const csv = csvRows(
          [
            ["at", "actorId", "actorName", "action", "objectType", "objectId", "before", "after"],
            ...trail.entries.map((entry) => [
              entry.at.toISOString(),
              entry.actorId ?? "",
              entry.actorName,
              entry.action,
              entry.objectType,
              entry.objectId,
              json(entry.before),
              json(entry.after),
            ]),
          ],
          { byteOrderMark: true },
        );
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", 'attachment; filename="openverde-audit-trail.csv"')
          .send(csv);
      },
    );
  };

/** The identity module's admin surface, published under /admin (modules/registry.ts). */
export const identityAdminSurface: ServerModule = { name: "identity-admin", routes: adminRoutes };
