import { useMutation } from "@tanstack/react-query";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { Alert } from "../../components/workflow";

const TOPICS = [
  "Find company identifiers",
  "Missing companies",
  "Data in my portfolio",
  "Downloads",
  "Something else",
];

/** A request for help with portfolios, e-mailed to the Openverde team. */
export function PortfolioSupport({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const api = useApi();
  const id = useId();
  const [topic, setTopic] = useState(TOPICS[0] as string);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: () =>
      unwrap(api.users.POST("/portfolios/support", { body: { topic, message: message.trim() } })),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (visible) {
      send.reset();
      setMessage("");
      setError(undefined);
    }
  }, [visible]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError("Tell us what you need help with.");
      return;
    }
    setError(undefined);
    send.mutate();
  };

  return (
    <Dialog
      visible={visible}
      header="Ask for help"
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "34rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      {send.isSuccess ? (
        <>
          <Alert tone="success" title="Your request was sent">
            <p>The Openverde team answers you by e-mail.</p>
          </Alert>
          <div className="wf-dialog__footer">
            <button type="button" className="p-button p-component" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form className="wf-form" onSubmit={submit} noValidate aria-label="Ask for help">
          <div className="wf-field">
            <label htmlFor={`${id}-topic`}>Topic</label>
            <select
              id={`${id}-topic`}
              className="p-inputtext p-component"
              value={topic}
              onChange={(event) => setTopic(event.target.value)}
            >
              {TOPICS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          <div className="wf-field">
            <label htmlFor={`${id}-message`}>Your message</label>
            <textarea
              id={`${id}-message`}
              className="p-inputtext p-component"
              rows={5}
              value={message}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setMessage(event.target.value)}
            />
            {error ? (
              <p className="wf-field__error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
          {send.isError ? (
            <Alert tone="error" title="Your request was not sent">
              <p>{send.error.message}</p>
            </Alert>
          ) : null}
          <div className="wf-dialog__footer">
            <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="p-button p-component" disabled={send.isPending}>
              Send
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
