import { useMutation } from "@tanstack/react-query";
import { useParams } from "react-router";
import { ApiError, toApiError, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { PageFrame } from "../../components/PageFrame";
import { Alert } from "../../components/workflow";

/** `/unsubscribe/:subscriptionId`: asks first, then stops that kind of e-mail to the address (PATCH /email/subscriptions/{id}). */
export function UnsubscribePage() {
  const { subscriptionId = "" } = useParams();
  const api = useApi();
  const unsubscribe = useMutation({
    mutationFn: async () => {
      const result = await api.email.PATCH("/subscriptions/{subscriptionId}", {
        params: { path: { subscriptionId } },
        parseAs: "text",
      });
      if (!result.response.ok) {
        let body: unknown;
        try {
          body = JSON.parse(String(result.error ?? ""));
        } catch {
          body = undefined;
        }
        throw toApiError(result.response.status, body);
      }
      return typeof result.data === "string" && result.data.trim() ? result.data.trim() : undefined;
    },
  });

  return (
    <PageFrame title="Unsubscribe" description="Stop the e-mails of this subscription.">
      <div className="wf-card" style={{ maxWidth: "40rem" }}>
        {unsubscribe.isSuccess ? (
          <>
            <Alert tone="success" title="You are unsubscribed">
              <p>{unsubscribe.data ?? "You will get no more e-mails of this kind."}</p>
            </Alert>
            <p>
              Changed your mind? Requests and portfolios you follow still show every change on the platform.
            </p>
            <ButtonLink to="/portfolios">Back to the platform</ButtonLink>
          </>
        ) : (
          <>
            <h2>Stop these e-mails?</h2>
            <p>
              You followed a link from one of our e-mails. Confirm, and we stop sending you e-mails of that
              kind. Other kinds of e-mails are not affected.
            </p>
            {unsubscribe.isError ? (
              <Alert
                tone="error"
                title={
                  unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404
                    ? "This unsubscribe link is not known"
                    : "Unsubscribing did not work"
                }
              >
                <p>
                  {unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404
                    ? "Check that you opened the whole link from the e-mail."
                    : unsubscribe.error.message}
                </p>
              </Alert>
            ) : null}
            <div className="wf-actions">
              <button
                type="button"
                className="p-button p-component"
                disabled={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate()}
              >
                {unsubscribe.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
                <span>Unsubscribe</span>
              </button>
              <ButtonLink to="/portfolios" variant="text">
                Keep receiving them
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    </PageFrame>
  );
}
