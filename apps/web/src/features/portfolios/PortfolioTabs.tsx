import { type KeyboardEvent, useRef } from "react";

export interface PortfolioTab {
  portfolioId: string;
  portfolioName: string;
  /** A second line under the name (a shared portfolio's owner). */
  detail?: string | undefined;
}

/**
 * A row of tabs, one per portfolio, all controlling the one panel `#pf-panel`. Arrow keys, Home and End
 * move between the tabs; only the selected tab (or the first, when another row holds the selection)
 * is in the tab order, so each row is one stop for the keyboard.
 */
export function PortfolioTabs({
  label,
  tabs,
  selectedId,
  onSelect,
}: {
  label: string;
  tabs: readonly PortfolioTab[];
  selectedId: string | undefined;
  onSelect: (portfolioId: string | undefined) => void;
}) {
  const elements = useRef<(HTMLButtonElement | null)[]>([]);
  const holdsSelection = tabs.some((tab) => tab.portfolioId === selectedId);
  const onKey = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -index,
      End: tabs.length - 1 - index,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const target = (index + move + tabs.length) % tabs.length;
    onSelect(tabs[target]?.portfolioId);
    elements.current[target]?.focus();
  };

  return (
    <div className="pf-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const active = tab.portfolioId === selectedId;
        return (
          <button
            key={tab.portfolioId}
            ref={(element) => {
              elements.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`pf-tab-${tab.portfolioId}`}
            aria-selected={active}
            aria-controls="pf-panel"
            tabIndex={active || (!holdsSelection && index === 0) ? 0 : -1}
            onClick={() => onSelect(tab.portfolioId)}
            onKeyDown={(event) => onKey(event, index)}
          >
            <span>{tab.portfolioName}</span>
            {tab.detail ? <span className="pf-tabs__detail">{tab.detail}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
