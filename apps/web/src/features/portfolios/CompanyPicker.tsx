import { type KeyboardEvent, useId, useState } from "react";
import { useDebounced } from "../../lib/use-debounced";
import { CompanySuggestion } from "../companies/CompanySuggestion";
import { type SuggestedCompany, useCompanySuggestions } from "../companies/company-suggestions";
import { apiSearchString } from "../companies/search-params";

const SUGGESTIONS = 8;

/**
 * A company type-ahead (ARIA 1.2 combobox) that hands the chosen company to `onPick` and empties
 * itself for the next one: the portfolio editor adds companies by name, LEI or ISIN with it.
 */
export function CompanyPicker({
  label,
  hint,
  isChosen,
  onPick,
}: {
  label: string;
  hint: string;
  /** Whether a suggestion is in the list already; such suggestions are marked and not added twice. */
  isChosen: (companyId: string) => boolean;
  onPick: (company: SuggestedCompany) => void;
}) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();
  const hintId = useId();
  const debounced = useDebounced(text, 200);
  const searchString = apiSearchString(debounced);
  const names = useCompanySuggestions(searchString, SUGGESTIONS);
  const current = apiSearchString(text) !== undefined && searchString !== undefined;
  const suggestions = current ? (names.data ?? []) : [];
  const expanded = open && suggestions.length > 0;

  const pick = (company: SuggestedCompany) => {
    if (!isChosen(company.companyId)) onPick(company);
    setText("");
    setActive(-1);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (suggestions.length ? (index + 1) % suggestions.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => (suggestions.length ? (index <= 0 ? suggestions.length - 1 : index - 1) : -1));
    } else if (event.key === "Enter") {
      // Enter inside the dialog's form would submit it: here it only picks.
      event.preventDefault();
      const chosen = expanded ? suggestions[Math.max(active, 0)] : undefined;
      if (chosen) pick(chosen);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="wf-field pf-picker">
      <label htmlFor={inputId}>{label}</label>
      <p className="wf-field__hint" id={hintId}>
        {hint}
      </p>
      <div className="pf-picker__combo">
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
          aria-describedby={hintId}
          {...(expanded && active >= 0 ? { "aria-activedescendant": `${listId}-${active}` } : {})}
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
          aria-label="Suggestions"
          className="pf-picker__list"
          hidden={!expanded}
        >
          {suggestions.map((company, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: options of the combobox pattern; the input keeps focus and handles the keyboard
            <div
              key={company.companyId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              aria-disabled={isChosen(company.companyId) ? true : undefined}
              className={index === active ? "pf-picker__option is-active" : "pf-picker__option"}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(company)}
            >
              <CompanySuggestion company={company} />
              {isChosen(company.companyId) ? (
                <span className="pf-picker__added">In the portfolio</span>
              ) : null}
            </div>
          ))}
        </div>
      </div>
      <p className="wf-field__hint" aria-live="polite">
        {current && names.isSuccess && suggestions.length === 0
          ? `No company found for “${text.trim()}”.`
          : ""}
      </p>
    </div>
  );
}
