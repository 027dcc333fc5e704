import type { ServerModule } from "../../platform/module";
import { providePrivateDataAccessCheck } from "../datasets";
import { providePlatformStatePart, USER_DELETED, type UserDeletedPayload } from "../identity";
import { answerRequestsWithDataset, closeRequestsAsNonSourceable, forgetRequestsOf } from "./changes";
import { communityRequestRoutes } from "./community-routes";
import type { DatasetActivatedPayload, DatasetNonSourceablePayload } from "./events";
import { countRequestsByState } from "./platform-state-store";
import { hasPrivateDataAccess } from "./records";
import { seedDemoRequests } from "./seed";
import { onDatasetActivated, onDatasetNonSourceable } from "./sourcing-lifecycle";
import { dataSourcingRoutes } from "./sourcing-routes";

// The datasets module asks through this whether a company granted a user access to its private data.
providePrivateDataAccessCheck(hasPrivateDataAccess);

// The admin console's platform state shows the data requests per state.
providePlatformStatePart("dataRequests", (context) => countRequestsByState(context.database.db));

/**
 * Data requests end to end (docs/requests.md): one store and one state model, published at
 * /community/requests... (registered in the /community group) and at /data-sourcing (below).
 */
export const requestsModule: ServerModule = {
  name: "requests",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: communityRequestRoutes,
  seedDemo: seedDemoRequests,
  events: () => ({
    // A dataset answers the waiting requests first, then finishes their sourcing object.
    "dataset.activated": [
      async (event, trx) => {
        await answerRequestsWithDataset(trx, event.payload as DatasetActivatedPayload);
      },
      async (event, trx) => {
        await onDatasetActivated(trx, event.payload as DatasetActivatedPayload);
      },
    ],
    "dataset.nonSourceable": [
      async (event, trx) => {
        await closeRequestsAsNonSourceable(trx, event.payload as DatasetNonSourceablePayload);
      },
      async (event, trx) => {
        await onDatasetNonSourceable(trx, event.payload as DatasetNonSourceablePayload);
      },
    ],
    [USER_DELETED]: [
      async (event, trx) => forgetRequestsOf(trx, (event.payload as UserDeletedPayload).userId),
    ],
  }),
};

/** The /data-sourcing surface of the same module: its routes only (migrations and events are above). */
export const requestsSourcingSurface: ServerModule = {
  name: "requests",
  routes: dataSourcingRoutes,
};

// What other modules ask of the requests module.
export { createDataRequest } from "./creating";
export { findDataRequests } from "./records";
