import { realmRoleLabel } from "@openverde/frameworks/role-labels";
import { useMutation } from "@tanstack/react-query";
import { Dialog } from "primereact/dialog";
import { useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { Alert } from "../../components/workflow";
import { type AdminUser, GRANTABLE_ROLES, type RealmRole } from "./admin-model";

const empty = { username: "", email: "", name: "" };

/** Invites someone: the account, and a mail with a link to choose its password (valid 7 days). */
export function InviteDialog({
  visible,
  onClose,
  onInvited,
}: {
  visible: boolean;
  onClose: () => void;
  onInvited: (user: AdminUser) => void;
}) {
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState(empty);
  const [roles, setRoles] = useState<RealmRole[]>([]);
  const invite = useMutation({
    mutationFn: () =>
      unwrap(
        api.admin.POST("/users", {
          body: {
            username: values.username.trim(),
            email: values.email.trim(),
            ...(values.name.trim() ? { name: values.name.trim() } : {}),
            roles,
          },
        }),
      ),
    onSuccess: (user) => {
      setValues(empty);
      setRoles([]);
      onInvited(user);
    },
  });
  const close = () => {
    invite.reset();
    onClose();
  };
  const field = (key: keyof typeof empty, label: string, type: string, hint?: string) => (
    <div className="wf-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        className="p-inputtext p-component"
        value={values[key]}
        required={key !== "name"}
        maxLength={key === "email" ? 254 : key === "username" ? 64 : 200}
        autoComplete="off"
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
      />
      {hint ? (
        <span id={`${id}-${key}-hint`} className="wf-field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
  return (
    <Dialog
      visible={visible}
      header="Invite someone"
      onHide={close}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "34rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      <form
        className="wf-form"
        aria-label="Invite someone"
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate();
        }}
      >
        <p>
          Openverde makes the account and e-mails a link to choose its password. The link works once, for 7
          days; until then nobody can sign in to the account.
        </p>
        {field("username", "Username", "text", "2 to 64 letters, digits and . _ @ -")}
        {field("email", "E-mail address", "email")}
        {field("name", "Name (optional)", "text", "Shown to others")}
        <fieldset className="wf-checks wf-checks--compact">
          <legend>Roles besides User</legend>
          <div className="wf-checks__options">
            {GRANTABLE_ROLES.map((role) => (
              <label key={role} className="wf-check">
                <input
                  type="checkbox"
                  checked={roles.includes(role)}
                  onChange={(event) =>
                    setRoles(event.target.checked ? [...roles, role] : roles.filter((held) => held !== role))
                  }
                />
                <span>{realmRoleLabel(role)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {invite.isError ? (
          <Alert tone="error" title="Nobody was invited">
            <p>{invite.error.message}</p>
          </Alert>
        ) : null}
        <div className="wf-dialog__footer">
          <button type="button" className="p-button p-component p-button-text" onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            className="p-button p-component"
            disabled={invite.isPending}
            aria-busy={invite.isPending}
          >
            {invite.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
            <span>Send invitation</span>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
