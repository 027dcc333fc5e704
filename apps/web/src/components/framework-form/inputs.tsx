/**
 * Controlled inputs of the upload form: native elements in PrimeReact's look (fast with hundreds of
 * fields, keyboard-friendly by nature). Text that cannot be read yet is kept as typed and reported
 * through `onInputError`, so the form can refuse to send it.
 */
import type { FieldOption, FormEntryField } from "@openverde/frameworks";
import { valueTypes } from "@openverde/frameworks/value-types";
import { memo, useEffect, useState } from "react";
import {
  formatCodes,
  formatCountMap,
  formatLines,
  formatNumber,
  parseCodes,
  parseCountMap,
  parseLines,
  parseNumber,
} from "./codecs";
import { isPlainObject } from "./form-state";

export type InputErrorSink = (part: string, message: string | undefined) => void;

interface Common {
  id: string;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  label?: string | undefined;
}

const aria = ({ describedBy, invalid, label }: Common) => ({
  ...(describedBy ? { "aria-describedby": describedBy } : {}),
  ...(invalid ? { "aria-invalid": true as const } : {}),
  ...(label ? { "aria-label": label } : {}),
});

/** A number as text; reports unreadable text, writes numbers only. */
export const NumberText = memo(function NumberText({
  value,
  onChange,
  integer = false,
  onInputError,
  part = "",
  ...common
}: Common & {
  value: unknown;
  onChange: (value: number | undefined) => void;
  integer?: boolean;
  onInputError?: InputErrorSink | undefined;
  part?: string;
}) {
  const [text, setText] = useState(() => formatNumber(value));
  const [error, setError] = useState<string | undefined>();
  // Unreadable text goes with the input: a closed section must not block the form with text no one sees.
  useEffect(() => () => onInputError?.(part, undefined), [onInputError, part]);
  useEffect(() => {
    setText((current) => (parseNumber(current, integer).value === value ? current : formatNumber(value)));
  }, [value, integer]);
  const messageId = `${common.id}-parse`;
  return (
    <>
      <input
        id={common.id}
        className="p-inputtext p-component ff-input ff-input--number"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        {...aria({
          ...common,
          invalid: common.invalid || Boolean(error),
          describedBy: [common.describedBy, error ? messageId : undefined].filter(Boolean).join(" "),
        })}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const parsed = parseNumber(next, integer);
          setError(parsed.error);
          onInputError?.(part, parsed.error);
          if (!parsed.error) onChange(parsed.value);
        }}
      />
      {error ? (
        <span id={messageId} className="ff-message" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
});

export function ChoiceSelect({
  value,
  onChange,
  options,
  placeholder = "Select…",
  ...common
}: Common & {
  value: unknown;
  onChange: (value: string | undefined) => void;
  options: readonly FieldOption[];
  placeholder?: string;
}) {
  return (
    <select
      id={common.id}
      className="p-inputtext p-component ff-input ff-select"
      value={typeof value === "string" ? value : ""}
      {...aria(common)}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function TextInput({
  value,
  onChange,
  multiline = false,
  type = "text",
  ...common
}: Common & {
  value: unknown;
  onChange: (value: string | undefined) => void;
  multiline?: boolean;
  type?: "text" | "date";
}) {
  const props = {
    id: common.id,
    value: typeof value === "string" ? value : "",
    ...aria(common),
    onChange: (event: { target: { value: string } }) =>
      onChange(event.target.value === "" ? undefined : event.target.value),
  };
  return multiline ? (
    <textarea className="p-inputtextarea p-inputtext p-component ff-input ff-textarea" rows={3} {...props} />
  ) : (
    <input type={type} className="p-inputtext p-component ff-input" autoComplete="off" {...props} />
  );
}

type ListMode = "codes" | "upperCodes" | "lines";

function formatList(mode: ListMode, value: unknown): string {
  return mode === "lines" ? formatLines(value) : formatCodes(value);
}

function parseList(mode: ListMode, text: string): string[] {
  return mode === "lines" ? parseLines(text) : parseCodes(text, mode === "upperCodes");
}

/** A list typed as text (codes separated by commas, or one text per line), kept as typed. */
export function ListText({
  value,
  onChange,
  mode,
  ...common
}: Common & {
  value: unknown;
  onChange: (value: string[] | undefined) => void;
  mode: "codes" | "upperCodes" | "lines";
}) {
  const [text, setText] = useState(() => formatList(mode, value));
  useEffect(() => {
    setText((current) =>
      JSON.stringify(parseList(mode, current)) === JSON.stringify(value ?? [])
        ? current
        : formatList(mode, value),
    );
  }, [value, mode]);
  const props = {
    id: common.id,
    value: text,
    ...aria(common),
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      const list = parseList(mode, event.target.value);
      onChange(list.length > 0 ? list : undefined);
    },
  };
  return mode === "lines" ? (
    <textarea className="p-inputtextarea p-inputtext p-component ff-input ff-textarea" rows={2} {...props} />
  ) : (
    <input className="p-inputtext p-component ff-input" autoComplete="off" {...props} />
  );
}

/** Whole numbers per key, one `KEY: NUMBER` per line. */
export function CountMapText({
  value,
  onChange,
  onInputError,
  part = "",
  ...common
}: Common & {
  value: unknown;
  onChange: (value: Record<string, number> | undefined) => void;
  onInputError?: InputErrorSink | undefined;
  part?: string;
}) {
  const [text, setText] = useState(() => formatCountMap(value));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => () => onInputError?.(part, undefined), [onInputError, part]);
  const messageId = `${common.id}-parse`;
  return (
    <>
      <textarea
        className="p-inputtextarea p-inputtext p-component ff-input ff-textarea"
        rows={2}
        id={common.id}
        value={text}
        placeholder="DE: 12"
        {...aria({
          ...common,
          invalid: common.invalid || Boolean(error),
          describedBy: [common.describedBy, error ? messageId : undefined].filter(Boolean).join(" "),
        })}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parseCountMap(event.target.value);
          setError(parsed.error);
          onInputError?.(part, parsed.error);
          if (!parsed.error) onChange(parsed.value);
        }}
      />
      {error ? (
        <span id={messageId} className="ff-message" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}

/** Enum options of list entries the form model names only as `list` (e.g. risk positions). */
function listItemOptions(key: string): FieldOption[] | undefined {
  if (key === "riskPositions")
    return (valueTypes.RiskPositionType?.enum ?? []).map((value) => ({ value, label: readable(value) }));
  return undefined;
}

export function readable(value: string): string {
  return value
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/^./, (first) => first.toUpperCase());
}

function CheckboxGroup({
  value,
  onChange,
  options,
  legend,
  id,
  describedBy,
}: {
  value: unknown;
  onChange: (value: string[] | undefined) => void;
  options: readonly FieldOption[];
  legend: string;
  id: string;
  describedBy?: string | undefined;
}) {
  const selected = new Set(Array.isArray(value) ? (value as string[]) : []);
  return (
    <fieldset className="ff-checkboxes" id={id} {...(describedBy ? { "aria-describedby": describedBy } : {})}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="ff-checkbox">
          <input
            type="checkbox"
            checked={selected.has(option.value)}
            onChange={(event) => {
              const next = options
                .map((o) => o.value)
                .filter((v) => (v === option.value ? event.target.checked : selected.has(v)));
              onChange(next.length > 0 ? next : undefined);
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export { CheckboxGroup };

const countMapKeys = new Set(["numberOfSuppliersPerCountryCode"]);
const codeListKeys = new Set(["naceCodes", "procuredProductTypesAndServicesNaceCodes"]);

/** One input of a list entry, by the entry field's type; objects nest. */
export function EntryValueEditor({
  def,
  value,
  onChange,
  id,
  onInputError,
  part,
  describedBy,
}: {
  def: FormEntryField;
  value: unknown;
  onChange: (value: unknown) => void;
  id: string;
  onInputError?: InputErrorSink | undefined;
  part: string;
  describedBy?: string | undefined;
}) {
  const common = { id, describedBy };
  switch (def.type) {
    case "number":
    case "integer":
      return (
        <NumberText
          {...common}
          value={value}
          integer={def.type === "integer"}
          onChange={onChange}
          onInputError={onInputError}
          part={part}
        />
      );
    case "date":
      return <TextInput {...common} type="date" value={value} onChange={onChange} />;
    case "choice":
      return (
        <ChoiceSelect
          {...common}
          value={value}
          onChange={onChange}
          options={(def.options ?? []).map((o) => ({ value: o.value, label: readable(o.label) }))}
        />
      );
    case "list": {
      const options = listItemOptions(def.key);
      if (options)
        return (
          <CheckboxGroup {...common} legend={def.label} value={value} onChange={onChange} options={options} />
        );
      if (countMapKeys.has(def.key))
        return (
          <CountMapText
            {...common}
            value={value}
            onChange={onChange}
            onInputError={onInputError}
            part={part}
          />
        );
      return (
        <ListText
          {...common}
          value={value}
          onChange={onChange}
          mode={codeListKeys.has(def.key) ? "upperCodes" : "lines"}
        />
      );
    }
    case "object":
      return (
        <ObjectEditor
          fields={def.fields ?? []}
          value={value}
          onChange={onChange}
          idBase={id}
          legend={def.label}
          onInputError={onInputError}
          part={part}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={value}
          onChange={onChange}
          multiline={def.key.startsWith("listed") || def.key.startsWith("specified")}
        />
      );
  }
}

function hint(def: FormEntryField): string | undefined {
  if (def.type === "list" && codeListKeys.has(def.key))
    return "NACE codes, separated by commas, e.g. C.10.1, 47.23";
  if (def.type === "list" && countMapKeys.has(def.key)) return "One per line: country code, colon, number";
  if (def.type === "list" && !listItemOptions(def.key)) return "One per line";
  if (def.key === "country") return "ISO code, e.g. DE";
  if (def.key === "currency") return "ISO code, e.g. EUR";
  return undefined;
}

/** The inputs of an object (an entry, an address, a share), each labelled; keeps keys it does not show. */
export function ObjectEditor({
  fields,
  value,
  onChange,
  idBase,
  legend,
  onInputError,
  part,
}: {
  fields: readonly FormEntryField[];
  value: unknown;
  onChange: (value: unknown) => void;
  idBase: string;
  legend?: string;
  onInputError?: InputErrorSink | undefined;
  part: string;
}) {
  const current = isPlainObject(value) ? value : {};
  const update = (key: string, next: unknown) => {
    const copy = { ...current };
    if (next === undefined) delete copy[key];
    else copy[key] = next;
    onChange(Object.keys(copy).length > 0 ? copy : undefined);
  };
  const body = (
    <div className="ff-object">
      {fields.map((def) => {
        const id = `${idBase}-${def.key}`;
        const hintText = hint(def);
        const hintId = hintText ? `${id}-hint` : undefined;
        return (
          <div key={def.key} className={`ff-object__item ff-object__item--${def.type}`}>
            {def.type === "object" ? null : (
              <label htmlFor={id} className="ff-object__label">
                {def.label}
                {def.required ? <span className="ff-required"> (required)</span> : null}
              </label>
            )}
            <EntryValueEditor
              def={def}
              value={current[def.key]}
              onChange={(next) => update(def.key, next)}
              id={id}
              describedBy={hintId}
              onInputError={onInputError}
              part={part ? `${part}.${def.key}` : def.key}
            />
            {hintText ? (
              <span id={hintId} className="ff-hint">
                {hintText}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
  return legend ? (
    <fieldset className="ff-fieldset">
      <legend>{legend}</legend>
      {body}
    </fieldset>
  ) : (
    body
  );
}

/**
 * A table of numbers (the nuclear-and-gas tables): one row per entry field, one column per number
 * inside it (or a single value column).
 */
export function NumberTable({
  fields,
  value,
  onChange,
  idBase,
  caption,
  onInputError,
  part,
}: {
  fields: readonly FormEntryField[];
  value: unknown;
  onChange: (value: unknown) => void;
  idBase: string;
  caption: string;
  onInputError?: InputErrorSink | undefined;
  part: string;
}) {
  const current = isPlainObject(value) ? value : {};
  const columns = fields.find((f) => f.type === "object")?.fields ?? [];
  const setCell = (rowKey: string, columnKey: string | undefined, next: number | undefined) => {
    const copy = structuredClone(current);
    if (columnKey === undefined) {
      if (next === undefined) delete copy[rowKey];
      else copy[rowKey] = next;
    } else {
      const row = isPlainObject(copy[rowKey]) ? (copy[rowKey] as Record<string, unknown>) : {};
      if (next === undefined) delete row[columnKey];
      else row[columnKey] = next;
      if (Object.keys(row).length > 0) copy[rowKey] = row;
      else delete copy[rowKey];
    }
    onChange(Object.keys(copy).length > 0 ? copy : undefined);
  };
  return (
    <div className="ff-table-wrap">
      <table className="ff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Activity</th>
            {columns.length > 0 ? (
              columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label} (%)
                </th>
              ))
            ) : (
              <th scope="col">Share (%)</th>
            )}
          </tr>
        </thead>
        <tbody>
          {fields.map((row) => {
            const rowLabel = nuclearRowLabel(row.key);
            const rowValue = current[row.key];
            return (
              <tr key={row.key}>
                <th scope="row">{rowLabel}</th>
                {row.type === "object" ? (
                  (row.fields ?? []).map((column) => (
                    <td key={column.key}>
                      <NumberText
                        id={`${idBase}-${row.key}-${column.key}`}
                        label={`${rowLabel}: ${column.label} (%)`}
                        value={isPlainObject(rowValue) ? rowValue[column.key] : undefined}
                        onChange={(next) => setCell(row.key, column.key, next)}
                        onInputError={onInputError}
                        part={`${part}.${row.key}.${column.key}`}
                      />
                    </td>
                  ))
                ) : (
                  <td>
                    <NumberText
                      id={`${idBase}-${row.key}`}
                      label={`${rowLabel} (%)`}
                      value={rowValue}
                      onChange={(next) => setCell(row.key, undefined, next)}
                      onInputError={onInputError}
                      part={`${part}.${row.key}`}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const nuclearRows: Record<string, string> = {
  "426": "4.26 Pre-commercial stages of advanced nuclear technologies",
  "427": "4.27 Construction and operation of new nuclear power plants",
  "428": "4.28 Electricity generation from nuclear energy in existing installations",
  "429": "4.29 Electricity generation from fossil gaseous fuels",
  "430": "4.30 High-efficiency co-generation from fossil gaseous fuels",
  "431": "4.31 Heat/cool from fossil gaseous fuels in district heating",
};

function nuclearRowLabel(key: string): string {
  const match = /NAndG(\d{3})$/.exec(key);
  if (match) return nuclearRows[match[1] as string] ?? key;
  return /^[a-z]/.test(key) ? readable(key) : key;
}

/** A list of entries (production sites, activities, ...): add, edit and remove, each entry a group. */
export function EntryList({
  fields,
  value,
  onChange,
  idBase,
  itemLabel,
  onInputError,
  part,
  renderExtra,
}: {
  fields: readonly FormEntryField[];
  value: unknown;
  onChange: (value: unknown) => void;
  idBase: string;
  itemLabel: string;
  onInputError?: InputErrorSink | undefined;
  part: string;
  renderExtra?: (
    entry: Record<string, unknown>,
    update: (entry: Record<string, unknown>) => void,
    id: string,
  ) => React.ReactNode;
}) {
  const entries = Array.isArray(value) ? (value as unknown[]) : [];
  const setEntry = (index: number, next: unknown) => {
    const copy = [...entries];
    copy[index] = next ?? {};
    onChange(copy);
  };
  const remove = (index: number) => {
    const copy = entries.filter((_, i) => i !== index);
    onChange(copy.length > 0 ? copy : undefined);
  };
  return (
    <fieldset className="ff-entries">
      <legend className="visually-hidden">{itemLabel} entries</legend>
      {entries.length === 0 ? <p className="ff-hint">No entries yet.</p> : null}
      {entries.map((entry, index) => {
        const entryId = `${idBase}-${index}`;
        const entryObject = isPlainObject(entry) ? entry : {};
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
          <fieldset key={index} className="ff-entry">
            <legend>
              {itemLabel} {index + 1}
            </legend>
            <ObjectEditor
              fields={fields}
              value={entryObject}
              onChange={(next) => setEntry(index, next)}
              idBase={entryId}
              onInputError={onInputError}
              part={`${part ? `${part}.` : ""}${index}`}
            />
            {renderExtra?.(entryObject, (next) => setEntry(index, next), entryId)}
            <button
              type="button"
              className="p-button p-component p-button-text p-button-sm ff-entry__remove"
              onClick={() => remove(index)}
            >
              Remove {itemLabel.toLowerCase()} {index + 1}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="p-button p-component p-button-outlined p-button-sm"
        onClick={() => onChange([...entries, {}])}
      >
        Add {itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}
