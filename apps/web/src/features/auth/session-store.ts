import { jwtExpiryOf } from "./token-claims";

const REFRESH_EXPIRY_KEY = "openverde.session.refreshExpiresAt";

/** The token endpoint's answer as far as the refresh token's lifetime is concerned. */
export interface TokenResponseLifetime {
  refresh_token?: string;
  refresh_expires_in?: unknown;
}

/**
 * Keycloak (and our provider) state the refresh token's lifetime in `refresh_expires_in`; a provider
 * that omits it may still issue a refresh token that is a JWT with its own `exp`.
 */
export function refreshExpiryOf(response: TokenResponseLifetime, now: number): number | undefined {
  const seconds = Number(response.refresh_expires_in);
  if (Number.isFinite(seconds) && seconds > 0) return now + seconds * 1000;
  return response.refresh_token ? jwtExpiryOf(response.refresh_token) : undefined;
}

export const sessionStore = {
  readRefreshExpiry(): number | undefined {
    const stored = Number(localStorage.getItem(REFRESH_EXPIRY_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : undefined;
  },
  rememberTokenResponse(response: TokenResponseLifetime): void {
    const expiry = refreshExpiryOf(response, Date.now());
    if (expiry === undefined) localStorage.removeItem(REFRESH_EXPIRY_KEY);
    else localStorage.setItem(REFRESH_EXPIRY_KEY, String(expiry));
  },
  clear(): void {
    localStorage.removeItem(REFRESH_EXPIRY_KEY);
  },
};
