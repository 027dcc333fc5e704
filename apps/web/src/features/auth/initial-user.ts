import type { User, UserManager } from "oidc-client-ts";
import { PLATFORM_REDIRECT_PATH, SIGNED_OUT_PATH } from "./oidc-config";
import { sessionStore } from "./session-store";
import { FORCED_SIGN_IN_BEFORE_EXPIRY_MS } from "./session-timer";

export interface InitialSession {
  user: User | null;
  /** Set when this page load is the provider's redirect back after a sign-in. */
  returnTo?: string;
}

interface SignInState {
  returnTo?: string;
}

/**
 * Works out who is signed in when the app starts: a sign-in that is just coming back, a session kept
 * from earlier, or a provider session found by the silent check. Any failure on the way (provider
 * down, login required) means signed out, as spec §8 asks.
 */
export async function resolveInitialSession(manager: UserManager): Promise<InitialSession> {
  try {
    assertWebCrypto();
    await manager.clearStaleState();
    if (window.location.pathname === SIGNED_OUT_PATH) {
      // The provider session ended outside the app; the tokens kept here must go with it (the other
      // tabs hear of it through the shared store and show their signed-out notice).
      await forget(manager);
      return { user: null };
    }
    if (isSignInCallback(window.location)) {
      const user = await manager.signinRedirectCallback();
      window.history.replaceState(window.history.state, "", window.location.pathname);
      return { user, returnTo: (user.state as SignInState | undefined)?.returnTo };
    }
    const stored = await manager.getUser();
    if (stored && hasLiveRefreshToken()) return { user: stored };
    if (stored) await forget(manager);
    return { user: await manager.signinSilent() };
  } catch (error) {
    console.info("Not signed in:", error instanceof Error ? error.message : error);
    return { user: null };
  }
}

export async function forget(manager: UserManager): Promise<void> {
  sessionStore.clear();
  await manager.removeUser();
}

function isSignInCallback(location: Location): boolean {
  const params = new URLSearchParams(location.hash.slice(1));
  return location.pathname === PLATFORM_REDIRECT_PATH && params.has("state");
}

function hasLiveRefreshToken(): boolean {
  const expiry = sessionStore.readRefreshExpiry();
  return expiry !== undefined && expiry - Date.now() > FORCED_SIGN_IN_BEFORE_EXPIRY_MS;
}

/** PKCE needs Web Crypto, which browsers only offer in secure contexts (https or localhost). */
function assertWebCrypto(): void {
  if (!globalThis.crypto?.subtle) throw new Error("Web Crypto API is not available.");
}
