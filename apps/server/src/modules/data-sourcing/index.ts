import type { ServerModule } from "../../platform/module";
import {
  type DatasetActivatedPayload,
  type DatasetNonSourceablePayload,
  onDataRequestStored,
} from "../community/service";
import { dataSourcingRoutes } from "./routes";
import { joinSourcing, onDatasetActivated, onDatasetNonSourceable } from "./service";

// Every request stored (through /community or /data-sourcing) creates or joins its sourcing object,
// in the transaction that stores it.
onDataRequestStored(joinSourcing);

/** The sourcing work on requested data, at /data-sourcing (docs/requests.md). */
export const dataSourcingModule: ServerModule = {
  name: "data-sourcing",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: dataSourcingRoutes,
  events: () => ({
    "dataset.activated": [
      async (event, trx) => {
        await onDatasetActivated(trx, event.payload as DatasetActivatedPayload);
      },
    ],
    "dataset.nonSourceable": [
      async (event, trx) => {
        await onDatasetNonSourceable(trx, event.payload as DatasetNonSourceablePayload);
      },
    ],
  }),
};
