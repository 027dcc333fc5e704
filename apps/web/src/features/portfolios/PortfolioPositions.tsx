import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useState } from "react";
import { ApiError } from "../../api";
import { Alert, plural } from "../../components/workflow";
import { useAuth } from "../auth";
import {
  getPositions,
  type ImportAnswer,
  importPositions,
  PositionsFileError,
  putPositions,
} from "../impact/impact-api";
import { ASSET_CLASSES } from "../impact/impact-model";
import {
  CURRENCIES,
  checkDrafts,
  type DraftPosition,
  draftsOf,
  emptyDraft,
  problemsFromAnswer,
  type RowProblems,
  templateCsv,
} from "./positions-model";

interface PortfolioCompany {
  companyId: string;
  companyName: string;
}

/**
 * The positions of a portfolio: per company the amount invested, its currency and the asset class,
 * typed row by row or uploaded as a CSV or Excel file. An upload with rows that cannot be imported
 * stores nothing and lists every such row with its line, column and reason.
 */
export function PortfolioPositions({
  visible,
  portfolioId,
  portfolioName,
  companies,
  onClose,
  onSaved,
}: {
  visible: boolean;
  portfolioId: string;
  portfolioName: string;
  companies: readonly PortfolioCompany[];
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const { getAccessToken } = useAuth();
  const queryClient = useQueryClient();
  const id = useId();
  const [drafts, setDrafts] = useState<DraftPosition[]>([]);
  const [problems, setProblems] = useState<RowProblems>({});
  const [file, setFile] = useState<File>();
  const [mode, setMode] = useState<"replace" | "merge">("replace");
  const [fileMissing, setFileMissing] = useState(false);
  const positions = useQuery({
    queryKey: ["portfolios", portfolioId, "positions"],
    enabled: visible,
    queryFn: () => getPositions(getAccessToken, portfolioId),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the rows when the dialog opens or the stored positions arrive
  useEffect(() => {
    if (!visible || !positions.data) return;
    const stored = draftsOf(positions.data.positions);
    setDrafts(stored.length > 0 ? stored : companies.map((company) => emptyDraft(company.companyId)));
    setProblems({});
    save.reset();
    upload.reset();
  }, [visible, positions.data]);

  const afterStore = async (count: number, how: string) => {
    await queryClient.invalidateQueries({ queryKey: ["portfolios", portfolioId, "positions"] });
    await queryClient.invalidateQueries({ queryKey: ["impact", portfolioId] });
    onSaved(`${how} ${plural(count, "position")} of “${portfolioName}”.`);
  };

  const save = useMutation({
    mutationFn: (input: ReturnType<typeof checkDrafts>["positions"]) =>
      putPositions(getAccessToken, portfolioId, input),
    onSuccess: (answer) => afterStore(answer.positions.length, "Saved"),
    onError: (error) => {
      if (error instanceof ApiError) setProblems(problemsFromAnswer(error).problems);
    },
  });
  const saveOther = save.error instanceof ApiError ? problemsFromAnswer(save.error).other : [];

  const upload = useMutation({
    mutationFn: ({ dryRun }: { dryRun: boolean }): Promise<ImportAnswer> => {
      if (!file) throw new Error("Choose a file first.");
      return importPositions(getAccessToken, portfolioId, file, { mode, dryRun });
    },
    onSuccess: async (answer) => {
      if (answer.stored)
        await afterStore(answer.positions.length, `Imported ${plural(answer.rows, "row")}: stored`);
    },
  });
  const rowErrors = upload.error instanceof PositionsFileError ? upload.error.rowErrors : [];

  const update = (index: number, change: Partial<DraftPosition>) => {
    setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
    setProblems((current) => {
      const { [index]: _changed, ...rest } = current;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDrafts(drafts);
    setProblems(checked.problems);
    if (Object.keys(checked.problems).length === 0) save.mutate(checked.positions);
  };

  const sendFile = (dryRun: boolean) => {
    setFileMissing(!file);
    if (file) upload.mutate({ dryRun });
  };

  const downloadTemplate = () => {
    const url = URL.createObjectURL(new Blob([templateCsv(companies)], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `positions-${portfolioName}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const problemCount = Object.keys(problems).length;
  const nameOf = (companyId: string) =>
    companies.find((company) => company.companyId === companyId)?.companyName ?? companyId;

  return (
    <Dialog
      visible={visible}
      header={`Positions of “${portfolioName}”`}
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "62rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      <p className="pf-positions__intro">
        What the portfolio holds of each company: the amount invested (or outstanding, for loans and bonds),
        its currency and the asset class. Impact reports weigh every company by it.
      </p>
      {positions.isPending && visible ? <p className="wf-muted">Loading the positions…</p> : null}
      {positions.isError ? (
        <Alert tone="error" title="The positions could not be loaded">
          <p>{positions.error.message}</p>
        </Alert>
      ) : null}

      <form className="wf-form pf-positions__form" onSubmit={submit} noValidate aria-label="Positions">
        {problemCount > 0 ? (
          <Alert tone="error" title={`${plural(problemCount, "row")} to correct`}>
            <p>Nothing was saved. The rows with problems are marked below.</p>
          </Alert>
        ) : null}
        {saveOther.length > 0 ? (
          <Alert tone="error" title="The positions were not saved">
            {saveOther.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        ) : null}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable) */}
        <section className="wf-table-wrap" tabIndex={0} aria-label="Positions per company">
          <table className="wf-table pf-positions">
            <caption className="visually-hidden">
              Positions: company, asset class, amount and currency
            </caption>
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col">Asset class</th>
                <th scope="col">Amount</th>
                <th scope="col">Currency</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft, index) => {
                const row = problems[index] ?? {};
                const errorId = `${id}-row-${draft.key}-error`;
                const messages = Object.values(row);
                const described = messages.length > 0 ? errorId : undefined;
                const name = nameOf(draft.companyId);
                return (
                  <tr key={draft.key} className={messages.length > 0 ? "pf-positions__invalid" : undefined}>
                    <td>
                      <select
                        className="p-inputtext p-component"
                        aria-label={`Company of row ${index + 1}`}
                        value={draft.companyId}
                        aria-invalid={row.companyId ? true : undefined}
                        aria-describedby={described}
                        onChange={(event) => update(index, { companyId: event.target.value })}
                      >
                        {draft.companyId ? null : <option value="">Choose a company</option>}
                        {companies.map((company) => (
                          <option key={company.companyId} value={company.companyId}>
                            {company.companyName}
                          </option>
                        ))}
                      </select>
                      {messages.length > 0 ? (
                        <p className="wf-field__error" id={errorId}>
                          {messages.join(" ")}
                        </p>
                      ) : null}
                    </td>
                    <td>
                      <select
                        className="p-inputtext p-component"
                        aria-label={`Asset class of ${name}, row ${index + 1}`}
                        value={draft.assetClass}
                        aria-invalid={row.assetClass ? true : undefined}
                        aria-describedby={described}
                        onChange={(event) =>
                          update(index, { assetClass: event.target.value as DraftPosition["assetClass"] })
                        }
                      >
                        {ASSET_CLASSES.map((entry) => (
                          <option key={entry.value} value={entry.value}>
                            {entry.label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input
                        type="text"
                        inputMode="decimal"
                        className="p-inputtext p-component pf-positions__amount"
                        aria-label={`Amount of ${name}, row ${index + 1}`}
                        value={draft.amount}
                        aria-invalid={row.amount ? true : undefined}
                        aria-describedby={described}
                        onChange={(event) => update(index, { amount: event.target.value })}
                      />
                    </td>
                    <td>
                      <select
                        className="p-inputtext p-component"
                        aria-label={`Currency of ${name}, row ${index + 1}`}
                        value={draft.currency}
                        aria-invalid={row.currency ? true : undefined}
                        aria-describedby={described}
                        onChange={(event) => update(index, { currency: event.target.value })}
                      >
                        {CURRENCIES.map((code) => (
                          <option key={code} value={code}>
                            {code}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="wf-table__actions">
                      <button
                        type="button"
                        className="p-button p-component p-button-text p-button-sm p-button-danger"
                        aria-label={`Remove row ${index + 1} (${name})`}
                        onClick={() => {
                          setDrafts((current) => current.filter((_, at) => at !== index));
                          setProblems({});
                        }}
                      >
                        <i className="pi pi-trash" aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <div className="wf-actions">
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-sm"
            disabled={companies.length === 0}
            onClick={() => {
              const without = companies.find(
                (company) => !drafts.some((d) => d.companyId === company.companyId),
              );
              setDrafts((current) => [
                ...current,
                emptyDraft(without?.companyId ?? companies[0]?.companyId ?? ""),
              ]);
            }}
          >
            <i className="pi pi-plus" aria-hidden="true" />
            <span>Add a position</span>
          </button>
        </div>
        <div className="wf-dialog__footer">
          <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="p-button p-component"
            disabled={save.isPending || !positions.isSuccess}
          >
            {save.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
            <span>Save positions</span>
          </button>
        </div>
      </form>

      <section className="wf-form pf-positions__upload" aria-labelledby={`${id}-upload`}>
        <h3 id={`${id}-upload`}>Upload a file</h3>
        <p className="wf-field__hint" id={`${id}-file-hint`}>
          CSV or Excel (first sheet) with the columns <code>identifier</code> (LEI, ISIN, PermID or company
          id), <code>amount</code>, <code>currency</code> (ISO code such as EUR) and <code>assetClass</code>.
          Nothing is stored if a row cannot be imported.{" "}
          <button type="button" className="wf-link-button" onClick={downloadTemplate}>
            Download a template with this portfolio's companies
          </button>
        </p>
        <div className="wf-field">
          <label htmlFor={`${id}-file`}>Positions file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${id}-file-hint`}
            aria-invalid={fileMissing || rowErrors.length > 0 ? true : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              setFileMissing(false);
              upload.reset();
            }}
          />
          {fileMissing ? <p className="wf-field__error">Choose a CSV or Excel file.</p> : null}
        </div>
        <fieldset className="wf-checks wf-checks--compact">
          <legend>The file's rows</legend>
          <label className="wf-check wf-check--inline">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === "replace"}
              onChange={() => setMode("replace")}
            />
            <span>replace all positions</span>
          </label>
          <label className="wf-check wf-check--inline">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === "merge"}
              onChange={() => setMode("merge")}
            />
            <span>replace only the same company and asset class</span>
          </label>
        </fieldset>
        <div className="wf-actions">
          <button
            type="button"
            className="p-button p-component p-button-outlined p-button-sm"
            onClick={() => sendFile(true)}
            disabled={upload.isPending}
          >
            <span>Check the file</span>
          </button>
          <button
            type="button"
            className="p-button p-component p-button-sm"
            onClick={() => sendFile(false)}
            disabled={upload.isPending}
          >
            {upload.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
            <span>Import the file</span>
          </button>
        </div>
        {upload.isSuccess && !upload.data.stored ? (
          <Alert tone="success" title="The file can be imported">
            <p>
              {plural(upload.data.rows, "row")} read; importing gives{" "}
              {plural(upload.data.positions.length, "position")}. Nothing is stored yet.
            </p>
          </Alert>
        ) : null}
        {upload.error instanceof PositionsFileError ? (
          <Alert tone="error" title={`${upload.error.message}. Nothing was stored.`}>
            <p>Correct these rows in the file and upload it again:</p>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable) */}
            <section className="wf-table-wrap" tabIndex={0} aria-label="Rows that cannot be imported">
              <table className="wf-table pf-row-errors">
                <caption className="visually-hidden">
                  Rows of the file that cannot be imported, and why
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Identifier</th>
                    <th scope="col">Column</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {rowErrors.map((error) => (
                    <tr key={`${error.row}-${error.column ?? ""}-${error.message}`}>
                      <th scope="row">{error.row}</th>
                      <td>{error.identifier ? <code>{error.identifier}</code> : "—"}</td>
                      <td>{error.column ?? "—"}</td>
                      <td>{error.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </Alert>
        ) : upload.isError ? (
          <Alert tone="error" title="The file was not imported">
            <p>{upload.error.message}</p>
          </Alert>
        ) : null}
      </section>
    </Dialog>
  );
}
