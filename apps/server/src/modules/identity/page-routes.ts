import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isSignedIn } from "../../platform/auth/actor";
import { ApiError, unauthorized } from "../../platform/http/errors";
import { SAME_ORIGIN_FRAMING } from "../../platform/http/security-headers";
import type { ModuleContext } from "../../platform/module";
import { registerAccount } from "./account-routes";
import type { IdentityConfig } from "./config";
import { frameHtml, frameScripts } from "./frames";
import { type Form, lockedMessage, PASSWORD_CHANGED, sendHtml, showPasswordChanged } from "./page-replies";
import { loginPage, messagePage, registerPage } from "./pages";
import { passwordChecker } from "./password-check";
import { registerPasswordReset } from "./password-reset-routes";
import { API_RESOURCE, type EmbeddedProvider, SESSION_STATE_COOKIE } from "./provider";
import { createUser, getUserById, type User } from "./service";
import { loginThrottle } from "./throttle";

interface Interaction {
  uid: string;
  prompt: { name: string };
  params: Record<string, string | undefined>;
  session?: { accountId?: string };
  grantId?: string;
}

/**
 * The realm's own pages and endpoints beside the provider: sign-in and registration, the password
 * reset, userinfo, the hidden frames, the realm description and the account pages.
 */
export function registerPages(
  app: FastifyInstance,
  context: ModuleContext,
  config: IdentityConfig,
  embedded: EmbeddedProvider,
): void {
  const { db } = context.database;
  const { provider } = embedded;
  const base = config.realmPath;
  const publicOrigin = new URL(config.publicUrl).origin;
  const throttle = loginThrottle(db, {
    maxFailures: config.loginMaxFailures,
    maxAddressFailures: config.loginMaxFailures * 5,
    lockSeconds: config.loginLockSeconds,
  });
  const checkPassword = passwordChecker(db, throttle);
  const scripts = frameScripts(SESSION_STATE_COOKIE);
  const interactionUrl = (uid: string, action = "") => `${base}/login-actions/${uid}${action}`;

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      messagePage({
        title: "Please start again",
        message:
          "This sign-in page has expired or was opened in another browser. Please start again from Openverde.",
        link: { href: `${config.publicUrl}/`, text: "Back to Openverde" },
      }),
      400,
    );

  const loadInteraction = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
    try {
      const details = (await provider.interactionDetails(request.raw, reply.raw)) as Interaction;
      return details.uid === uid ? details : undefined;
    } catch {
      return undefined;
    }
  };

  const finish = async (request: FastifyRequest, reply: FastifyReply, result: object, merge = false) => {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
  };

  const showLogin = (
    reply: FastifyReply,
    uid: string,
    extra: { login?: string; error?: string; notice?: string } = {},
    status = 200,
  ) =>
    sendHtml(
      reply,
      loginPage({
        action: interactionUrl(uid, "/login"),
        registerUrl: interactionUrl(uid, "/register"),
        forgotUrl: interactionUrl(uid, "/forgot-password"),
        ...extra,
      }),
      status,
    );

  const showRegister = (
    reply: FastifyReply,
    uid: string,
    extra: { values?: Form; error?: string } = {},
    status = 200,
  ) =>
    sendHtml(
      reply,
      registerPage({ action: interactionUrl(uid, "/register"), loginUrl: interactionUrl(uid), ...extra }),
      status,
    );

  app.get<{ Params: { uid: string }; Querystring: { notice?: string } }>(
    `${base}/login-actions/:uid`,
    async (request, reply) => {
      const passwordChanged = request.query.notice === PASSWORD_CHANGED;
      const details = await loadInteraction(request, reply, request.params.uid);
      if (!details)
        return passwordChanged ? showPasswordChanged(reply, `${config.publicUrl}/companies`) : expired(reply);
      if (details.prompt.name === "login") {
        if (details.params.screen === "register") return showRegister(reply, details.uid);
        return showLogin(reply, details.uid, {
          login: details.params.login_hint,
          ...(passwordChanged ? { notice: "Your password is changed. Sign in with the new one." } : {}),
        });
      }
      // Openverde's own clients need no consent: grant what they ask for and go on.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id });
      grant.addOIDCScope("openid profile email offline_access");
      grant.addResourceScope(API_RESOURCE, "openid profile email");
      const grantId = await grant.save();
      await finish(request, reply, { consent: { grantId } }, true);
    },
  );

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${base}/login-actions/:uid/login`,
    async (request, reply) => {
      const details = await loadInteraction(request, reply, request.params.uid);
      if (details?.prompt.name !== "login") return expired(reply);
      const login = (request.body?.username ?? "").trim();
      const password = request.body?.password ?? "";
      if (!login || !password)
        return showLogin(
          reply,
          details.uid,
          { login, error: "Enter your username or e-mail address and your password." },
          400,
        );
      const check = await checkPassword({ login }, password, request.ip);
      if (check.outcome === "locked") {
        request.log.warn({ event: "sign-in-locked" }, "sign-in refused: too many failures");
        reply.header("retry-after", String(check.retryAfterSeconds));
        return showLogin(reply, details.uid, { login, error: lockedMessage(check.retryAfterSeconds) }, 429);
      }
      if (check.outcome === "wrong") {
        request.log.info({ event: "sign-in-failed" }, "sign-in failed");
        return showLogin(
          reply,
          details.uid,
          { login, error: "The username or password is not correct." },
          401,
        );
      }
      if (check.outcome === "disabled") {
        request.log.info({ event: "sign-in-disabled" }, "sign-in refused: account disabled");
        return showLogin(
          reply,
          details.uid,
          { login, error: "This account is disabled. Ask an administrator of Openverde to enable it." },
          403,
        );
      }
      request.log.info({ event: "sign-in", userId: check.userId }, "signed in");
      await finish(request, reply, { login: { accountId: check.userId } });
    },
  );

  app.get<{ Params: { uid: string } }>(`${base}/login-actions/:uid/register`, async (request, reply) => {
    const details = await loadInteraction(request, reply, request.params.uid);
    if (details?.prompt.name !== "login") return expired(reply);
    return showRegister(reply, details.uid);
  });

  app.post<{ Params: { uid: string }; Body: Form }>(
    `${base}/login-actions/:uid/register`,
    async (request, reply) => {
      const details = await loadInteraction(request, reply, request.params.uid);
      if (details?.prompt.name !== "login") return expired(reply);
      const form = request.body ?? {};
      const values = { username: form.username ?? "", email: form.email ?? "", name: form.name ?? "" };
      if ((form.password ?? "") !== (form.passwordConfirm ?? ""))
        return showRegister(
          reply,
          details.uid,
          { values, error: "The two passwords are not the same." },
          400,
        );
      const verdict = await throttle.addressVerdict(request.ip);
      if (!verdict.allowed)
        return showRegister(
          reply,
          details.uid,
          { values, error: "Too many attempts. Try again later." },
          429,
        );
      let user: User;
      try {
        user = await createUser(db, { ...values, password: form.password ?? "", roles: ["ROLE_USER"] });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return showRegister(reply, details.uid, { values, error: error.message }, error.httpStatus);
      }
      request.log.info({ event: "registered", userId: user.userId }, "account created");
      await finish(request, reply, { login: { accountId: user.userId } });
    },
  );

  registerPasswordReset(app, context, config, interactionUrl);

  // Keycloak's registration entry: the authorization request with the registration form first.
  app.get(`${base}/protocol/openid-connect/registrations`, async (request, reply) => {
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    query.set("screen", "register");
    return reply.redirect(`${base}/protocol/openid-connect/auth?${query}`, 302);
  });

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = request.actor;
    if (!isSignedIn(actor) || actor.via !== "token")
      throw unauthorized("Send the access token as a bearer token.");
    const user = await getUserById(db, actor.userId);
    if (!user) throw unauthorized("The account of this token no longer exists.");
    return reply.header("cache-control", "no-store").send({
      sub: user.userId,
      preferred_username: user.username,
      name: user.name || user.username,
      email: user.email,
      email_verified: false,
      realm_access: { roles: user.roles },
    });
  };
  app.get(`${base}/protocol/openid-connect/userinfo`, userinfo);
  app.post(`${base}/protocol/openid-connect/userinfo`, userinfo);

  // The hidden frames, which the web app embeds from the same origin.
  const frame = (reply: FastifyReply, title: string, script: string) =>
    reply
      .headers(SAME_ORIGIN_FRAMING)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(frameHtml(title, `${base}/resources/${script}`));
  app.get(`${base}/protocol/openid-connect/login-status-iframe.html`, async (_request, reply) =>
    frame(reply, "Login status", "login-status-iframe.js"),
  );
  app.get<{ Querystring: { client_id?: string; origin?: string } }>(
    `${base}/protocol/openid-connect/login-status-iframe.html/init`,
    async (request, reply) => {
      const ok = request.query.client_id === config.clientId && request.query.origin === publicOrigin;
      return reply
        .headers(SAME_ORIGIN_FRAMING)
        .code(ok ? 204 : 403)
        .send();
    },
  );
  app.get(`${base}/protocol/openid-connect/3p-cookies/step1.html`, async (_request, reply) =>
    frame(reply, "Cookie check", "3p-cookies-step1.js"),
  );
  app.get(`${base}/protocol/openid-connect/3p-cookies/step2.html`, async (_request, reply) =>
    frame(reply, "Cookie check", "3p-cookies-step2.js"),
  );
  app.get<{ Params: { name: string } }>(`${base}/resources/:name`, async (request, reply) => {
    const script = scripts[request.params.name];
    if (!script) throw new ApiError(404, "resource-not-found", "Not found", "There is no such resource.");
    return reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(script);
  });

  // Keycloak's realm description, which some clients read.
  app.get(base, async () => ({
    realm: config.realm,
    "token-service": `${config.issuer}/protocol/openid-connect`,
    "account-service": `${config.issuer}/account`,
    "tokens-not-before": 0,
  }));

  registerAccount(app, context, config, embedded, checkPassword);
}
