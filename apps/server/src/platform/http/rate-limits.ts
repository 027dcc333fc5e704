import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from "fastify";
import { ApiError } from "./errors";
import {
  type BudgetName,
  type CallerKind,
  DEFAULT_BUDGETS,
  type RateLimitBudgets,
} from "./rate-limit-budgets";

const WINDOW_SECONDS = 60;

/** A limit for the routes whose method and full path match. */
export interface RateLimitRule {
  /** The policy's name in the RateLimit-Policy and RateLimit headers. */
  name: string;
  method: string;
  path: RegExp;
  /**
   * Requests per minute: one of the configurable budgets, which differ by kind of caller, or one
   * number for everyone (the abuse protections, which no setting loosens).
   */
  budget: BudgetName | number;
}

/**
 * The operations an attacker would hammer, and those a pipeline calls in bulk: guessing API keys
 * and passwords, and filling the database with uploads (the identity module also slows down and
 * locks failed sign-ins per account). A server instance counts for itself (behind N instances the
 * effective limit is up to N times as high, see docs/security.md).
 */
export const RATE_LIMIT_RULES: RateLimitRule[] = [
  { name: "api-key-checks", method: "GET", path: /^\/api-keys\/validateApiKey$/, budget: 60 },
  { name: "document-uploads", method: "POST", path: /^\/documents\/?$/, budget: "document-uploads" },
  // POST /api/data/{framework}, but not the export jobs, which are reads.
  { name: "dataset-uploads", method: "POST", path: /^\/api\/data\/[^/]+\/?$/, budget: "dataset-uploads" },
  {
    name: "non-sourceable",
    method: "POST",
    path: /^\/api\/metadata\/nonSourceable$/,
    budget: "non-sourceable",
  },
  {
    name: "sign-in",
    method: "POST",
    path: /^\/keycloak\/realms\/[^/]+\/login-actions\/[^/]+\/(login|register)$/,
    budget: 60,
  },
  // Each request that names an account also writes a mail, so these two are lower still.
  {
    name: "forgot-password",
    method: "POST",
    path: /^\/keycloak\/realms\/[^/]+\/login-actions\/[^/]+\/forgot-password$/,
    budget: 5,
  },
  {
    name: "password-reset",
    method: "POST",
    path: /^\/keycloak\/realms\/[^/]+\/login-actions\/reset-credentials$/,
    budget: 10,
  },
  // The admin console's changes (roles, disabling, deletion, invitations, ownership decisions): a stolen
  // admin session or a runaway script changes a few accounts, not the whole user base, before someone
  // notices.
  ...(["POST", "PUT", "DELETE"] as const).map((method) => ({
    name: "admin-changes",
    method,
    path: /^\/(admin-api\/(users|sign-in-locks)(\/|$)|community\/company-ownership-claims\/[^/]+\/(approval|decline)$)/,
    budget: 60,
  })),
];

interface Caller {
  kind: CallerKind;
  /** Whose count this request adds to: an address (IPv6 by its /64), a user's sign-in, or their API key. */
  partition: string;
  /** The factor RATE_LIMIT_RAISED gives this caller. */
  factor: number;
}

function callerOf(request: FastifyRequest, raised: ReadonlyMap<string, number>): Caller {
  const actor = request.actor;
  if (actor?.kind !== "user")
    return { kind: "visitor", partition: `address:${normalizeIP(request.ip)}`, factor: 1 };
  const kind = actor.roles.has("ROLE_ADMIN")
    ? "admin"
    : actor.roles.has("ROLE_UPLOADER")
      ? "uploader"
      : "reader";
  return {
    kind,
    // A user's browser and their pipeline each get a budget: one does not starve the other.
    partition: `${actor.via === "apiKey" ? "key" : "user"}:${actor.userId}`,
    factor: raised.get(actor.username) ?? raised.get(actor.userId) ?? 1,
  };
}

function quotaOf(rule: RateLimitRule, caller: Caller, settings: RateLimitBudgets): number {
  return typeof rule.budget === "number"
    ? rule.budget
    : settings.budgets[rule.budget][caller.kind] * caller.factor;
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((method) => method.toUpperCase());
}

/** The headers of draft-ietf-httpapi-ratelimit-headers: the policy, and what is left of it. */
function rateLimitHeaders(rule: RateLimitRule, quota: number, remaining: number, resetSeconds: number) {
  return {
    "ratelimit-policy": `"${rule.name}";q=${quota};w=${WINDOW_SECONDS}`,
    ratelimit: `"${rule.name}";r=${remaining};t=${resetSeconds}`,
  };
}

function limiterFor(
  app: FastifyInstance,
  rule: RateLimitRule,
  settings: RateLimitBudgets,
): onRequestHookHandler {
  const check = app.createRateLimit({
    timeWindow: WINDOW_SECONDS * 1000,
    keyGenerator: (request) => `${rule.name}|${callerOf(request, settings.raised).partition}`,
    max: (request) => quotaOf(rule, callerOf(request, settings.raised), settings),
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await check(request);
    if (state.isAllowed) return;
    const headers = rateLimitHeaders(rule, state.max, state.remaining, state.ttlInSeconds);
    if (!state.isExceeded) {
      reply.headers(headers);
      return;
    }
    throw new ApiError(
      429,
      "too-many-requests",
      "Too many requests",
      `Too many requests of this kind: at most ${state.max} per minute. Try again in ${state.ttlInSeconds} seconds.`,
      [],
      { ...headers, "retry-after": String(state.ttlInSeconds) },
    );
  };
}

/**
 * Limits the routes of RATE_LIMIT_RULES, each caller counted on its own, answering 429 in the one
 * error format with Retry-After, and telling every caller its policy and what is left of it.
 * Register after the hook that sets request.actor and before the modules. `RATE_LIMITS=off` turns
 * it off (benchmarks that play a hundred users from one address).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { enabled: boolean; budgets?: RateLimitBudgets; rules?: RateLimitRule[] },
): Promise<void> {
  if (!options.enabled) return;
  const settings = options.budgets ?? { budgets: DEFAULT_BUDGETS, raised: new Map() };
  const rules = options.rules ?? RATE_LIMIT_RULES;
  await app.register(rateLimit, { global: false });
  const limiters = new Map(rules.map((rule) => [rule, limiterFor(app, rule, settings)]));
  app.addHook("onRoute", (route) => {
    const path = route.url.replace(/\/$/, "") || "/";
    const rule = rules.find(
      (candidate) => methodsOf(route).includes(candidate.method) && candidate.path.test(path),
    );
    const limiter = rule && limiters.get(rule);
    if (!limiter) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...own, limiter];
  });
}
