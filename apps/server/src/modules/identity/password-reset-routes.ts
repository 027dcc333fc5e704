import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import type { IdentityConfig } from "./config";
import { type Form, PASSWORD_CHANGED, sendHtml, showPasswordChanged } from "./page-replies";
import { forgotPasswordPage, messagePage, resetLinkSentPage, resetPasswordPage } from "./pages";
import { openResetLink, type ResetLink, requestPasswordReset, resetPasswordWithLink } from "./password-reset";

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
export function registerPasswordReset(
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
