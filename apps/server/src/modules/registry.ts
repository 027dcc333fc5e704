import { anonymousOnly } from "../platform/auth/anonymous-only";
import type { MigrationSource } from "../platform/db/migrations";
import type { Composition } from "../platform/module";

export const REALM = process.env.REALM?.trim() || "openverdesecurity";
export const REALM_PATH = `/keycloak/realms/${REALM}`;

/**
 * Which module answers which path prefix. The prefixes and the module split follow the reference
 * API, so a client of it finds every operation where it expects it.
 */
export const composition: Composition = {
  standalone: [],
  authenticator: anonymousOnly,
  groups: [
    {
      prefix: "/api",
      title: "Openverde datasets API",
      description: "Companies, framework datasets, their metadata and data points, and exports.",
      modules: [],
    },
    {
      prefix: "/api-keys",
      title: "Openverde API keys",
      description:
        "Create, inspect, validate and revoke the API key that lets scripts call Openverde as you.",
      modules: [],
    },
    {
      prefix: "/community",
      title: "Openverde community API",
      description: "Company roles, ownership claims and data requests between users and companies.",
      modules: [],
    },
    {
      prefix: "/data-sourcing",
      title: "Openverde data sourcing API",
      description: "The life cycle of data requests for the people who find and extract the data.",
      modules: [],
    },
    {
      prefix: "/documents",
      title: "Openverde documents API",
      description: "Reports behind the data: upload, metadata, search and download.",
      modules: [],
    },
    {
      prefix: "/email",
      title: "Openverde e-mail API",
      description: "Subscriptions to notification e-mails.",
      modules: [],
    },
    {
      prefix: "/qa",
      title: "Openverde quality assurance API",
      description: "Review queues and verdicts for datasets and data points.",
      modules: [],
    },
    {
      prefix: "/users",
      title: "Openverde portfolios API",
      description: "Portfolios of companies, their data coverage and monitoring.",
      modules: [],
    },
    {
      prefix: "/specifications",
      title: "Openverde framework specifications API",
      description: "The frameworks, their data point types and the rules that validate them.",
      modules: [],
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
