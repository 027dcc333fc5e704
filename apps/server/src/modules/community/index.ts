import { companyRolesAllow } from "@openverde/frameworks/access";
import type { ServerModule } from "../../platform/module";
import { provideCompanyOwnershipCheck } from "../companies";
import { allowCompanyUploaders } from "../documents";
import { USER_DELETED, type UserDeletedPayload } from "../identity";
import { commands } from "./commands";
import { communityRoutes } from "./routes";
import { seedDemoCommunity } from "./seed";
import { companyRolesOf, forgetUser } from "./service";

// The companies module asks through this whether a user owns a company.
provideCompanyOwnershipCheck(async (db, userId, companyId) =>
  (await companyRolesOf(db, userId, companyId)).includes("CompanyOwner"),
);

// Spec §6: owners and data uploaders of a company upload for it; the documents module asks through this.
allowCompanyUploaders(async (db, user, companyId) =>
  companyRolesAllow(await companyRolesOf(db, user.userId, companyId), "uploadForCompany"),
);

/**
 * Company roles, ownership claims and e-mail checks, at /community (the requests module serves the
 * request operations under the same prefix).
 */
export const communityModule: ServerModule = {
  name: "community",
  migrationsDir: new URL("./migrations", import.meta.url).pathname,
  routes: communityRoutes,
  seedDemo: seedDemoCommunity,
  commands,
  events: () => ({
    [USER_DELETED]: [async (event, trx) => forgetUser(trx, (event.payload as UserDeletedPayload).userId)],
  }),
};

// What other modules ask of the community module.
export { COMPANY_ROLES, type CompanyRole } from "./model";
// The realm roles a user inherits from their companies' rights (modules/registry.ts adds them to the
// actor of every request) and the events of rights given and taken away.
export {
  COMPANY_RIGHT_ASSIGNED,
  COMPANY_RIGHT_REMOVED,
  type CompanyRightChangedPayload,
  inheritedRealmRoles,
} from "./rights";
export {
  companyIdsWhereUserHasRole,
  companyRolesOf,
  isValidEmail,
  listCompanyRoleAssignments,
} from "./service";
