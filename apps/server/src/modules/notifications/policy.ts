import { definePolicy } from "../../platform/auth/policy";

/**
 * Who may do what with notifications. Anyone may unsubscribe with the id from an e-mail's unsubscribe
 * link (unsubscribeUuid): the id is known only to the address it was sent to, and unsubscribing is the
 * one thing it allows, so that operation needs no rule.
 */
export const can = definePolicy({
  /** The demo mailbox exists only in demo mode, and there anyone may read it. */
  readDemoMailbox: (_actor, platform: { demo: boolean }) => platform.demo,
});
