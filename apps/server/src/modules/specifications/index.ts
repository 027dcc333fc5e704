import type { ServerModule } from "../../platform/module";
import { specificationsRoutes } from "./routes";

/** The frameworks catalogue: no tables of its own, everything comes from packages/frameworks. */
export const specificationsModule: ServerModule = {
  name: "specifications",
  routes: specificationsRoutes,
};
