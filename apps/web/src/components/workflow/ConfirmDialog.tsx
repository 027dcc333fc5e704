import { Dialog } from "primereact/dialog";
import type { ReactNode } from "react";

/**
 * Asks before something that cannot be undone. Focus moves into the dialog, Escape cancels, and the
 * confirming button names the action ("Revoke key", not "OK").
 */
export function ConfirmDialog({
  visible,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  visible: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      visible={visible}
      header={title}
      onHide={onCancel}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "32rem", maxWidth: "calc(100vw - 2rem)" }}
      footer={
        <div className="wf-dialog__footer">
          <button type="button" className="p-button p-component p-button-text" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`p-button p-component${danger ? " p-button-danger" : ""}`}
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
            <span>{confirmLabel}</span>
          </button>
        </div>
      }
    >
      <div className="wf-dialog__body">{children}</div>
    </Dialog>
  );
}
