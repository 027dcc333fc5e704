import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Breadcrumb } from "../../components/Breadcrumb";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { Alert, EmptyState, plural } from "../../components/workflow";
import { useAuth } from "../auth";
import { downloadImpactExport, getCurrencyRates, getImpactReport, type ReportChoice } from "./impact-api";
import { assetClassLabel, companiesMissingData, formatMoney, formatNumber } from "./impact-model";
import { MissingData } from "./MissingData";
import { PaiTable } from "./PaiTable";
import { PcafSection } from "./PcafSection";
import "../../components/workflow/Workflow.css";
import "./Impact.css";

/**
 * `/portfolios/:portfolioId/impact`: the portfolio's principal adverse impacts (SFDR, Annex I Table 1)
 * and PCAF financed emissions for a reference period, computed by the server from the positions and
 * the companies' data; the choice of period and currency lives in the address.
 */
export function ImpactPage() {
  const { portfolioId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const { getAccessToken } = useAuth();
  const id = useId();
  const choice: ReportChoice = {
    reportingPeriod: params.get("reportingPeriod") ?? undefined,
    currency: params.get("currency") ?? undefined,
  };
  const report = useQuery({
    queryKey: ["impact", portfolioId, choice.reportingPeriod, choice.currency],
    queryFn: () => getImpactReport(getAccessToken, portfolioId, choice),
    placeholderData: (previous) => previous,
  });
  const rates = useQuery({
    queryKey: ["currency-rates"],
    queryFn: () => getCurrencyRates(getAccessToken),
    staleTime: 60_000,
  });
  const currencies = useMemo(
    () => [
      "EUR",
      ...new Set((rates.data ?? []).map((rate) => rate.currency).filter((code) => code !== "EUR")),
    ],
    [rates.data],
  );
  const download = useMutation({
    mutationFn: async (format: "xlsx" | "csv") => {
      const { blob, fileName } = await downloadImpactExport(getAccessToken, portfolioId, choice, format);
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });

  const data = report.data;
  const missing = useMemo(() => (data ? companiesMissingData(data) : []), [data]);
  const choose = (key: "reportingPeriod" | "currency", value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const portfolioLink = `/portfolios?portfolio=${encodeURIComponent(portfolioId)}`;
  const periods = data
    ? [...new Set([data.reportingPeriod, ...data.availableReportingPeriods])].sort().reverse()
    : [];

  return (
    <>
      <Breadcrumb
        trail={[
          { label: "My portfolios", to: "/portfolios" },
          { label: data?.portfolioName ?? "Portfolio", to: portfolioLink },
          { label: "Impact report" },
        ]}
      />
      <PageFrame
        title={data ? `Impact report: ${data.portfolioName}` : "Impact report"}
        description="The portfolio's principal adverse impacts on sustainability factors (SFDR, Annex I Table 1) and its PCAF financed emissions, computed from its positions and the companies' data."
      >
        {report.isPending ? <LoadingIndicator label="Computing the impact report." /> : null}
        {report.isError ? (
          <Alert tone="error" title="The impact report could not be computed">
            <p>{report.error.message}</p>
            <p>
              <Link to={portfolioLink}>Back to the portfolio</Link>
            </p>
          </Alert>
        ) : null}
        {data ? (
          <>
            <div className="im-toolbar">
              <div className="wf-field im-toolbar__field">
                <label htmlFor={`${id}-period`}>Reference period</label>
                <select
                  id={`${id}-period`}
                  className="p-inputtext p-component"
                  value={data.reportingPeriod}
                  onChange={(event) => choose("reportingPeriod", event.target.value)}
                >
                  {periods.map((period) => (
                    <option key={period} value={period}>
                      {period}
                    </option>
                  ))}
                </select>
              </div>
              <div className="wf-field im-toolbar__field">
                <label htmlFor={`${id}-currency`}>Currency</label>
                <select
                  id={`${id}-currency`}
                  className="p-inputtext p-component"
                  value={data.currency}
                  onChange={(event) => choose("currency", event.target.value)}
                >
                  {[...new Set([data.currency, ...currencies])].map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </div>
              <div className="wf-actions im-toolbar__downloads">
                <button
                  type="button"
                  className="p-button p-component p-button-outlined p-button-sm"
                  onClick={() => download.mutate("xlsx")}
                  disabled={download.isPending}
                >
                  <i className="pi pi-file-excel" aria-hidden="true" />
                  <span>Excel</span>
                </button>
                <button
                  type="button"
                  className="p-button p-component p-button-outlined p-button-sm"
                  onClick={() => download.mutate("csv")}
                  disabled={download.isPending}
                >
                  <i className="pi pi-download" aria-hidden="true" />
                  <span>CSV</span>
                </button>
              </div>
            </div>
            {report.isFetching ? <LoadingIndicator label="Updating the report." /> : null}
            {download.isError ? (
              <Alert tone="error" title="The file could not be downloaded">
                <p>{download.error.message}</p>
              </Alert>
            ) : null}

            {data.totalValue === 0 && data.excludedPositions.length === 0 ? (
              <EmptyState title="This portfolio has no positions yet.">
                <p>
                  The report weighs each company by the amount invested in it. Add the positions (amount,
                  currency and asset class per company) on the{" "}
                  <Link to={portfolioLink}>portfolio's page</Link>.
                </p>
              </EmptyState>
            ) : (
              <>
                <dl className="wf-facts im-facts">
                  <div>
                    <dt>Value of all investments</dt>
                    <dd>{formatMoney(data.totalValue, data.currency)}</dd>
                  </div>
                  <div>
                    <dt>Exchange rates</dt>
                    <dd>
                      {data.ratesUsed.length === 0 ? (
                        "None needed"
                      ) : (
                        <ul className="im-rates">
                          {data.ratesUsed.map((rate) => (
                            <li key={rate.currency}>
                              1 {rate.currency} = {formatNumber(rate.rateToEur, 4)} EUR ({rate.date})
                            </li>
                          ))}
                        </ul>
                      )}
                    </dd>
                  </div>
                </dl>
                {data.excludedPositions.length > 0 ? (
                  <Alert
                    tone="warning"
                    title={`${plural(data.excludedPositions.length, "position")} left out: no exchange rate`}
                  >
                    <ul>
                      {data.excludedPositions.map((position) => (
                        <li key={`${position.companyId}-${position.assetClass}`}>
                          {position.companyName}, {assetClassLabel(position.assetClass).toLowerCase()}:{" "}
                          {formatMoney(position.amount, position.currency)}
                        </li>
                      ))}
                    </ul>
                    <p>An administrator adds the missing rates under Admin console, Currency rates.</p>
                  </Alert>
                ) : null}

                <section className="wf-section" aria-labelledby={`${id}-pai`}>
                  <h2 id={`${id}-pai`}>Principal adverse impacts</h2>
                  <p className="wf-muted im-explain">
                    The 14 mandatory indicators for investments in investee companies. Coverage is the share
                    of the portfolio's value whose companies report the figure's inputs; “Formula and inputs”
                    shows how each figure is computed and from which data.
                  </p>
                  <PaiTable
                    indicators={data.pai.indicators}
                    reportingPeriod={data.reportingPeriod}
                    currency={data.currency}
                  />
                </section>

                <section className="wf-section" aria-labelledby={`${id}-pcaf`}>
                  <h2 id={`${id}-pcaf`}>Financed emissions (PCAF)</h2>
                  <PcafSection
                    assetClasses={data.pcaf.assetClasses}
                    totals={data.pcaf.totals}
                    currency={data.currency}
                  />
                </section>

                <section className="wf-section" aria-labelledby={`${id}-missing`}>
                  <h2 id={`${id}-missing`}>Companies missing data</h2>
                  <MissingData
                    companies={missing}
                    reportingPeriod={data.reportingPeriod}
                    currency={data.currency}
                  />
                </section>
              </>
            )}
          </>
        ) : null}
      </PageFrame>
    </>
  );
}
