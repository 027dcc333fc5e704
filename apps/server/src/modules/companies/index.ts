import type { ServerModule } from "../../platform/module";
import { registerCompanyCommands } from "./commands";
import { isinLeiRoutes } from "./isin-lei-routes";
import { companyProxyRoutes } from "./proxies-routes";
import { companyRoutes } from "./routes";
import { seedDemoCompanies, seedDemoProxy } from "./seed";

export const companiesModule: ServerModule = {
  name: "companies",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: (context) => async (app, options) => {
    await companyRoutes(context)(app, options);
    await companyProxyRoutes(context)(app, options);
    await isinLeiRoutes(context)(app, options);
  },
  seedDemo: async (context) => {
    const added = await seedDemoCompanies(context);
    if (added > 0) context.log.info({ added }, "demo companies added");
    if (await seedDemoProxy(context)) context.log.info("demo company proxy added");
  },
  commands: registerCompanyCommands,
};

// ---- What other modules ask of the companies register ----------------------------------------------

// Whether a company exists, what it is called, and which company an identifier names.

export { withLeiCheckDigits } from "./identifiers";
export { DATA_TYPES, IDENTIFIER_TYPES } from "./schemas";
export {
  companyExists,
  findCompanyIdByIdentifier,
  getBasicCompanyInformation,
  getCompanyInformation,
  getCompanyNames,
  validateIdentifiers,
} from "./service";

// What the datasets module tells the register: which frameworks have active data for a company.

export { setCompanyFrameworksWithActiveData } from "./service";

// Questions the register asks modules above it, answered through these hooks (community: ownership;
// datasets: a company's registered data), so the register imports none of them.

export { provideCompanyOwnershipCheck, provideDataRegisteredForCompany } from "./service";

// Sets of companies chosen by ids, country and sector, read in name order (the explorer).

export {
  type CompanySelection,
  countSelectedCompanies,
  type NameCursor,
  type SelectedCompany,
  selectedCompaniesByIds,
  selectedCompaniesByName,
  selectedCompaniesPage,
  selectionInNameOrder,
} from "./company-selection";

// The demo register that other modules' demo data refers to.

export { DEMO_COMPANY_ID, DEMO_COMPANY_LEI, DEMO_COMPANY_NAME } from "./demo-ids";
export { DEMO_PROXIED_COMPANY_INDEX, demoCompanies } from "./seed";
