import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "./auth-context";
import { CheckingLoginStatus } from "./CheckingLoginStatus";

/**
 * The provider sends people here after they signed out on the account page. The start of the app
 * forgets the session kept in this browser (initial-user.ts); once it has, this page leads home.
 */
export function SignedOutPage() {
  const { status } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== "checking") navigate("/", { replace: true });
  }, [status, navigate]);

  return <CheckingLoginStatus />;
}
