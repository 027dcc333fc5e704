import type { ServerModule } from "../../platform/module";
import { providePortfolioDeletionStep } from "../portfolios";
import { registerImpactCommands } from "./commands";
import { impactRoutes } from "./routes";
import { seedDemoImpact } from "./seed";
import { deletePositionsOf, impactDb } from "./store";

// A deleted portfolio takes its positions along, in the deleting transaction.
providePortfolioDeletionStep((trx, portfolioIds) => deletePositionsOf(impactDb(trx), portfolioIds));

/** Positions beside portfolios, their SFDR and PCAF impact reports, and currency rates, at /users. */
export const impactModule: ServerModule = {
  name: "impact",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: impactRoutes,
  seedDemo: seedDemoImpact,
  commands: registerImpactCommands,
};
