import type { ServerModule } from "../../platform/module";
import { providePlatformStatePart } from "../identity";
import { EXPORT_JOB, runExportJob } from "./exports";
import { addDocumentVisibilityRule, provideDataRegisteredForCompany } from "./neighbours";
import { countExportJobs } from "./platform-state-store";
import { datasetRoutes } from "./routes";
import { seedDemoDatasets } from "./seed";
import { documentVisibleTo, registeredDataOf } from "./service";

// The admin console's platform state shows the export jobs running and failed.
providePlatformStatePart("exportJobs", (context) => countExportJobs(context.database.db));

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

// ---- What other modules ask of the datasets module -------------------------------------------------

// Which data a company has: the active dataset of a dimension, the dimensions with data, whether an
// actor may see private data, and the data marked as not sourceable (the requests module).

export { isPrivateFramework } from "./framework-data";
export { isNonSourceable, markNonSourceable } from "./non-sourceability";

// Statements that data cannot be sourced, and the review verdicts recorded on them (the qa module).

export {
  findNonSourceabilityClaim,
  type NonSourceabilityInformation,
  nonSourceabilityClaims,
  recordNonSourceabilityVerdict,
} from "./non-sourceability";
export { availableDimensions } from "./read";
export { findActiveDataId, maySeePrivateData } from "./service";

// Datasets and data points under review, and the verdicts recorded on them (the qa module).

// QA reports: which field of a framework is which data point type, and a dataset's wire meta information.
export { dataPointFields } from "./framework-data";
export {
  allDataPointKeysSelect,
  dataPointKeysSelect,
  datasetMetaSelect,
  getDataPoint,
  getDatasetMeta,
  recordQaVerdict,
  setDataPointQaStatus,
  toWireMeta,
} from "./service";

// Deleting a dataset: modules keeping state about datasets (the qa module) remove theirs in its
// transaction through this hook, and hear of it through `dataset.deleted`.

export {
  DATASET_DELETED,
  type DatasetDeletedPayload,
  type DatasetDeletionStep,
  provideDatasetDeletionStep,
} from "./deletion";

// The accepted version a dataset judgement produces, and the data points it judges (the qa module).

export { dataPointsForJudgement, dataPointValueProblems, storeJudgedVersion } from "./judged-versions";

// Exports of many companies' data, run as a job (portfolio downloads).

export { createExportJob, type ExportFormat } from "./exports";

// The requests module answers through this whether a company granted a user access to its private data.

export { providePrivateDataAccessCheck } from "./neighbours";

// The qa module decides through this which uploads skip review (its pre-approval configuration).

export { type PreApprovalCheck, providePreApprovalCheck } from "./neighbours";

// The active data points of many companies and periods at once, sorted and filtered (the explorer).

export {
  type ActiveDataPoint,
  type ActiveDataPointParts,
  type ActiveDimensionData,
  type ActiveValue,
  activeDataPointParts,
  activeDataPoints,
  activeValueGrid,
  companiesOrderedByValue,
  companiesWithActiveData,
  dimensionKey,
  type OrderPage,
} from "./data-point-query";
