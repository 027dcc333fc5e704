import { Link } from "react-router";
import type { PcafAssetClass, PcafFigures } from "./impact-api";
import { assetClassLabel, formatNumber, formatShare, missingText } from "./impact-model";
import { ScrollRegion } from "./ScrollRegion";

const dash = <span className="wf-muted">—</span>;
const emissions = (value: number | null) => (value === null ? dash : formatNumber(value));
const score = (value: number | null) => (value === null ? dash : formatNumber(value, 1));

/**
 * PCAF financed emissions per asset class and in total, and under each asset class (a disclosure,
 * opened by keyboard or click) every company's attribution factor and emissions.
 */
export function PcafSection({
  assetClasses,
  totals,
  currency,
}: {
  assetClasses: readonly PcafAssetClass[];
  totals: PcafFigures;
  currency: string;
}) {
  return (
    <>
      <p className="wf-muted im-explain">
        Attribution factor = outstanding amount ÷ EVIC for listed companies, ÷ (total equity + debt) for
        unlisted ones; financed emissions = attribution factor × the company's emissions (t CO2e); the data
        quality score (1 best, 5 worst) is weighted by outstanding amount.
      </p>
      <ScrollRegion label="Financed emissions per asset class">
        <table className="wf-table im-table">
          <caption className="visually-hidden">PCAF financed emissions per asset class, in t CO2e</caption>
          <thead>
            <tr>
              <th scope="col">Asset class</th>
              <th scope="col" className="im-num">
                Outstanding ({currency})
              </th>
              <th scope="col" className="im-num">
                Coverage
              </th>
              <th scope="col" className="im-num">
                Scope 1 (t CO2e)
              </th>
              <th scope="col" className="im-num">
                Scope 2 (t CO2e)
              </th>
              <th scope="col" className="im-num">
                Scope 3 (t CO2e)
              </th>
              <th scope="col" className="im-num">
                Total (t CO2e)
              </th>
              <th scope="col" className="im-num">
                Data quality score
              </th>
            </tr>
          </thead>
          <tbody>
            {assetClasses.map((entry) => (
              <FiguresRow key={entry.assetClass} label={assetClassLabel(entry.assetClass)} figures={entry} />
            ))}
          </tbody>
          <tfoot>
            <FiguresRow label="Total" figures={totals} />
          </tfoot>
        </table>
      </ScrollRegion>
      {assetClasses.map((entry) => (
        <details key={entry.assetClass} className="im-details">
          <summary>
            {assetClassLabel(entry.assetClass)}: attribution per company ({entry.companies.length}
            {entry.missingCompanies.length > 0 ? `, ${entry.missingCompanies.length} without data` : ""})
          </summary>
          {entry.companies.length > 0 ? (
            <ScrollRegion label={`Attribution per company: ${assetClassLabel(entry.assetClass)}`}>
              <table className="wf-table im-table">
                <caption className="visually-hidden">
                  Attribution factor and financed emissions per company, {assetClassLabel(entry.assetClass)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Company</th>
                    <th scope="col" className="im-num">
                      Outstanding ({currency})
                    </th>
                    <th scope="col">Attribution basis</th>
                    <th scope="col" className="im-num">
                      Company value ({currency})
                    </th>
                    <th scope="col" className="im-num">
                      Attribution factor
                    </th>
                    <th scope="col" className="im-num">
                      Scope 1 / 2 / 3 (t CO2e)
                    </th>
                    <th scope="col" className="im-num">
                      Financed 1 / 2 / 3 (t CO2e)
                    </th>
                    <th scope="col" className="im-num">
                      Data quality
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entry.companies.map((company) => (
                    <tr key={company.companyId}>
                      <th scope="row">
                        <Link to={`/companies/${company.companyId}/frameworks/pcaf/${company.dataId}`}>
                          {company.companyName}
                        </Link>
                      </th>
                      <td className="im-num">{formatNumber(company.outstandingAmount)}</td>
                      <td>{company.attributionBasis === "EVIC" ? "EVIC" : "Total equity + debt"}</td>
                      <td className="im-num">{formatNumber(company.companyValue)}</td>
                      <td className="im-num">{formatNumber(company.attributionFactor, 6)}</td>
                      <td className="im-num">
                        {formatNumber(company.scope1)} / {formatNumber(company.scope2)} /{" "}
                        {emissions(company.scope3)}
                      </td>
                      <td className="im-num">
                        {formatNumber(company.financedScope1)} / {formatNumber(company.financedScope2)} /{" "}
                        {emissions(company.financedScope3)}
                      </td>
                      <td className="im-num">{company.dataQualityScore}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : (
            <p className="wf-muted">No company of this asset class has PCAF data for the period.</p>
          )}
          {entry.missingCompanies.length > 0 ? (
            <ul className="im-figure__missing">
              {entry.missingCompanies.map((missing) => (
                <li key={missing.companyId}>
                  <Link to={`/companies/${missing.companyId}`}>{missing.companyName}</Link>:{" "}
                  {missingText(missing)}
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      ))}
    </>
  );
}

function FiguresRow({ label, figures }: { label: string; figures: PcafFigures }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="im-num">{formatNumber(figures.outstandingAmount)}</td>
      <td className="im-num">{formatShare(figures.coverage)}</td>
      <td className="im-num">{formatNumber(figures.financedScope1)}</td>
      <td className="im-num">{formatNumber(figures.financedScope2)}</td>
      <td className="im-num">{emissions(figures.financedScope3)}</td>
      <td className="im-num">{formatNumber(figures.financedTotal)}</td>
      <td className="im-num">{score(figures.weightedDataQualityScore)}</td>
    </tr>
  );
}
