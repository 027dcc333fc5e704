/**
 * The company form: adds a company that is not on the platform yet. Identifiers are checked with
 * POST /api/companies/validation while typing and again before saving; an identifier that already
 * belongs to a company is shown with that company.
 */
import { countryCodes } from "@openverde/frameworks";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { countryName } from "./company-api";
import {
  type CompanyDraft,
  companyDraftProblems,
  emptyCompanyDraft,
  IDENTIFIER_TYPES,
  type IdentifierType,
  type IdentifierValidationResult,
  identifierConflicts,
  identifierValues,
  toCompanyInformation,
} from "./company-form";

export function CompanyForm({
  initialName = "",
  onCreated,
  onCancel,
}: {
  initialName?: string;
  onCreated: (companyId: string) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const [draft, setDraft] = useState<CompanyDraft>(() => ({
    ...emptyCompanyDraft(),
    companyName: initialName,
  }));
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [validation, setValidation] = useState<IdentifierValidationResult[]>([]);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | undefined>();
  const firstProblemRef = useRef<HTMLDivElement>(null);
  const idBase = useId();
  const problems = companyDraftProblems(draft);
  const conflicts = identifierConflicts(draft, validation);
  const countries = useMemo(
    () =>
      [...countryCodes]
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [],
  );

  const values = identifierValues(draft);
  const valuesKey = values.join("\n");
  const checkIdentifiers = useCallback(
    async (asked: string[]): Promise<IdentifierValidationResult[]> => {
      if (asked.length === 0) return [];
      return unwrap(api.backend.POST("/companies/validation", { body: asked }));
    },
    [api],
  );

  // Check identifiers while typing (debounced), so a conflict shows before saving.
  useEffect(() => {
    const asked = valuesKey ? valuesKey.split("\n") : [];
    if (asked.length === 0) {
      setValidation([]);
      return;
    }
    const timer = setTimeout(() => {
      setChecking(true);
      checkIdentifiers(asked)
        .then((result) => {
          setValidation(result);
          setCheckError(undefined);
        })
        .catch((error: Error) => setCheckError(`The identifiers could not be checked: ${error.message}`))
        .finally(() => setChecking(false));
    }, 400);
    return () => clearTimeout(timer);
  }, [valuesKey, checkIdentifiers]);

  const create = useMutation({
    mutationFn: async () => {
      const fresh = await checkIdentifiers(identifierValues(draft));
      setValidation(fresh);
      if (identifierConflicts(draft, fresh).size > 0) throw new Error("conflict");
      return unwrap(api.backend.POST("/companies", { body: toCompanyInformation(draft) }));
    },
    onSuccess: (stored) => onCreated(stored.companyId),
  });

  const show = (key: string) => submitted || touched.has(key);
  const touch = (key: string) => setTouched((current) => new Set([...current, key]));
  const set = <K extends keyof CompanyDraft>(key: K, value: CompanyDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setRow = (index: number, patch: Partial<{ type: IdentifierType; value: string }>) =>
    setDraft((current) => ({
      ...current,
      identifiers: current.identifiers.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));

  const text = (
    key:
      | "companyName"
      | "headquarters"
      | "alternativeNames"
      | "legalForm"
      | "postalCode"
      | "sector"
      | "website",
    label: string,
    required = false,
    hint?: string,
  ) => {
    const id = `${idBase}-${key}`;
    const problem = show(key) ? problems[key] : undefined;
    const describedBy = [hint ? `${id}-hint` : undefined, problem ? `${id}-error` : undefined]
      .filter(Boolean)
      .join(" ");
    return (
      <div className="company-form__item">
        <label htmlFor={id}>
          {label}
          {required ? <span className="ff-required"> (required)</span> : null}
        </label>
        <input
          id={id}
          className="p-inputtext p-component"
          value={draft[key]}
          autoComplete="off"
          aria-required={required || undefined}
          aria-invalid={problem ? true : undefined}
          {...(describedBy ? { "aria-describedby": describedBy } : {})}
          onChange={(event) => set(key, event.target.value)}
          onBlur={() => touch(key)}
        />
        {hint ? (
          <span id={`${id}-hint`} className="ff-hint">
            {hint}
          </span>
        ) : null}
        {problem ? (
          <span id={`${id}-error`} className="ff-message">
            {problem}
          </span>
        ) : null}
      </div>
    );
  };

  const countryProblem = show("countryCode") ? problems.countryCode : undefined;
  const conflictError = create.error?.message === "conflict";

  return (
    <form
      className="company-form"
      noValidate
      aria-labelledby={`${idBase}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(problems).length > 0 || conflicts.size > 0) {
          requestAnimationFrame(() =>
            firstProblemRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
          );
          return;
        }
        create.mutate();
      }}
    >
      <h2 id={`${idBase}-title`}>Add a new company</h2>
      <p className="ff-hint">
        Check first that the company is not on the platform yet. Each identifier can belong to one company
        only.
      </p>
      <div ref={firstProblemRef} className="company-form__grid">
        {text("companyName", "Legal name", true)}
        {text("alternativeNames", "Other names", false, "Separated by commas")}
        {text("headquarters", "City of the registered office", true)}
        {text("postalCode", "Postal code")}
        <div className="company-form__item">
          <label htmlFor={`${idBase}-country`}>
            Country<span className="ff-required"> (required)</span>
          </label>
          <select
            id={`${idBase}-country`}
            className="p-inputtext p-component"
            value={draft.countryCode}
            aria-required
            aria-invalid={countryProblem ? true : undefined}
            {...(countryProblem ? { "aria-describedby": `${idBase}-country-error` } : {})}
            onChange={(event) => set("countryCode", event.target.value)}
            onBlur={() => touch("countryCode")}
          >
            <option value="">Select…</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name} ({country.code})
              </option>
            ))}
          </select>
          {countryProblem ? (
            <span id={`${idBase}-country-error`} className="ff-message">
              {countryProblem}
            </span>
          ) : null}
        </div>
        {text("legalForm", "Legal form")}
        {text("sector", "Sector")}
        {text("website", "Website")}
      </div>

      <fieldset className="company-form__identifiers">
        <legend>Identifiers</legend>
        {draft.identifiers.map((row, index) => {
          const id = `${idBase}-identifier-${index}`;
          const problem =
            row.value.trim() && show(`identifiers.${index}`) ? problems[`identifiers.${index}`] : undefined;
          const conflict = conflicts.get(index);
          const describedBy = [problem ? `${id}-error` : undefined, conflict ? `${id}-conflict` : undefined]
            .filter(Boolean)
            .join(" ");
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <div key={index} className="company-form__identifier">
              <label htmlFor={`${id}-type`} className="visually-hidden">
                Type of identifier {index + 1}
              </label>
              <select
                id={`${id}-type`}
                className="p-inputtext p-component"
                value={row.type}
                onChange={(event) => setRow(index, { type: event.target.value as IdentifierType })}
              >
                {IDENTIFIER_TYPES.map((option) => (
                  <option key={option.type} value={option.type}>
                    {option.label}
                  </option>
                ))}
              </select>
              <label htmlFor={id} className="visually-hidden">
                Identifier {index + 1}
              </label>
              <input
                id={id}
                className="p-inputtext p-component"
                value={row.value}
                autoComplete="off"
                aria-invalid={problem || conflict ? true : undefined}
                {...(describedBy ? { "aria-describedby": describedBy } : {})}
                onChange={(event) => setRow(index, { value: event.target.value })}
                onBlur={() => touch(`identifiers.${index}`)}
              />
              <button
                type="button"
                className="p-button p-component p-button-text p-button-sm"
                onClick={() =>
                  setDraft((current) => ({
                    ...current,
                    identifiers: current.identifiers.filter((_, i) => i !== index),
                  }))
                }
              >
                Remove<span className="visually-hidden"> identifier {index + 1}</span>
              </button>
              {problem ? (
                <span id={`${id}-error`} className="ff-message company-form__row-message">
                  {problem}
                </span>
              ) : null}
              {conflict ? (
                <span id={`${id}-conflict`} className="ff-message company-form__row-message" role="alert">
                  This identifier already belongs to{" "}
                  <Link to={`/companies/${conflict.companyId}/frameworks/upload`}>
                    {conflict.companyName}
                  </Link>
                  . Upload data for that company instead, or correct the identifier.
                </span>
              ) : null}
            </div>
          );
        })}
        <button
          type="button"
          className="p-button p-component p-button-outlined p-button-sm"
          onClick={() =>
            setDraft((current) => ({
              ...current,
              identifiers: [...current.identifiers, { type: "Isin", value: "" }],
            }))
          }
        >
          Add an identifier
        </button>
        <p className="ff-hint" aria-live="polite">
          {checking ? "Checking the identifiers…" : (checkError ?? "")}
        </p>
      </fieldset>

      {create.isError && !conflictError ? (
        <p className="ff-message ff-message--block" role="alert">
          The company could not be saved: {create.error.message}
        </p>
      ) : null}
      {submitted && (Object.keys(problems).length > 0 || conflicts.size > 0) ? (
        <p className="ff-message" role="alert">
          Please correct the marked fields.
        </p>
      ) : null}
      <div className="company-form__actions">
        <button type="submit" className="p-button p-component" disabled={create.isPending}>
          {create.isPending ? "Saving…" : "Save the company and continue"}
        </button>
        <button type="button" className="p-button p-component p-button-text" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
