import { getFramework } from "@openverde/frameworks";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo } from "react";
import { useParams, useSearchParams } from "react-router";
import { useApi } from "../../api";
import { ButtonLink } from "../../components/ButtonLink";
import { compareColumns, FrameworkView, QaStatusTag } from "../../components/framework-view";
import { LoadingIndicator } from "../../components/LoadingIndicator";
import { PageFrame } from "../../components/PageFrame";
import { formatDateTime } from "../../lib/dates";
import { useCompany } from "../companies/company-api";
import { ProxyNote } from "../companies/ProxyNote";
import { FrameworkPageFrame, Notice } from "./FrameworkPageFrame";
import { companyDatasets, frameworkOrUndefined, toColumn } from "./framework-data-api";
import { useCorrectedColumns } from "./judged-corrections";
import { datasetLink, useStandInData } from "./stand-in-data";
import { VsmeAccessNote } from "./VsmeAccessNote";

/**
 * `/companies/:companyId/frameworks/:dataType/reportingPeriods/:reportingPeriod`: the data of one
 * period; the active version unless another is chosen, or every version side by side.
 */
export function ReportingPeriodDataPage() {
  const { companyId = "", dataType, reportingPeriod = "" } = useParams();
  const frameworkId = frameworkOrUndefined(dataType);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get("version");
  const api = useApi();
  const company = useCompany(companyId);
  const groupName = useId();
  const datasets = useQuery({
    queryKey: ["framework-data", frameworkId, companyId, "period", reportingPeriod],
    enabled: frameworkId !== undefined,
    retry: false,
    queryFn: () =>
      companyDatasets(api, frameworkId ?? "sfdr", companyId, { showOnlyActive: false, reportingPeriod }),
  });
  // Without data of its own for the period, the company shows what a proxy company reports for it.
  const standIn = useStandInData(companyId, frameworkId, datasets.data, reportingPeriod);
  const versions = useMemo(
    () =>
      ((datasets.data ?? []).length > 0 ? (datasets.data ?? []).map(toColumn) : standIn.columns).sort(
        compareColumns,
      ),
    [datasets.data, standIn.columns],
  );
  const compareAll = chosen === "all";
  const selected = versions.find((version) => version.dataId === chosen) ?? versions[0];
  const chosenColumns = useMemo(
    () => (compareAll ? versions : selected ? [selected] : []),
    [compareAll, versions, selected],
  );
  // Values a dataset judgement corrected are marked, with the uploaded value beside them.
  const columns = useCorrectedColumns(frameworkId, chosenColumns);

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
  const choose = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("version", value);
        return next;
      },
      { replace: true },
    );

  return (
    <FrameworkPageFrame
      companyId={companyId}
      frameworkId={frameworkId}
      crumbs={[{ label: reportingPeriod }]}
      title={`${framework.label} ${reportingPeriod} of ${companyName}`}
      description={`The ${framework.label} data of ${companyName} for the reporting period ${reportingPeriod}. Earlier and unreviewed versions are listed with their review status.`}
    >
      {datasets.isPending ? <LoadingIndicator label="Loading the datasets." /> : null}
      {datasets.isError ? <Notice tone="error">{datasets.error.message}</Notice> : null}
      {standIn.sources.map(({ proxy }) => (
        <Notice key={proxy.proxyId}>
          <p>
            <ProxyNote proxyCompanyId={proxy.proxyCompanyId} proxyCompanyName={proxy.proxyCompanyName} />.
          </p>
        </Notice>
      ))}
      {datasets.isSuccess && !standIn.isPending && versions.length === 0 ? (
        <Notice>
          <p>
            There is no {framework.label} data of {companyName} for {reportingPeriod}
            {frameworkId === "vsme" ? " that you may see (VSME data is private)" : ""}.
          </p>
          {frameworkId === "vsme" ? (
            <VsmeAccessNote
              companyId={companyId}
              companyName={companyName}
              reportingPeriod={reportingPeriod}
            />
          ) : null}
          <ButtonLink to={base} variant="text">
            All {framework.label} data of {companyName}
          </ButtonLink>
        </Notice>
      ) : null}
      {versions.length > 1 ? (
        <fieldset className="fw-versions">
          <legend>Versions of {reportingPeriod}</legend>
          {versions.map((version) => (
            <label key={version.key}>
              <input
                type="radio"
                name={groupName}
                checked={!compareAll && version.dataId === selected?.dataId}
                onChange={() => choose(version.dataId ?? "")}
              />
              Uploaded {version.uploadTime ? formatDateTime(version.uploadTime) : ""}
              {version.qaStatus ? <QaStatusTag status={version.qaStatus} /> : null}
              {version.currentlyActive ? <span className="fv-tag">Active</span> : null}
            </label>
          ))}
          <label>
            <input type="radio" name={groupName} checked={compareAll} onChange={() => choose("all")} />
            Compare all versions side by side
          </label>
        </fieldset>
      ) : null}
      {columns.length > 0 ? (
        <FrameworkView
          frameworkId={frameworkId}
          columns={columns}
          columnLink={(column) => datasetLink(column, companyId, frameworkId, standIn)}
          exportName={`${companyName} ${framework.label} ${reportingPeriod}`}
          company={{ id: companyId, name: companyName }}
        />
      ) : null}
    </FrameworkPageFrame>
  );
}
