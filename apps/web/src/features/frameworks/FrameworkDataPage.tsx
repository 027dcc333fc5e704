import { getFramework } from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { compareColumns, FrameworkView, useNarrowScreen } from "../../components/framework-view";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { useCompany } from "../companies/company-api";
import { ProxyNote } from "../companies/ProxyNote";
import { FrameworkPageFrame, Notice } from "./FrameworkPageFrame";
import {
  activeAndPendingDatasets,
  companyDatasets,
  frameworkOrUndefined,
  toColumn,
} from "./framework-data-api";
import { useCorrectedColumns } from "./judged-corrections";
import { datasetLink, useStandInData } from "./stand-in-data";
import { VersionSwitch } from "./VersionSwitch";

/** `/companies/:companyId/frameworks/:dataType`: every reporting period of one framework side by side. */
export function FrameworkDataPage() {
  const { companyId = "", dataType } = useParams();
  const frameworkId = frameworkOrUndefined(dataType);
  const [searchParams, setSearchParams] = useSearchParams();
  const allVersions = searchParams.get("versions") === "all";
  const api = useApi();
  const company = useCompany(companyId);
  const datasets = useQuery({
    queryKey: ["framework-data", frameworkId, companyId, allVersions],
    enabled: frameworkId !== undefined,
    retry: false,
    // Besides the active data, what waits for review shows as pending to those who may see it.
    queryFn: () =>
      allVersions
        ? companyDatasets(api, frameworkId ?? "sfdr", companyId, { showOnlyActive: false })
        : activeAndPendingDatasets(api, frameworkId ?? "sfdr", companyId),
  });
  // Periods without data of the company's own show what a proxy company reports for it, marked.
  const standIn = useStandInData(companyId, frameworkId, datasets.data);
  const shown = useMemo(
    () => [...(datasets.data ?? []).map(toColumn), ...standIn.columns].sort(compareColumns),
    [datasets.data, standIn.columns],
  );
  // Values a dataset judgement corrected are marked, with the uploaded value beside them.
  const columns = useCorrectedColumns(frameworkId, shown);
  const periods = useMemo(
    () => [...new Set(columns.map((column) => column.reportingPeriod ?? column.label))],
    [columns],
  );
  // A phone shows one period at a time, picked in the view's toolbar: links to the periods' own
  // pages beside that picker would list the same years twice, doing something else.
  const narrow = useNarrowScreen();

  if (!frameworkId) {
    return (
      <PageFrame title="Unknown framework" description="There is no framework under this name.">
        <ButtonLink to={`/companies/${companyId}`}>Back to the company</ButtonLink>
      </PageFrame>
    );
  }
  const framework = getFramework(frameworkId);
  const companyName = company.data?.companyInformation.companyName ?? "this company";
  const base = `/companies/${companyId}/frameworks/${frameworkId}`;

  return (
    <FrameworkPageFrame
      companyId={companyId}
      frameworkId={frameworkId}
      description={`${framework.label} data points of ${companyName}, one column per reporting period. Every number links to the report and page it comes from.`}
    >
      {datasets.isPending ? <LoadingIndicator label="Loading the datasets." /> : null}
      {datasets.isError ? <Notice tone="error">{datasets.error.message}</Notice> : null}
      {standIn.sources.length > 0 ? (
        <Notice>
          {standIn.sources.map(({ proxy, periods }) => (
            <p key={proxy.proxyId}>
              <ProxyNote
                proxyCompanyId={proxy.proxyCompanyId}
                proxyCompanyName={proxy.proxyCompanyName}
                {...(standIn.mixed ? { periods } : {})}
              />
              .
            </p>
          ))}
        </Notice>
      ) : null}
      {datasets.isSuccess && !standIn.isPending && columns.length === 0 ? (
        <Notice>
          {frameworkId === "vsme" ? (
            <p>
              VSME data is private: only members of the company, its uploaders and users granted access
              through a data request can see it. There is no VSME dataset of {companyName} you may see.
            </p>
          ) : (
            <p>
              There is no {framework.label} data of {companyName} yet.
            </p>
          )}
          <div className="fw-links">
            <ButtonLink to={`/singledatarequest/${companyId}`} variant="outlined">
              Request data
            </ButtonLink>
            <ButtonLink to={`/companies/${companyId}`} variant="text">
              Back to the company
            </ButtonLink>
          </div>
        </Notice>
      ) : null}
      {columns.length > 0 ? (
        <FrameworkView
          frameworkId={frameworkId}
          columns={columns}
          columnLink={(column) => datasetLink(column, companyId, frameworkId, standIn)}
          exportName={`${companyName} ${framework.label}`}
          company={{ id: companyId, name: companyName }}
          toolbar={
            <>
              <VersionSwitch
                allVersions={allVersions}
                onChange={(all) =>
                  setSearchParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      if (all) next.set("versions", "all");
                      else next.delete("versions");
                      return next;
                    },
                    { replace: true },
                  )
                }
              />
              {periods.length > 1 && !narrow ? (
                <nav className="fw-periods" aria-label="Reporting periods">
                  <span>Period:</span>
                  {periods.map((period) => (
                    <Link key={period} to={`${base}/reportingPeriods/${period}`}>
                      {period}
                    </Link>
                  ))}
                </nav>
              ) : null}
            </>
          }
        />
      ) : null}
    </FrameworkPageFrame>
  );
}
