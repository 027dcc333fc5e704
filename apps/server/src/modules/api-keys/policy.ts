import { type Actor, requireSignedIn, type SignedInActor } from "../../platform/auth/actor";
import { forbidden } from "../../platform/http/errors";

/** Anyone signed in may create a key for themselves, but only after a real sign-in: a key cannot breed keys. */
export function mayGenerateApiKey(actor: Actor): SignedInActor {
  const user = requireSignedIn(actor);
  if (user.via !== "token")
    throw forbidden("Sign in to create an API key; an API key cannot be used to create another one.");
  return user;
}

/** Anyone signed in may see whether they have a key, and revoke it. */
export const mayReadOwnApiKey = (actor: Actor): SignedInActor => requireSignedIn(actor);
export const mayRevokeOwnApiKey = (actor: Actor): SignedInActor => requireSignedIn(actor);

/** Anyone may check a key they hold: the answer says nothing about keys they do not. */
export const mayValidateApiKey = (_actor: Actor): true => true;
