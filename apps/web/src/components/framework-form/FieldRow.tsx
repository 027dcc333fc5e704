/**
 * One field of the upload form, with its value editor by kind, the data point's extras (quality,
 * data source with page, comment) and its messages tied to the inputs. Subscribes to its own value
 * only, so typing elsewhere does not render it again.
 */
import type { FormField } from "@openverde/frameworks";
import { highImpactClimateSectorKeys } from "@openverde/frameworks/code-lists/nace";
import { valueTypes } from "@openverde/frameworks/value-types";
import { memo, useCallback, useEffect, useRef } from "react";
import { isPlainObject, type ReportEntry } from "./form-state";
import {
  type FormStore,
  useFieldMessagesVersion,
  useFieldValue,
  useFieldVisible,
  useReports,
} from "./form-store";
import {
  CheckboxGroup,
  ChoiceSelect,
  EntryList,
  type InputErrorSink,
  ListText,
  NumberTable,
  NumberText,
  ObjectEditor,
  readable,
  TextInput,
} from "./inputs";
import { pageRuleMessage, REQUIRED_MESSAGE } from "./rules";

export function fieldDomId(path: string): string {
  return `ff-${path.replace(/[^\w-]/g, "-")}`;
}

const qualityOptions = (valueTypes.QualityOptions?.enum ?? []).map((value) => ({
  value,
  label: readable(value),
}));
const yesNo = [
  { value: "Yes", label: "Yes" },
  { value: "No", label: "No" },
];
const yesNoNa = [...yesNo, { value: "NA", label: "Not applicable" }];
const procurementKeys = ["Products", "Services", "RawMaterials"];

/** Where the answer itself sits inside the field's wire value. */
function valuePart(field: FormField): string {
  return field.wrapper === "plain" ? "" : "value";
}

function hasPage(field: FormField): boolean {
  return field.wrapper === "extended" || field.kind === "assurance";
}

function itemLabel(field: FormField): string {
  switch (field.kind) {
    case "euTaxonomyAlignedActivities":
    case "euTaxonomyNonAlignedActivities":
    case "euTaxonomyEligibleOrAlignedActivities":
      return "Activity";
    case "productionSites":
      return "Production site";
    case "mostImportantProducts":
      return "Product";
    case "riskPositionAssessments":
    case "generalViolationsAssessments":
      return "Risk position";
    case "grievanceMechanismAssessments":
      return "Complaint";
    case "subsidiaries":
      return "Subsidiary";
    case "pollutionEmissions":
      return "Emission";
    case "sitesAndAreas":
      return "Site";
    case "wasteClassifications":
      return "Waste type";
    case "employeesPerCountry":
      return "Country";
    case "documentsWithDescriptions":
      return "Document";
    default:
      return "Entry";
  }
}

function ReportSelect({
  id,
  reports,
  source,
  onChange,
  describedBy,
  label,
}: {
  id: string;
  reports: readonly ReportEntry[];
  source: unknown;
  onChange: (report: ReportEntry | undefined) => void;
  describedBy?: string | undefined;
  label?: string;
}) {
  const reference = isPlainObject(source) ? source.fileReference : undefined;
  const known = reports.some((report) => report.fileReference === reference);
  return (
    <select
      id={id}
      className="p-inputtext p-component ff-input ff-select"
      value={typeof reference === "string" ? reference : ""}
      {...(describedBy ? { "aria-describedby": describedBy } : {})}
      {...(label ? { "aria-label": label } : {})}
      onChange={(event) => onChange(reports.find((report) => report.fileReference === event.target.value))}
    >
      <option value="">{reports.length === 0 ? "Add a report first" : "No report"}</option>
      {typeof reference === "string" && !known ? <option value={reference}>(removed report)</option> : null}
      {reports.map((report) => (
        <option key={report.fileReference} value={report.fileReference}>
          {report.name}
        </option>
      ))}
    </select>
  );
}

/** The data source object for a chosen report, keeping what else it had (page, tag name). */
export function sourceFor(
  previous: unknown,
  report: ReportEntry | undefined,
): Record<string, unknown> | undefined {
  const kept = isPlainObject(previous) ? { ...previous } : {};
  delete kept.fileName;
  delete kept.fileReference;
  delete kept.publicationDate;
  if (!report) return typeof kept.page === "string" && kept.page !== "" ? kept : undefined;
  return {
    ...kept,
    fileName: report.name,
    fileReference: report.fileReference,
    ...(report.publicationDate ? { publicationDate: report.publicationDate } : {}),
  };
}

function Messages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="ff-messages">
      {messages.map((message) => (
        <li key={message} className="ff-message">
          {message}
        </li>
      ))}
    </ul>
  );
}

function locate(at: string, field: FormField): string {
  if (at === "" || at === "value") return "";
  const parts = at.replace(/^value\./, "").split(".");
  const words = parts.map((part, index) =>
    /^\d+$/.test(part)
      ? index === 0
        ? `${itemLabel(field)} ${Number(part) + 1}`
        : `item ${Number(part) + 1}`
      : readable(part),
  );
  return `${words.join(", ")}: `;
}

/** Enter in a field's inputs must not send anything: the upload is sent with its own button. */
function stayOnForm(event: React.FormEvent) {
  event.preventDefault();
}

export const FieldRow = memo(function FieldRow({ store, field }: { store: FormStore; field: FormField }) {
  const visible = useFieldVisible(store, field);
  if (!visible) return null;
  // Each field is a form of its own because Chromium's autofill reads every input of the form that
  // owns an edited input after each keystroke: in one form of hundreds of inputs that alone took tens
  // of milliseconds per key.
  return (
    <form noValidate onSubmit={stayOnForm}>
      <VisibleField store={store} field={field} />
    </form>
  );
});

function VisibleField({ store, field }: { store: FormStore; field: FormField }) {
  const value = useFieldValue(store, field.path);
  useFieldMessagesVersion(store, field.path);
  const id = fieldDomId(field.path);
  const part = valuePart(field);
  const inner = part ? (isPlainObject(value) ? value[part] : undefined) : value;
  const setInner = useCallback(
    (next: unknown) => (part ? store.setPart(field.path, part, next) : store.set(field.path, next)),
    [store, field.path, part],
  );
  const onInputError: InputErrorSink = useCallback(
    (at, message) => store.setInputError(field.path, at, message),
    [store, field.path],
  );
  const touched = store.isTouched(field.path);
  const rowRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const touch = () => store.markTouched(field.path);
    row.addEventListener("focusout", touch);
    return () => row.removeEventListener("focusout", touch);
  }, [store, field.path]);
  // Messages of the store and of the last submit, without repeats and without what an input already
  // says about its own unreadable text.
  const inline = new Set(
    [...store.getInputErrors()]
      .filter(([key]) => key.startsWith(`${field.path}#`))
      .map(([, message]) => message),
  );
  const seen = new Set<string>();
  const all = [...store.messagesOf(field.path), ...store.externalOf(field.path)].filter((m) => {
    const key = `${m.at}|${m.message}`;
    if (seen.has(key) || inline.has(m.message)) return false;
    seen.add(key);
    return true;
  });
  const sourceMessages = [...new Set(all.filter((m) => m.at.startsWith("dataSource")).map((m) => m.message))];
  const pageMessages = sourceMessages.filter((m) => m === pageRuleMessage);
  const otherSourceMessages = sourceMessages.filter((m) => m !== pageRuleMessage);
  const fieldMessages = [
    ...new Set(
      all.filter((m) => !m.at.startsWith("dataSource")).map((m) => `${locate(m.at, field)}${m.message}`),
    ),
  ];
  const isEmpty = inner === undefined || inner === null || inner === "";
  if (touched && field.required && isEmpty && !fieldMessages.includes(REQUIRED_MESSAGE))
    fieldMessages.unshift(REQUIRED_MESSAGE);
  const messagesId = `${id}-messages`;
  const helpId = field.help ? `${id}-help` : undefined;
  const describedBy =
    [helpId, fieldMessages.length > 0 ? messagesId : undefined].filter(Boolean).join(" ") || undefined;
  const invalid = fieldMessages.length > 0;
  const labelId = `${id}-label`;
  const common = { id: `${id}-value`, describedBy, invalid };

  let editor: React.ReactNode;
  let labelFor: string | undefined = common.id;
  switch (field.kind) {
    case "decimal":
    case "percentage":
    case "integer":
      editor = (
        <span className="ff-with-unit">
          <NumberText
            {...common}
            value={inner}
            integer={field.kind === "integer"}
            onChange={setInner}
            onInputError={onInputError}
            part={part}
          />
          {field.unit || field.kind === "percentage" ? (
            <span className="ff-unit">{field.kind === "percentage" ? "%" : field.unit}</span>
          ) : null}
        </span>
      );
      break;
    case "currency":
      editor = (
        <span className="ff-with-unit">
          <NumberText
            {...common}
            value={inner}
            onChange={setInner}
            onInputError={onInputError}
            part="value"
          />
          <input
            id={`${id}-currency`}
            aria-label={`${field.label}: currency`}
            className="p-inputtext p-component ff-input ff-input--currency"
            placeholder="EUR"
            maxLength={3}
            value={isPlainObject(value) && typeof value.currency === "string" ? value.currency : ""}
            onChange={(event) =>
              store.setPart(field.path, "currency", event.target.value.toUpperCase() || undefined)
            }
          />
        </span>
      );
      break;
    case "amountWithCurrency":
      editor = (
        <span className="ff-with-unit">
          <NumberText
            {...common}
            value={isPlainObject(value) ? value.amount : undefined}
            onChange={(next) => store.setPart(field.path, "amount", next)}
            onInputError={onInputError}
            part="amount"
          />
          <input
            id={`${id}-currency`}
            aria-label={`${field.label}: currency`}
            className="p-inputtext p-component ff-input ff-input--currency"
            placeholder="EUR"
            maxLength={3}
            value={isPlainObject(value) && typeof value.currency === "string" ? value.currency : ""}
            onChange={(event) =>
              store.setPart(field.path, "currency", event.target.value.toUpperCase() || undefined)
            }
          />
        </span>
      );
      break;
    case "date":
      editor = <TextInput {...common} type="date" value={inner} onChange={setInner} />;
      break;
    case "yesNo":
      editor = <ChoiceSelect {...common} value={inner} onChange={setInner} options={yesNo} />;
      break;
    case "yesNoNa":
      editor = <ChoiceSelect {...common} value={inner} onChange={setInner} options={yesNoNa} />;
      break;
    case "singleChoice":
      editor = <ChoiceSelect {...common} value={inner} onChange={setInner} options={field.options ?? []} />;
      break;
    case "assurance":
      editor = (
        <span className="ff-with-unit">
          <ChoiceSelect
            {...common}
            value={inner}
            onChange={setInner}
            options={["None", "LimitedAssurance", "ReasonableAssurance"].map((v) => ({
              value: v,
              label: readable(v),
            }))}
          />
          <input
            id={`${id}-provider`}
            aria-label={`${field.label}: provider`}
            placeholder="Provider"
            className="p-inputtext p-component ff-input"
            value={isPlainObject(value) && typeof value.provider === "string" ? value.provider : ""}
            onChange={(event) => store.setPart(field.path, "provider", event.target.value || undefined)}
          />
        </span>
      );
      break;
    case "multipleChoice":
      labelFor = undefined;
      editor = (
        <CheckboxGroup
          id={common.id}
          describedBy={describedBy}
          legend={field.label}
          value={inner}
          onChange={setInner}
          options={field.options ?? []}
        />
      );
      break;
    case "text":
      editor = <TextInput {...common} value={inner} onChange={setInner} />;
      break;
    case "freeText":
      editor = <TextInput {...common} multiline value={inner} onChange={setInner} />;
      break;
    case "countryCodes":
      editor = <ListText {...common} mode="upperCodes" value={inner} onChange={setInner} />;
      break;
    case "naceCodes":
      editor = <ListText {...common} mode="upperCodes" value={inner} onChange={setInner} />;
      break;
    case "subcontractingCompanies":
      editor = <SubcontractingEditor {...common} value={inner} onChange={setInner} />;
      break;
    case "highImpactClimateSectors":
      labelFor = undefined;
      editor = (
        <HighImpactEditor store={store} field={field} value={inner} idBase={id} onInputError={onInputError} />
      );
      break;
    case "procurementCategories":
      labelFor = undefined;
      editor = (
        <div className="ff-procurement">
          {procurementKeys.map((key) => (
            <ObjectEditor
              key={key}
              legend={readable(key)}
              fields={field.entryFields ?? []}
              value={isPlainObject(inner) ? inner[key] : undefined}
              onChange={(next) => store.setPart(field.path, key, next)}
              idBase={`${id}-${key}`}
              onInputError={onInputError}
              part={key}
            />
          ))}
        </div>
      );
      break;
    case "nuclearAndGasAlignedDenominator":
    case "nuclearAndGasAlignedNumerator":
    case "nuclearAndGasEligibleButNotAligned":
    case "nuclearAndGasNonEligible":
      labelFor = undefined;
      editor = (
        <NumberTable
          fields={field.entryFields ?? []}
          value={inner}
          onChange={setInner}
          idBase={id}
          caption={field.label}
          onInputError={onInputError}
          part={part}
        />
      );
      break;
    default:
      if (field.entryFields && field.entryFields.length > 0) {
        labelFor = undefined;
        editor = (
          <EntryList
            fields={field.entryFields}
            value={inner}
            onChange={setInner}
            idBase={id}
            itemLabel={itemLabel(field)}
            onInputError={onInputError}
            part={part}
            {...(field.kind === "documentsWithDescriptions"
              ? {
                  renderExtra: (entry, update, entryId) => (
                    <EntryDocument store={store} entry={entry} update={update} id={`${entryId}-document`} />
                  ),
                }
              : {})}
          />
        );
      } else editor = <TextInput {...common} value={inner} onChange={setInner} />;
  }

  const group = labelFor === undefined;
  return (
    <div
      className={`ff-field${invalid || sourceMessages.length > 0 || inline.size > 0 ? " ff-field--invalid" : ""}`}
      id={id}
      data-field-path={field.path}
      ref={rowRef}
      {...(group ? { role: "group", "aria-labelledby": labelId } : {})}
    >
      <div className="ff-field__head">
        {group ? (
          <span id={labelId} className="ff-field__label">
            {field.label}
            {field.required ? <span className="ff-required"> (required)</span> : null}
          </span>
        ) : (
          <label id={labelId} htmlFor={labelFor} className="ff-field__label">
            {field.label}
            {field.unit && field.kind !== "decimal" && field.kind !== "integer" ? ` (${field.unit})` : null}
            {field.required ? <span className="ff-required"> (required)</span> : null}
          </label>
        )}
        {field.help ? (
          <span id={helpId} className="ff-hint">
            {field.help}
          </span>
        ) : null}
      </div>
      <div className="ff-field__value">{editor}</div>
      <Messages id={messagesId} messages={fieldMessages} />
      {field.wrapper === "extended" || field.wrapper === "document" ? (
        <Extras
          store={store}
          field={field}
          value={value}
          id={id}
          pageMessages={pageMessages}
          sourceMessages={otherSourceMessages}
        />
      ) : null}
    </div>
  );
}

function Extras({
  store,
  field,
  value,
  id,
  pageMessages,
  sourceMessages,
}: {
  store: FormStore;
  field: FormField;
  value: unknown;
  id: string;
  pageMessages: string[];
  sourceMessages: string[];
}) {
  const reports = useReports(store);
  const object = isPlainObject(value) ? value : {};
  const source = object.dataSource;
  const page = isPlainObject(source) && typeof source.page === "string" ? source.page : "";
  const pageId = `${id}-page`;
  const pageErrorId = `${pageId}-messages`;
  const sourceErrorId = `${id}-report-messages`;
  return (
    <div className="ff-extras">
      {field.wrapper === "extended" ? (
        <div className="ff-extra">
          <label htmlFor={`${id}-quality`}>Quality</label>
          <ChoiceSelect
            id={`${id}-quality`}
            value={object.quality}
            options={qualityOptions}
            placeholder="—"
            onChange={(next) => store.setPart(field.path, "quality", next)}
          />
        </div>
      ) : null}
      <div className="ff-extra ff-extra--report">
        <label htmlFor={`${id}-report`}>Data source</label>
        <ReportSelect
          id={`${id}-report`}
          reports={reports}
          source={source}
          describedBy={sourceMessages.length > 0 ? sourceErrorId : undefined}
          onChange={(report) => store.setPart(field.path, "dataSource", sourceFor(source, report))}
        />
        <Messages id={sourceErrorId} messages={sourceMessages} />
      </div>
      {hasPage(field) ? (
        <div className="ff-extra ff-extra--page">
          <label htmlFor={pageId}>Page(s)</label>
          <input
            id={pageId}
            className="p-inputtext p-component ff-input ff-input--page"
            placeholder="e.g. 2 or 13-15"
            autoComplete="off"
            value={page}
            {...(pageMessages.length > 0 ? { "aria-describedby": pageErrorId, "aria-invalid": true } : {})}
            onChange={(event) => {
              const next = { ...(isPlainObject(source) ? source : {}) };
              if (event.target.value === "") delete next.page;
              else next.page = event.target.value;
              store.setPart(field.path, "dataSource", Object.keys(next).length > 0 ? next : undefined);
            }}
          />
          <Messages id={pageErrorId} messages={pageMessages} />
        </div>
      ) : null}
      {field.wrapper === "extended" ? (
        <div className="ff-extra ff-extra--comment">
          <label htmlFor={`${id}-comment`}>Comment</label>
          <input
            id={`${id}-comment`}
            className="p-inputtext p-component ff-input"
            autoComplete="off"
            value={typeof object.comment === "string" ? object.comment : ""}
            onChange={(event) => store.setPart(field.path, "comment", event.target.value || undefined)}
          />
        </div>
      ) : null}
    </div>
  );
}

function EntryDocument({
  store,
  entry,
  update,
  id,
}: {
  store: FormStore;
  entry: Record<string, unknown>;
  update: (entry: Record<string, unknown>) => void;
  id: string;
}) {
  const reports = useReports(store);
  return (
    <div className="ff-object__item">
      <label htmlFor={id} className="ff-object__label">
        Document
      </label>
      <ReportSelect
        id={id}
        reports={reports}
        source={entry.dataSource}
        onChange={(report) => {
          const next = { ...entry };
          const source = sourceFor(entry.dataSource, report);
          if (source) {
            delete source.page;
            next.dataSource = source;
          } else delete next.dataSource;
          update(next);
        }}
      />
    </div>
  );
}

function SubcontractingEditor({
  id,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  value: unknown;
  onChange: (value: unknown) => void;
  describedBy?: string | undefined;
  invalid?: boolean;
}) {
  const current = isPlainObject(value) ? (value as Record<string, unknown>) : {};
  const countries = Object.keys(current);
  const hintId = `${id}-hint`;
  return (
    <div className="ff-subcontracting">
      <span id={hintId} className="ff-hint">
        Per country (ISO code): the NACE codes of the subcontracted work, separated by commas.
      </span>
      {countries.map((country) => (
        <div key={country} className="ff-with-unit">
          <label htmlFor={`${id}-${country}`} className="ff-unit">
            {country}
          </label>
          <ListText
            id={`${id}-${country}`}
            mode="upperCodes"
            value={current[country]}
            describedBy={[hintId, describedBy].filter(Boolean).join(" ")}
            invalid={invalid}
            onChange={(codes) => onChange({ ...current, [country]: codes ?? [] })}
          />
          <button
            type="button"
            className="p-button p-component p-button-text p-button-sm"
            onClick={() => {
              const next = { ...current };
              delete next[country];
              onChange(Object.keys(next).length > 0 ? next : undefined);
            }}
          >
            Remove {country}
          </button>
        </div>
      ))}
      <AddKey
        id={`${id}-new`}
        label="Add a country (ISO code, e.g. DE)"
        onAdd={(country) => onChange({ ...current, [country]: current[country] ?? [] })}
      />
    </div>
  );
}

function AddKey({ id, label, onAdd }: { id: string; label: string; onAdd: (key: string) => void }) {
  return (
    <div className="ff-with-unit">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="p-inputtext p-component ff-input ff-input--currency"
        placeholder="DE"
        maxLength={2}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          const key = event.currentTarget.value.trim().toUpperCase();
          if (/^[A-Z]{2}$/.test(key)) {
            onAdd(key);
            event.currentTarget.value = "";
          }
        }}
      />
      <button
        type="button"
        className="p-button p-component p-button-outlined p-button-sm"
        onClick={(event) => {
          const input = (event.currentTarget.previousElementSibling as HTMLInputElement | null) ?? undefined;
          const key = input?.value.trim().toUpperCase() ?? "";
          if (/^[A-Z]{2}$/.test(key) && input) {
            onAdd(key);
            input.value = "";
          }
        }}
      >
        {label}
      </button>
    </div>
  );
}

function HighImpactEditor({
  store,
  field,
  value,
  idBase,
  onInputError,
}: {
  store: FormStore;
  field: FormField;
  value: unknown;
  idBase: string;
  onInputError: InputErrorSink;
}) {
  const current = isPlainObject(value) ? value : {};
  const columns = field.entryFields ?? [];
  return (
    <div className="ff-table-wrap">
      <table className="ff-table">
        <caption className="visually-hidden">{field.label}</caption>
        <thead>
          <tr>
            <th scope="col">NACE section</th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.key.endsWith("PerMillionEURRevenue")
                  ? "GWh per million EUR revenue"
                  : "Energy consumption (GWh)"}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {highImpactClimateSectorKeys.map((sector) => {
            const row = isPlainObject(current[sector]) ? (current[sector] as Record<string, unknown>) : {};
            const section = sector.replace("NaceCode", "");
            return (
              <tr key={sector}>
                <th scope="row">Section {section}</th>
                {columns.map((column) => {
                  const cell = row[column.key];
                  return (
                    <td key={column.key}>
                      <NumberText
                        id={`${idBase}-${sector}-${column.key}`}
                        label={`Section ${section}: ${column.key.endsWith("PerMillionEURRevenue") ? "GWh per million EUR revenue" : "energy consumption in GWh"}`}
                        value={isPlainObject(cell) ? cell.value : undefined}
                        onInputError={onInputError}
                        part={`${sector}.${column.key}.value`}
                        onChange={(next) => store.setPart(field.path, `${sector}.${column.key}.value`, next)}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
