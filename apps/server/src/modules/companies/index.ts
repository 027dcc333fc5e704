import type { ServerModule } from "../../platform/module";
import { registerCompanyCommands } from "./commands";
import { companyRoutes } from "./routes";
import { seedDemoCompanies } from "./seed";

export const companiesModule: ServerModule = {
  name: "companies",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: companyRoutes,
  seedDemo: async (context) => {
    const added = await seedDemoCompanies(context);
    if (added > 0) context.log.info({ added }, "demo companies added");
  },
  commands: registerCompanyCommands,
};

// What other modules ask of the companies register.
export {
  companyExists,
  DEMO_COMPANY_ID,
  findCompanyIdByIdentifier,
  getCompanyInformation,
  getCompanyNames,
  IDENTIFIER_TYPES,
  provideCompanyOwnershipCheck,
  validateIdentifiers,
} from "./service";
