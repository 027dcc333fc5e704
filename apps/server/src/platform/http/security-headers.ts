import type { FastifyInstance } from "fastify";

const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The headers every response carries. They never vary with the request, so they are computed once
 * here; the helmet middleware they match rebuilt its header set on every request.
 */
export const STRICT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": Object.entries(DIRECTIVES)
    .map(([name, values]) => `${kebab(name)} ${values.join(" ")}`)
    .join(";"),
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  // The browsers' old XSS auditor did more harm than good; "0" switches it off where it still exists.
  "x-xss-protection": "0",
});

const STRICT_HEADER_ENTRIES = Object.entries(STRICT_HEADERS);

/**
 * Strict defaults for every response, set on the raw response before any handler runs: the identity
 * provider's routes answer through the raw response, and a handler may still loosen framing for
 * itself (its headers win when the response is written). Errors thrown before this hook ran get the
 * set from the error handler, the router's own early answers from `frameworkError`. HSTS is the
 * TLS-terminating proxy's job.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of STRICT_HEADER_ENTRIES) reply.raw.setHeader(name, value);
    done();
  });
}

/** For responses that the same origin may frame (login status and cookie checks). */
export const SAME_ORIGIN_FRAMING = {
  "x-frame-options": "SAMEORIGIN",
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'; object-src 'none'",
};
