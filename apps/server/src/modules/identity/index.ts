import type { JobHandlers } from "../../platform/jobs";
import type { ServerModule } from "../../platform/module";
import { commands } from "./commands";
import { identityConfig } from "./config";
import { seedDemoUsers } from "./demo";
import { PASSWORD_RESET_JOB, runPasswordResetRequest } from "./password-reset";
import { identityRoutes } from "./routes";

/** The embedded OpenID Connect provider, its users and its pages, at /keycloak/realms/{REALM}. */
export const identityModule: ServerModule = {
  name: "identity",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: identityRoutes,
  seedDemo: seedDemoUsers,
  jobs: (context): JobHandlers => {
    const config = identityConfig(context.config);
    if (!config.embedded) return {};
    return {
      [PASSWORD_RESET_JOB]: (job) => runPasswordResetRequest(context.database.db, config, context.log, job),
    };
  },
  commands,
};

// ---- What other modules ask about users ------------------------------------------------------------

// Who a user is, found by id, name or e-mail; the password hash never leaves this module. A deleted
// user is announced as USER_DELETED, so every module forgets what it keeps about them.

export { isAccountDisabled } from "./admin-people";
export {
  findUserByEmail,
  findUserByUsername,
  getUserById,
  getUsersByIds,
  listUsers,
  USER_DELETED,
  type User,
  type UserDeletedPayload,
} from "./service";
export { userIdsWithEmailContaining } from "./user-search";

// The demo users that other modules' demo data refers to.

export { DEMO_USERS } from "./demo";

// ---- Composed with modules above -------------------------------------------------------------------

// The admin console's API (people, sign-in locks, the audit trail), published under /admin.

export { identityAdminSurface } from "./admin-routes";

// The platform state the console shows: the modules that own its queues report their part here.

export { providePlatformStatePart } from "./admin-platform-state";

// The bearer authenticator, given the api-keys module's key check in modules/registry.ts; the
// notifications module sends the password reset mails through the hook.

export { bearerAuthenticator } from "./authenticator";
export { providePasswordResetMailer } from "./password-reset";
