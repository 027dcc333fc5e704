import type { ServerModule } from "../../platform/module";
import { USER_DELETED, type UserDeletedPayload } from "../identity";
import { commands } from "./commands";
import { apiKeyRoutes } from "./routes";
import { forgetApiKeyOf } from "./service";

export const apiKeysModule: ServerModule = {
  name: "api-keys",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: apiKeyRoutes,
  events: () => ({
    [USER_DELETED]: [async (event, trx) => forgetApiKeyOf(trx, (event.payload as UserDeletedPayload).userId)],
  }),
  commands,
};

// What the composition asks of this module: the bearer authenticator checks API keys through this.
export { checkApiKey } from "./service";
