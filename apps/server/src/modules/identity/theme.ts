import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { TOKENS_PATH } from "./pages";

/** The design tokens in the web app's sources: what its build copies to /theme/tokens.css. */
const TOKENS_SOURCE = new URL("../../../../web/public/theme/tokens.css", import.meta.url).pathname;

/**
 * The sign-in pages take their look from the product's design tokens. A built web app serves them;
 * without one (API-only tests, a server beside another front end) this serves them from the sources,
 * so the pages look the same either way.
 */
export function serveDesignTokens(app: FastifyInstance, webDistDir: string): void {
  // The web app's static files are served only when its index.html is there (platform/http/web-app.ts).
  const servedByWebApp =
    existsSync(join(webDistDir, "index.html")) && existsSync(join(webDistDir, TOKENS_PATH));
  if (servedByWebApp) return;
  if (!existsSync(TOKENS_SOURCE)) {
    app.log.warn({ path: TOKENS_SOURCE }, "design tokens not found: the sign-in pages will look plain");
    return;
  }
  const css = readFileSync(TOKENS_SOURCE, "utf8");
  app.get(TOKENS_PATH, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "no-cache").send(css),
  );
}
