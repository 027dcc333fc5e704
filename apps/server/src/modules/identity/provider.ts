import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isDatabaseUnavailable } from "../../platform/db/unavailable";
import { serviceUnavailable } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import { escapeHtml } from "../../platform/text/html";
import { postgresAdapter } from "./adapter";
import { selectDisabledAt } from "./admin-store";
import { ACCESS_TOKEN_SECONDS, EMBEDDED_AUDIENCE, type IdentityConfig } from "./config";
import { loadSigningKeys, sharedSecret } from "./keys";
import { logoutPage, messagePage, raw } from "./pages";
import { getUserById } from "./service";
import { userClaims } from "./tokens";

/** The resource indicator of the Openverde APIs; access tokens for it are JWTs with audience openverde-api. */
export const API_RESOURCE = "urn:openverde:api";
export const ACCOUNT_CLIENT_ID = "openverde-account";
/** A cookie the login-status frame may read: the session state the client was told, while signed in. */
export const SESSION_STATE_COOKIE = "OPENVERDE_SESSION";
const SCOPES = "openid profile email offline_access";
const API_SCOPES = "openid profile email";

export const keycloakRoutes = {
  authorization: "/protocol/openid-connect/auth",
  token: "/protocol/openid-connect/token",
  end_session: "/protocol/openid-connect/logout",
  userinfo: "/protocol/openid-connect/userinfo",
  jwks: "/protocol/openid-connect/certs",
  revocation: "/protocol/openid-connect/revoke",
  introspection: "/protocol/openid-connect/token/introspect",
};

export interface EmbeddedProvider {
  // biome-ignore lint/suspicious/noExplicitAny: oidc-provider ships no types
  provider: any;
  /** Koa's request handler, for requests whose URL is relative to the realm path. */
  callback: (req: IncomingMessage, res: ServerResponse) => void;
  cookieSecret: string;
  sessionState(sessionUid: string): string;
}

const epoch = () => Math.floor(Date.now() / 1000);

// biome-ignore lint/suspicious/noExplicitAny: oidc-provider ships no types
type Ctx = any;

/**
 * Turns the provider's answer to a request that met a database outage (its 500 server_error) into a
 * 503 with Retry-After, as the API answers then: OAuth's temporarily_unavailable error (RFC 6749,
 * 4.1.2.1) for the endpoints that answer JSON, a page saying so for those a person sees.
 */
function answerOutage(ctx: Ctx, homeUrl: string): void {
  const outage = serviceUnavailable();
  ctx.status = outage.httpStatus;
  ctx.set(outage.headers);
  ctx.set("cache-control", "no-store");
  if (ctx.response.is("html")) {
    ctx.body = messagePage({
      title: "Openverde is unavailable for a moment",
      message: outage.message,
      link: { href: homeUrl, text: "Back to Openverde" },
    });
  } else {
    ctx.body = { error: "temporarily_unavailable", error_description: outage.message };
  }
}

/** Builds the embedded OpenID Connect provider over the database; signing keys are made on first start. */
export async function createEmbeddedProvider(
  context: ModuleContext,
  config: IdentityConfig,
): Promise<EmbeddedProvider> {
  const { db } = context.database;
  const keys = await loadSigningKeys(db);
  const cookieSecret = await sharedSecret(db, "cookie-key");
  const publicOrigin = new URL(config.publicUrl).origin;
  const sessionState = (uid: string) =>
    createHash("sha256").update(`${cookieSecret}:${uid}`).digest("base64url").slice(0, 32);

  // Loaded here rather than on import: the operator's commands load this module too, have no use for
  // the provider, and would each print its warning about the Node version.
  const { default: Provider } = await import("oidc-provider");
  const provider = new Provider(config.issuer, {
    adapter: postgresAdapter(db),
    jwks: { keys: keys.privateJwks },
    clients: [
      {
        client_id: config.clientId,
        client_name: "Openverde",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: [`${config.publicUrl}/platform-redirect`, `${config.publicUrl}/silent-check-sso.html`],
        // /signed-out: the account page's sign-out, after which the app forgets the tokens it keeps.
        post_logout_redirect_uris: [`${config.publicUrl}/`, `${config.publicUrl}/signed-out`],
      },
      {
        // The account pages sign people in through the provider like any client; no token is ever taken.
        client_id: ACCOUNT_CLIENT_ID,
        client_name: "Openverde account",
        application_type: "web",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        redirect_uris: [`${config.issuer}/account/callback`],
        post_logout_redirect_uris: [`${config.issuer}/account`],
      },
    ],
    clientBasedCORS: (_ctx: Ctx, origin: string) => origin === publicOrigin,
    pkce: { required: () => true },
    responseTypes: ["code"],
    scopes: SCOPES.split(" "),
    // Keycloak puts the profile claims in every ID token whatever the scope asked for; so do we.
    claims: {
      openid: ["sub", "preferred_username", "name", "email", "email_verified", "realm_access"],
      profile: ["name", "preferred_username"],
      email: ["email", "email_verified"],
    },
    conformIdTokenClaims: false,
    extraParams: ["screen"],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: Ctx, form: string) => {
          const formId = /id="([^"]+)"/.exec(form)?.[1] ?? "op.logoutForm";
          ctx.type = "html";
          ctx.body = logoutPage({
            form: raw(form),
            formId,
            // With a valid ID token hint the client asked for the sign-out itself: no need to ask again.
            auto: Boolean(ctx.oidc.params.id_token_hint),
            scriptUrl: `${config.realmPath}/resources/logout.js`,
          });
        },
        postLogoutSuccessSource: async (ctx: Ctx) => {
          ctx.type = "html";
          ctx.body = messagePage({
            title: "You are signed out",
            message: "You have signed out of Openverde.",
            link: { href: `${config.publicUrl}/`, text: "Back to Openverde" },
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => API_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: API_SCOPES,
          audience: EMBEDDED_AUDIENCE,
          accessTokenTTL: ACCESS_TOKEN_SECONDS,
          accessTokenFormat: "jwt",
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
    findAccount: async (_ctx: Ctx, sub: string) => {
      const user = await getUserById(db, sub);
      // A disabled account has no sessions left; this refuses any that raced with disabling it.
      if (!user || (await selectDisabledAt(db, user.userId))) return undefined;
      return {
        accountId: user.userId,
        claims: async () => ({ sub: user.userId, email_verified: false, ...userClaims(user) }),
      };
    },
    extraTokenClaims: async (_ctx: Ctx, token: { kind: string; accountId?: string }) => {
      if (token.kind !== "AccessToken" || !token.accountId) return undefined;
      const user = await getUserById(db, token.accountId);
      return user ? userClaims(user) : undefined;
    },
    // Openverde's own clients need no consent screen: a grant is made as soon as the person signed in.
    loadExistingGrant: async (ctx: Ctx) => {
      const { client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (!grant)
        grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      grant.addOIDCClaims(["sub", "preferred_username", "name", "email", "email_verified", "realm_access"]);
      grant.addResourceScope(API_RESOURCE, API_SCOPES);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx: Ctx, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_SECONDS,
      Interaction: 3600,
      Session: config.refreshTokenMaxSeconds,
      Grant: config.refreshTokenMaxSeconds,
      // Idle expiry: each refresh gives a new token for another idle period, never past the maximum.
      RefreshToken: (_ctx: Ctx, token: { iiat?: number; iat?: number }) => {
        const started = token.iiat ?? token.iat ?? epoch();
        const left = config.refreshTokenMaxSeconds - (epoch() - started);
        return Math.max(1, Math.min(config.refreshTokenIdleSeconds, left));
      },
    },
    cookies: {
      keys: [cookieSecret],
      names: { session: "OPENVERDE_SSO", interaction: "OPENVERDE_INTERACTION", resume: "OPENVERDE_RESUME" },
      long: { httpOnly: true, sameSite: "lax", signed: true },
      short: { httpOnly: true, sameSite: "lax", signed: true },
    },
    interactions: {
      url: async (_ctx: Ctx, interaction: { uid: string }) =>
        `${config.realmPath}/login-actions/${interaction.uid}`,
    },
    routes: keycloakRoutes,
    discovery: {
      check_session_iframe: `${config.issuer}/protocol/openid-connect/login-status-iframe.html`,
      registration_endpoint: undefined,
    },
    renderError: async (ctx: Ctx, out: { error: string; error_description?: string }) => {
      ctx.type = "html";
      ctx.body = messagePage({
        title: "Sign-in could not continue",
        message: out.error_description ? `${out.error_description} (${out.error})` : out.error,
        link: { href: `${config.publicUrl}/`, text: "Back to Openverde" },
      });
    },
  });
  // Safe because every request reaches it with X-Forwarded-* set by the server itself (forwarded.ts).
  provider.proxy = true;

  // Post-logout redirects may go to any path of the web app's own origin.
  const allowedAfterLogout = provider.Client.prototype.postLogoutRedirectUriAllowed;
  provider.Client.prototype.postLogoutRedirectUriAllowed = function (this: unknown, value: string) {
    try {
      const url = new URL(value);
      if (url.origin === publicOrigin && !url.hash) return true;
    } catch {
      return false;
    }
    return allowedAfterLogout.call(this, value);
  };

  provider.use(async (ctx: Ctx, next: () => Promise<void>) => {
    await next();
    const route: string | undefined = ctx.oidc?.route;
    // Keycloak's token answer says how long the refresh token lives; clients time their session by it.
    if (route === "token" && ctx.status === 200 && ctx.body?.refresh_token) {
      const refreshToken = ctx.oidc.entities.RefreshToken;
      const lifetime = refreshToken?.exp ? refreshToken.exp - epoch() : refreshToken?.expiration;
      if (typeof lifetime === "number") ctx.body.refresh_expires_in = Math.max(0, lifetime);
    }
    // After a sign-in: the session state goes to the client with the code, and into a cookie the
    // login-status frame can compare it with.
    if ((route === "authorization" || route === "resume") && ctx.status === 303) {
      const uid: string | undefined = ctx.oidc.session?.uid;
      const location: string | undefined = ctx.response.get("location");
      if (uid && ctx.oidc.session?.accountId && location?.includes("code=")) {
        const state = sessionState(uid);
        const url = new URL(location);
        if (url.hash.includes("code=")) url.hash = `${url.hash.slice(1)}&session_state=${state}`;
        else url.searchParams.set("session_state", state);
        ctx.redirect(url.href);
        ctx.status = 303;
        ctx.cookies.set(SESSION_STATE_COOKIE, state, {
          httpOnly: false,
          sameSite: "lax",
          path: config.realmPath,
          secure: ctx.secure,
          signed: false,
        });
      }
    }
    if (route === "end_session_confirm" && ctx.oidc.params?.logout) {
      ctx.cookies.set(SESSION_STATE_COOKIE, null, { path: config.realmPath, signed: false });
    }
  });

  // The provider's error handlers write their answer, then tell of the error; the answer is mended here.
  const OUTAGE = Symbol("database unavailable");
  provider.use(async (ctx: Ctx, next: () => Promise<void>) => {
    await next();
    if (ctx.state[OUTAGE]) answerOutage(ctx, `${config.publicUrl}/`);
  });

  provider.on("server_error", (ctx: Ctx, error: Error) => {
    if (isDatabaseUnavailable(error)) {
      ctx.state[OUTAGE] = true;
      context.log.warn({ err: error }, "identity provider: database unavailable");
    } else {
      context.log.error({ err: error }, "identity provider error");
    }
  });

  return { provider, callback: provider.callback(), cookieSecret, sessionState };
}

export { escapeHtml };
