import helmet from "@fastify/helmet";
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
 * The same strict headers as a plain object, for the few answers the router gives before any hook
 * runs (a URL that does not decode, an overlong path parameter).
 */
export const STRICT_HEADERS: Record<string, string> = {
  "content-security-policy": Object.entries(DIRECTIVES)
    .map(([name, values]) => `${kebab(name)} ${values.join(" ")}`)
    .join(";"),
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/**
 * Strict defaults for every response. The identity provider's check frames loosen framing for
 * themselves, because the web app embeds them from the same origin.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
}

/** For responses that the same origin may frame (login status and cookie checks). */
export const SAME_ORIGIN_FRAMING = {
  "x-frame-options": "SAMEORIGIN",
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'self'; object-src 'none'",
};
