import { realmRoleLabel } from "@openverde/frameworks/role-labels";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { unwrap, useApi } from "../../api";
import { Alert, ConfirmDialog } from "../../components/workflow";
import { type AdminUser, GRANTABLE_ROLES, type RealmRole } from "./admin-model";

/** Changes an account's realm roles; the dialog itself is the confirmation, naming what changes. */
export function RolesDialog({
  user,
  isSelf,
  onClose,
  onChanged,
}: {
  user: AdminUser;
  isSelf: boolean;
  onClose: () => void;
  onChanged: (user: AdminUser) => void;
}) {
  const api = useApi();
  const [roles, setRoles] = useState<RealmRole[]>(user.roles.filter((role) => role !== "ROLE_USER"));
  const held: RealmRole[] = user.roles.filter((role) => role !== "ROLE_USER");
  const granted = roles.filter((role) => !held.includes(role));
  const removed = held.filter((role) => !roles.includes(role));
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.admin.PUT("/users/{userId}/roles", {
          params: { path: { userId: user.userId } },
          body: { roles },
        }),
      ),
    onSuccess: onChanged,
  });
  const unchanged = granted.length === 0 && removed.length === 0;
  return (
    <ConfirmDialog
      visible
      title={`Roles of ${user.name.trim() || user.username}`}
      confirmLabel={unchanged ? "No change" : "Change roles"}
      busy={save.isPending || unchanged}
      onConfirm={() => save.mutate()}
      onCancel={onClose}
    >
      <fieldset className="wf-checks">
        <legend>Everyone is a User; besides that:</legend>
        <div className="wf-checks__options">
          {GRANTABLE_ROLES.map((role) => {
            const locked = isSelf && role === "ROLE_ADMIN";
            return (
              <label key={role} className="wf-check">
                <input
                  type="checkbox"
                  checked={roles.includes(role)}
                  disabled={locked}
                  onChange={(event) =>
                    setRoles(
                      event.target.checked ? [...roles, role] : roles.filter((other) => other !== role),
                    )
                  }
                />
                <span>
                  {realmRoleLabel(role)}
                  {locked ? " (you cannot remove your own)" : ""}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {!unchanged ? (
        <p>
          {granted.length > 0 ? `Grants ${granted.map(realmRoleLabel).join(", ")}. ` : ""}
          {removed.length > 0 ? `Removes ${removed.map(realmRoleLabel).join(", ")}. ` : ""}
          Signed-in sessions get the new roles within 5 minutes; API keys at once.
        </p>
      ) : null}
      {save.isError ? (
        <Alert tone="error" title="The roles were not changed">
          <p>{save.error.message}</p>
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
