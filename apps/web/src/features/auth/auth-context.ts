import { createContext, useContext } from "react";
import type { AuthUser } from "./auth-user";

export type AuthStatus = "checking" | "signedIn" | "signedOut";

/** Which session dialog is open: spec §2 "Session dialog". */
export type SessionAlert = "warning" | "closed" | "externalLogout";

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** Sends the visitor to the provider's login page; afterwards they land on `returnTo`. */
  signIn(returnTo?: string): Promise<void>;
  /** Like signIn, but starting at the provider's registration page. */
  register(returnTo?: string): Promise<void>;
  /** Ends the provider session and comes back to `path` on this origin. */
  signOut(path?: string): Promise<void>;
  /** A valid access token for API calls, refreshed first when it is about to expire. */
  getAccessToken(): Promise<string>;
  /** The page a sign-in that just completed should lead back to, handed out once. */
  takeReturnTo(): string | undefined;
  /** The provider's account management page (USER SETTINGS). */
  accountUrl: string;
  sessionAlert: SessionAlert | null;
  /** Renews the session from the warning dialog. */
  renewSession(): Promise<void>;
  dismissSessionAlert(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
