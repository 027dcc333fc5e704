import { useQueries, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrap, useApi } from "../../api";
import { MultiFilter } from "../../components/workflow";
import { useDebounced } from "../../lib/use-debounced";
import { CompanySuggestion } from "../companies/CompanySuggestion";
import { countryName } from "../companies/company-api";
import { useCompanySuggestions } from "../companies/company-suggestions";
import { apiSearchString } from "../companies/search-params";
import type { CompanySource, ExploreSelection } from "./explore-state";

const SUGGESTIONS = 8;

const SOURCES: { value: CompanySource; label: string }[] = [
  { value: "search", label: "Chosen by name" },
  { value: "portfolio", label: "One of my portfolios" },
  { value: "filters", label: "All companies matching the filters" },
];

/** The company type-ahead of the company search (same suggestions), adding the chosen one to the list. */
function CompanyAdder({ onAdd }: { onAdd: (companyId: string) => void }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const searchString = apiSearchString(useDebounced(text, 200));
  const names = useCompanySuggestions(searchString, SUGGESTIONS);
  const suggestions = searchString && apiSearchString(text) ? (names.data ?? []) : [];
  const expanded = open && suggestions.length > 0;
  const choose = (companyId: string) => {
    onAdd(companyId);
    setText("");
    setOpen(false);
    setActive(-1);
  };
  return (
    <div className="ex-field ex-combo">
      <label htmlFor={`${id}-input`}>Add a company</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        className="p-inputtext p-component"
        autoComplete="off"
        spellCheck={false}
        placeholder="Name or identifier (LEI, ISIN, ...)"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-describedby={`${id}-hint`}
        {...(expanded && active >= 0 ? { "aria-activedescendant": `${id}-option-${active}` } : {})}
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
            setActive((index) => (suggestions.length ? (index + 1) % suggestions.length : -1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((index) =>
              suggestions.length ? (index <= 0 ? suggestions.length - 1 : index - 1) : -1,
            );
          } else if (event.key === "Enter") {
            const chosen = expanded ? suggestions[Math.max(active, 0)] : undefined;
            if (chosen) {
              event.preventDefault();
              choose(chosen.companyId);
            }
          } else if (event.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label="Matching companies"
        className="ex-combo__list"
        hidden={!expanded}
      >
        {suggestions.map((company, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: options of the combobox pattern; the input keeps focus and handles the keyboard
          <div
            key={company.companyId}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`ex-combo__option${index === active ? " is-active" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(company.companyId)}
          >
            <CompanySuggestion company={company} />
          </div>
        ))}
      </div>
      <p id={`${id}-hint`} className="ex-hint">
        Type at least three characters, then pick a suggestion with the arrow keys and Enter, or click it.
      </p>
    </div>
  );
}

/** The chosen companies by name, each with a button that takes it out again. */
function ChosenCompanies({
  companyIds,
  onRemove,
}: {
  companyIds: string[];
  onRemove: (companyId: string) => void;
}) {
  const api = useApi();
  const companies = useQueries({
    queries: companyIds.map((companyId) => ({
      queryKey: ["company", companyId],
      staleTime: 60_000,
      retry: false,
      queryFn: () => unwrap(api.backend.GET("/companies/{companyId}", { params: { path: { companyId } } })),
    })),
  });
  if (companyIds.length === 0) return <p className="ex-muted">No company chosen yet.</p>;
  return (
    <ul className="ex-chips" aria-label="Chosen companies">
      {companyIds.map((companyId, index) => {
        const name =
          companies[index]?.data?.companyInformation.companyName ??
          (companies[index]?.isError ? "Unknown company" : "Loading…");
        return (
          <li key={companyId} className="ex-chip">
            <span>{name}</span>
            <button
              type="button"
              className="ex-chip__remove"
              aria-label={`Remove ${name}`}
              onClick={() => onRemove(companyId)}
            >
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The user's own portfolios and those shared with them, by name. */
function PortfolioChoice({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (portfolioId: string) => void;
}) {
  const api = useApi();
  const id = useId();
  const own = useQuery({
    queryKey: ["portfolios", "names"],
    queryFn: () => unwrap(api.users.GET("/portfolios/names")),
  });
  const shared = useQuery({
    queryKey: ["portfolios", "shared", "names"],
    queryFn: () => unwrap(api.users.GET("/portfolios/shared/names")),
  });
  const byName = (a: { portfolioName: string }, b: { portfolioName: string }) =>
    a.portfolioName.localeCompare(b.portfolioName);
  const ownList = [...(own.data ?? [])].sort(byName);
  const sharedList = [...(shared.data ?? [])].sort(byName);
  return (
    <div className="ex-field">
      <label htmlFor={id}>Portfolio</label>
      <select
        id={id}
        className="p-inputtext p-component"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="" disabled>
          {own.isPending || shared.isPending ? "Loading your portfolios…" : "Choose a portfolio"}
        </option>
        {ownList.length ? (
          <optgroup label="My portfolios">
            {ownList.map((portfolio) => (
              <option key={portfolio.portfolioId} value={portfolio.portfolioId}>
                {portfolio.portfolioName}
              </option>
            ))}
          </optgroup>
        ) : null}
        {sharedList.length ? (
          <optgroup label="Shared with me">
            {sharedList.map((portfolio) => (
              <option key={portfolio.portfolioId} value={portfolio.portfolioId}>
                {portfolio.portfolioName}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {own.isSuccess && shared.isSuccess && ownList.length + sharedList.length === 0 ? (
        <p className="ex-hint">You have no portfolio yet; create one under MY PORTFOLIOS.</p>
      ) : null}
    </div>
  );
}

/** Which companies: chosen by name, a portfolio, or filters alone; the filters narrow the first two too. */
export function CompanyPicker({
  selection,
  onChange,
}: {
  selection: ExploreSelection;
  onChange: (change: Partial<ExploreSelection>) => void;
}) {
  const api = useApi();
  const id = useId();
  const meta = useQuery({
    queryKey: ["company-meta-information"],
    staleTime: 10 * 60_000,
    queryFn: () => unwrap(api.backend.GET("/companies/meta-information")),
  });
  const countryOptions = (meta.data?.countryCodes ?? [])
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const sectorOptions = (meta.data?.sectors ?? []).map((sector) => ({ value: sector, label: sector }));

  return (
    <fieldset className="ex-box ex-companies">
      <legend>Companies</legend>
      <div className="ex-radios" role="radiogroup" aria-label="How to choose the companies">
        {SOURCES.map((source) => (
          <label key={source.value} className="ex-check">
            <input
              type="radio"
              name={`${id}-source`}
              value={source.value}
              checked={selection.source === source.value}
              onChange={() => onChange({ source: source.value })}
            />
            <span>{source.label}</span>
          </label>
        ))}
      </div>
      {selection.source === "search" ? (
        <>
          <CompanyAdder
            onAdd={(companyId) =>
              selection.companyIds.includes(companyId)
                ? undefined
                : onChange({ companyIds: [...selection.companyIds, companyId] })
            }
          />
          <ChosenCompanies
            companyIds={selection.companyIds}
            onRemove={(companyId) =>
              onChange({ companyIds: selection.companyIds.filter((idOf) => idOf !== companyId) })
            }
          />
        </>
      ) : null}
      {selection.source === "portfolio" ? (
        <PortfolioChoice
          value={selection.portfolioId}
          onChange={(portfolioId) => onChange({ portfolioId })}
        />
      ) : null}
      <div className="ex-filters">
        <p className="ex-filters__label">{selection.source === "filters" ? "Filters" : "Narrow down by"}</p>
        <MultiFilter
          label="Country"
          options={countryOptions}
          value={selection.countries}
          onChange={(countries) => onChange({ countries })}
          placeholder="All countries"
        />
        <MultiFilter
          label="Sector"
          options={sectorOptions}
          value={selection.sectors}
          onChange={(sectors) => onChange({ sectors })}
          placeholder="All sectors"
        />
        <label className="ex-check">
          <input
            type="checkbox"
            checked={selection.hasData}
            onChange={(event) => onChange({ hasData: event.target.checked })}
          />
          <span>Only companies with data of this framework</span>
        </label>
      </div>
    </fieldset>
  );
}
