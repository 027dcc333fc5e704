import type { ServerModule } from "../../platform/module";
import { EXPORT_JOB, runExportJob } from "./exports";
import { addDocumentVisibilityRule, provideDataRegisteredForCompany } from "./neighbours";
import { datasetRoutes } from "./routes";
import { seedDemoDatasets } from "./seed";
import { documentVisibleTo, registeredDataOf } from "./service";

export const datasetsModule: ServerModule = {
  name: "datasets",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: (context) => {
    addDocumentVisibilityRule(documentVisibleTo);
    provideDataRegisteredForCompany((db, companyId) =>
      registeredDataOf(db, context.config.publicUrl, companyId),
    );
    return datasetRoutes(context);
  },
  jobs: (context) => ({ [EXPORT_JOB]: (job) => runExportJob(context.database.db, job) }),
  seedDemo: async (context) => {
    const added = await seedDemoDatasets(context);
    if (added > 0) context.log.info({ added }, "demo datasets added");
  },
};

// What other modules ask of the datasets module.
export { providePrivateDataAccessCheck } from "./neighbours";
export { findActiveDataId, isNonSourceable, markNonSourceable } from "./service";
