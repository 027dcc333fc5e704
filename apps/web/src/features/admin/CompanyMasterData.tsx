/**
 * An admin edits a company's master data: the same fields and checks as the form that adds a company
 * (features/companies/company-form.ts), and the server's own validation on saving (PUT
 * /api/companies/{companyId}, which answers 400 naming the field). Fields the form does not show
 * (contact details, fiscal year, parent company, ...) are kept as they are.
 */
import { countryCodes } from "@openverde/frameworks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { Alert } from "../../components/workflow";
import "../../components/framework-form/FrameworkForm.css";
import { countryName, useCompany } from "../companies/company-api";
import {
  type CompanyDraft,
  companyDraftProblems,
  IDENTIFIER_TYPES,
  type IdentifierType,
  toCompanyInformation,
} from "../companies/company-form";
import { draftOfCompany, withDraft } from "./master-data";

type TextKey =
  | "companyName"
  | "alternativeNames"
  | "headquarters"
  | "postalCode"
  | "legalForm"
  | "sector"
  | "website";

const TEXT_FIELDS: { key: TextKey; label: string; required?: boolean; hint?: string }[] = [
  { key: "companyName", label: "Legal name", required: true },
  { key: "alternativeNames", label: "Other names", hint: "Separated by commas." },
  { key: "headquarters", label: "City of the registered office", required: true },
  { key: "postalCode", label: "Postal code" },
  { key: "legalForm", label: "Legal form" },
  { key: "sector", label: "Sector" },
  { key: "website", label: "Web site" },
];

export function CompanyMasterData() {
  const { companyId = "" } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const idBase = useId();
  const company = useCompany(companyId);
  const [draft, setDraft] = useState<CompanyDraft>();
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const countries = useMemo(
    () =>
      [...countryCodes]
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );
  useEffect(() => {
    if (company.data && !draft) setDraft(draftOfCompany(company.data.companyInformation));
  }, [company.data, draft]);

  const save = useMutation({
    mutationFn: (edited: CompanyDraft) =>
      unwrap(
        api.backend.PUT("/companies/{companyId}", {
          params: { path: { companyId } },
          body: withDraft(company.data?.companyInformation, toCompanyInformation(edited)),
        }),
      ),
    onSuccess: (stored) => {
      setSaved(true);
      setSubmitted(false);
      setDraft(draftOfCompany(stored.companyInformation));
      void queryClient.invalidateQueries({ queryKey: ["company", companyId] });
      void queryClient.invalidateQueries({ queryKey: ["company-info", companyId] });
      return queryClient.invalidateQueries({ queryKey: ["admin-audit"] });
    },
  });

  if (company.isPending) return <LoadingIndicator label="Loading the company." />;
  if (company.isError)
    return (
      <Alert tone="error" title="The company could not be loaded">
        <p>{company.error.message}</p>
        <p>
          <Link to="/admin/companies">Back to the companies</Link>
        </p>
      </Alert>
    );
  if (!draft) return null;
  const problems = submitted ? companyDraftProblems(draft) : {};
  const problemList = Object.entries(problems);
  const set = <K extends keyof CompanyDraft>(key: K, value: CompanyDraft[K]) => {
    setSaved(false);
    setDraft({ ...draft, [key]: value });
  };
  const setRow = (index: number, patch: Partial<{ type: IdentifierType; value: string }>) =>
    set(
      "identifiers",
      draft.identifiers.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const field = (key: string) => `${idBase}-${key.replace(".", "-")}`;
  const error = (key: string) =>
    problems[key] ? (
      <p id={`${field(key)}-error`} className="ff-message">
        {problems[key]}
      </p>
    ) : null;
  const described = (key: string, hint?: boolean) =>
    [hint ? `${field(key)}-hint` : "", problems[key] ? `${field(key)}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <form
      className="admin-master-data"
      noValidate
      aria-labelledby={`${idBase}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(companyDraftProblems(draft)).length === 0) save.mutate(draft);
      }}
    >
      <h2 id={`${idBase}-title`}>
        Master data of{" "}
        <Link to={`/companies/${companyId}`}>{company.data.companyInformation.companyName}</Link>
      </h2>
      {saved ? (
        <Alert tone="success">
          <p>The master data is saved; the change is in the audit trail.</p>
        </Alert>
      ) : null}
      {problemList.length > 0 ? (
        <Alert tone="error" title="Please correct these fields">
          <ul>
            {problemList.map(([key, message]) => (
              <li key={key}>
                <a href={`#${field(key)}`}>{message}</a>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert tone="error" title="The master data was not saved">
          <p>{save.error.message}</p>
        </Alert>
      ) : null}
      <div className="admin-master-data__grid">
        {TEXT_FIELDS.map(({ key, label, required, hint }) => (
          <div key={key} className="admin-master-data__item">
            <label htmlFor={field(key)}>
              {label}
              {required ? <span className="ff-required"> (required)</span> : null}
            </label>
            <input
              id={field(key)}
              className="p-inputtext p-component"
              value={draft[key]}
              autoComplete="off"
              aria-required={required || undefined}
              aria-invalid={problems[key] ? true : undefined}
              aria-describedby={described(key, Boolean(hint))}
              onChange={(event) => set(key, event.target.value)}
            />
            {hint ? (
              <p id={`${field(key)}-hint`} className="wf-muted">
                {hint}
              </p>
            ) : null}
            {error(key)}
          </div>
        ))}
        <div className="admin-master-data__item">
          <label htmlFor={field("countryCode")}>
            Country<span className="ff-required"> (required)</span>
          </label>
          <select
            id={field("countryCode")}
            className="p-inputtext p-component"
            value={draft.countryCode}
            aria-required
            aria-invalid={problems.countryCode ? true : undefined}
            aria-describedby={described("countryCode")}
            onChange={(event) => set("countryCode", event.target.value)}
          >
            <option value="">Choose a country</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          {error("countryCode")}
        </div>
      </div>
      <fieldset className="admin-master-data__identifiers">
        <legend>Identifiers</legend>
        {draft.identifiers.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; they are edited in place.
          <div key={index} className="admin-master-data__identifier">
            <select
              aria-label={`Kind of identifier ${index + 1}`}
              className="p-inputtext p-component"
              value={row.type}
              onChange={(event) => setRow(index, { type: event.target.value as IdentifierType })}
            >
              {IDENTIFIER_TYPES.map((kind) => (
                <option key={kind.type} value={kind.type}>
                  {kind.label}
                </option>
              ))}
            </select>
            <input
              id={field(`identifiers.${index}`)}
              aria-label={`Identifier ${index + 1}`}
              className="p-inputtext p-component"
              value={row.value}
              autoComplete="off"
              aria-invalid={problems[`identifiers.${index}`] ? true : undefined}
              aria-describedby={described(`identifiers.${index}`)}
              onChange={(event) => setRow(index, { value: event.target.value })}
            />
            <button
              type="button"
              className="p-button p-component p-button-text p-button-sm"
              aria-label={`Remove identifier ${index + 1}`}
              onClick={() =>
                set(
                  "identifiers",
                  draft.identifiers.filter((_, i) => i !== index),
                )
              }
            >
              <i className="pi pi-trash" aria-hidden="true" />
            </button>
            {error(`identifiers.${index}`)}
          </div>
        ))}
        <button
          type="button"
          className="p-button p-component p-button-text p-button-sm"
          onClick={() => set("identifiers", [...draft.identifiers, { type: "Lei", value: "" }])}
        >
          <i className="pi pi-plus" aria-hidden="true" />
          <span>Add an identifier</span>
        </button>
      </fieldset>
      <div className="admin-summary">
        <Link to="/admin/companies">Back to the companies</Link>
        <button type="submit" className="p-button p-component" disabled={save.isPending}>
          <span>{save.isPending ? "Saving…" : "Save master data"}</span>
        </button>
      </div>
    </form>
  );
}
