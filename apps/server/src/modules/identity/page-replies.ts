/** What the realm's HTML pages answer with in common: the page itself, uncached, and shared messages. */
import type { FastifyReply } from "fastify";
import { messagePage } from "./pages";

/** A submitted HTML form, as the realm's form parser reads it. */
export type Form = Record<string, string | undefined>;

export const sendHtml = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

export const lockedMessage = (retryAfterSeconds: number) => {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins. For your safety, signing in is paused: try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/** The answer to `?notice=` on the sign-in page after a new password was set with a reset link. */
export const PASSWORD_CHANGED = "password-changed";

export const showPasswordChanged = (reply: FastifyReply, signInUrl: string) =>
  sendHtml(
    reply,
    messagePage({
      title: "Your password is changed",
      message: "Sign in with your new password. For your safety, you were signed out everywhere.",
      link: { href: signInUrl, text: "Sign in to Openverde" },
    }),
  );
