import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { composition as defaultComposition, migrationSources } from "./modules/registry";
import { ANONYMOUS } from "./platform/auth/actor";
import { realmPath } from "./platform/auth/realm";
import { serializeRequest } from "./platform/auth/redact";
import {
  type Background,
  createBackground,
  mergeJobHandlers,
  mergeSubscriptions,
} from "./platform/background";
import { readBuildInfo } from "./platform/build-info";
import type { Config } from "./platform/config";
import { type Database, openDatabase } from "./platform/db/database";
import { migrate } from "./platform/db/migrations";
import { registerActuator } from "./platform/http/actuator";
import { boundedValidators } from "./platform/http/bounded-validation";
import { registerCompression } from "./platform/http/compression";
import { frameworkError, registerErrorHandling } from "./platform/http/errors";
import { registerInputGuard } from "./platform/http/input-guard";
import { registerJsonBodyLimit } from "./platform/http/json-body";
import { registerOpenApi } from "./platform/http/openapi";
import { registerRateLimits } from "./platform/http/rate-limits";
import { registerSecurityHeaders } from "./platform/http/security-headers";
import { registerBodyTimeouts } from "./platform/http/slow-bodies";
import { registerUnreadBodyDrain } from "./platform/http/unread-bodies";
import { registerWebApp } from "./platform/http/web-app";
import type { Composition, ModuleContext, ServerModule } from "./platform/module";
import { fastifyTrustProxy } from "./platform/trust-proxy";

export interface Platform {
  app: FastifyInstance;
  database: Database;
  context: ModuleContext;
  composition: Composition;
  /** Event dispatch and jobs; main.ts starts the loop, tests call settle(). */
  background: Background;
  close(): Promise<void>;
}

export function createLogger(config: Config) {
  return {
    level: config.logLevel,
    redact: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"],
    serializers: { req: serializeRequest },
  };
}

function allModules(composition: Composition): ServerModule[] {
  return [...composition.standalone, ...composition.groups.flatMap((group) => group.modules)];
}

/** Opens the database, brings its schema up to date and builds the HTTP server; does not listen. */
export async function buildPlatform(
  config: Config,
  composition: Composition = defaultComposition,
): Promise<Platform> {
  const app = Fastify({
    logger: createLogger(config),
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    schemaController: { compilersFactory: { buildValidator: boundedValidators() } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkError,
  });
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    purpose: `openverde server on port ${config.port}`,
    timeouts: config.databaseTimeouts,
  });
  try {
    const report = await migrate(database.db, migrationSources(composition));
    if (report.applied.length > 0)
      app.log.info({ applied: report.applied.length }, "database schema updated");
    const context: ModuleContext = { config, database, log: app.log };
    const authenticator = composition.authenticator(context);
    const build = readBuildInfo(config.gitCommit);
    const modules = allModules(composition);
    const background = createBackground(
      database.db,
      mergeSubscriptions(modules.map((module) => module.events?.(context) ?? {})),
      mergeJobHandlers(modules.map((module) => module.jobs?.(context) ?? {})),
      app.log,
    );

    registerErrorHandling(app);
    registerUnreadBodyDrain(app, { stallMs: config.bodyTimeouts.stallMs });
    // Before any other hook, so that a request's slow body is timed from its first byte.
    registerBodyTimeouts(app, config.bodyTimeouts);
    app.addHook("onRequest", async (request, reply) => {
      reply.header("x-request-id", request.id);
      request.actor = ANONYMOUS;
      request.actor = await authenticator.authenticate(request.headers.authorization);
    });
    registerInputGuard(app);
    registerJsonBodyLimit(app);
    await registerSecurityHeaders(app);
    await registerRateLimits(app, { enabled: config.rateLimits, budgets: config.rateLimitBudgets });
    await registerCompression(app);

    for (const module of composition.standalone) {
      if (module.routes) await app.register(module.routes(context));
    }
    for (const group of composition.groups) {
      await app.register(
        async (scope) => {
          await registerOpenApi(scope, {
            group,
            version: build.version,
            realmPath: realmPath(config.identity.realm),
          });
          await registerActuator(scope, database, build);
          for (const module of group.modules) {
            if (module.routes) await scope.register(module.routes(context));
          }
        },
        { prefix: group.prefix },
      );
    }
    await registerWebApp(app, {
      distDir: config.webDistDir,
      reservedPrefixes: [...composition.groups.map((group) => group.prefix), "/keycloak"],
      publicUrl: config.publicUrl,
      // The app's source links point at the document itself; opened in a tab they show its viewer.
      appPagesUnderApiPrefixes: [/^\/documents\/[0-9a-f]{64}$/],
    });
    await app.ready();
    return {
      app,
      database,
      context,
      composition,
      background,
      close: async () => {
        await app.close();
        await background.stop();
        await database.close();
      },
    };
  } catch (error) {
    await app.close().catch(() => {});
    await database.close();
    throw error;
  }
}

/** Runs every module's demo seed in composition order; each seed is idempotent. */
export async function seedDemo(
  context: ModuleContext,
  composition: Composition = defaultComposition,
): Promise<void> {
  for (const module of allModules(composition)) {
    if (module.seedDemo) await module.seedDemo(context);
  }
}
