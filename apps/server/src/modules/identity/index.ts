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

export { bearerAuthenticator } from "./authenticator";

// What other modules ask about users; the password hash never leaves this module.
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
