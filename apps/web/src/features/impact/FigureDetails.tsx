import { Dialog } from "primereact/dialog";
import { Link } from "react-router";
import type { PaiIndicator, PaiMetric } from "./impact-api";
import {
  formatFigure,
  formatInput,
  formatMoney,
  formatNumber,
  formatShare,
  inputColumns,
  inputLabel,
  missingText,
} from "./impact-model";
import { ScrollRegion } from "./ScrollRegion";

/**
 * How one figure of the report came about: its formula, every company's inputs and term of the sum,
 * and the companies left out with the reason. A modal dialog: focus moves into it, Escape closes it
 * and the focus returns to the button that opened it.
 */
export function FigureDetails({
  figure,
  currency,
  onClose,
}: {
  figure: { indicator: PaiIndicator; metric: PaiMetric } | undefined;
  currency: string;
  onClose: () => void;
}) {
  const metric = figure?.metric;
  const columns = metric ? inputColumns(metric.inputs) : [];
  return (
    <Dialog
      visible={figure !== undefined}
      header={figure ? `${figure.indicator.number}. ${figure.metric.metric}` : ""}
      onHide={onClose}
      modal
      draggable={false}
      resizable={false}
      className="wf-dialog"
      style={{ width: "60rem", maxWidth: "calc(100vw - 2rem)" }}
    >
      {metric ? (
        <div className="im-figure">
          <dl className="im-figure__facts">
            <div>
              <dt>Impact</dt>
              <dd>{formatFigure(metric.value, metric.unit)}</dd>
            </div>
            <div>
              <dt>Coverage</dt>
              <dd>{formatShare(metric.coverage)} of the portfolio's value</dd>
            </div>
            <div className="im-figure__formula">
              <dt>Formula</dt>
              <dd>
                <code>{metric.formula}</code>
              </dd>
            </div>
          </dl>
          <h3 className="im-figure__title">Inputs ({metric.inputs.length})</h3>
          {metric.inputs.length === 0 ? (
            <p className="wf-muted">No company of the portfolio has the inputs of this figure.</p>
          ) : (
            <ScrollRegion label="Inputs of the figure">
              <table className="wf-table im-table">
                <caption className="visually-hidden">Inputs per company and each company's term</caption>
                <thead>
                  <tr>
                    <th scope="col">Company</th>
                    <th scope="col" className="im-num">
                      Value of investment ({currency})
                    </th>
                    {columns.map((column) => (
                      <th scope="col" className="im-num" key={column} title={column}>
                        {inputLabel(column)}
                      </th>
                    ))}
                    <th scope="col" className="im-num">
                      Term
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {metric.inputs.map((input) => (
                    <tr key={input.companyId}>
                      <th scope="row">
                        <Link to={`/companies/${input.companyId}/frameworks/sfdr/${input.dataId}`}>
                          {input.companyName}
                        </Link>
                      </th>
                      <td className="im-num">{formatNumber(input.positionValue)}</td>
                      {columns.map((column) => (
                        <td className="im-num" key={column}>
                          {formatInput(input.values[column])}
                        </td>
                      ))}
                      <td className="im-num">{formatNumber(input.contribution, 4)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {metric.missingCompanies.length > 0 ? (
            <>
              <h3 className="im-figure__title">Left out ({metric.missingCompanies.length})</h3>
              <ul className="im-figure__missing">
                {metric.missingCompanies.map((missing) => (
                  <li key={missing.companyId}>
                    <Link to={`/companies/${missing.companyId}`}>{missing.companyName}</Link> (
                    {formatMoney(missing.positionValue, currency)}): {missingText(missing)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div className="wf-dialog__footer">
            <button type="button" className="p-button p-component" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
