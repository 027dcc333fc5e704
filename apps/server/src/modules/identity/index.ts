import type { ServerModule } from "../../platform/module";
import { commands } from "./commands";
import { seedDemoUsers } from "./demo";
import { identityRoutes } from "./routes";

/** The embedded OpenID Connect provider, its users and its pages, at /keycloak/realms/{REALM}. */
export const identityModule: ServerModule = {
  name: "identity",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: identityRoutes,
  seedDemo: seedDemoUsers,
  commands,
};

export { bearerAuthenticator } from "./authenticator";
