/**
 * The reports area: reports are added here first (PDF; their SHA-256 is computed in the browser so a
 * report already on the platform is not sent again), then picked as data sources in the fields.
 */
import { forwardRef, memo, useId, useState } from "react";
import { DOCUMENT_CATEGORIES, type DocumentCategory, type ReportEntry } from "./form-state";
import { type FormStore, useReports } from "./form-store";
import { readable } from "./inputs";
import { isPdf, reportNameFromFile, reportNameProblem, sha256Hex, WEB_CRYPTO_UNAVAILABLE } from "./sha256";

export const REPORTS_AREA_ID = "ff-reports";

const statusText: Record<ReportEntry["status"], string> = {
  onPlatform: "On the platform",
  pending: "Sent with the dataset",
  missingFile: "Choose the file again",
};

function uniqueName(name: string, taken: readonly ReportEntry[]): string {
  const names = new Set(taken.map((report) => report.name));
  if (!names.has(name)) return name;
  let index = 2;
  while (names.has(`${name} (${index})`)) index += 1;
  return `${name} (${index})`;
}

export const ReportsArea = memo(
  forwardRef<
    HTMLElement,
    {
      store: FormStore;
      /** Whether the platform already stores a document with this id. */
      documentExists: (documentId: string) => Promise<boolean>;
      /** The message of the reports-used rule, when the last submit attempt broke it. */
      unusedMessage?: string | undefined;
    }
  >(function ReportsArea({ store, documentExists, unusedMessage }, ref) {
    const reports = useReports(store);
    const [notes, setNotes] = useState<string[]>([]);
    const [busy, setBusy] = useState(false);
    const inputId = useId();
    const headingId = useId();
    const notesId = useId();

    const addFiles = async (files: FileList | null) => {
      if (!files || files.length === 0) return;
      setBusy(true);
      const found: string[] = [];
      let list = [...store.getReports()];
      for (const file of Array.from(files)) {
        if (!(await isPdf(file))) {
          found.push(`${file.name} is not a PDF. Add reports as PDF files.`);
          continue;
        }
        let hash: string;
        try {
          hash = await sha256Hex(file);
        } catch (error) {
          found.push(error instanceof Error ? error.message : WEB_CRYPTO_UNAVAILABLE);
          break;
        }
        const existing = list.find((report) => report.fileReference === hash);
        if (existing && existing.status !== "missingFile") {
          found.push(`${file.name} is already added as "${existing.name}".`);
          continue;
        }
        let onPlatform = false;
        try {
          onPlatform = await documentExists(hash);
        } catch {
          onPlatform = false;
        }
        if (!onPlatform) store.files.set(hash, file);
        if (existing) {
          list = list.map((report) =>
            report.fileReference === hash
              ? { ...report, status: onPlatform ? "onPlatform" : "pending" }
              : report,
          );
          found.push(`The file of "${existing.name}" is back.`);
        } else {
          list = [
            ...list,
            {
              name: uniqueName(reportNameFromFile(file.name), list),
              fileReference: hash,
              category: /sustainab/i.test(file.name)
                ? "SustainabilityReport"
                : /polic/i.test(file.name)
                  ? "Policy"
                  : "AnnualReport",
              status: onPlatform ? "onPlatform" : "pending",
            },
          ];
          if (onPlatform) found.push(`${file.name} is already on the platform; it will not be sent again.`);
        }
      }
      store.setReports(list);
      setNotes(found);
      setBusy(false);
    };

    const update = (fileReference: string, patch: Partial<ReportEntry>) =>
      store.setReports(
        store
          .getReports()
          .map((report) => (report.fileReference === fileReference ? { ...report, ...patch } : report)),
      );

    return (
      <section
        id={REPORTS_AREA_ID}
        ref={ref}
        tabIndex={-1}
        className={`ff-reports${unusedMessage ? " ff-reports--invalid" : ""}`}
        aria-labelledby={headingId}
      >
        <h2 id={headingId}>Reports</h2>
        <p className="ff-hint">
          Add the reports the data comes from first, then pick them as data sources below. Every report you
          add must be used as a data source.
        </p>
        {unusedMessage ? (
          <p className="ff-message ff-message--block" role="alert">
            {unusedMessage}
          </p>
        ) : null}
        {reports.length > 0 ? (
          <div className="ff-table-wrap">
            <table className="ff-table ff-reports__table">
              <caption className="visually-hidden">Added reports</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Category</th>
                  <th scope="col">Publication date</th>
                  <th scope="col">File</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {reports.map((report, index) => (
                  <ReportRow
                    key={report.fileReference}
                    report={report}
                    index={index}
                    store={store}
                    update={update}
                    onRemoved={(count) =>
                      setNotes([
                        `"${report.name}" is removed${count > 0 ? `; ${count} data source${count === 1 ? "" : "s"} citing it ${count === 1 ? "was" : "were"} cleared` : ""}.`,
                      ])
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="ff-hint">No reports added yet.</p>
        )}
        <div className="ff-reports__add">
          <label htmlFor={inputId} className="p-button p-component p-button-outlined ff-file-label">
            <span className="pi pi-file-pdf" aria-hidden="true" /> Add reports (PDF)
          </label>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            multiple
            className="ff-file-input"
            aria-describedby={notesId}
            disabled={busy}
            onChange={(event) => {
              void addFiles(event.target.files);
              event.target.value = "";
            }}
          />
          {busy ? <span className="ff-hint">Checking the files…</span> : null}
        </div>
        <div id={notesId} aria-live="polite" className="ff-notes">
          {notes.map((note) => (
            <p key={note} className={note === WEB_CRYPTO_UNAVAILABLE ? "ff-message" : "ff-hint"}>
              {note}
            </p>
          ))}
        </div>
      </section>
    );
  }),
);

function ReportRow({
  report,
  index,
  store,
  update,
  onRemoved,
}: {
  report: ReportEntry;
  index: number;
  store: FormStore;
  update: (fileReference: string, patch: Partial<ReportEntry>) => void;
  onRemoved: (count: number) => void;
}) {
  const [name, setName] = useState(report.name);
  const problem = reportNameProblem(name);
  const duplicate = store
    .getReports()
    .some((other) => other.fileReference !== report.fileReference && other.name === name);
  const message = problem ?? (duplicate ? "Another report has this name." : undefined);
  const id = `ff-report-${index}`;
  return (
    <tr>
      <td>
        <label htmlFor={`${id}-name`} className="visually-hidden">
          Name of report {index + 1}
        </label>
        <input
          id={`${id}-name`}
          className="p-inputtext p-component ff-input"
          value={name}
          {...(message ? { "aria-invalid": true, "aria-describedby": `${id}-name-message` } : {})}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => {
            if (!reportNameProblem(name) && !duplicate) store.renameReport(report.fileReference, name);
          }}
        />
        {message ? (
          <span id={`${id}-name-message`} className="ff-message">
            {message}
          </span>
        ) : null}
      </td>
      <td>
        <label htmlFor={`${id}-category`} className="visually-hidden">
          Category of {report.name}
        </label>
        <select
          id={`${id}-category`}
          className="p-inputtext p-component ff-input ff-select"
          value={report.category}
          disabled={report.status === "onPlatform"}
          onChange={(event) =>
            update(report.fileReference, { category: event.target.value as DocumentCategory })
          }
        >
          {DOCUMENT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {readable(category)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <label htmlFor={`${id}-date`} className="visually-hidden">
          Publication date of {report.name}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className="p-inputtext p-component ff-input"
          value={report.publicationDate ?? ""}
          onChange={(event) => update(report.fileReference, { publicationDate: event.target.value || null })}
        />
      </td>
      <td>
        <span className={`ff-status ff-status--${report.status}`}>{statusText[report.status]}</span>
      </td>
      <td>
        <button
          type="button"
          className="p-button p-component p-button-text p-button-sm"
          onClick={() => onRemoved(store.removeReport(report.fileReference))}
        >
          Remove<span className="visually-hidden"> {report.name}</span>
        </button>
      </td>
    </tr>
  );
}
