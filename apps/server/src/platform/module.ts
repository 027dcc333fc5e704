import type { Command } from "commander";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { Authenticator } from "./auth/actor";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { EventSubscriptions } from "./events";
import type { JobHandlers } from "./jobs";

/** What every module gets: the database, the configuration and a logger. */
export interface ModuleContext {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}

export interface ServerModule {
  /** Owns the migrations in `migrations/` beside it; also names it in logs. */
  name: string;
  migrationsDir?: string;
  /** Routes, registered under the module's prefix. */
  routes?: (context: ModuleContext) => FastifyPluginAsync;
  /** Adds this module's demo data; must be safe to run again. */
  seedDemo?: (context: ModuleContext) => Promise<void>;
  /** Reactions to events of any module, run in the transaction that marks the event handled. */
  events?: (context: ModuleContext) => EventSubscriptions;
  /** Work this module queues with enqueueJob and runs in the background. */
  jobs?: (context: ModuleContext) => JobHandlers;
  /** Operator commands of this module, added to `npm run cli`. */
  commands?: (program: Command, withContext: WithContext) => void;
}

/** Opens the database (migrated), runs the work and closes it again, for one CLI command. */
export type WithContext = <T>(work: (context: ModuleContext) => Promise<T>) => Promise<T>;

/** Modules that share a path prefix share one OpenAPI document and actuator. */
export interface PrefixGroup {
  prefix: string;
  title: string;
  description: string;
  modules: ServerModule[];
}

export interface Composition {
  groups: PrefixGroup[];
  /** Modules mounted at their own paths, outside the OpenAPI groups (the identity provider). */
  standalone: ServerModule[];
  authenticator: (context: ModuleContext) => Authenticator;
}
