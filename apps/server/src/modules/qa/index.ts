import type { ServerModule } from "../../platform/module";
import { provideDatasetDeletionStep } from "../datasets";
import { providePlatformStatePart } from "../identity";
import { forgetDatasetReview } from "./dataset-deletion";
import { providePreApprovalCheck } from "./neighbours";
import { selectReviewQueueState } from "./platform-state-store";
import { uploadSkipsReview } from "./pre-approval";
import { qaRoutes } from "./routes";
import { startDatasetReview } from "./service";

export { QA_STATUSES, type QaStatus } from "@openverde/frameworks/qa-status";
export { QA_REPORT_FINDINGS, type QaReportFindingsPayload } from "./reports";
export {
  DATASET_ACCEPTED,
  DATASET_REJECTED,
  type DatasetAcceptedPayload,
  type DatasetRejectedPayload,
} from "./service";

// The datasets module asks the pre-approval configuration whether an upload skips review.
providePreApprovalCheck((db) => uploadSkipsReview(db));

// A dataset that is deleted takes its review along, in the deleting transaction.
provideDatasetDeletionStep(forgetDatasetReview);

// The admin console's platform state shows the review queue.
providePlatformStatePart("reviewQueue", (context) => selectReviewQueueState(context.database.db));

export const qaModule: ServerModule = {
  name: "qa",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: qaRoutes,
  events: () => ({
    // Every upload enters review: its review record starts with the upload itself.
    "dataset.uploaded": [
      async (event, trx) => {
        await startDatasetReview(trx, (event.payload as { dataId: string }).dataId);
      },
    ],
  }),
};
