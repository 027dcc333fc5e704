import type { RealmRole } from "@openverde/frameworks/access";

export { REALM_ROLES, type RealmRole } from "@openverde/frameworks/access";

export interface SignedInActor {
  kind: "user";
  userId: string;
  username: string;
  email: string | undefined;
  name: string | undefined;
  roles: ReadonlySet<RealmRole>;
  /** How the request proved who it is; some operations (creating API keys) need a real sign-in. */
  via: "token" | "apiKey";
}

export type Actor = { kind: "anonymous" } | SignedInActor;

export const ANONYMOUS: Actor = Object.freeze({ kind: "anonymous" });

/** Turns the Authorization header into the actor that policies see; throws a 401 ApiError for bad credentials. */
export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<Actor>;
}

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor;
  }
}

export const isSignedIn = (actor: Actor): actor is SignedInActor => actor.kind === "user";
