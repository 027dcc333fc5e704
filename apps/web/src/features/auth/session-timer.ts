/** Session rules of the specification (§4, §9), free of browser and provider so they can be tested. */
export const SESSION_CHECK_INTERVAL_MS = 5_000;
export const SESSION_WARNING_BEFORE_EXPIRY_MS = 2 * 60_000;
export const ACCESS_TOKEN_REFRESH_BEFORE_EXPIRY_MS = 60_000;
export const FORCED_SIGN_IN_BEFORE_EXPIRY_MS = 6_000;

export const NO_REFRESH_EXPIRY_MESSAGE =
  "No expiry timestamp for the current refresh token could be found in the store. This is a configuration error of the identity provider.";

export type SessionCheck = "noKnownExpiry" | "warn" | "ok";

/** What a periodic check concludes from the refresh token's expiry (epoch ms). */
export function checkSession(refreshExpiresAt: number | undefined, now: number): SessionCheck {
  if (refreshExpiresAt === undefined) return "noKnownExpiry";
  return refreshExpiresAt - now <= SESSION_WARNING_BEFORE_EXPIRY_MS ? "warn" : "ok";
}

/** Renewing needs a refresh token with some life left; too close to its end the user signs in again. */
export function renewalAction(refreshExpiresAt: number | undefined, now: number): "refresh" | "signIn" {
  if (refreshExpiresAt === undefined) return "signIn";
  return refreshExpiresAt - now < FORCED_SIGN_IN_BEFORE_EXPIRY_MS ? "signIn" : "refresh";
}

export function accessTokenNeedsRefresh(accessExpiresAt: number | undefined, now: number): boolean {
  return accessExpiresAt === undefined || accessExpiresAt - now < ACCESS_TOKEN_REFRESH_BEFORE_EXPIRY_MS;
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SessionTimerHandlers {
  readRefreshExpiry(): number | undefined;
  /** No expiry known: the session cannot be trusted and ends. */
  onNoKnownExpiry(): void;
  /** Two minutes are left; checking stops until the timer is started again. */
  onWarning(): void;
  /** The refresh token has expired without being renewed. */
  onClosed(): void;
}

export interface SessionTimer {
  start(): void;
  stop(): void;
}

/**
 * Checks the refresh token's expiry every 5 s. When the warning time is reached it stops checking,
 * raises the warning and closes the session at expiry unless it is started again (after a renewal).
 */
export function createSessionTimer(handlers: SessionTimerHandlers, clock: Clock = systemClock): SessionTimer {
  let pending: unknown;

  const clear = () => {
    if (pending !== undefined) clock.clearTimeout(pending);
    pending = undefined;
  };

  const check = () => {
    const refreshExpiresAt = handlers.readRefreshExpiry();
    const now = clock.now();
    switch (checkSession(refreshExpiresAt, now)) {
      case "noKnownExpiry":
        pending = undefined;
        handlers.onNoKnownExpiry();
        return;
      case "warn":
        handlers.onWarning();
        pending = clock.setTimeout(
          () => {
            pending = undefined;
            handlers.onClosed();
          },
          Math.max(0, (refreshExpiresAt ?? now) - now),
        );
        return;
      case "ok":
        pending = clock.setTimeout(check, SESSION_CHECK_INTERVAL_MS);
    }
  };

  return {
    start() {
      clear();
      check();
    },
    stop: clear,
  };
}
