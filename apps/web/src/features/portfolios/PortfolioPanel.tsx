import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { Alert, ConfirmDialog, EmptyState, formatDate, plural, Tag } from "../../components/workflow";
import { countryName } from "../companies/company-api";
import { relativeLink } from "../requests/request-model";
import { PortfolioDownload } from "./PortfolioDownload";
import { PortfolioEditor } from "./PortfolioEditor";
import { PortfolioMonitoring } from "./PortfolioMonitoring";
import { PortfolioPositions } from "./PortfolioPositions";
import { PortfolioSharing } from "./PortfolioSharing";
import {
  type BasePortfolio,
  COVERAGE_PERIODS,
  coverage,
  FREQUENCIES,
  filterEntries,
  frameworkName,
  frameworksWithData,
  percent,
  periodsOf,
} from "./portfolio-model";
import { sharedByLine } from "./sharing-model";

/**
 * One portfolio: actions, the coverage chart and the enriched table of its companies. A portfolio
 * shared with the user is read-only: download and leave are its only actions.
 */
export function PortfolioPanel({
  portfolioId,
  shared,
  onNotice,
  onDeleted,
}: {
  portfolioId: string;
  /** Set when the portfolio is someone else's, shared with the user. */
  shared?: { ownerName?: string | undefined } | undefined;
  onNotice: (text: string) => void;
  /** The portfolio is gone from the user's list (deleted, or left). */
  onDeleted: (text: string) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [monitoring, setMonitoring] = useState<BasePortfolio>();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sharing, setSharing] = useState<BasePortfolio>();
  const [leaving, setLeaving] = useState(false);
  const [positioning, setPositioning] = useState(false);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<"name" | "country" | "sector">("name");
  const base = useQuery({
    queryKey: ["portfolios", portfolioId, "base"],
    queryFn: () => unwrap(api.users.GET("/portfolios/{portfolioId}/", { params: { path: { portfolioId } } })),
  });
  const enriched = useQuery({
    queryKey: ["portfolios", portfolioId, "enriched"],
    queryFn: () =>
      unwrap(
        api.users.GET("/portfolios/{portfolioId}/enriched-portfolio", { params: { path: { portfolioId } } }),
      ),
  });
  const remove = useMutation({
    mutationFn: () =>
      unwrap(api.users.DELETE("/portfolios/{portfolioId}/", { params: { path: { portfolioId } } })),
    onSuccess: async () => {
      const name = base.data?.portfolioName ?? "The portfolio";
      setDeleting(false);
      await queryClient.invalidateQueries({ queryKey: ["portfolios"] });
      onDeleted(`“${name}” was deleted.`);
    },
  });

  const leave = useMutation({
    mutationFn: () =>
      unwrap(api.users.DELETE("/portfolios/shared/{portfolioId}", { params: { path: { portfolioId } } })),
    onSuccess: async () => {
      const name = base.data?.portfolioName ?? "the portfolio";
      setLeaving(false);
      await queryClient.invalidateQueries({ queryKey: ["portfolios"] });
      onDeleted(`You left “${name}”.`);
    },
  });

  const entries = enriched.data?.entries ?? [];
  const frameworks = useMemo(() => frameworksWithData(entries), [entries]);
  const rows = useMemo(() => coverage(entries), [entries]);
  const shown = filterEntries(entries, search, sort);
  const portfolio = base.data;

  return (
    <div className="pf-panel">
      <div className="pf-panel__head">
        <div>
          <h2 className="pf-panel__title">
            {portfolio?.portfolioName ?? enriched.data?.portfolioName ?? "Portfolio"}
          </h2>
          {shared ? (
            <p className="pf-panel__shared">
              <i className="pi pi-users" aria-hidden="true" /> {sharedByLine(shared.ownerName)} · read only
            </p>
          ) : null}
          {portfolio ? (
            <p className="wf-muted pf-panel__meta">
              {plural(portfolio.identifiers.length, "company", "companies")} · changed{" "}
              {formatDate(portfolio.lastUpdateTimestamp)} ·{" "}
              {portfolio.isMonitored ? (
                <Tag tone="success">
                  {`Monitored: ${portfolio.monitoredFrameworks.map(frameworkName).join(", ")} · ${
                    FREQUENCIES.find((f) => f.value === portfolio.notificationFrequency)?.label ?? ""
                  }`}
                </Tag>
              ) : (
                <Tag>Not monitored</Tag>
              )}
              {!shared && portfolio.sharedUserIds.length > 0 ? (
                <>
                  {" · "}
                  <Tag tone="info">{`Shared with ${plural(portfolio.sharedUserIds.length, "person", "people")}`}</Tag>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="wf-actions pf-panel__actions">
          <ButtonLink to={`/portfolios/${portfolioId}/impact`} variant="outlined" className="p-button-sm">
            <i className="pi pi-chart-bar" aria-hidden="true" />
            <span>Impact report</span>
          </ButtonLink>
          <button
            type="button"
            className="p-button p-component p-button-sm"
            onClick={() => setDownloading(true)}
            disabled={!enriched.isSuccess}
          >
            <i className="pi pi-download" aria-hidden="true" />
            <span>Download</span>
          </button>
          {shared ? (
            <button
              type="button"
              className="p-button p-component p-button-outlined p-button-danger p-button-sm"
              onClick={() => {
                leave.reset();
                setLeaving(true);
              }}
            >
              <i className="pi pi-sign-out" aria-hidden="true" />
              <span>Leave</span>
            </button>
          ) : (
            <OwnerActions
              disabled={!portfolio}
              onShare={() => setSharing(portfolio)}
              onMonitoring={() => setMonitoring(portfolio)}
              onPositions={() => setPositioning(true)}
              positionsDisabled={!portfolio || !enriched.isSuccess}
              onEdit={() => setEditing(true)}
              onDelete={() => {
                remove.reset();
                setDeleting(true);
              }}
            />
          )}
        </div>
      </div>

      {enriched.isPending ? <LoadingIndicator label="Loading the portfolio's companies." /> : null}
      {enriched.isError ? (
        <Alert tone="error" title="The portfolio could not be loaded">
          <p>{enriched.error.message}</p>
        </Alert>
      ) : null}

      {enriched.isSuccess ? (
        <>
          <section className="wf-card pf-coverage" aria-labelledby={`${id}-coverage`}>
            <h3 id={`${id}-coverage`}>Coverage</h3>
            <p className="wf-muted pf-coverage__intro">
              Share of the {plural(entries.length, "company", "companies")} with data, per framework and
              reporting period.
            </p>
            {rows.length === 0 ? (
              <p>
                No company of this portfolio has data yet.
                {shared ? null : " Request it from the companies' pages, or switch monitoring on."}
              </p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
              <section className="pf-coverage__wrap" tabIndex={0} aria-label="Data coverage">
                <table className="pf-coverage__table">
                  <caption className="visually-hidden">
                    Share of companies with data per framework and reporting period
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Framework</th>
                      {COVERAGE_PERIODS.map((period) => (
                        <th scope="col" key={period}>
                          {period}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.framework}>
                        <th scope="row">{row.label}</th>
                        {row.cells.map((cell) => (
                          <td key={cell.period} title={`${cell.companies} of ${entries.length} companies`}>
                            <span className="pf-bar" aria-hidden="true">
                              <span className="pf-bar__fill" style={{ width: percent(cell.share) }} />
                            </span>
                            <span className="pf-bar__label">
                              {percent(cell.share)}
                              <span className="visually-hidden">
                                {" "}
                                ({cell.companies} of {entries.length} companies)
                              </span>
                            </span>
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </section>

          <section className="wf-section" aria-labelledby={`${id}-companies`}>
            <div className="wf-section__head">
              <h3 id={`${id}-companies`} className="pf-section-title">
                Companies
              </h3>
              <div className="pf-table-tools">
                <label className="visually-hidden" htmlFor={`${id}-search`}>
                  Find a company in the portfolio
                </label>
                <input
                  id={`${id}-search`}
                  type="search"
                  className="p-inputtext p-component"
                  placeholder="Find by name, sector or country code"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
                <label className="visually-hidden" htmlFor={`${id}-sort`}>
                  Sort by
                </label>
                <select
                  id={`${id}-sort`}
                  className="p-inputtext p-component"
                  value={sort}
                  onChange={(event) => setSort(event.target.value as typeof sort)}
                >
                  <option value="name">Sort by name</option>
                  <option value="country">Sort by country</option>
                  <option value="sector">Sort by sector</option>
                </select>
              </div>
            </div>
            {entries.length === 0 ? (
              <EmptyState title="This portfolio has no companies." />
            ) : shown.length === 0 ? (
              <EmptyState title="No company matches your search." />
            ) : (
              <div className="wf-table-wrap">
                <table className="wf-table pf-table">
                  <caption className="visually-hidden">
                    Companies of the portfolio and the reporting periods with data
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Company</th>
                      <th scope="col">Sector</th>
                      <th scope="col">Country</th>
                      <th scope="col">Data available</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((entry) => (
                      <tr key={entry.companyId}>
                        <th scope="row" className="pf-table__company">
                          <Link to={relativeLink(entry.companyCockpitRef)}>{entry.companyName}</Link>
                        </th>
                        <td>{entry.sector ?? <span className="wf-muted">—</span>}</td>
                        <td>{countryName(entry.countryCode)}</td>
                        <td>
                          {frameworks.some(
                            (framework) => periodsOf(entry.availableReportingPeriods[framework]).length > 0,
                          ) ? (
                            <dl className="pf-data">
                              {frameworks.map((framework) => {
                                const periods = periodsOf(entry.availableReportingPeriods[framework]);
                                if (periods.length === 0) return null;
                                const ref = entry.frameworkHyphenatedNamesToDataRef[framework];
                                const frameworkPath = ref
                                  ? relativeLink(ref)
                                  : `/companies/${entry.companyId}/frameworks/${framework}`;
                                return (
                                  <div key={framework}>
                                    <dt>
                                      <Link to={frameworkPath}>{frameworkName(framework)}</Link>
                                    </dt>
                                    <dd className="pf-periods">
                                      {periods.map((period) => (
                                        <Link
                                          key={period}
                                          to={`${frameworkPath}/reportingPeriods/${period}`}
                                          aria-label={`${frameworkName(framework)} ${period} of ${entry.companyName}`}
                                        >
                                          {period}
                                        </Link>
                                      ))}
                                    </dd>
                                  </div>
                                );
                              })}
                            </dl>
                          ) : (
                            <span className="wf-muted">No data yet</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}

      <PortfolioEditor
        visible={editing}
        portfolio={portfolio}
        onClose={() => setEditing(false)}
        onSaved={(_, text) => {
          setEditing(false);
          onNotice(text);
        }}
      />
      <PortfolioPositions
        visible={positioning}
        portfolioId={portfolioId}
        portfolioName={portfolio?.portfolioName ?? "Portfolio"}
        companies={entries}
        onClose={() => setPositioning(false)}
        onSaved={(text) => {
          setPositioning(false);
          onNotice(text);
        }}
      />
      <PortfolioSharing portfolio={sharing} onClose={() => setSharing(undefined)} onSaved={onNotice} />
      <PortfolioMonitoring
        portfolio={monitoring}
        onClose={() => setMonitoring(undefined)}
        onSaved={onNotice}
      />
      <PortfolioDownload
        portfolioId={portfolioId}
        portfolioName={portfolio?.portfolioName ?? "Portfolio"}
        frameworks={frameworks}
        companies={entries}
        visible={downloading}
        onClose={() => setDownloading(false)}
      />
      <ConfirmDialog
        visible={deleting}
        title="Delete this portfolio?"
        confirmLabel="Delete portfolio"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
      >
        <p>
          “{portfolio?.portfolioName}” and its monitoring are deleted. The companies and their data stay on
          Openverde.
        </p>
        {remove.isError ? (
          <Alert tone="error">
            <p>{remove.error.message}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        visible={leaving}
        title="Leave this portfolio?"
        confirmLabel="Leave portfolio"
        danger
        busy={leave.isPending}
        onConfirm={() => leave.mutate()}
        onCancel={() => setLeaving(false)}
      >
        <p>
          “{portfolio?.portfolioName}” disappears from your portfolios and you get no more of its e-mails. Its
          owner can share it with you again.
        </p>
        {leave.isError ? (
          <Alert tone="error">
            <p>{leave.error.message}</p>
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/** What only the owner (or an admin) does with a portfolio. */
function OwnerActions({
  disabled,
  onShare,
  onMonitoring,
  onPositions,
  positionsDisabled,
  onEdit,
  onDelete,
}: {
  disabled: boolean;
  onShare: () => void;
  onMonitoring: () => void;
  onPositions: () => void;
  /** The positions editor needs the portfolio's companies with their names. */
  positionsDisabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className="p-button p-component p-button-outlined p-button-sm"
        onClick={onShare}
        disabled={disabled}
      >
        <i className="pi pi-share-alt" aria-hidden="true" />
        <span>Share</span>
      </button>
      <button
        type="button"
        className="p-button p-component p-button-outlined p-button-sm"
        onClick={onMonitoring}
        disabled={disabled}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        <span>Monitoring</span>
      </button>
      <button
        type="button"
        className="p-button p-component p-button-outlined p-button-sm"
        onClick={onPositions}
        disabled={positionsDisabled}
      >
        <i className="pi pi-wallet" aria-hidden="true" />
        <span>Positions</span>
      </button>
      <button
        type="button"
        className="p-button p-component p-button-outlined p-button-sm"
        onClick={onEdit}
        disabled={disabled}
      >
        <i className="pi pi-pencil" aria-hidden="true" />
        <span>Edit</span>
      </button>
      <button
        type="button"
        className="p-button p-component p-button-text p-button-danger p-button-sm"
        onClick={onDelete}
      >
        <i className="pi pi-trash" aria-hidden="true" />
        <span>Delete</span>
      </button>
    </>
  );
}
