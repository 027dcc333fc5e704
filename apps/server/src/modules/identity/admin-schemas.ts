import { Type } from "@fastify/type-provider-typebox";
import { REALM_ROLES } from "../../platform/auth/actor";
import { TEXT_LIMITS } from "../../platform/http/text-limits";
import { uuidString } from "../../platform/ids";

const RealmRole = Type.Union(
  REALM_ROLES.map((role) => Type.Literal(role)),
  { description: "A realm role: what its holder may do anywhere on the platform." },
);

const Timestamp = (description: string) => Type.String({ format: "date-time", description });
const OptionalTimestamp = (description: string) =>
  Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description });

export const AdminUser = Type.Object(
  {
    userId: Type.String({ format: "uuid" }),
    username: Type.String(),
    name: Type.String({ description: "The name shown to others; may be empty." }),
    email: Type.String(),
    roles: Type.Array(RealmRole),
    status: Type.Union([Type.Literal("Active"), Type.Literal("Invited"), Type.Literal("Disabled")], {
      description:
        "Disabled: may not sign in, and its tokens and API key are refused. Invited: made by an admin, has not signed in yet.",
    }),
    createdAt: Timestamp("When the account was made."),
    lastSignInAt: OptionalTimestamp("The last sign-in with the right password; null if never."),
    disabledAt: OptionalTimestamp("Since when the account is disabled; null if it is not."),
  },
  { $id: "AdminUser" },
);

export const AdminUserPage = Type.Object(
  {
    users: Type.Array(Type.Ref("AdminUser")),
    totalCount: Type.Integer({ description: "How many accounts match the filter in all." }),
  },
  { $id: "AdminUserPage" },
);

const paging = {
  chunkSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: "Entries per page." }),
  ),
  chunkIndex: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: "Which page, from 0." }),
  ),
};

export const UserSearchQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: TEXT_LIMITS.lookup,
      description: "Part of the username, name or e-mail address, in any case.",
    }),
  ),
  role: Type.Optional(RealmRole),
  status: Type.Optional(Type.Union([Type.Literal("Disabled"), Type.Literal("Enabled")])),
  ...paging,
});

export const UserIdParams = Type.Object({ userId: Type.String({ maxLength: TEXT_LIMITS.id }) });

export const InviteUserBody = Type.Object(
  {
    username: Type.String({ maxLength: 64, description: "The name to sign in with." }),
    email: Type.String({ maxLength: TEXT_LIMITS.email, description: "Where the invitation goes." }),
    name: Type.Optional(
      Type.String({ maxLength: TEXT_LIMITS.title, description: "The name shown to others." }),
    ),
    roles: Type.Optional(
      Type.Array(RealmRole, {
        maxItems: REALM_ROLES.length,
        description: "Realm roles besides ROLE_USER, which everyone has.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const RolesBody = Type.Object(
  {
    roles: Type.Array(RealmRole, {
      maxItems: REALM_ROLES.length,
      description: "All realm roles the account shall have; ROLE_USER is kept whatever is sent.",
    }),
  },
  { additionalProperties: false },
);

export const SignInLock = Type.Object(
  {
    key: Type.String({
      description: "The counter: account:<user id>, user:<name typed> or address:<IP address>.",
    }),
    kind: Type.Union([Type.Literal("account"), Type.Literal("name"), Type.Literal("address")]),
    username: Type.Union([Type.String(), Type.Null()], {
      description: "The account's username, for an account.",
    }),
    failures: Type.Integer({ description: "Failed sign-ins counted." }),
    lastFailureAt: Timestamp("The last failed sign-in."),
    lockedUntil: OptionalTimestamp("Until when sign-ins are refused; null while only counted."),
  },
  { $id: "SignInLock" },
);

export const LiftSignInLockBody = Type.Object(
  { key: Type.String({ maxLength: TEXT_LIMITS.lookup, description: "The counter to forget." }) },
  { additionalProperties: false },
);

export const AuditEntry = Type.Object(
  {
    id: Type.Integer({ description: "The entry's number; later entries have higher numbers." }),
    at: Timestamp("When the change was made."),
    actorId: Type.Union([Type.String({ format: "uuid" }), Type.Null()], {
      description: "Who made it; null for an operator's command line.",
    }),
    actorName: Type.String({ description: "Who made it, named as they were at the time." }),
    actorDeleted: Type.Boolean({
      description: 'Whether the account that made it was deleted since (the console says "deleted user").',
    }),
    action: Type.String({ description: "What was done, as <object>.<verb>, e.g. user.role-granted." }),
    objectType: Type.String(),
    objectId: Type.String(),
    before: Type.Unknown({
      description: "The object's relevant fields before the change; null for a creation.",
    }),
    after: Type.Unknown({
      description: "The object's relevant fields after the change; null for a removal.",
    }),
  },
  { $id: "AuditEntry" },
);

export const AuditTrailPage = Type.Object(
  {
    entries: Type.Array(Type.Ref("AuditEntry")),
    totalCount: Type.Integer({ description: "How many entries match the filter in all." }),
  },
  { $id: "AuditTrailPage" },
);

const auditFilter = {
  actorId: Type.Optional(uuidString({ description: "Changes made by this user." })),
  action: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.code, description: "e.g. user.disabled" })),
  objectType: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.code, description: "e.g. user, company" })),
  objectId: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.lookup, description: "The object's id." })),
  from: Type.Optional(
    Type.String({ format: "date-time", maxLength: 40, description: "From this moment on." }),
  ),
  to: Type.Optional(Type.String({ format: "date-time", maxLength: 40, description: "Before this moment." })),
};

export const AuditTrailQuery = Type.Object({ ...auditFilter, ...paging });
export const AuditExportQuery = Type.Object(auditFilter);

const Health = Type.Union([Type.Literal("UP"), Type.Literal("DOWN")]);
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Nullable = <T extends ReturnType<typeof Type.Object>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const PlatformState = Type.Object(
  {
    checkedAt: Timestamp("When this answer was put together."),
    version: Type.String({ description: "The running build's version." }),
    commit: Type.String({ description: "The running build's commit." }),
    startedAt: Timestamp("When this server process started."),
    uptimeSeconds: Count("How long this server process runs, in seconds."),
    database: Type.Object({ status: Health }, { description: "Whether the database answers." }),
    mailer: Nullable(
      Type.Object({
        status: Type.Union([Type.Literal("UP"), Type.Literal("DOWN"), Type.Literal("NOT_CONFIGURED")], {
          description:
            "NOT_CONFIGURED: no SMTP_URL, mails stay in the outbox. DOWN: the last attempt to send a waiting or failed mail failed.",
        }),
        lastError: Type.Union([Type.String(), Type.Null()], {
          description: "The error of that attempt.",
        }),
      }),
      "Whether e-mails go out; null when the state could not be read.",
    ),
    reviewQueue: Nullable(
      Type.Object({
        length: Count("Datasets waiting for a reviewer."),
        oldestSince: OptionalTimestamp("When the dataset that waits longest was uploaded."),
      }),
      "The quality review queue; null when it could not be read.",
    ),
    dataRequests: Type.Union(
      [
        Type.Array(
          Type.Object({
            state: Type.String({ description: "A request state (Open, Processing, Answered, ...)." }),
            count: Count("Requests in that state."),
          }),
        ),
        Type.Null(),
      ],
      { description: "Data requests per state; null when they could not be read." },
    ),
    exportJobs: Nullable(
      Type.Object({
        running: Count("Export jobs still being written."),
        failed: Count("Export jobs that failed in the last 24 hours."),
      }),
      "Export jobs; null when they could not be read.",
    ),
    mails: Nullable(
      Type.Object({
        waiting: Count("E-mails in the outbox waiting to be sent."),
        failed: Count("E-mails given up after their last attempt (POST /platform-state/mails/retry)."),
      }),
      "The e-mail outbox; null when it could not be read.",
    ),
    signInLocks: Type.Object(
      {
        locked: Count("Accounts, names and addresses locked now (GET /sign-in-locks)."),
        counting: Count("Keys with failed sign-ins counted now, locked or not."),
      },
      { description: "Sign-in locks in force." },
    ),
  },
  { $id: "PlatformState" },
);

export const RetriedMails = Type.Object(
  { retried: Count("How many failed e-mails are queued to be sent again.") },
  { $id: "RetriedMails" },
);
