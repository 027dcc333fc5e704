import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useDebounced } from "../../lib/use-debounced";
import { CompanySuggestion } from "./CompanySuggestion";
import { useCompanySuggestions } from "./company-suggestions";
import { apiSearchString } from "./search-params";

const SUGGESTIONS = 8;

/**
 * The company search field with type-ahead (ARIA combobox): suggestions from the names API open the
 * company's cockpit; Enter without a chosen suggestion searches the table below.
 */
export function CompanySearchBox({
  initial,
  onSearch,
}: {
  initial: string;
  onSearch: (query: string) => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();
  const debounced = useDebounced(text, 200);
  const searchString = apiSearchString(debounced);

  useEffect(() => setText(initial), [initial]);

  const names = useCompanySuggestions(searchString, SUGGESTIONS);
  const suggestions = searchString && apiSearchString(text) ? (names.data ?? []) : [];
  const expanded = open && suggestions.length > 0;

  const choose = (companyId: string) => {
    setOpen(false);
    navigate(`/companies/${companyId}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (suggestions.length ? (current + 1) % suggestions.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) =>
        suggestions.length ? (current <= 0 ? suggestions.length - 1 : current - 1) : -1,
      );
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
      if (chosen) choose(chosen.companyId);
      else {
        setOpen(false);
        onSearch(text);
      }
    }
  };

  return (
    <search className="company-search">
      <label htmlFor={inputId} className="company-search__label">
        Company name or identifier (LEI, ISIN, ...)
      </label>
      <div className="company-search__row">
        <div className="company-search__field">
          <i className="pi pi-search" aria-hidden="true" />
          <input
            id={inputId}
            type="text"
            role="combobox"
            className="p-inputtext p-component"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            placeholder="e.g. Verdana Energie or 529900…"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={onKeyDown}
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Matching companies"
            className="company-search__list"
            hidden={!expanded}
          >
            {suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: options of the combobox pattern; the input keeps focus and handles the keyboard
              <div
                key={suggestion.companyId}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? "company-search__option is-active" : "company-search__option"}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion.companyId)}
              >
                <CompanySuggestion company={suggestion} />
              </div>
            ))}
          </div>
        </div>
        <button type="button" className="p-button p-component" onClick={() => onSearch(text)}>
          Search
        </button>
      </div>
      <p className="company-search__hint">
        Type at least three characters; choose a suggestion to open the company, or press Enter to list all
        matches.
      </p>
    </search>
  );
}
