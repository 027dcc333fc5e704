import { useId } from "react";

/** A set of checkboxes in a fieldset: keyboard-usable, every option visible at once. */
export function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  hint,
  error,
  compact = false,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  hint?: string;
  error?: string;
  compact?: boolean;
}) {
  const id = useId();
  const toggle = (value: string, checked: boolean) =>
    onChange(
      checked
        ? options.map((option) => option.value).filter((v) => v === value || selected.includes(v))
        : selected.filter((v) => v !== value),
    );
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset
      className={`wf-checks${compact ? " wf-checks--compact" : ""}`}
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="wf-field__label">{legend}</legend>
      {hint ? (
        <p className="wf-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="wf-checks__options">
        {options.map((option) => (
          <label key={option.value} className="wf-check">
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="wf-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
