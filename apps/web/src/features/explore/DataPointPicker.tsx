import { type FrameworkId, listFrameworks } from "@openverde/frameworks";
import { useId, useMemo, useState } from "react";
import { dataPointChoice, dataPointGroups, findDataPoints } from "./data-point-catalogue";
import { MAX_DATA_POINTS } from "./explore-state";

const frameworks = listFrameworks().map((framework) => ({
  id: framework.id,
  label: framework.regulation ? `${framework.label} (${framework.regulation})` : framework.label,
}));

/**
 * Framework and data points: a search over the framework's data points by the words of their label,
 * the matches grouped as the framework groups them with their units, and the chosen ones as chips.
 */
export function DataPointPicker({
  framework,
  chosen,
  onFramework,
  onChosen,
}: {
  framework: FrameworkId;
  chosen: string[];
  onFramework: (framework: FrameworkId) => void;
  onChosen: (paths: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const groups = useMemo(() => findDataPoints(dataPointGroups(framework), text), [framework, text]);
  const matches = groups.reduce((count, group) => count + group.choices.length, 0);
  const full = chosen.length >= MAX_DATA_POINTS;
  const toggle = (path: string, checked: boolean) =>
    onChosen(checked ? [...chosen, path] : chosen.filter((candidate) => candidate !== path));

  return (
    <fieldset className="ex-box ex-datapoints">
      <legend>Framework and data points</legend>
      <div className="ex-field">
        <label htmlFor={`${id}-framework`}>Framework</label>
        <select
          id={`${id}-framework`}
          className="p-inputtext p-component"
          value={framework}
          onChange={(event) => onFramework(event.target.value as FrameworkId)}
        >
          {frameworks.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {chosen.length ? (
        <ul className="ex-chips" aria-label="Chosen data points">
          {chosen.map((path) => {
            const choice = dataPointChoice(framework, path);
            return (
              <li key={path} className="ex-chip">
                <span>
                  {choice?.label ?? path}
                  {choice?.unit ? <span className="ex-muted"> ({choice.unit})</span> : null}
                </span>
                <button
                  type="button"
                  className="ex-chip__remove"
                  aria-label={`Remove ${choice?.label ?? path}`}
                  onClick={() => toggle(path, false)}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="ex-field">
        <label htmlFor={`${id}-search`}>Find data points</label>
        <input
          id={`${id}-search`}
          type="search"
          className="p-inputtext p-component"
          placeholder="e.g. scope 1 emissions"
          value={text}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-count`} className="ex-hint" aria-live="polite">
          {matches} {matches === 1 ? "data point" : "data points"}
          {text.trim() ? " match" : ""} · {chosen.length} of at most {MAX_DATA_POINTS} chosen
        </p>
      </div>
      <fieldset className="ex-datapoint-list">
        <legend className="visually-hidden">Data points of the framework</legend>
        {groups.map((group) => (
          <div key={group.label} className="ex-datapoint-group">
            <p className="ex-datapoint-group__label">{group.label}</p>
            {group.choices.map((choice) => {
              const checked = chosen.includes(choice.path);
              return (
                <label key={choice.path} className="ex-check">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => toggle(choice.path, event.target.checked)}
                  />
                  <span>
                    {choice.label}
                    {choice.unit ? <span className="ex-muted"> ({choice.unit})</span> : null}
                  </span>
                </label>
              );
            })}
          </div>
        ))}
        {groups.length === 0 ? <p className="ex-muted">No data point matches “{text.trim()}”.</p> : null}
      </fieldset>
    </fieldset>
  );
}
