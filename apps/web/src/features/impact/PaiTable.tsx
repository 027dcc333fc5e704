import { useState } from "react";
import { FigureDetails } from "./FigureDetails";
import type { PaiIndicator, PaiMetric } from "./impact-api";
import { byTheme, formatFigure, formatShare } from "./impact-model";
import { ScrollRegion } from "./ScrollRegion";

/**
 * The 14 mandatory indicators laid out as Annex I, Table 1 of Delegated Regulation (EU) 2022/1288:
 * theme rows, then per indicator its metrics with the impact, its coverage and a button that opens
 * the figure's formula and inputs.
 */
export function PaiTable({
  indicators,
  reportingPeriod,
  currency,
}: {
  indicators: readonly PaiIndicator[];
  reportingPeriod: string;
  currency: string;
}) {
  const [open, setOpen] = useState<{ indicator: PaiIndicator; metric: PaiMetric }>();
  return (
    <>
      <ScrollRegion label="Principal adverse impact indicators">
        <table className="wf-table im-table">
          <caption className="visually-hidden">
            Indicators applicable to investments in investee companies, reference period {reportingPeriod}
          </caption>
          <thead>
            <tr>
              <th scope="col">Adverse sustainability indicator</th>
              <th scope="col">Metric</th>
              <th scope="col" className="im-num">
                Impact {reportingPeriod}
              </th>
              <th scope="col" className="im-num">
                Coverage
              </th>
              <th scope="col">
                <span className="visually-hidden">Formula and inputs</span>
              </th>
            </tr>
          </thead>
          {byTheme(indicators).map((group) => (
            <tbody key={group.theme}>
              <tr className="im-theme">
                <th scope="colgroup" colSpan={5}>
                  {group.theme}
                </th>
              </tr>
              {group.indicators.flatMap((indicator) =>
                indicator.metrics.map((metric, index) => (
                  <tr key={metric.key}>
                    {index === 0 ? (
                      <th scope="rowgroup" rowSpan={indicator.metrics.length} className="im-indicator">
                        <span className="im-indicator__number">{indicator.number}.</span> {indicator.label}
                      </th>
                    ) : null}
                    <td className="im-metric">{metric.metric}</td>
                    <td className={metric.value === null ? "im-num wf-muted" : "im-num im-figure-value"}>
                      {formatFigure(metric.value, metric.unit)}
                    </td>
                    <td className="im-num">{formatShare(metric.coverage)}</td>
                    <td className="wf-table__actions">
                      <button
                        type="button"
                        className="p-button p-component p-button-text p-button-sm"
                        aria-label={`Formula and inputs: ${indicator.number}. ${metric.metric}`}
                        aria-haspopup="dialog"
                        onClick={() => setOpen({ indicator, metric })}
                      >
                        Formula and inputs
                      </button>
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          ))}
        </table>
      </ScrollRegion>
      <FigureDetails figure={open} currency={currency} onClose={() => setOpen(undefined)} />
    </>
  );
}
