import type { FastifyInstance } from "fastify";
import type { ErrorResponse } from "../../platform/http/errors";
import { messagePage } from "./pages";

type Link = { href: string; text: string };

/**
 * Where a person who met an error on one of the provider's pages can go on from, or undefined for the
 * paths that are no pages (userinfo, frames, the realm description), whose errors stay JSON.
 */
export function pageOf(realmPath: string, url: string): Link | undefined {
  const path = url.split("?")[0] ?? "";
  const resetUrl = `${realmPath}/login-actions/reset-credentials`;
  if (path === resetUrl) return { href: resetUrl, text: "Start again" };
  const signIn = `${realmPath}/login-actions/`;
  const uid = path.startsWith(signIn) ? path.slice(signIn.length).split("/")[0] : undefined;
  if (uid) return { href: `${signIn}${uid}`, text: "Back to the sign-in" };
  if (path === `${realmPath}/account` || path.startsWith(`${realmPath}/account/`))
    return { href: `${realmPath}/account`, text: "Back to your account" };
  return undefined;
}

const firstProblem = (payload: string) => {
  try {
    return (JSON.parse(payload) as ErrorResponse).errors[0];
  } catch {
    return undefined;
  }
};

/**
 * Errors on the sign-in, password and account pages (a rate limit's 429, a body too large, a server
 * error) become pages in the platform's look: the platform writes them in its JSON error format, which
 * a browser would show as raw text. Status and headers (Retry-After) stay as they are.
 */
export function showErrorsAsPages(app: FastifyInstance, realmPath: string): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== "string") return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return payload;
    const link = pageOf(realmPath, request.url);
    if (!link) return payload;
    const problem = firstProblem(payload);
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    return messagePage({
      title: problem?.summary ?? "Something went wrong",
      message: problem?.message ?? "Please try again.",
      link,
    });
  });
}
