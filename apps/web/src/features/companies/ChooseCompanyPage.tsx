import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { PageFrame } from "../../components/PageFrame";
import { useDebounced } from "../../lib/use-debounced";
import { rolesAllow, useAuth } from "../auth";
import { CompanyForm } from "./CompanyForm";
import { CompanySuggestion } from "./CompanySuggestion";
import { useCompanySuggestions } from "./company-suggestions";
import "../../components/framework-form/FrameworkForm.css";
import "./ChooseCompanyPage.css";

const RESULT_LIMIT = 10;
/** The names search needs at least this many characters. */
const MIN_CHARACTERS = 3;

export function ChooseCompanyPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState(false);
  const term = useDebounced(text.trim(), 200);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const names = useCompanySuggestions(term.length >= MIN_CHARACTERS ? term : undefined, RESULT_LIMIT);
  const results = term.length >= MIN_CHARACTERS ? (names.data ?? []) : [];
  const expanded =
    open && term.length >= MIN_CHARACTERS && text.trim() === term && (results.length > 0 || names.isSuccess);
  const mayCreate = rolesAllow(user, "upload");

  const choose = (companyId: string) => navigate(`/companies/${companyId}/frameworks/upload`);

  return (
    <PageFrame
      title="Choose a company"
      description="Find the company you want to upload framework data for, or add it if it is not on the platform yet."
    >
      <section className="choose-company" aria-labelledby={`${inputId}-label`}>
        <label id={`${inputId}-label`} htmlFor={inputId} className="choose-company__label">
          Company name or identifier
        </label>
        <div className="choose-company__combo">
          <span className="pi pi-search choose-company__icon" aria-hidden="true" />
          <input
            id={inputId}
            type="text"
            role="combobox"
            className="p-inputtext p-component choose-company__input"
            placeholder="e.g. a name, an LEI or an ISIN"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-describedby={hintId}
            {...(expanded && active >= 0 ? { "aria-activedescendant": `${listId}-${active}` } : {})}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(event) => {
              if (event.key === "ArrowDown") {
                event.preventDefault();
                setOpen(true);
                setActive((index) => Math.min(index + 1, results.length - 1));
              } else if (event.key === "ArrowUp") {
                event.preventDefault();
                setActive((index) => Math.max(index - 1, 0));
              } else if (event.key === "Enter") {
                const chosen = results[Math.max(active, 0)];
                if (expanded && chosen) {
                  event.preventDefault();
                  choose(chosen.companyId);
                }
              } else if (event.key === "Escape") {
                setOpen(false);
              }
            }}
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Matching companies"
            className="choose-company__list"
            hidden={!expanded}
          >
            {results.map((company, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with the arrow keys and Enter in the combobox
              <div
                key={company.companyId}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`choose-company__option${index === active ? " choose-company__option--active" : ""}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(company.companyId)}
              >
                <CompanySuggestion company={company} />
              </div>
            ))}
          </div>
          {names.isSuccess && results.length === 0 && open && term === text.trim() ? (
            <p className="choose-company__empty">No company found for “{term}”.</p>
          ) : null}
        </div>
        <p id={hintId} className="ff-hint">
          Type at least three characters; pick a suggestion with the arrow keys and Enter, or click it.
        </p>
        <p className="ff-hint" aria-live="polite">
          {names.isFetching && term
            ? "Searching…"
            : names.isSuccess && term.length >= MIN_CHARACTERS
              ? `${results.length} suggestion${results.length === 1 ? "" : "s"}`
              : ""}
        </p>
        {names.isError ? (
          <p className="ff-message" role="alert">
            The search failed: {names.error.message}
          </p>
        ) : null}
      </section>

      <section className="choose-company__new">
        {creating ? (
          <CompanyForm initialName={text.trim()} onCancel={() => setCreating(false)} onCreated={choose} />
        ) : (
          <>
            <h2>Company not on the platform?</h2>
            {mayCreate ? (
              <button
                type="button"
                className="p-button p-component p-button-outlined"
                onClick={() => setCreating(true)}
              >
                Add a new company
              </button>
            ) : (
              <p>
                Adding companies needs the uploader role. Ask an administrator, or request the company's
                inclusion.
              </p>
            )}
          </>
        )}
      </section>
    </PageFrame>
  );
}
