import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { Breadcrumb } from "../../components/Breadcrumb";
import { ButtonLink } from "../../components/ButtonLink";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, CheckboxGroup, ErrorSummary, type ErrorSummaryItem } from "../../components/workflow";
import { countryName, useCompany } from "../companies/company-api";
import {
  frameworkLabel,
  PRIVATE_FRAMEWORKS,
  parseContacts,
  REQUEST_PERIODS,
  type RequestDataType,
  requestedFramework,
  requestFrameworkOptions,
} from "./request-model";
import "./Requests.css";

interface Errors {
  framework?: string;
  periods?: string;
  contacts?: string;
  message?: string;
}

/** `/singledatarequest/:companyId`: ask for one framework's data on one company for chosen periods. */
export function SingleDataRequestPage() {
  const { companyId = "" } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const company = useCompany(companyId);
  const id = useId();
  const [searchParams] = useSearchParams();
  // Links such as the company page's "Request SFDR data" name the framework in `?dataType=`.
  const [framework, setFramework] = useState<RequestDataType | "">(() =>
    requestedFramework(searchParams.get("dataType")),
  );
  const [periods, setPeriods] = useState<string[]>([]);
  const [contactsText, setContactsText] = useState("");
  const [message, setMessage] = useState("");
  const [notifyMe, setNotifyMe] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // Counts failed submits; each one moves the focus to the error summary once it is shown.
  const [failedSubmits, setFailedSubmits] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failedSubmits > 0) summaryRef.current?.focus();
  }, [failedSubmits]);

  const submit = useMutation({
    mutationFn: (body: {
      dataType: RequestDataType;
      reportingPeriods: string[];
      contacts: string[];
      message: string;
      notifyMeImmediately: boolean;
    }) =>
      unwrap(
        api.community.POST("/requests/single", {
          body: {
            companyIdentifier: companyId,
            dataType: body.dataType,
            reportingPeriods: body.reportingPeriods,
            notifyMeImmediately: body.notifyMeImmediately,
            ...(body.contacts.length > 0 ? { contacts: body.contacts } : {}),
            ...(body.message.trim() ? { message: body.message.trim() } : {}),
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["my-requests"] }),
    onError: () => setFailedSubmits((count) => count + 1),
  });

  const companyName = company.data?.companyInformation.companyName;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const contacts = parseContacts(contactsText);
    const next: Errors = {};
    if (!framework) next.framework = "Choose the framework you need.";
    if (periods.length === 0) next.periods = "Choose at least one reporting period.";
    if (contacts.invalid.length > 0)
      next.contacts = `Not a valid e-mail address: ${contacts.invalid.join(", ")}. Use one address per line, e.g. sustainability@company.com.`;
    if (message.trim() && contacts.valid.length === 0)
      next.message = "A message goes to the contacts: add at least one contact, or leave the message empty.";
    setErrors(next);
    if (Object.keys(next).length > 0 || !framework) {
      setFailedSubmits((count) => count + 1);
      return;
    }
    submit.mutate({
      dataType: framework,
      reportingPeriods: periods,
      contacts: contacts.valid,
      message,
      notifyMeImmediately: notifyMe,
    });
  };

  const reset = () => {
    submit.reset();
    setPeriods([]);
    setContactsText("");
    setMessage("");
  };

  const result = submit.data;
  // What the summary lists, each leading to its field where the field can take the focus.
  const focusField = (fieldId: string) => () => document.getElementById(fieldId)?.focus();
  const problems = [
    { key: "framework", message: errors.framework, reveal: focusField(`${id}-framework`) },
    { key: "periods", message: errors.periods },
    { key: "contacts", message: errors.contacts, reveal: focusField(`${id}-contacts`) },
    { key: "message", message: errors.message, reveal: focusField(`${id}-message`) },
    { key: "server", message: submit.isError ? submit.error.message : undefined },
  ].filter((problem): problem is ErrorSummaryItem => !!problem.message);
  return (
    <>
      <Breadcrumb
        trail={[
          { label: "Companies", to: "/companies" },
          { label: companyName ?? "Company", to: `/companies/${companyId}` },
          { label: "Request data" },
        ]}
      />
      <PageFrame
        title={companyName ? `Request data on ${companyName}` : "Request data"}
        description="Ask for a framework's data on this company for the reporting periods you need. You can also ask people at the company directly to share it."
      >
        {company.isPending ? <LoadingIndicator label="Loading the company." /> : null}
        {company.isError ? (
          <Alert tone="error" title="This company could not be loaded">
            <p>{company.error.message}</p>
            <p>
              <Link to="/companies">Search for the company again</Link>
            </p>
          </Alert>
        ) : null}
        {company.data ? (
          <div className="rq-company">
            <span className="rq-company__name">{company.data.companyInformation.companyName}</span>
            <span className="rq-company__meta">
              {[
                company.data.companyInformation.headquarters,
                countryName(company.data.companyInformation.countryCode),
                company.data.companyInformation.sector,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </div>
        ) : null}

        {result ? (
          <div className="wf-card">
            <h2>Your request was sent</h2>
            <Alert tone="success">
              <p>{result.message}</p>
            </Alert>
            <ul className="rq-result-list">
              {result.reportingPeriodsOfStoredDataRequests.length > 0 ? (
                <li>
                  New requests for {frameworkLabel(framework)}:{" "}
                  <strong>{result.reportingPeriodsOfStoredDataRequests.join(", ")}</strong>
                </li>
              ) : null}
              {result.reportingPeriodsOfStoredAccessRequests.length > 0 ? (
                <li>
                  The data is there already but private; the company was asked to give you access for{" "}
                  <strong>{result.reportingPeriodsOfStoredAccessRequests.join(", ")}</strong>
                </li>
              ) : null}
              {result.reportingPeriodsOfDuplicateDataRequests.length > 0 ? (
                <li>
                  Left out because you have an open request already:{" "}
                  <strong>{result.reportingPeriodsOfDuplicateDataRequests.join(", ")}</strong>
                </li>
              ) : null}
            </ul>
            <div className="wf-actions" style={{ marginTop: "1.5rem" }}>
              <ButtonLink to="/requests">See my data requests</ButtonLink>
              <button type="button" className="p-button p-component p-button-outlined" onClick={reset}>
                Request more data on this company
              </button>
              <ButtonLink to={`/companies/${companyId}`} variant="text">
                Back to the company
              </ButtonLink>
            </div>
          </div>
        ) : company.data ? (
          <form className="wf-form rq-form" onSubmit={onSubmit} noValidate aria-label="Data request">
            {problems.length > 0 ? (
              <ErrorSummary ref={summaryRef} title="The request was not sent" items={problems} />
            ) : null}
            <div className="wf-field">
              <label htmlFor={`${id}-framework`}>Framework</label>
              <select
                id={`${id}-framework`}
                className="p-inputtext p-component"
                value={framework}
                aria-invalid={errors.framework ? true : undefined}
                aria-describedby={errors.framework ? `${id}-framework-error` : undefined}
                onChange={(event) => setFramework(event.target.value as RequestDataType | "")}
              >
                <option value="">Choose a framework</option>
                {requestFrameworkOptions().map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {errors.framework ? (
                <p className="wf-field__error" id={`${id}-framework-error`}>
                  {errors.framework}
                </p>
              ) : null}
              {framework && PRIVATE_FRAMEWORKS.has(framework) ? (
                <p className="wf-field__hint">
                  {frameworkLabel(framework)} data is private: where it exists, the company is asked to give
                  you access, and you can follow its answer in your requests.
                </p>
              ) : null}
            </div>

            <CheckboxGroup
              legend="Reporting periods"
              hint="Each period becomes a request of its own."
              options={REQUEST_PERIODS.map((period) => ({ value: period, label: period }))}
              selected={periods}
              onChange={setPeriods}
              compact
              {...(errors.periods ? { error: errors.periods } : {})}
            />

            <div className="wf-field">
              <label htmlFor={`${id}-contacts`}>Contacts at the company (optional)</label>
              <p className="wf-field__hint" id={`${id}-contacts-hint`}>
                E-mail addresses of people who can share the data, one per line or separated by commas. They
                receive your message.
              </p>
              <textarea
                id={`${id}-contacts`}
                className="p-inputtext p-component"
                rows={3}
                value={contactsText}
                aria-invalid={errors.contacts ? true : undefined}
                aria-describedby={`${id}-contacts-hint${errors.contacts ? ` ${id}-contacts-error` : ""}`}
                placeholder="sustainability@company.com"
                onChange={(event) => setContactsText(event.target.value)}
                onBlur={() => {
                  const { invalid } = parseContacts(contactsText);
                  setErrors((current) => {
                    const { contacts: _omit, ...rest } = current;
                    return invalid.length > 0
                      ? { ...rest, contacts: `Not a valid e-mail address: ${invalid.join(", ")}.` }
                      : rest;
                  });
                }}
              />
              {errors.contacts ? (
                <p className="wf-field__error" id={`${id}-contacts-error`}>
                  {errors.contacts}
                </p>
              ) : null}
            </div>

            <div className="wf-field">
              <label htmlFor={`${id}-message`}>Message to the contacts (optional)</label>
              <textarea
                id={`${id}-message`}
                className="p-inputtext p-component"
                rows={4}
                maxLength={2000}
                value={message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? `${id}-message-error` : undefined}
                placeholder="We would value your data on Openverde, because…"
                onChange={(event) => setMessage(event.target.value)}
              />
              {errors.message ? (
                <p className="wf-field__error" id={`${id}-message-error`}>
                  {errors.message}
                </p>
              ) : null}
            </div>

            <label className="wf-check wf-check--inline">
              <input
                type="checkbox"
                checked={notifyMe}
                onChange={(event) => setNotifyMe(event.target.checked)}
              />
              <span>Notify me by e-mail at once when a request changes (otherwise in the weekly digest)</span>
            </label>

            <div className="wf-actions">
              <button type="submit" className="p-button p-component" disabled={submit.isPending}>
                {submit.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
                <span>Submit request</span>
              </button>
              <ButtonLink to={`/companies/${companyId}`} variant="text">
                Cancel
              </ButtonLink>
            </div>
          </form>
        ) : null}
      </PageFrame>
    </>
  );
}
