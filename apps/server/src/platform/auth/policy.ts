/**
 * The one shape of a module's policy (docs/decisions/0011-policies-as-sentences.md). A module lists its
 * rules as a table, one entry per action, each a small function of the actor and, where the action has
 * one, the resource (or the facts about it that the service loaded): `definePolicy({ update: (actor,
 * portfolio: { userId: string }) => isUser(actor, portfolio.userId) || rolesAllow(actor, "administer")
 * })`. It gives
 * `can(actor, "update", portfolio)`, which only answers yes or no. The operation turns a no into its
 * answer with `authorize`, the same way everywhere.
 */
import { type RealmRoleRule, realmRolesAllow } from "@openverde/frameworks/access";
import { type ApiError, forbidden, unauthorized } from "../http/errors";
import { type Actor, isSignedIn, type SignedInActor } from "./actor";

/**
 * A rule answers whether the actor may take the action. Rules that must ask another module (through
 * facts handed to them) may answer with a promise; rules never touch the database themselves.
 */
type Rule = (actor: Actor, resource: never) => boolean | Promise<boolean>;

type ResourceOf<R extends Rule> = R extends (actor: Actor, ...resource: infer Rest) => unknown ? Rest : never;

/** A module's `can`: the actions are the keys of its rule table; an action without a resource takes none. */
export type Can<Rules extends Record<string, Rule>> = <A extends keyof Rules & string>(
  actor: Actor,
  action: A,
  ...resource: ResourceOf<Rules[A]>
) => ReturnType<Rules[A]>;

/** The actions a module's policy knows, as a string union. */
export type ActionOf<C> = C extends Can<infer Rules> ? keyof Rules & string : never;

export function definePolicy<Rules extends Record<string, Rule>>(rules: Rules): Can<Rules> {
  return (actor, action, ...resource) => (rules[action] as Rule)(actor, resource[0] as never) as never;
}

/**
 * Turns a rule's answer into the operation's: for a visitor a 401 (the operation needs a signed-in
 * user, whatever the rule says), for a user the rule refused a 403 with the refusal's message, or the
 * refusal itself when it is an error (a 404 where the answer must not tell that the thing exists).
 * Returns the signed-in user. Without a rule's answer it asks for sign-in only, for operations that ask
 * their rule later, once they have looked up what it needs. Operations open to visitors do not call it.
 */
export function authorize(actor: Actor, allowed = true, refusal?: string | ApiError): SignedInActor {
  if (!isSignedIn(actor)) throw unauthorized();
  if (!allowed) throw typeof refusal === "object" ? refusal : forbidden(refusal);
  return actor;
}

/** Whether the actor's realm roles allow it (the role-only rules shared with the web app). */
export const rolesAllow = (actor: Actor, rule: RealmRoleRule): boolean =>
  isSignedIn(actor) && realmRolesAllow(actor.roles, rule);

/** Whether the actor is this user. */
export const isUser = (actor: Actor, userId: string | null | undefined): boolean =>
  isSignedIn(actor) && userId != null && actor.userId === userId;
