import { useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useAuth } from "./auth-context";
import { CheckingLoginStatus } from "./CheckingLoginStatus";
import { SignInUnavailable } from "./SignInUnavailable";

/** Guards the 'A' routes of spec §2: a signed-out visitor signs in and comes back to this page. */
export function RequireAuth() {
  const { status, signIn } = useAuth();
  const location = useLocation();
  const [signInFailed, setSignInFailed] = useState(false);
  const askedFor = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (status !== "signedOut") return;
    signIn(askedFor).catch(() => setSignInFailed(true));
  }, [status, signIn, askedFor]);

  if (status === "signedIn") return <Outlet />;
  if (signInFailed) return <SignInUnavailable onRetry={() => window.location.reload()} />;
  return <CheckingLoginStatus />;
}
