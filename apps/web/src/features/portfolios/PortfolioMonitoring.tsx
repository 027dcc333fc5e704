import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { Alert, CheckboxGroup } from "../../components/workflow";
import {
  type BasePortfolio,
  FREQUENCIES,
  frameworkOptions,
  type NotificationFrequency,
  TIME_WINDOWS,
} from "./portfolio-model";

/** Monitoring of a portfolio: on or off, which frameworks, how often to e-mail, which periods. */
export function PortfolioMonitoring({
  portfolio,
  onClose,
  onSaved,
}: {
  portfolio: BasePortfolio | undefined;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [on, setOn] = useState(false);
  const [frameworks, setFrameworks] = useState<string[]>([]);
  const [frequency, setFrequency] = useState<NotificationFrequency>("Weekly");
  const [window, setWindow] = useState<"Standard" | "Extended">("Standard");
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!portfolio) return;
    setOn(portfolio.isMonitored);
    setFrameworks(portfolio.monitoredFrameworks);
    setFrequency(portfolio.notificationFrequency);
    setWindow(portfolio.timeWindowThreshold ?? "Standard");
    setError(undefined);
  }, [portfolio]);

  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.users.PATCH("/portfolios/{portfolioId}/monitoring", {
          params: { path: { portfolioId: portfolio?.portfolioId ?? "" } },
          body: {
            isMonitored: on,
            monitoredFrameworks: on ? frameworks : [],
            notificationFrequency: frequency,
            timeWindowThreshold: window,
          },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["portfolios"] });
      onSaved(
        on
          ? "Monitoring is on: missing data of the chosen frameworks is requested for you, and new data is e-mailed."
          : "Monitoring is off.",
      );
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (on && frameworks.length === 0) {
      setError("Choose at least one framework to monitor.");
      return;
    }
    setError(undefined);
    save.mutate();
  };

  return (
    <Dialog
      visible={portfolio !== undefined}
      header="Monitoring"
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "40rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      <form className="wf-form" onSubmit={submit} noValidate aria-label="Monitoring settings">
        <p className="wf-muted" style={{ margin: 0 }}>
          A monitored portfolio asks, in your name, for the chosen frameworks' data of its companies for
          recent reporting periods where none exists yet, and tells you by e-mail when new data arrives.
        </p>
        <label className="wf-check">
          <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} />
          <span>Monitor this portfolio</span>
        </label>
        {on ? (
          <>
            <CheckboxGroup
              legend="Frameworks to monitor"
              options={frameworkOptions()}
              selected={frameworks}
              onChange={setFrameworks}
              {...(error ? { error } : {})}
            />
            <div className="wf-field">
              <label htmlFor={`${id}-frequency`}>E-mail about new data</label>
              <select
                id={`${id}-frequency`}
                className="p-inputtext p-component"
                value={frequency}
                onChange={(event) => setFrequency(event.target.value as NotificationFrequency)}
              >
                {FREQUENCIES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="wf-checks">
              <legend className="wf-field__label">Time window</legend>
              {TIME_WINDOWS.map((option) => (
                <label key={option.value} className="wf-check">
                  <input
                    type="radio"
                    name={`${id}-window`}
                    value={option.value}
                    checked={window === option.value}
                    onChange={() => setWindow(option.value)}
                  />
                  <span>
                    <strong>{option.label}</strong>: {option.hint}
                  </span>
                </label>
              ))}
            </fieldset>
          </>
        ) : null}
        {save.isError ? (
          <Alert tone="error" title="Monitoring was not saved">
            <p>{save.error.message}</p>
          </Alert>
        ) : null}
        <div className="wf-dialog__footer">
          <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="p-button p-component" disabled={save.isPending}>
            <span>Save monitoring</span>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
