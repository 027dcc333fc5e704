import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { unwrap, useApi } from "../../api";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, EmptyState } from "../../components/workflow";
import { PortfolioEditor } from "./PortfolioEditor";
import { PortfolioPanel } from "./PortfolioPanel";
import { PortfolioSupport } from "./PortfolioSupport";
import "../requests/Requests.css";
import "./Portfolios.css";

/** `/portfolios` (tab MY PORTFOLIOS): one tab per portfolio with the data available for its companies. */
export function PortfoliosPage() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [support, setSupport] = useState(false);
  const [notice, setNotice] = useState<string>();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const names = useQuery({
    queryKey: ["portfolios", "names"],
    queryFn: () => unwrap(api.users.GET("/portfolios/names")),
  });
  const list = [...(names.data ?? [])].sort((a, b) => a.portfolioName.localeCompare(b.portfolioName));
  const selectedId = params.get("portfolio");
  const selected = list.find((p) => p.portfolioId === selectedId) ?? list[0];
  const select = (portfolioId: string | undefined) => {
    const next = new URLSearchParams(params);
    if (portfolioId) next.set("portfolio", portfolioId);
    else next.delete("portfolio");
    setParams(next, { replace: true });
  };
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -index,
      End: list.length - 1 - index,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const target = (index + move + list.length) % list.length;
    select(list[target]?.portfolioId);
    tabs.current[target]?.focus();
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
      {names.isSuccess && list.length === 0 ? (
        <EmptyState title="You have no portfolio yet.">
          <p>
            A portfolio follows the companies you care about: paste their LEIs or ISINs and see at a glance
            which data exists for them.
          </p>
          <button type="button" className="p-button p-component" onClick={() => setCreating(true)}>
            Create your first portfolio
          </button>
        </EmptyState>
      ) : null}
      {selected ? (
        <>
          <div className="pf-tabs" role="tablist" aria-label="Portfolios">
            {list.map((portfolio, index) => {
              const active = portfolio.portfolioId === selected.portfolioId;
              return (
                <button
                  key={portfolio.portfolioId}
                  ref={(element) => {
                    tabs.current[index] = element;
                  }}
                  type="button"
                  role="tab"
                  id={`pf-tab-${portfolio.portfolioId}`}
                  aria-selected={active}
                  aria-controls="pf-panel"
                  tabIndex={active ? 0 : -1}
                  onClick={() => select(portfolio.portfolioId)}
                  onKeyDown={(event) => onTabKey(event, index)}
                >
                  {portfolio.portfolioName}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id="pf-panel" aria-labelledby={`pf-tab-${selected.portfolioId}`}>
            <PortfolioPanel
              key={selected.portfolioId}
              portfolioId={selected.portfolioId}
              onNotice={setNotice}
              onDeleted={(text) => {
                setNotice(text);
                select(undefined);
              }}
            />
          </div>
        </>
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
