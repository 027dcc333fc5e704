import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { PageFrame } from "../../components/PageFrame";
import { Alert, CheckboxGroup, plural } from "../../components/workflow";
import {
  REQUEST_PERIODS,
  type RequestDataType,
  requestFrameworkOptions,
  splitList,
  summariseBulk,
} from "./request-model";
import "./Requests.css";

const MAX_IDENTIFIERS = 500;

interface Errors {
  identifiers?: string;
  frameworks?: string;
  periods?: string;
}

/** `/bulkdatarequest`: many companies, frameworks and periods in one go, then what became of each. */
export function BulkDataRequestPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState("");
  const [frameworks, setFrameworks] = useState<string[]>([]);
  const [periods, setPeriods] = useState<string[]>([]);
  const [notifyMe, setNotifyMe] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const identifiers = useMemo(() => splitList(text), [text]);

  const submit = useMutation({
    mutationFn: () =>
      unwrap(
        api.community.POST("/requests/bulk", {
          body: {
            companyIdentifiers: identifiers,
            dataTypes: frameworks as RequestDataType[],
            reportingPeriods: periods,
            notifyMeImmediately: notifyMe,
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["my-requests"] }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (identifiers.length === 0) next.identifiers = "Paste at least one company identifier.";
    else if (identifiers.length > MAX_IDENTIFIERS)
      next.identifiers = `At most ${MAX_IDENTIFIERS} identifiers at once; you pasted ${identifiers.length}.`;
    if (frameworks.length === 0) next.frameworks = "Choose at least one framework.";
    if (periods.length === 0) next.periods = "Choose at least one reporting period.";
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    submit.mutate();
  };

  const summary = submit.data ? summariseBulk(submit.data) : undefined;
  const combinations = identifiers.length * frameworks.length * periods.length;

  return (
    <PageFrame
      title="Bulk data request"
      description="Ask for data on many companies at once: paste their identifiers, choose frameworks and reporting periods, and see what became of every combination."
    >
      {summary ? (
        <section aria-labelledby={`${id}-summary`}>
          <h2 id={`${id}-summary`}>What became of your request</h2>
          <ul className="rq-summary-counts">
            <li className="rq-accepted">
              <strong>{summary.groups.find((g) => g.outcome === "accepted")?.rows.length ?? 0}</strong>
              <span>accepted: new requests</span>
            </li>
            <li className="rq-alreadyRequested">
              <strong>
                {summary.groups.find((g) => g.outcome === "alreadyRequested")?.rows.length ?? 0}
              </strong>
              <span>already requested by you</span>
            </li>
            <li className="rq-alreadyAvailable">
              <strong>
                {summary.groups.find((g) => g.outcome === "alreadyAvailable")?.rows.length ?? 0}
              </strong>
              <span>already available</span>
            </li>
            <li className="rq-rejected">
              <strong>{summary.rejected.length}</strong>
              <span>identifiers not recognised</span>
            </li>
          </ul>
          {summary.rejected.length > 0 ? (
            <Alert
              tone="warning"
              title={`${plural(summary.rejected.length, "identifier")} matched no company`}
            >
              <p>
                Nothing was requested for these. Check them for typing errors, or ask us to add the company.
              </p>
              <ul className="rq-rejected-list">
                {summary.rejected.map((identifier) => (
                  <li key={identifier}>{identifier}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {summary.groups.map((group) => (
            <div className="rq-group" key={group.outcome}>
              <h3>
                {group.title} ({group.rows.length})
              </h3>
              <p>{group.explanation}</p>
              <div className="wf-table-wrap">
                <table className="wf-table">
                  <caption className="visually-hidden">{group.title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Identifier</th>
                      <th scope="col">Company</th>
                      <th scope="col">Framework</th>
                      <th scope="col">Period</th>
                      <th scope="col">
                        <span className="visually-hidden">Link</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.rows.map((row) => (
                      <tr key={`${row.identifier}-${row.framework}-${row.reportingPeriod}`}>
                        <td>
                          <code>{row.identifier}</code>
                        </td>
                        <td>{row.companyName}</td>
                        <td>{row.framework}</td>
                        <td>{row.reportingPeriod}</td>
                        <td className="wf-table__actions">
                          {row.link ? (
                            <Link
                              to={row.link}
                              aria-label={`Open ${row.framework} ${row.reportingPeriod} of ${row.companyName}`}
                            >
                              {group.outcome === "alreadyAvailable" ? "View data" : "View request"}
                            </Link>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
          <div className="wf-actions" style={{ marginTop: "2rem" }}>
            <ButtonLink to="/requests">See my data requests</ButtonLink>
            <button
              type="button"
              className="p-button p-component p-button-outlined"
              onClick={() => submit.reset()}
            >
              Make another bulk request
            </button>
          </div>
        </section>
      ) : (
        <form className="wf-form" onSubmit={onSubmit} noValidate aria-label="Bulk data request">
          <div className="wf-field">
            <label htmlFor={`${id}-identifiers`}>Company identifiers</label>
            <p className="wf-field__hint" id={`${id}-identifiers-hint`}>
              LEIs, ISINs, PermIDs or Openverde company ids, separated by line breaks, commas or spaces.
            </p>
            <textarea
              id={`${id}-identifiers`}
              className="p-inputtext p-component wf-mono"
              rows={8}
              value={text}
              placeholder={"5493001KJX4BT0IHAG73\nDE000BASF111"}
              aria-invalid={errors.identifiers ? true : undefined}
              aria-describedby={`${id}-identifiers-hint ${id}-identifiers-count${errors.identifiers ? ` ${id}-identifiers-error` : ""}`}
              onChange={(event) => setText(event.target.value)}
            />
            <p className="wf-field__hint" id={`${id}-identifiers-count`} aria-live="polite">
              {plural(identifiers.length, "identifier")} recognised in the text
              {identifiers.length > 0 ? " (repeats counted once)" : ""}.
            </p>
            {errors.identifiers ? (
              <p className="wf-field__error" id={`${id}-identifiers-error`}>
                {errors.identifiers}
              </p>
            ) : null}
          </div>
          <CheckboxGroup
            legend="Frameworks"
            options={requestFrameworkOptions()}
            selected={frameworks}
            onChange={setFrameworks}
            {...(errors.frameworks ? { error: errors.frameworks } : {})}
          />
          <CheckboxGroup
            legend="Reporting periods"
            options={REQUEST_PERIODS.map((period) => ({ value: period, label: period }))}
            selected={periods}
            onChange={setPeriods}
            compact
            {...(errors.periods ? { error: errors.periods } : {})}
          />
          <label className="wf-check wf-check--inline">
            <input
              type="checkbox"
              checked={notifyMe}
              onChange={(event) => setNotifyMe(event.target.checked)}
            />
            <span>Notify me by e-mail at once when a request changes (otherwise in the weekly digest)</span>
          </label>
          {submit.isError ? (
            <Alert tone="error" title="The request was not sent">
              <p>{submit.error.message}</p>
            </Alert>
          ) : null}
          <div className="wf-actions">
            <button type="submit" className="p-button p-component" disabled={submit.isPending}>
              {submit.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
              <span>Submit request</span>
            </button>
            {combinations > 0 ? (
              <span className="wf-muted">
                Up to {plural(combinations, "combination")} of company, framework and period.
              </span>
            ) : null}
          </div>
        </form>
      )}
    </PageFrame>
  );
}
