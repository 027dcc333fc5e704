import { SessionMonitor, type User } from "oidc-client-ts";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AuthContext, type AuthContextValue, type AuthStatus, type SessionAlert } from "./auth-context";
import { type AuthUser, toAuthUser } from "./auth-user";
import { forget, type InitialSession, resolveInitialSession } from "./initial-user";
import { accountUrl, authorityUrl, CLIENT_ID } from "./oidc-config";
import { sessionStore } from "./session-store";
import {
  accessTokenNeedsRefresh,
  createSessionTimer,
  NO_REFRESH_EXPIRY_MESSAGE,
  renewalAction,
} from "./session-timer";
import { providerCookiesWorkInFrames } from "./third-party-cookie-check";
import { createUserManagers } from "./user-manager";

const currentPath = () => window.location.pathname + window.location.search;

export function AuthProvider({ children }: { children: ReactNode }) {
  const origin = window.location.origin;
  const [managers] = useState(() => createUserManagers(origin));
  const [status, setStatus] = useState<AuthStatus>("checking");
  const [user, setUser] = useState<AuthUser | null>(null);
  const [sessionAlert, setSessionAlert] = useState<SessionAlert | null>(null);
  const initialisation = useRef<Promise<InitialSession> | null>(null);
  const returnTo = useRef<string | undefined>(undefined);
  const renewal = useRef<Promise<User> | null>(null);
  const { main, registration } = managers;

  const adopt = useCallback((next: User | null) => {
    setUser(next ? toAuthUser(next) : null);
    setStatus(next ? "signedIn" : "signedOut");
  }, []);

  useEffect(() => {
    initialisation.current ??= resolveInitialSession(main);
    void initialisation.current.then((session) => {
      returnTo.current = session.returnTo;
      adopt(session.user);
    });
  }, [main, adopt]);

  useEffect(() => {
    void providerCookiesWorkInFrames(origin).then((supported) => {
      // The status frame can only see the provider's session when its cookies work in frames.
      if (supported) new SessionMonitor(main);
    });
    const onProviderSignOut = () => {
      void forget(main);
      setSessionAlert("externalLogout");
    };
    main.events.addUserSignedOut(onProviderSignOut);
    return () => main.events.removeUserSignedOut(onProviderSignOut);
  }, [main, origin]);

  useEffect(() => {
    // Another tab signed out or in: the shared user store changes under this tab.
    const userKey = `oidc.user:${authorityUrl(origin)}:${CLIENT_ID}`;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== userKey) return;
      if (event.newValue === null) {
        setSessionAlert((alert) => alert ?? "externalLogout");
        return;
      }
      void main.getUser().then((next) => {
        if (next) adopt(next);
      });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [main, origin, adopt]);

  const signIn = useCallback(
    async (target?: string) => {
      try {
        await main.signinRedirect({ state: { returnTo: target } });
      } catch (error) {
        console.error("Sign-in could not start:", error);
        throw error;
      }
    },
    [main],
  );

  const register = useCallback(
    async (target?: string) => {
      try {
        await registration.signinRedirect({ state: { returnTo: target } });
      } catch (error) {
        console.error("Registration could not start:", error);
        throw error;
      }
    },
    [registration],
  );

  const signOut = useCallback(
    async (path = "/") => {
      const postLogout = new URL(path, origin);
      const idToken = (await main.getUser())?.id_token;
      sessionStore.clear();
      try {
        await main.signoutRedirect({ post_logout_redirect_uri: postLogout.href, id_token_hint: idToken });
      } catch (error) {
        console.error("The provider could not end the session:", error);
        await main.removeUser();
        window.location.assign(postLogout.pathname + postLogout.search);
      }
    },
    [main, origin],
  );

  const renew = useCallback((): Promise<User> => {
    renewal.current ??= (async () => {
      try {
        if (renewalAction(sessionStore.readRefreshExpiry(), Date.now()) === "signIn") {
          await signIn(currentPath());
          throw new Error("The session has ended; signing in again.");
        }
        const next = await main.signinSilent();
        if (!next) throw new Error("The provider did not renew the session.");
        adopt(next);
        return next;
      } finally {
        renewal.current = null;
      }
    })();
    return renewal.current;
  }, [main, signIn, adopt]);

  const getAccessToken = useCallback(async () => {
    const current = await main.getUser();
    if (!current) throw new Error("Not signed in.");
    const accessExpiresAt = current.expires_at === undefined ? undefined : current.expires_at * 1000;
    if (!accessTokenNeedsRefresh(accessExpiresAt, Date.now())) return current.access_token;
    return (await renew()).access_token;
  }, [main, renew]);

  const renewSession = useCallback(async () => {
    await renew();
    setSessionAlert(null);
  }, [renew]);

  const accessToken = user?.accessToken;
  useEffect(() => {
    if (status !== "signedIn" || sessionAlert !== null || !accessToken) return;
    const timer = createSessionTimer({
      readRefreshExpiry: () => sessionStore.readRefreshExpiry(),
      onNoKnownExpiry: () => {
        console.error(NO_REFRESH_EXPIRY_MESSAGE);
        void forget(main).then(() => adopt(null));
      },
      onWarning: () => setSessionAlert("warning"),
      onClosed: () => {
        void forget(main);
        setSessionAlert("closed");
      },
    });
    timer.start();
    return () => timer.stop();
  }, [status, sessionAlert, accessToken, main, adopt]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      signIn,
      register,
      signOut,
      getAccessToken,
      takeReturnTo: () => {
        const target = returnTo.current;
        returnTo.current = undefined;
        return target;
      },
      accountUrl: accountUrl(origin),
      sessionAlert,
      renewSession,
      dismissSessionAlert: () => setSessionAlert(null),
    }),
    [status, user, signIn, register, signOut, getAccessToken, origin, sessionAlert, renewSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
