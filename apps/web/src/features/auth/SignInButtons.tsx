import { PlainButton } from "../../components/PlainButton";
import { useAuth } from "./auth-context";

// Start failures are logged by the auth provider; the visitor simply stays on the page.
const ignoreFailure = () => {};

/** LOGIN and SIGN UP; both come back to the platform redirect page. */
export function SignInButtons() {
  const { signIn, register } = useAuth();
  return (
    <>
      <PlainButton variant="text" onClick={() => void signIn().catch(ignoreFailure)}>
        LOGIN
      </PlainButton>
      <PlainButton onClick={() => void register().catch(ignoreFailure)}>SIGN UP</PlainButton>
    </>
  );
}
