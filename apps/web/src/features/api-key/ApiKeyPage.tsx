import { realmRoleLabels } from "@openverde/frameworks/role-labels";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, ConfirmDialog, CopyButton, formatDate, Tag } from "../../components/workflow";
import { keyState, VALIDITY_OPTIONS } from "./api-key-model";
import "./ApiKeyPage.css";

/** `/api-key`: whether the user has a key, creating one (shown once), revoking it. */
export function ApiKeyPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [days, setDays] = useState(90);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [notice, setNotice] = useState<string>();
  const meta = useQuery({
    queryKey: ["api-key-meta"],
    queryFn: () => unwrap(api.apiKeys.GET("/getApiKeyMetaInfoForUser")),
  });
  const create = useMutation({
    mutationFn: () =>
      unwrap(api.apiKeys.GET("/generateApiKey", { params: { query: days > 0 ? { daysValid: days } : {} } })),
    onSuccess: () => {
      setConfirmReplace(false);
      setNotice(undefined);
      return queryClient.invalidateQueries({ queryKey: ["api-key-meta"] });
    },
  });
  const revoke = useMutation({
    mutationFn: () => unwrap(api.apiKeys.POST("/revokeApiKey")),
    onSuccess: (result) => {
      setConfirmRevoke(false);
      create.reset();
      setNotice(result.revokementProcessMessage);
      return queryClient.invalidateQueries({ queryKey: ["api-key-meta"] });
    },
  });
  const state = keyState(meta.data);
  const newKey = create.data?.apiKey;

  const startCreate = () => {
    if (state.kind === "active") setConfirmReplace(true);
    else create.mutate();
  };

  return (
    <PageFrame
      title="API key"
      description="A key lets your own programs use the Openverde API in your name, with your roles. Keep it secret like a password."
    >
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {newKey ? (
        <section className="wf-card api-key__new" aria-labelledby={`${id}-new`}>
          <h2 id={`${id}-new`}>Your new API key</h2>
          <Alert tone="warning" title="Copy it now: it is shown only this once">
            <p>Openverde keeps only a fingerprint of the key. If you lose it, create a new one.</p>
          </Alert>
          <code className="wf-code">{newKey}</code>
          <div className="wf-actions" style={{ marginTop: "0.75rem" }}>
            <CopyButton text={newKey} label="Copy key" />
            <button
              type="button"
              className="p-button p-component p-button-text p-button-sm"
              onClick={() => create.reset()}
            >
              I have stored it, hide it
            </button>
          </div>
          <p className="wf-muted api-key__usage">
            Send it with every call: <code>Authorization: Bearer &lt;your key&gt;</code>
          </p>
        </section>
      ) : null}

      {meta.isPending ? <LoadingIndicator label="Checking your API key." /> : null}
      {meta.isError ? (
        <Alert tone="error" title="Your API key could not be checked">
          <p>{meta.error.message}</p>
        </Alert>
      ) : null}

      {meta.isSuccess ? (
        <section className="wf-card" aria-labelledby={`${id}-status`}>
          <h2 id={`${id}-status`}>Your key</h2>
          {state.kind === "none" ? (
            <p>You have no API key.</p>
          ) : (
            <dl className="wf-facts">
              <div>
                <dt>Status</dt>
                <dd>
                  {state.kind === "active" ? (
                    <Tag tone="success">Active</Tag>
                  ) : (
                    <Tag tone="danger">Expired</Tag>
                  )}
                </dd>
              </div>
              <div>
                <dt>{state.kind === "active" ? "Valid until" : "Expired on"}</dt>
                <dd>
                  {state.kind === "active"
                    ? state.expiresAt
                      ? `${formatDate(state.expiresAt.getTime())} (${state.daysLeft === 1 ? "1 day" : `${state.daysLeft} days`} left)`
                      : "No expiry"
                    : state.expiredAt
                      ? formatDate(state.expiredAt.getTime())
                      : "—"}
                </dd>
              </div>
              <div>
                <dt>Acts with the roles</dt>
                <dd>{state.roles.length > 0 ? realmRoleLabels(state.roles) : "—"}</dd>
              </div>
            </dl>
          )}
          {state.kind === "active" && state.daysLeft !== undefined && state.daysLeft <= 7 ? (
            <Alert tone="warning">
              <p>Your key stops working soon. Create a new one to keep your programs running.</p>
            </Alert>
          ) : null}

          <div className="api-key__create">
            <div className="wf-field">
              <label htmlFor={`${id}-days`}>
                {state.kind === "none" ? "Validity of the new key" : "Validity of a new key"}
              </label>
              <select
                id={`${id}-days`}
                className="p-inputtext p-component"
                value={days}
                onChange={(event) => setDays(Number(event.target.value))}
              >
                {VALIDITY_OPTIONS.map((option) => (
                  <option key={option.days} value={option.days}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="wf-actions">
              <button
                type="button"
                className="p-button p-component"
                onClick={startCreate}
                disabled={create.isPending}
              >
                {create.isPending ? (
                  <i className="pi pi-spin pi-spinner" aria-hidden="true" />
                ) : (
                  <i className="pi pi-key" aria-hidden="true" />
                )}
                <span>{state.kind === "none" ? "Create API key" : "Create a new key"}</span>
              </button>
              {state.kind !== "none" ? (
                <button
                  type="button"
                  className="p-button p-component p-button-outlined p-button-danger"
                  onClick={() => {
                    revoke.reset();
                    setConfirmRevoke(true);
                  }}
                >
                  <i className="pi pi-ban" aria-hidden="true" />
                  <span>Revoke key</span>
                </button>
              ) : null}
            </div>
          </div>
          {create.isError ? (
            <Alert tone="error" title="The key was not created">
              <p>{create.error.message}</p>
            </Alert>
          ) : null}
        </section>
      ) : null}

      <ConfirmDialog
        visible={confirmReplace}
        title="Replace your API key?"
        confirmLabel="Create new key"
        busy={create.isPending}
        onConfirm={() => create.mutate()}
        onCancel={() => setConfirmReplace(false)}
      >
        <p>A new key replaces the one you have: programs using the old key stop working at once.</p>
      </ConfirmDialog>
      <ConfirmDialog
        visible={confirmRevoke}
        title="Revoke your API key?"
        confirmLabel="Revoke key"
        danger
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onCancel={() => setConfirmRevoke(false)}
      >
        <p>
          The key stops working at once. Programs that use it will be refused until you give them a new key.
        </p>
        {revoke.isError ? (
          <Alert tone="error">
            <p>{revoke.error.message}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </PageFrame>
  );
}
