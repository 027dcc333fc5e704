import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { Alert, ConfirmDialog } from "../../components/workflow";
import type { AdminUser } from "./admin-model";

export type PersonAction = "disable" | "enable" | "reset" | "endSessions" | "delete";

interface ActionText {
  title: string;
  confirm: string;
  danger: boolean;
  explain: string;
  done: string;
}

const texts = (who: string, email: string): Record<PersonAction, ActionText> => ({
  disable: {
    title: `Disable ${who}?`,
    confirm: "Disable account",
    danger: true,
    explain:
      "They cannot sign in any more; their sessions end and their access tokens and API key stop working at once. You can enable the account again later.",
    done: `${who} is disabled.`,
  },
  enable: {
    title: `Enable ${who}?`,
    confirm: "Enable account",
    danger: false,
    explain: "They can sign in again, and their API key works again.",
    done: `${who} is enabled again.`,
  },
  reset: {
    title: `Send ${who} a password reset?`,
    confirm: "Send reset link",
    danger: false,
    explain: `A link to choose a new password goes to ${email}. Their current password keeps working until they use it.`,
    done: `A password reset link went to ${email}.`,
  },
  endSessions: {
    title: `Sign ${who} out everywhere?`,
    confirm: "End sessions",
    danger: true,
    explain:
      "Every browser they are signed in with is signed out at once; they can sign in again. Their API key keeps working.",
    done: `${who} is signed out everywhere.`,
  },
  delete: {
    title: `Delete ${who}?`,
    confirm: "Delete account",
    danger: true,
    explain:
      "The account goes for good, with its API key, portfolios and company roles. What they uploaded stays and shows as from a deleted user.",
    done: `${who}'s account is deleted.`,
  },
});

/** Asks before acting on an account; deleting also asks for the username to be typed. */
export function PersonActionDialog({
  action,
  user,
  onClose,
  onDone,
}: {
  action: PersonAction;
  user: AdminUser;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const api = useApi();
  const id = useId();
  const [typed, setTyped] = useState("");
  const text = texts(user.name.trim() || user.username, user.email)[action];
  const path = { params: { path: { userId: user.userId } } };
  const run = useMutation({
    mutationFn: async () => {
      switch (action) {
        case "disable":
          return unwrap(api.admin.POST("/users/{userId}/disable", path));
        case "enable":
          return unwrap(api.admin.POST("/users/{userId}/enable", path));
        case "reset":
          return unwrap(api.admin.POST("/users/{userId}/password-reset", path));
        case "endSessions":
          return unwrap(api.admin.DELETE("/users/{userId}/sessions", path));
        case "delete":
          return unwrap(api.admin.DELETE("/users/{userId}", path));
      }
    },
    onSuccess: () => onDone(text.done),
  });
  const needsTyping = action === "delete" && typed.trim() !== user.username;
  return (
    <ConfirmDialog
      visible
      title={text.title}
      confirmLabel={text.confirm}
      danger={text.danger}
      busy={run.isPending || needsTyping}
      onConfirm={() => run.mutate()}
      onCancel={onClose}
    >
      <p>{text.explain}</p>
      {action === "delete" ? (
        <div className="wf-field">
          <label htmlFor={`${id}-confirm`}>
            Type the username <strong>{user.username}</strong> to confirm
          </label>
          <input
            id={`${id}-confirm`}
            type="text"
            className="p-inputtext p-component"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      ) : null}
      {run.isError ? (
        <Alert tone="error" title="Nothing was changed">
          <p>{run.error.message}</p>
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
