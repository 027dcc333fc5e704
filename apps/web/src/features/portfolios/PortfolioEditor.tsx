import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "primereact/dialog";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { ApiError, unwrap, useApi } from "../../api";
import { Alert, plural } from "../../components/workflow";
import { splitList } from "../requests/request-model";
import { CompanyPicker } from "./CompanyPicker";
import {
  type BasePortfolio,
  type ChosenCompany,
  chosenCompany,
  identifiersToSave,
  MAX_PORTFOLIO_NAME,
  unknownIdentifiers,
} from "./portfolio-model";

/**
 * Create a portfolio, or rename and change the companies of one: companies are found by name or
 * identifier with the type-ahead and listed by name, and more can be pasted as identifiers.
 */
export function PortfolioEditor({
  visible,
  portfolio,
  onClose,
  onSaved,
}: {
  visible: boolean;
  /** The portfolio to change; a new one when absent. */
  portfolio?: BasePortfolio | undefined;
  onClose: () => void;
  onSaved: (portfolioId: string, text: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<ChosenCompany[]>([]);
  const [errors, setErrors] = useState<{ name?: string; identifiers?: string }>({});
  const pasted = useMemo(() => splitList(text), [text]);
  const identifiers = useMemo(() => identifiersToSave(chosen, pasted), [chosen, pasted]);
  // The stored portfolio lists company ids: the dialog shows them by name and LEI instead.
  const stored = useQuery({
    queryKey: ["portfolio-editor-companies", portfolio?.portfolioId, portfolio?.identifiers],
    enabled: visible && portfolio !== undefined && portfolio.identifiers.length > 0,
    queryFn: () => unwrap(api.backend.POST("/companies/validation", { body: portfolio?.identifiers ?? [] })),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form when the dialog opens
  useEffect(() => {
    if (!visible) return;
    setName(portfolio?.portfolioName ?? "");
    setText("");
    setChosen([]);
    setErrors({});
    save.reset();
  }, [visible, portfolio]);

  // List the stored companies once they are resolved (and again each time the dialog opens).
  useEffect(() => {
    if (!visible || !stored.data) return;
    const companies = stored.data.flatMap((result) =>
      result.companyInformation ? [chosenCompany(result.companyInformation)] : [],
    );
    setChosen((current) => [
      ...companies,
      ...current.filter((c) => !companies.some((s) => s.companyId === c.companyId)),
    ]);
  }, [visible, stored.data]);

  const save = useMutation({
    mutationFn: async () => {
      const body = {
        portfolioName: name.trim(),
        identifiers,
        isMonitored: portfolio?.isMonitored ?? false,
        monitoredFrameworks: portfolio?.monitoredFrameworks ?? [],
        notificationFrequency: portfolio?.notificationFrequency ?? ("Weekly" as const),
        ...(portfolio?.timeWindowThreshold ? { timeWindowThreshold: portfolio.timeWindowThreshold } : {}),
        sharedUserIds: portfolio?.sharedUserIds ?? [],
      };
      return portfolio
        ? unwrap(
            api.users.PUT("/portfolios/{portfolioId}/", {
              params: { path: { portfolioId: portfolio.portfolioId } },
              body,
            }),
          )
        : unwrap(api.users.POST("/portfolios/", { body }));
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ["portfolios"] });
      onSaved(
        saved.portfolioId,
        `${portfolio ? "Saved" : "Created"} “${saved.portfolioName}” with ${plural(saved.identifiers.length, "company", "companies")}.`,
      );
    },
  });
  const unknown = save.error instanceof ApiError ? unknownIdentifiers(save.error) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: { name?: string; identifiers?: string } = {};
    if (!name.trim()) next.name = "Give the portfolio a name.";
    else if (name.trim().length > MAX_PORTFOLIO_NAME) next.name = `At most ${MAX_PORTFOLIO_NAME} characters.`;
    if (identifiers.length === 0) next.identifiers = "Add at least one company.";
    setErrors(next);
    if (Object.keys(next).length === 0) save.mutate();
  };

  const removeUnknown = () => {
    const drop = new Set(unknown.map((value) => value.toLowerCase()));
    setText(pasted.filter((value) => !drop.has(value.toLowerCase())).join("\n"));
    save.reset();
  };

  return (
    <Dialog
      visible={visible}
      header={portfolio ? `Edit “${portfolio.portfolioName}”` : "New portfolio"}
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "38rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      <form
        className="wf-form"
        onSubmit={submit}
        noValidate
        aria-label={portfolio ? "Edit portfolio" : "New portfolio"}
      >
        <div className="wf-field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            type="text"
            className="p-inputtext p-component"
            value={name}
            maxLength={MAX_PORTFOLIO_NAME + 20}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {errors.name ? (
            <p className="wf-field__error" id={`${id}-name-error`}>
              {errors.name}
            </p>
          ) : null}
        </div>
        <CompanyPicker
          label="Find a company to add"
          hint="Its name, LEI or ISIN: type at least three characters, then pick with the arrow keys and Enter, or click."
          isChosen={(companyId) => chosen.some((company) => company.companyId === companyId)}
          onPick={(company) => setChosen((current) => [...current, chosenCompany(company)])}
        />
        {stored.isFetching ? <p className="wf-muted">Loading the portfolio's companies…</p> : null}
        {stored.isError ? (
          <Alert tone="error" title="The portfolio's companies could not be listed">
            <p>{stored.error.message}</p>
          </Alert>
        ) : null}
        {chosen.length > 0 ? (
          <>
            <p className="pf-chosen__title" id={`${id}-chosen`}>
              In this portfolio: {chosen.length}
            </p>
            <ul className="pf-chosen" aria-labelledby={`${id}-chosen`}>
              {chosen.map((company) => (
                <li key={company.companyId} className="pf-chosen__item">
                  <span className="pf-chosen__text">
                    <span className="pf-chosen__name">{company.companyName}</span>
                    {company.details ? <span className="pf-chosen__details">{company.details}</span> : null}
                  </span>
                  <button
                    type="button"
                    className="p-button p-component p-button-text p-button-sm"
                    aria-label={`Remove ${company.companyName}`}
                    onClick={() =>
                      setChosen((current) => current.filter((c) => c.companyId !== company.companyId))
                    }
                  >
                    <i className="pi pi-times" aria-hidden="true" />
                    <span>Remove</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <div className="wf-field">
          <label htmlFor={`${id}-identifiers`}>Companies by identifier</label>
          <p className="wf-field__hint" id={`${id}-hint`}>
            Or paste LEIs, ISINs, PermIDs or Openverde company ids, one per line or separated by commas.
          </p>
          <textarea
            id={`${id}-identifiers`}
            className="p-inputtext p-component wf-mono"
            rows={4}
            value={text}
            aria-invalid={errors.identifiers || unknown.length > 0 ? true : undefined}
            aria-describedby={`${id}-hint ${id}-count`}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="wf-field__hint" id={`${id}-count`} aria-live="polite">
            {plural(identifiers.length, "company", "companies")} to save
          </p>
          {errors.identifiers ? <p className="wf-field__error">{errors.identifiers}</p> : null}
        </div>
        {unknown.length > 0 ? (
          <Alert
            tone="error"
            title={`${plural(unknown.length, "identifier")} matched no company`}
            actions={
              <button
                type="button"
                className="p-button p-component p-button-sm p-button-outlined"
                onClick={removeUnknown}
              >
                Remove them and try again
              </button>
            }
          >
            <p>Nothing was saved. Correct or remove:</p>
            <ul className="rq-rejected-list pf-unknown">
              {unknown.map((value) => (
                <li key={value}>{value}</li>
              ))}
            </ul>
          </Alert>
        ) : save.isError ? (
          <Alert tone="error" title="The portfolio was not saved">
            <p>{save.error.message}</p>
          </Alert>
        ) : null}
        <div className="wf-dialog__footer">
          <button type="button" className="p-button p-component p-button-text" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="p-button p-component" disabled={save.isPending}>
            {save.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
            <span>{portfolio ? "Save portfolio" : "Create portfolio"}</span>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
