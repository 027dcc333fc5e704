import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Alert } from "../../components/workflow";
import {
  ACCESS_STATUSES,
  type AccessStatus,
  accessLabel,
  type DataRequestPatch,
  frameworkLabel,
  REQUEST_PRIORITIES,
  REQUEST_STATUSES,
  type RequestPriority,
  type RequestStatus,
  statusLabel,
} from "./request-model";
import { usePatchRequest } from "./use-request-actions";

export interface EditableRequest {
  dataRequestId: string;
  companyName: string;
  dataType: string;
  reportingPeriod: string;
  requestStatus: RequestStatus;
  accessStatus: AccessStatus;
  requestPriority: RequestPriority;
  adminComment?: string;
}

/** The admins' change of a request: status, access, priority and comment, with a reason for the history. */
export function RequestEditDialog({
  request,
  onClose,
  onSaved,
}: {
  request: EditableRequest | undefined;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const id = useId();
  const patch = usePatchRequest();
  const [status, setStatus] = useState<RequestStatus>("Open");
  const [access, setAccess] = useState<AccessStatus>("Public");
  const [priority, setPriority] = useState<RequestPriority>("Baseline");
  const [comment, setComment] = useState("");
  const [reason, setReason] = useState("");

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when another request opens
  useEffect(() => {
    if (!request) return;
    setStatus(request.requestStatus);
    setAccess(request.accessStatus);
    setPriority(request.requestPriority);
    setComment(request.adminComment ?? "");
    setReason("");
    patch.reset();
  }, [request]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const body: DataRequestPatch = {};
    if (status !== request.requestStatus) body.requestStatus = status;
    if (access !== request.accessStatus) body.accessStatus = access;
    if (priority !== request.requestPriority) body.requestPriority = priority;
    if (comment !== (request.adminComment ?? "")) body.adminComment = comment;
    if (reason.trim() && body.requestStatus) body.requestStatusChangeReason = reason.trim();
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    patch.mutate(
      { requestId: request.dataRequestId, patch: body },
      {
        onSuccess: () => {
          onSaved(
            `The request for ${frameworkLabel(request.dataType)} ${request.reportingPeriod} of ${request.companyName} was saved.`,
          );
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      visible={request !== undefined}
      header="Change request"
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "40rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      {request ? (
        <form onSubmit={submit} aria-label="Change request">
          <p className="wf-muted" style={{ marginTop: 0 }}>
            {frameworkLabel(request.dataType)} {request.reportingPeriod} of{" "}
            <strong>{request.companyName}</strong>
          </p>
          <div className="rq-edit-grid">
            <div className="wf-field">
              <label htmlFor={`${id}-status`}>Status</label>
              <select
                id={`${id}-status`}
                className="p-inputtext p-component"
                value={status}
                onChange={(event) => setStatus(event.target.value as RequestStatus)}
              >
                {REQUEST_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {statusLabel[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="wf-field">
              <label htmlFor={`${id}-priority`}>Priority</label>
              <select
                id={`${id}-priority`}
                className="p-inputtext p-component"
                value={priority}
                onChange={(event) => setPriority(event.target.value as RequestPriority)}
              >
                {REQUEST_PRIORITIES.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </div>
            <div className="wf-field">
              <label htmlFor={`${id}-access`}>Access</label>
              <select
                id={`${id}-access`}
                className="p-inputtext p-component"
                value={access}
                disabled={request.accessStatus === "Public"}
                onChange={(event) => setAccess(event.target.value as AccessStatus)}
              >
                {ACCESS_STATUSES.filter(
                  (value) => (request.accessStatus === "Public") === (value === "Public"),
                ).map((value) => (
                  <option key={value} value={value}>
                    {accessLabel[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="wf-field">
              <label htmlFor={`${id}-reason`}>Reason for a status change</label>
              <input
                id={`${id}-reason`}
                type="text"
                className="p-inputtext p-component"
                value={reason}
                disabled={status === request.requestStatus}
                placeholder={
                  status === request.requestStatus ? "Change the status first" : "Kept in the history"
                }
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <div className="wf-field wf-field--full">
              <label htmlFor={`${id}-comment`}>Admin comment</label>
              <textarea
                id={`${id}-comment`}
                className="p-inputtext p-component"
                rows={3}
                value={comment}
                placeholder="Visible to the requester"
                onChange={(event) => setComment(event.target.value)}
              />
            </div>
          </div>
          {patch.isError ? (
            <Alert tone="error" title="The change was not saved">
              <p>{patch.error.message}</p>
            </Alert>
          ) : null}
          <div className="wf-dialog__footer" style={{ marginTop: "1.5rem" }}>
            <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="p-button p-component" disabled={patch.isPending}>
              {patch.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
              <span>Save changes</span>
            </button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
