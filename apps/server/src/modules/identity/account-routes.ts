import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import { forgetOtherSessionsOf, forgetSessionsOf } from "./adapter";
import type { IdentityConfig } from "./config";
import { type Form, lockedMessage, sendHtml } from "./page-replies";
import { accountPage, messagePage } from "./pages";
import type { PasswordChecker } from "./password-check";
import { ACCOUNT_CLIENT_ID, type EmbeddedProvider, SESSION_STATE_COOKIE } from "./provider";
import { deleteUser, getUserById, setPassword, type User, updateProfile } from "./service";

/** The account pages at {realm}/account: profile, password and deleting the account, forms with CSRF tokens. */
export function registerAccount(
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

  // Signing out here ends the provider session and returns to the app's /signed-out, where the app
  // forgets its tokens too: signed out everywhere, not only at the provider.
  const accountLogoutUrl = `${config.realmPath}/protocol/openid-connect/logout?${new URLSearchParams({
    client_id: config.clientId,
    post_logout_redirect_uri: `${config.publicUrl}/signed-out`,
  })}`;

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
        logoutUrl: accountLogoutUrl,
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
