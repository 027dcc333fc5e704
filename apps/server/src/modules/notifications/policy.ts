import type { Actor } from "../../platform/auth/actor";

/**
 * Anyone may unsubscribe with the id from an e-mail's unsubscribe link: the id is known only to the
 * address it was sent to, and unsubscribing is the one thing it allows.
 */
export const mayUnsubscribe = (_actor: Actor): true => true;

/** The demo mailbox exists only in demo mode, and there anyone may read it. */
export const mayReadDemoMailbox = (demo: boolean): boolean => demo;
