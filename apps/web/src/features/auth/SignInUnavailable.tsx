import { PlainButton } from "../../components/PlainButton";

export function SignInUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <section className="notice-panel" aria-labelledby="sign-in-unavailable">
      <h1 id="sign-in-unavailable">Sign-in is not available right now</h1>
      <p>
        This page needs you to be signed in, but the sign-in service did not answer. Please try again in a
        moment.
      </p>
      <PlainButton onClick={onRetry}>Try again</PlainButton>
    </section>
  );
}
