import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accessTokenNeedsRefresh, checkSession, createSessionTimer, renewalAction } from "./session-timer";

const second = 1_000;
const minute = 60 * second;

describe("checkSession", () => {
  it("ends a session whose refresh expiry is unknown", () => {
    expect(checkSession(undefined, 0)).toBe("noKnownExpiry");
  });

  it("warns from two minutes before expiry on", () => {
    expect(checkSession(2 * minute + 1, 0)).toBe("ok");
    expect(checkSession(2 * minute, 0)).toBe("warn");
    expect(checkSession(-1, 0)).toBe("warn");
  });
});

describe("renewalAction", () => {
  it("refreshes while at least six seconds are left and sends to sign-in below", () => {
    expect(renewalAction(6 * second, 0)).toBe("refresh");
    expect(renewalAction(6 * second - 1, 0)).toBe("signIn");
    expect(renewalAction(undefined, 0)).toBe("signIn");
  });
});

describe("accessTokenNeedsRefresh", () => {
  it("refreshes the access token when under 60 seconds remain", () => {
    expect(accessTokenNeedsRefresh(60 * second, 0)).toBe(false);
    expect(accessTokenNeedsRefresh(60 * second - 1, 0)).toBe(true);
    expect(accessTokenNeedsRefresh(undefined, 0)).toBe(true);
  });
});

describe("createSessionTimer", () => {
  let refreshExpiresAt: number | undefined;
  const makeHandlers = () => ({
    readRefreshExpiry: () => refreshExpiresAt,
    onNoKnownExpiry: vi.fn<() => void>(),
    onWarning: vi.fn<() => void>(),
    onClosed: vi.fn<() => void>(),
  });
  let handlers: ReturnType<typeof makeHandlers>;

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    refreshExpiresAt = 10 * minute;
    handlers = makeHandlers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks every five seconds and warns at the first check inside the warning window", () => {
    createSessionTimer(handlers).start();
    vi.advanceTimersByTime(8 * minute - 5 * second);
    expect(handlers.onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * second);
    expect(handlers.onWarning).toHaveBeenCalledTimes(1);
  });

  it("stops checking after the warning and closes the session at expiry", () => {
    createSessionTimer(handlers).start();
    vi.advanceTimersByTime(8 * minute);
    vi.advanceTimersByTime(2 * minute - 1);
    expect(handlers.onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onClosed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * minute);
    expect(handlers.onWarning).toHaveBeenCalledTimes(1);
  });

  it("keeps the session alive when it is started again after a renewal", () => {
    const timer = createSessionTimer(handlers);
    timer.start();
    vi.advanceTimersByTime(8 * minute);
    refreshExpiresAt = Date.now() + 30 * minute;
    timer.start();
    vi.advanceTimersByTime(10 * minute);
    expect(handlers.onClosed).not.toHaveBeenCalled();
    expect(handlers.onWarning).toHaveBeenCalledTimes(1);
  });

  it("follows an expiry that moves because another tab refreshed", () => {
    createSessionTimer(handlers).start();
    vi.advanceTimersByTime(5 * minute);
    refreshExpiresAt = Date.now() + 30 * minute;
    vi.advanceTimersByTime(20 * minute);
    expect(handlers.onWarning).not.toHaveBeenCalled();
  });

  it("ends the session at once when no expiry is known", () => {
    refreshExpiresAt = undefined;
    createSessionTimer(handlers).start();
    expect(handlers.onNoKnownExpiry).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(minute);
    expect(handlers.onNoKnownExpiry).toHaveBeenCalledTimes(1);
  });

  it("does nothing after it is stopped", () => {
    const timer = createSessionTimer(handlers);
    timer.start();
    timer.stop();
    vi.advanceTimersByTime(60 * minute);
    expect(handlers.onWarning).not.toHaveBeenCalled();
  });
});
