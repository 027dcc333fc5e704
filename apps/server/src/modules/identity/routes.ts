import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isSignedIn } from "../../platform/auth/actor";
import { ApiError, unauthorized } from "../../platform/http/errors";
import { SAME_ORIGIN_FRAMING } from "../../platform/http/security-headers";
import type { ModuleContext } from "../../platform/module";
import { forgetOtherSessionsOf, forgetSessionsOf } from "./adapter";
import { type IdentityConfig, identityConfig } from "./config";
import { showErrorsAsPages } from "./error-pages";
import { forwardAsSeen } from "./forwarded";
import { frameHtml, frameScripts } from "./frames";
import {
  accountPage,
  forgotPasswordPage,
  loginPage,
  messagePage,
  registerPage,
  resetLinkSentPage,
  resetPasswordPage,
} from "./pages";
import { type PasswordChecker, passwordChecker } from "./password-check";
import { openResetLink, type ResetLink, requestPasswordReset, resetPasswordWithLink } from "./password-reset";
import {
  ACCOUNT_CLIENT_ID,
  API_RESOURCE,
  createEmbeddedProvider,
  type EmbeddedProvider,
  SESSION_STATE_COOKIE,
} from "./provider";
import { createUser, deleteUser, getUserById, setPassword, type User, updateProfile } from "./service";
import { serveDesignTokens } from "./theme";
import { loginThrottle } from "./throttle";

type Form = Record<string, string | undefined>;

interface Interaction {
  uid: string;
  prompt: { name: string };
  params: Record<string, string | undefined>;
  session?: { accountId?: string };
  grantId?: string;
}

const sendHtml = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

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

function registerPages(
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

const lockedMessage = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins. For your safety, signing in is paused: try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/** The answer to `?notice=` on the sign-in page after a new password was set with a reset link. */
const PASSWORD_CHANGED = "password-changed";

const showPasswordChanged = (reply: FastifyReply, signInUrl: string) =>
  sendHtml(
    reply,
    messagePage({
      title: "Your password is changed",
      message: "Sign in with your new password. For your safety, you were signed out everywhere.",
      link: { href: signInUrl, text: "Sign in to Openverde" },
    }),
  );

const LINK_PROBLEMS: Record<Exclude<ResetLink["state"], "open">, { title: string; message: string }> = {
  expired: {
    title: "This link has expired",
    message: "A link to choose a new password works for a limited time only. Ask for a new one.",
  },
  used: {
    title: "This link was used already",
    message:
      "Each link works once. If you just set your password, sign in with it; if you did not, ask for a new link now.",
  },
  superseded: {
    title: "A newer link was sent",
    message: "You asked for a new password more than once: only the link in the newest e-mail works.",
  },
  unknown: {
    title: "This link does not work",
    message: "It may have been cut off: copy the whole link from the e-mail, or ask for a new one.",
  },
};

/**
 * Forgot password, as in Keycloak: the sign-in page links to a form asking for the account, which
 * always gives the same answer; the e-mailed link opens `login-actions/reset-credentials`, where the
 * new password is chosen. That path without a link shows the form too.
 */
function registerPasswordReset(
  app: FastifyInstance,
  context: ModuleContext,
  config: IdentityConfig,
  interactionUrl: (uid: string, action?: string) => string,
): void {
  const { db } = context.database;
  const resetUrl = `${config.realmPath}/login-actions/reset-credentials`;
  const validMinutes = Math.round(config.passwordResetSeconds / 60);

  const askForLink = async (
    request: FastifyRequest<{ Body: Form }>,
    reply: FastifyReply,
    where: { action: string; loginUrl: string; interactionUid: string | null },
  ) => {
    const login = (request.body?.username ?? "").trim();
    if (!login || login.length > 320)
      return sendHtml(
        reply,
        forgotPasswordPage({ ...where, login, error: "Enter your username or e-mail address." }),
        400,
      );
    await requestPasswordReset(db, { login, interactionUid: where.interactionUid });
    request.log.info({ event: "password-reset-requested" }, "password reset asked for");
    return sendHtml(reply, resetLinkSentPage({ loginUrl: where.loginUrl, validMinutes }));
  };

  const fromSignIn = (uid: string) => ({
    action: interactionUrl(uid, "/forgot-password"),
    loginUrl: interactionUrl(uid),
    interactionUid: uid,
  });
  const standalone = { action: resetUrl, loginUrl: `${config.publicUrl}/`, interactionUid: null };

  app.get<{ Params: { uid: string } }>(
    `${config.realmPath}/login-actions/:uid/forgot-password`,
    async (request, reply) => sendHtml(reply, forgotPasswordPage(fromSignIn(request.params.uid))),
  );
  app.post<{ Params: { uid: string }; Body: Form }>(
    `${config.realmPath}/login-actions/:uid/forgot-password`,
    async (request, reply) => askForLink(request, reply, fromSignIn(request.params.uid)),
  );

  const linkProblem = (reply: FastifyReply, state: Exclude<ResetLink["state"], "open">) =>
    sendHtml(
      reply,
      messagePage({ ...LINK_PROBLEMS[state], link: { href: resetUrl, text: "Ask for a new link" } }),
      400,
    );

  app.get<{ Querystring: { token?: string } }>(resetUrl, async (request, reply) => {
    if (request.query.token === undefined) return sendHtml(reply, forgotPasswordPage(standalone));
    const link = await openResetLink(db, request.query.token);
    if (link.state !== "open") return linkProblem(reply, link.state);
    return sendHtml(
      reply,
      resetPasswordPage({ action: resetUrl, token: request.query.token, username: link.user.username }),
    );
  });

  app.post<{ Body: Form }>(resetUrl, async (request, reply) => {
    const form = request.body ?? {};
    if (form.token === undefined) return askForLink(request, reply, standalone);
    let link: ResetLink;
    try {
      link = await resetPasswordWithLink(db, form.token, form.password ?? "", form.passwordConfirm ?? "");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = await openResetLink(db, form.token);
      if (current.state !== "open") return linkProblem(reply, current.state);
      return sendHtml(
        reply,
        resetPasswordPage({
          action: resetUrl,
          token: form.token,
          username: current.user.username,
          error: error.message,
        }),
        error.httpStatus,
      );
    }
    if (link.state !== "open") return linkProblem(reply, link.state);
    request.log.info({ event: "password-reset", userId: link.user.userId }, "password set with a reset link");
    // Back to the sign-in the person started from; its page shows the notice, or this page if it is gone.
    if (link.interactionUid)
      return reply.redirect(`${interactionUrl(link.interactionUid)}?notice=${PASSWORD_CHANGED}`, 303);
    return showPasswordChanged(reply, `${config.publicUrl}/companies`);
  });
}

function registerAccount(
  app: FastifyInstance,
  context: ModuleContext,
  config: IdentityConfig,
  embedded: EmbeddedProvider,
  checkPassword: PasswordChecker,
) {
  const { db } = context.database;
  const { provider } = embedded;
  const base = `${config.realmPath}/account`;
  const csrfFor = (sessionId: string) =>
    createHmac("sha256", embedded.cookieSecret).update(`account:${sessionId}`).digest("base64url");

  const currentSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await provider.Session.get({
      req: request.raw,
      res: reply.raw,
      secure: request.protocol === "https",
    });
    const accountId: string | undefined = session?.accountId;
    const user = accountId ? await getUserById(db, accountId) : undefined;
    return user ? { session: session as { jti: string }, user } : undefined;
  };

  const signInFirst = (reply: FastifyReply) => {
    const verifier = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({
      client_id: ACCOUNT_CLIENT_ID,
      response_type: "code",
      scope: "openid",
      redirect_uri: `${config.issuer}/account/callback`,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: randomBytes(12).toString("base64url"),
    });
    return reply.redirect(`${config.realmPath}/protocol/openid-connect/auth?${query}`, 302);
  };

  const show = (
    reply: FastifyReply,
    user: User,
    sessionId: string,
    extra: { error?: string; notice?: string } = {},
    status = 200,
  ) =>
    sendHtml(
      reply,
      accountPage({
        user: { username: user.username, name: user.name, email: user.email, roles: user.roles },
        csrf: csrfFor(sessionId),
        action: (what) => `${base}/${what}`,
        homeUrl: `${config.publicUrl}/`,
        logoutUrl: `${config.realmPath}/protocol/openid-connect/logout`,
        ...extra,
      }),
      status,
    );

  app.get(base, async (request, reply) => {
    const current = await currentSession(request, reply);
    if (!current) return signInFirst(reply);
    return show(reply, current.user, current.session.jti);
  });

  // The account pages only need the provider's session, which the sign-in made; the code is not used.
  app.get(`${base}/callback`, async (_request, reply) => reply.redirect(base, 303));

  const guarded = (
    what: string,
    action: (
      user: User,
      form: Form,
      request: FastifyRequest,
      reply: FastifyReply,
      sessionId: string,
    ) => Promise<unknown>,
  ) =>
    app.post<{ Body: Form }>(`${base}/${what}`, async (request, reply) => {
      const current = await currentSession(request, reply);
      if (!current) return signInFirst(reply);
      const form = request.body ?? {};
      const expected = Buffer.from(csrfFor(current.session.jti));
      const given = Buffer.from(form.csrf ?? "");
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return show(
          reply,
          current.user,
          current.session.jti,
          { error: "The form has expired. Please try again." },
          403,
        );
      try {
        return await action(current.user, form, request, reply, current.session.jti);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        reply.headers(error.headers);
        return show(reply, current.user, current.session.jti, { error: error.message }, error.httpStatus);
      }
    });

  // The current password is checked like a sign-in, from the same budget: a stolen session cannot guess it.
  const confirmPassword = async (user: User, password: string | undefined, request: FastifyRequest) => {
    const check = await checkPassword({ userId: user.userId }, password ?? "", request.ip);
    if (check.outcome === "locked") {
      request.log.warn({ event: "password-confirmation-locked" }, "password confirmation refused");
      throw new ApiError(
        429,
        "too-many-requests",
        "Too many attempts",
        lockedMessage(check.retryAfterSeconds),
        [],
        { "retry-after": String(check.retryAfterSeconds) },
      );
    }
    if (check.outcome === "wrong")
      throw new ApiError(400, "invalid-input", "Wrong password", "Your current password is not correct.");
  };

  guarded("profile", async (user, form, _request, reply, sessionId) => {
    const updated = await updateProfile(db, user.userId, {
      name: form.name ?? user.name,
      email: form.email ?? user.email,
    });
    return show(reply, updated, sessionId, { notice: "Your name and e-mail address are saved." });
  });

  guarded("password", async (user, form, request, reply, sessionId) => {
    await confirmPassword(user, form.current, request);
    if ((form.password ?? "") !== (form.passwordConfirm ?? ""))
      throw new ApiError(400, "invalid-input", "Passwords differ", "The two new passwords are not the same.");
    // Whoever signed in elsewhere with the old password is signed out; this browser stays signed in.
    await db.transaction().execute(async (trx) => {
      await setPassword(trx, user.userId, form.password ?? "");
      await forgetOtherSessionsOf(trx, user.userId, sessionId);
    });
    request.log.info({ event: "password-changed", userId: user.userId }, "password changed");
    return show(reply, user, sessionId, {
      notice: "Your password is changed. You are signed out everywhere else.",
    });
  });

  guarded("delete", async (user, form, request, reply) => {
    await confirmPassword(user, form.current, request);
    await deleteUser(db, user.userId);
    await forgetSessionsOf(db, user.userId);
    request.log.info({ event: "account-deleted", userId: user.userId }, "account deleted");
    for (const name of ["OPENVERDE_SSO", "OPENVERDE_SSO.sig", "OPENVERDE_SSO.legacy"])
      reply.header("set-cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    reply.header("set-cookie", `${SESSION_STATE_COOKIE}=; Path=${config.realmPath}; Max-Age=0; SameSite=Lax`);
    return sendHtml(
      reply,
      messagePage({
        title: "Your account is deleted",
        message:
          "Your Openverde account and your sign-in sessions are gone. Thank you for having been with us.",
        link: { href: `${config.publicUrl}/`, text: "Back to Openverde" },
      }),
    );
  });
}
