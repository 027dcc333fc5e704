import type { ServerModule } from "../../platform/module";
import { registerImpactCommands } from "./commands";
import { impactRoutes } from "./routes";
import { seedDemoImpact } from "./seed";

/** Positions beside portfolios, their SFDR and PCAF impact reports, and currency rates, at /users. */
export const impactModule: ServerModule = {
  name: "impact",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: impactRoutes,
  seedDemo: seedDemoImpact,
  commands: registerImpactCommands,
};
