import { withInheritedRoles } from "../platform/auth/inherited-roles";
import type { MigrationSource } from "../platform/db/migrations";
import type { Composition } from "../platform/module";
import { apiKeysModule, checkApiKey } from "./api-keys";
import { auditModule } from "./audit";
import { communityModule, inheritedRealmRoles } from "./community";
import { companiesModule } from "./companies";
import { datasetsModule } from "./datasets";
import { documentsModule } from "./documents";
import { explorerModule } from "./explorer";
import { bearerAuthenticator, identityAdminSurface, identityModule } from "./identity";
import { impactModule } from "./impact";
import { mailboxModule, notificationsModule } from "./notifications";
import { portfoliosModule } from "./portfolios";
import { qaModule } from "./qa";
import { requestsModule, requestsSourcingSurface } from "./requests";
import { specificationsModule } from "./specifications";

/**
 * Which module answers which path prefix. The prefixes follow the reference API, so a client of it
 * finds every operation where it expects it. One module may publish in two groups: requests serves
 * its request operations under /community and its sourcing operations under /data-sourcing.
 */
export const composition: Composition = {
  // The audit trail publishes nothing itself: it owns its table, which the modules above write to.
  standalone: [auditModule, identityModule, mailboxModule],
  // Access tokens are identity's; API keys are checked by the api-keys module, which itself asks
  // identity about users: composed here so that neither of the two imports the other. Every signed-in
  // actor also gets the realm roles inherited from the rights of their companies (community).
  authenticator: (context) =>
    withInheritedRoles(bearerAuthenticator(context, checkApiKey), (userId) =>
      inheritedRealmRoles(context.database.db, userId),
    ),
  groups: [
    {
      prefix: "/api",
      title: "Openverde datasets API",
      description: "Companies, framework datasets, their metadata and data points, and exports.",
      modules: [companiesModule, datasetsModule, explorerModule],
    },
    {
      prefix: "/api-keys",
      title: "Openverde API keys",
      description:
        "Create, inspect, validate and revoke the API key that lets scripts call Openverde as you.",
      modules: [apiKeysModule],
    },
    {
      prefix: "/community",
      title: "Openverde community API",
      description: "Company roles, ownership claims and data requests between users and companies.",
      modules: [communityModule, requestsModule],
    },
    {
      prefix: "/data-sourcing",
      title: "Openverde data sourcing API",
      description: "The life cycle of data requests for the people who find and extract the data.",
      modules: [requestsSourcingSurface],
    },
    {
      prefix: "/documents",
      title: "Openverde documents API",
      description: "Reports behind the data: upload, metadata, search and download.",
      modules: [documentsModule],
    },
    {
      prefix: "/email",
      title: "Openverde e-mail API",
      description: "Subscriptions to notification e-mails.",
      modules: [notificationsModule],
    },
    {
      prefix: "/qa",
      title: "Openverde quality assurance API",
      description: "Review queues and verdicts for datasets and data points.",
      modules: [qaModule],
    },
    {
      prefix: "/users",
      title: "Openverde portfolios API",
      description:
        "Portfolios of companies, their data coverage and monitoring, their positions and impact reports (SFDR principal adverse impacts, PCAF financed emissions), and the currency rates those convert with.",
      modules: [portfoliosModule, impactModule],
    },
    {
      prefix: "/specifications",
      title: "Openverde framework specifications API",
      description: "The frameworks, their data point types and the rules that validate them.",
      modules: [specificationsModule],
    },
    {
      prefix: "/admin-api",
      title: "Openverde admin API",
      description:
        "For admins: people and their roles, sign-in locks, and the audit trail of privileged changes.",
      modules: [identityAdminSurface],
    },
  ],
};

export function migrationSources(of: Composition): MigrationSource[] {
  const modules = [...of.standalone, ...of.groups.flatMap((group) => group.modules)];
  return [
    { module: "platform", directory: new URL("../platform/migrations", import.meta.url).pathname },
    ...modules.flatMap((module) =>
      module.migrationsDir ? [{ module: module.name, directory: module.migrationsDir }] : [],
    ),
  ];
}
