import type { ServerModule } from "../../platform/module";
import { provideCompanyOwnershipCheck } from "../companies/service";
import { allowCompanyUploaders } from "../documents/policy";
import { USER_DELETED, type UserDeletedPayload } from "../identity/service";
import { communityRoutes } from "./routes";
import { seedDemoCommunity } from "./seed";
import {
  answerRequestsWithDataset,
  closeRequestsAsNonSourceable,
  companyRolesOf,
  type DatasetActivatedPayload,
  type DatasetNonSourceablePayload,
  forgetUser,
} from "./service";

// The companies module asks through this whether a user owns a company.
provideCompanyOwnershipCheck(async (db, userId, companyId) =>
  (await companyRolesOf(db, userId, companyId)).includes("CompanyOwner"),
);

// Spec §6: owners and data uploaders of a company upload for it; the documents module asks through this.
allowCompanyUploaders(async (db, user, companyId) =>
  (await companyRolesOf(db, user.userId, companyId)).some(
    (role) => role === "CompanyOwner" || role === "DataUploader",
  ),
);

/** Company roles, ownership claims and the data requests between users and companies, at /community. */
export const communityModule: ServerModule = {
  name: "community",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: communityRoutes,
  seedDemo: seedDemoCommunity,
  events: () => ({
    "dataset.activated": [
      async (event, trx) => {
        await answerRequestsWithDataset(trx, event.payload as DatasetActivatedPayload);
      },
    ],
    "dataset.nonSourceable": [
      async (event, trx) => {
        await closeRequestsAsNonSourceable(trx, event.payload as DatasetNonSourceablePayload);
      },
    ],
    [USER_DELETED]: [async (event, trx) => forgetUser(trx, (event.payload as UserDeletedPayload).userId)],
  }),
};
