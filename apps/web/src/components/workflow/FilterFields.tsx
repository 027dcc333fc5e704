import { useId } from "react";

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  /** The first choice, which filters nothing ("All frameworks"). */
  allLabel: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  className?: string;
}

/** A labelled drop-down above a list; the empty value means "no filter". */
export function FilterSelect({ label, allLabel, value, options, onChange, className }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="p-inputtext p-component"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FilterSearchProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** A labelled search box above a list. */
export function FilterSearch({ label, placeholder, value, onChange, className }: FilterSearchProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        className="p-inputtext p-component"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Options whose label is the value itself (reporting periods, statuses). */
export const sameLabel = (values: readonly string[]): FilterOption[] =>
  values.map((value) => ({ value, label: value }));
