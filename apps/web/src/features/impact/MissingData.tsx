import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { unwrap, useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { Alert, plural } from "../../components/workflow";
import { frameworkName } from "../portfolios/portfolio-model";
import { type CompanyMissingData, compactFigures, formatNumber, requestsToMake } from "./impact-model";
import { ScrollRegion } from "./ScrollRegion";

/**
 * The companies that keep figures from being complete, with what each lacks, and one button that asks
 * for every missing dataset (bulk data requests for the reference period, one per framework).
 */
export function MissingData({
  companies,
  reportingPeriod,
  currency,
}: {
  companies: readonly CompanyMissingData[];
  reportingPeriod: string;
  currency: string;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toRequest = requestsToMake(companies);
  const requestCount = new Set(toRequest.flatMap((entry) => entry.companyIds)).size;
  const request = useMutation({
    mutationFn: async () => {
      const answers = [];
      for (const entry of toRequest)
        answers.push(
          await unwrap(
            api.community.POST("/requests/bulk", {
              body: {
                companyIdentifiers: entry.companyIds,
                dataTypes: [entry.framework],
                reportingPeriods: [reportingPeriod],
                notifyMeImmediately: false,
              },
            }),
          ),
        );
      return {
        accepted: answers.reduce((sum, answer) => sum + answer.acceptedDataRequests.length, 0),
        alreadyRequested: answers.reduce((sum, answer) => sum + answer.alreadyExistingRequests.length, 0),
        alreadyAvailable: answers.reduce((sum, answer) => sum + answer.alreadyExistingDatasets.length, 0),
      };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["my-requests"] }),
  });

  if (companies.length === 0)
    return <p>Every company of the portfolio has the data of every figure for {reportingPeriod}.</p>;

  return (
    <>
      <div className="im-missing__head">
        <p>
          {plural(companies.length, "company", "companies")} lack data for at least one figure.{" "}
          {requestCount > 0
            ? `${plural(requestCount, "company has", "companies have")} no dataset for ${reportingPeriod}: ask for it in one go.`
            : "Their datasets exist but leave some fields empty; open them to see which."}
        </p>
        {requestCount > 0 && !request.isSuccess ? (
          <button
            type="button"
            className="p-button p-component"
            onClick={() => request.mutate()}
            disabled={request.isPending}
          >
            {request.isPending ? <i className="pi pi-spin pi-spinner" aria-hidden="true" /> : null}
            <span>Request missing data ({plural(requestCount, "company", "companies")})</span>
          </button>
        ) : null}
      </div>
      {request.isSuccess ? (
        <Alert
          tone="success"
          title="Data requested"
          actions={<ButtonLink to="/requests">See my data requests</ButtonLink>}
        >
          <p>
            {plural(request.data.accepted, "new request")}; {request.data.alreadyRequested} you had asked for
            already; {request.data.alreadyAvailable} available already. You hear from Openverde when data
            arrives.
          </p>
        </Alert>
      ) : null}
      {request.isError ? (
        <Alert tone="error" title="The data was not requested">
          <p>{request.error.message}</p>
        </Alert>
      ) : null}
      <ScrollRegion label="Companies missing data">
        <table className="wf-table im-table">
          <caption className="visually-hidden">Companies missing data and what they lack</caption>
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col" className="im-num">
                Position ({currency})
              </th>
              <th scope="col">What is missing</th>
              <th scope="col">Figures affected</th>
              <th scope="col">
                <span className="visually-hidden">Request</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {companies.map((company) => (
              <tr key={company.companyId}>
                <th scope="row">
                  <Link to={`/companies/${company.companyId}`}>{company.companyName}</Link>
                </th>
                <td className="im-num">{formatNumber(company.positionValue)}</td>
                <td>
                  {[
                    ...company.withoutDataset.map((framework) => `No ${frameworkName(framework)} dataset`),
                    ...company.missingInputs,
                  ].join("; ")}
                </td>
                <td>{compactFigures(company.figures)}</td>
                <td className="wf-table__actions">
                  {company.withoutDataset.map((framework) => (
                    <Link
                      key={framework}
                      to={`/singledatarequest/${company.companyId}?dataType=${framework}`}
                      aria-label={`Request ${frameworkName(framework)} data of ${company.companyName}`}
                    >
                      Request {frameworkName(framework)}
                    </Link>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
