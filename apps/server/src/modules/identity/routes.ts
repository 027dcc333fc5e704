import type { FastifyPluginAsync } from "fastify";
import type { ModuleContext } from "../../platform/module";
import { identityConfig } from "./config";
import { showErrorsAsPages } from "./error-pages";
import { forwardAsSeen } from "./forwarded";
import { registerPages } from "./page-routes";
import { createEmbeddedProvider } from "./provider";
import { serveDesignTokens } from "./theme";

/** The embedded provider at /keycloak/realms/{REALM}, with its pages, frames and account management. */
export const identityRoutes =
  (context: ModuleContext): FastifyPluginAsync =>
  async (app) => {
    const config = identityConfig(context.config);
    if (!config.embedded) {
      context.log.info(
        { issuer: config.issuer },
        "the embedded identity provider is off; tokens come from OIDC_ISSUER",
      );
      return;
    }
    const embedded = await createEmbeddedProvider(context, config);
    app.addHook("onRequest", async (request) => forwardAsSeen(request));
    serveDesignTokens(app, context.config.webDistDir);

    // The provider reads request bodies itself, so this scope leaves them unread.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
      scope.all(`${config.realmPath}/*`, (request, reply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        const url = raw.url ?? "/";
        raw.originalUrl = url;
        raw.url = url.slice(config.realmPath.length) || "/";
        embedded.callback(raw, reply.raw);
      });
    });

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      showErrorsAsPages(scope, config.realmPath);
      registerPages(scope, context, config, embedded);
    });
  };
