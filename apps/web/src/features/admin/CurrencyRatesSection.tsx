import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../api";
import { Alert, EmptyState, plural } from "../../components/workflow";
import { useAuth } from "../auth";
import { getCurrencyRates, putCurrencyRates } from "../impact/impact-api";
import { formatNumber } from "../impact/impact-model";
import { ScrollRegion } from "../impact/ScrollRegion";
import "../../components/workflow/Workflow.css";
import "./AdminConsole.css";

const EXAMPLE = "currency,rateToEur,date\nUSD,0.9013,2024-12-31\nGBP,1.2064,2024-12-31";

/**
 * The admin console's currency rates: the exchange rates impact reports convert positions with. Admins
 * replace the table with a CSV file (or pasted text); the server checks every line and stores all or
 * nothing.
 */
export function CurrencyRatesSection() {
  const { getAccessToken } = useAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState("");
  const [fileName, setFileName] = useState<string>();
  const [emptyError, setEmptyError] = useState(false);
  const rates = useQuery({ queryKey: ["currency-rates"], queryFn: () => getCurrencyRates(getAccessToken) });
  const save = useMutation({
    mutationFn: () => putCurrencyRates(getAccessToken, text),
    onSuccess: (stored) => {
      queryClient.setQueryData(["currency-rates"], stored);
      void queryClient.invalidateQueries({ queryKey: ["impact"] });
      setText("");
      setFileName(undefined);
    },
  });
  const problems = save.error instanceof ApiError ? save.error.details : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmptyError(!text.trim());
    if (text.trim()) save.mutate();
  };

  return (
    <>
      <section className="wf-section" aria-labelledby={`${id}-import`}>
        <h2 id={`${id}-import`}>Import rates</h2>
        <form className="wf-form" onSubmit={submit} noValidate aria-labelledby={`${id}-import`}>
          <div className="wf-field">
            <label htmlFor={`${id}-file`}>CSV file</label>
            <p className="wf-field__hint" id={`${id}-file-hint`}>
              Columns <code>currency,rateToEur,date</code>: the ISO 4217 code, the EUR value of one unit, the
              date (YYYY-MM-DD). The file replaces every rate; EUR needs no line.
            </p>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={`${id}-file-hint`}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setFileName(file.name);
                setText(await file.text());
                save.reset();
              }}
            />
          </div>
          <div className="wf-field">
            <label htmlFor={`${id}-text`}>Rates as text</label>
            <p className="wf-field__hint" id={`${id}-text-hint`}>
              {fileName ? `Read from ${fileName}; change it here if needed.` : "Or paste them here."}
            </p>
            <textarea
              id={`${id}-text`}
              className="p-inputtext p-component wf-mono"
              rows={8}
              placeholder={EXAMPLE}
              value={text}
              aria-describedby={`${id}-text-hint`}
              aria-invalid={emptyError || problems.length > 0 ? true : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setEmptyError(false);
              }}
            />
            {emptyError ? <p className="wf-field__error">Choose a file or paste the rates.</p> : null}
          </div>
          {save.isError ? (
            <Alert tone="error" title="No rate was changed">
              {problems.length > 1 ? (
                <ul>
                  {problems.map((problem) => (
                    <li key={`${problem.summary}-${problem.message}`}>{problem.message}</li>
                  ))}
                </ul>
              ) : (
                <p>{save.error.message}</p>
              )}
            </Alert>
          ) : null}
          {save.isSuccess ? (
            <Alert tone="success">
              <p>{plural(save.data.length, "rate")} stored.</p>
            </Alert>
          ) : null}
          <div className="wf-actions">
            <button type="submit" className="p-button p-component" disabled={save.isPending}>
              {save.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
              <span>Replace the rates</span>
            </button>
          </div>
        </form>
      </section>

      <section className="wf-section" aria-labelledby={`${id}-current`}>
        <h2 id={`${id}-current`}>Current rates</h2>
        {rates.isError ? (
          <Alert tone="error" title="The rates could not be loaded">
            <p>{rates.error.message}</p>
          </Alert>
        ) : null}
        {rates.isSuccess && rates.data.length === 0 ? (
          <EmptyState title="No exchange rates yet.">
            <p>Positions in other currencies than EUR are left out of impact reports until rates exist.</p>
          </EmptyState>
        ) : null}
        {rates.isSuccess && rates.data.length > 0 ? (
          <div style={{ maxWidth: "40rem" }}>
            <ScrollRegion label="Current exchange rates">
              <table className="wf-table">
                <caption className="visually-hidden">Exchange rates to EUR by currency and date</caption>
                <thead>
                  <tr>
                    <th scope="col">Currency</th>
                    <th scope="col" style={{ textAlign: "right" }}>
                      EUR per unit
                    </th>
                    <th scope="col">Date</th>
                  </tr>
                </thead>
                <tbody>
                  {rates.data.map((rate) => (
                    <tr key={`${rate.currency}-${rate.date}`}>
                      <th scope="row">{rate.currency}</th>
                      <td style={{ textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
                        {formatNumber(rate.rateToEur, 6)}
                      </td>
                      <td>{rate.date}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
        ) : null}
      </section>
    </>
  );
}
