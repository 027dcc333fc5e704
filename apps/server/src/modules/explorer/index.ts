import type { ServerModule } from "../../platform/module";
import { explorerRoutes } from "./routes";

/** The data explorer at /api/explorer: data points of many companies and years in one table. */
export const explorerModule: ServerModule = {
  name: "explorer",
  routes: explorerRoutes,
};
