import { useId } from "react";

/** Active datasets only, or every uploaded version with its QA status. */
export function VersionSwitch({
  allVersions,
  onChange,
}: {
  allVersions: boolean;
  onChange: (all: boolean) => void;
}) {
  const name = useId();
  return (
    <fieldset className="fw-segmented" aria-label="Versions shown" style={{ margin: 0, padding: 0 }}>
      <label>
        <input type="radio" name={name} checked={!allVersions} onChange={() => onChange(false)} />
        Active
      </label>
      <label>
        <input type="radio" name={name} checked={allVersions} onChange={() => onChange(true)} />
        All versions
      </label>
    </fieldset>
  );
}
