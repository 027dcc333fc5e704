import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { ApiError } from "./errors";

/** A limit for the routes whose method and full path match. */
export interface RateLimitRule {
  name: string;
  method: string;
  path: RegExp;
  /** Requests per minute for one caller: the signed-in user, or the address of a visitor. */
  perMinute: number;
}

/**
 * The operations an attacker would hammer: guessing API keys, filling the database with uploads, and
 * trying passwords (the identity module also slows down and locks failed sign-ins per account). Each
 * caller gets its own budget; a server instance counts for itself (behind N instances the effective
 * limit is up to N times as high, see docs/security.md).
 */
export const RATE_LIMIT_RULES: RateLimitRule[] = [
  { name: "API key validation", method: "GET", path: /^\/api-keys\/validateApiKey$/, perMinute: 60 },
  { name: "document uploads", method: "POST", path: /^\/documents\/?$/, perMinute: 60 },
  // POST /api/data/{framework}, but not the export jobs, which are reads.
  { name: "dataset uploads", method: "POST", path: /^\/api\/data\/[^/]+\/?$/, perMinute: 120 },
  {
    name: "non-sourceable statements",
    method: "POST",
    path: /^\/api\/metadata\/nonSourceable$/,
    perMinute: 120,
  },
  {
    name: "sign-in",
    method: "POST",
    path: /^\/keycloak\/realms\/[^/]+\/login-actions\/[^/]+\/(login|register)$/,
    perMinute: 60,
  },
];

function callerKey(request: FastifyRequest): string {
  const actor = request.actor;
  return actor && actor.kind === "user" ? `user:${actor.userId}` : `address:${request.ip}`;
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toUpperCase());
}

/**
 * Registers @fastify/rate-limit for the routes of RATE_LIMIT_RULES only, answering 429 in the one error
 * format with Retry-After. Register after the hook that sets request.actor and before the modules.
 * `RATE_LIMITS=off` turns it off (benchmarks that play a hundred users from one address).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { enabled: boolean; rules?: RateLimitRule[] } = { enabled: true },
): Promise<void> {
  if (!options.enabled) return;
  const rules = options.rules ?? RATE_LIMIT_RULES;
  app.addHook("onRoute", (route) => {
    const rule = rules.find(
      (candidate) =>
        methodsOf(route).includes(candidate.method) &&
        candidate.path.test(route.url.replace(/\/$/, "") || "/"),
    );
    if (!rule || route.config?.rateLimit) return;
    route.config = {
      ...(route.config ?? {}),
      rateLimit: { max: rule.perMinute, timeWindow: 60_000 },
    } as never;
  });
  await app.register(rateLimit, {
    global: false,
    hook: "onRequest",
    keyGenerator: callerKey,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        "too-many-requests",
        "Too many requests",
        `Too many requests of this kind: at most ${context.max} per minute. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        [],
        { "retry-after": String(Math.ceil(context.ttl / 1000)) },
      ),
  });
}
