import { MultiSelect } from "primereact/multiselect";
import { useId } from "react";

/** A labelled multiple choice for a filter bar (PrimeReact's MultiSelect with a visible label). */
export function MultiFilter<T extends string>({
  label,
  options,
  value,
  onChange,
  placeholder,
  wide = false,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  placeholder?: string;
  wide?: boolean;
}) {
  const id = useId();
  return (
    <div className={`wf-field${wide ? " wf-field--wide" : ""}`}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <MultiSelect
        inputId={id}
        aria-labelledby={`${id}-label`}
        value={[...value]}
        options={[...options]}
        optionLabel="label"
        optionValue="value"
        onChange={(event) => onChange(event.value as T[])}
        placeholder={placeholder ?? "All"}
        maxSelectedLabels={2}
        selectedItemsLabel={`{0} selected`}
        display="comma"
        className="wf-multi"
      />
    </div>
  );
}
