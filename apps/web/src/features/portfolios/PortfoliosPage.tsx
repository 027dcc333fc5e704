import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, EmptyState } from "../../components/workflow";
import { PortfolioEditor } from "./PortfolioEditor";
import { PortfolioPanel } from "./PortfolioPanel";
import { PortfolioSupport } from "./PortfolioSupport";
import { PortfolioTabs } from "./PortfolioTabs";
import { ownerDetail } from "./sharing-model";
import "../requests/Requests.css";
import "./Portfolios.css";

/**
 * `/portfolios` (tab MY PORTFOLIOS): one tab per portfolio with the data available for its companies,
 * the user's own first, then those shared with them (read-only, with their owner's name).
 */
export function PortfoliosPage() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [support, setSupport] = useState(false);
  const [notice, setNotice] = useState<string>();
  const names = useQuery({
    queryKey: ["portfolios", "names"],
    queryFn: () => unwrap(api.users.GET("/portfolios/names")),
  });
  const sharedQuery = useQuery({
    queryKey: ["portfolios", "shared"],
    queryFn: () => unwrap(api.users.GET("/portfolios/shared")),
  });
  const byName = (a: { portfolioName: string }, b: { portfolioName: string }) =>
    a.portfolioName.localeCompare(b.portfolioName);
  const list = [...(names.data ?? [])].sort(byName);
  const shared = [...(sharedQuery.data ?? [])].sort(byName);
  const selectedId = params.get("portfolio");
  const selected =
    list.find((p) => p.portfolioId === selectedId) ??
    shared.find((p) => p.portfolioId === selectedId) ??
    list[0] ??
    shared[0];
  // The owner is never among a portfolio's readers, so an id is in one of the two lists only.
  const selectedShared = shared.find((p) => p.portfolioId === selected?.portfolioId);
  const select = (portfolioId: string | undefined) => {
    const next = new URLSearchParams(params);
    if (portfolioId) next.set("portfolio", portfolioId);
    else next.delete("portfolio");
    setParams(next, { replace: true });
  };

  return (
    <PageFrame
      title="My portfolios"
      description="Your portfolios of companies, with the data available for each of them."
    >
      <div className="wf-section__head pf-head">
        <div className="wf-actions">
          <button type="button" className="p-button p-component" onClick={() => setCreating(true)}>
            <i className="pi pi-plus" aria-hidden="true" />
            <span>New portfolio</span>
          </button>
          <button
            type="button"
            className="p-button p-component p-button-text"
            onClick={() => setSupport(true)}
          >
            <i className="pi pi-question-circle" aria-hidden="true" />
            <span>Ask for help</span>
          </button>
        </div>
      </div>
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {names.isPending ? <LoadingIndicator label="Loading your portfolios." /> : null}
      {names.isError ? (
        <Alert tone="error" title="Your portfolios could not be loaded">
          <p>{names.error.message}</p>
        </Alert>
      ) : null}
      {sharedQuery.isError ? (
        <Alert tone="error" title="The portfolios shared with you could not be loaded">
          <p>{sharedQuery.error.message}</p>
        </Alert>
      ) : null}
      {names.isSuccess && list.length === 0 ? (
        <EmptyState
          title={shared.length > 0 ? "You have no portfolio of your own yet." : "You have no portfolio yet."}
        >
          <p>
            A portfolio follows the companies you care about: paste their LEIs or ISINs and see at a glance
            which data exists for them.
          </p>
          <button type="button" className="p-button p-component" onClick={() => setCreating(true)}>
            Create your first portfolio
          </button>
        </EmptyState>
      ) : null}
      {list.length > 0 ? (
        <PortfolioTabs
          label="Your portfolios"
          tabs={list}
          selectedId={selected?.portfolioId}
          onSelect={select}
        />
      ) : null}
      {shared.length > 0 ? (
        <section className="pf-shared" aria-labelledby="pf-shared-title">
          <h2 id="pf-shared-title" className="pf-shared__title">
            <i className="pi pi-users" aria-hidden="true" /> Shared with me
          </h2>
          <PortfolioTabs
            label="Portfolios shared with you"
            tabs={shared.map((portfolio) => ({
              portfolioId: portfolio.portfolioId,
              portfolioName: portfolio.portfolioName,
              detail: ownerDetail(portfolio.ownerName),
            }))}
            selectedId={selected?.portfolioId}
            onSelect={select}
          />
        </section>
      ) : null}
      {selected ? (
        <div role="tabpanel" id="pf-panel" aria-labelledby={`pf-tab-${selected.portfolioId}`}>
          <PortfolioPanel
            key={selected.portfolioId}
            portfolioId={selected.portfolioId}
            shared={selectedShared ? { ownerName: selectedShared.ownerName } : undefined}
            onNotice={setNotice}
            onDeleted={(text) => {
              setNotice(text);
              select(undefined);
            }}
          />
        </div>
      ) : null}
      <PortfolioEditor
        visible={creating}
        onClose={() => setCreating(false)}
        onSaved={(portfolioId, text) => {
          setCreating(false);
          setNotice(text);
          select(portfolioId);
        }}
      />
      <PortfolioSupport visible={support} onClose={() => setSupport(false)} />
    </PageFrame>
  );
}
