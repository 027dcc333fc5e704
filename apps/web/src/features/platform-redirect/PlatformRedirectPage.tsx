import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { CheckingLoginStatus, useAuth } from "../auth";
import { platformStartPath } from "./start-path";

/** The provider sends people here after login and registration; this page sends them on. */
export function PlatformRedirectPage() {
  const { status, signIn, takeReturnTo, getAccessToken } = useAuth();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (status === "checking" || handled.current) return;
    handled.current = true;
    if (status === "signedOut") {
      signIn().catch(() => navigate("/", { replace: true }));
      return;
    }
    const returnTo = takeReturnTo();
    if (returnTo) {
      navigate(returnTo, { replace: true });
      return;
    }
    getAccessToken()
      .then(platformStartPath)
      .catch(() => "/companies")
      .then((path) => navigate(path, { replace: true }));
  }, [status, signIn, takeReturnTo, getAccessToken, navigate]);

  return <CheckingLoginStatus />;
}
