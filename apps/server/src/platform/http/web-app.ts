import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { notFoundResponse } from "./errors";
import { SAME_ORIGIN_FRAMING } from "./security-headers";

export interface WebAppOptions {
  distDir: string;
  /** Path prefixes that belong to the API or the identity provider and never fall back to the app. */
  reservedPrefixes: string[];
  /** The address people reach the platform at (PUBLIC_URL); sign-in only returns there. */
  publicUrl: string;
  /**
   * Paths under a reserved prefix that are also pages of the app: a browser navigating there (HTML
   * wanted, no credentials) gets the app, any other caller the API's answer. A document link
   * (/documents/{id}#page=N) opened in a new tab must show the viewer, not a 401 in JSON.
   */
  appPagesUnderApiPrefixes?: RegExp[];
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The same page under the public address, for a page opened through another name of this machine
 * (localhost for 127.0.0.1, or the other way round). The identity provider only sends a sign-in back
 * to the public address, so a page opened under the other name could never finish one.
 */
function publicAddressOf(request: FastifyRequest, publicUrl: URL): string | undefined {
  const [name, port = ""] = (request.headers.host ?? "").toLowerCase().split(/:(?=\d*$)/);
  if (!name || !LOOPBACK_NAMES.has(name) || !LOOPBACK_NAMES.has(publicUrl.hostname)) return undefined;
  if (name === publicUrl.hostname || port !== publicUrl.port) return undefined;
  return `${publicUrl.origin}${request.url}`;
}

const ASSET_PREFIX = "/assets/";
// The sign-in library loads this page in a hidden frame of the app to check the session silently.
const SAME_ORIGIN_FRAMED_FILES = new Set(["silent-check-sso.html"]);

function isReserved(url: string, reserved: string[]): boolean {
  return reserved.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

/**
 * Serves the built web app. Deep links such as /companies/123 are routes of the app, so an HTML
 * request for an unknown path gets index.html; API paths keep their JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexFile = join(options.distDir, "index.html");
  const hasApp = existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files, so bundles are not compressed per request.
      preCompressed: true,
      // Vite puts a content hash in every asset name, so those never change under their URL.
      setHeaders: (reply, path) => {
        const immutable = path.startsWith(join(options.distDir, ASSET_PREFIX));
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        if (SAME_ORIGIN_FRAMED_FILES.has(basename(path))) reply.headers(SAME_ORIGIN_FRAMING);
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, "the web app is not built; run npm run build to serve it");
  }
  const publicUrl = new URL(options.publicUrl);
  const appPages = options.appPagesUnderApiPrefixes ?? [];
  if (hasApp && appPages.length > 0) {
    app.addHook("onRequest", async (request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      if (!wantsHtml(request) || request.headers.authorization || !appPages.some((page) => page.test(path)))
        return;
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (
      hasApp &&
      wantsHtml(request) &&
      !isReserved(path, options.reservedPrefixes) &&
      !path.startsWith(ASSET_PREFIX)
    ) {
      const publicAddress = publicAddressOf(request, publicUrl);
      if (publicAddress) return reply.redirect(publicAddress, 302);
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).type("application/json").send(notFoundResponse(request.method, request.url));
  });
}
